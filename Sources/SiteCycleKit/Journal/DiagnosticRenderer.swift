/// Renders diagnostics in a separate pass from finding them:
///
///     sites.journal:12:19: error: unknown location "Left Frnt Abdomen"
///        |
///     12 | 2026-02-01 08:15  Left Frnt Abdomen
///        |                   ^^^^^^^^^^^^^^^^^
///        = help: did you mean "Left Front Abdomen"?
public struct DiagnosticRenderer {
    public var style: TextStyle

    public init(style: TextStyle) { self.style = style }

    public func render(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
        var out = ""
        for d in diagnostics.sortedForDisplay() { out += render(d, in: source) }
        return out
    }

    public func render(_ d: Diagnostic, in source: SourceFile) -> String {
        let label = d.severity == .error ? style.error("error") : style.warning("warning")
        // Messages quote the user's text: never let its control bytes reach the terminal.
        var out = style.bold("\(source.path):\(d.line):\(d.column):") + " \(label): " + style.bold(safe(d.message)) + "\n"
        let gutterWidth = String(d.line).count
        let pad = String(repeating: " ", count: gutterWidth)
        let bar = style.dim("|")
        if d.line >= 1 && d.line <= source.lines.count {
            let span = source.lines[d.line - 1]
            let lineBytes = Array(source.bytes[span.start..<span.contentEnd])
            out += "\(pad) \(bar)\n"
            out += style.dim(String(d.line)) + " \(bar) " + printable(lineBytes) + "\n"
            let (indent, width) = caretPlacement(lineBytes, column: d.column, length: d.length)
            let carets = String(repeating: "^", count: max(1, width))
            let colored = d.severity == .error ? style.error(carets) : style.warning(carets)
            out += "\(pad) \(bar) " + indent + colored + "\n"
        }
        if let help = d.help {
            out += "\(pad) = " + style.help("help:") + " " + safe(help) + "\n"
        }
        return out
    }

    func safe(_ text: String) -> String { printable(Array(text.utf8)) }

    /// The line as it can safely be shown on a terminal: control bytes and
    /// invalid UTF-8 become U+FFFD one for one, so carets still line up.
    func printable(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        forEachDisplayUnit(bytes) { _, scalar in scalars.append(scalar) }
        return String(scalars)
    }

    /// Leading white space that puts the first caret under the span (tabs
    /// kept as tabs so the terminal expands both lines alike), and the number
    /// of carets, counting one per displayed character.
    func caretPlacement(_ bytes: [UInt8], column: Int, length: Int) -> (String, Int) {
        let startByte = column - 1, endByte = startByte + length
        var indent = "", width = 0
        forEachDisplayUnit(bytes) { offset, scalar in
            if offset < startByte {
                indent.append(scalar == "\t" ? "\t" : " ")
            } else if offset < endByte {
                width += 1
            }
        }
        // A span past the end of the line points at something missing.
        if startByte > bytes.count { indent += String(repeating: " ", count: startByte - bytes.count) }
        return (indent, width)
    }

    /// Walks the line one displayed character at a time, giving the byte
    /// offset where it starts.
    private func forEachDisplayUnit(_ bytes: [UInt8], _ body: (Int, Unicode.Scalar) -> Void) {
        var i = 0
        while i < bytes.count {
            let (scalar, size) = decodeScalar(bytes, at: i)
            let shown: Unicode.Scalar
            if let s = scalar, s == "\t" || s.value >= 0x20 && s.value != 0x7F && s.value != 0xFEFF {
                shown = s
            } else {
                shown = "\u{FFFD}"
            }
            body(i, shown)
            i += size
        }
    }
}

/// Decodes one UTF-8 scalar at `i`; nil (and size 1) for an invalid byte.
func decodeScalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar?, Int) {
    let b0 = bytes[i]
    if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
    let need: Int
    var value: UInt32
    switch b0 {
    case 0xC2...0xDF: need = 1; value = UInt32(b0 & 0x1F)
    case 0xE0...0xEF: need = 2; value = UInt32(b0 & 0x0F)
    case 0xF0...0xF4: need = 3; value = UInt32(b0 & 0x07)
    default: return (nil, 1)
    }
    guard i + need < bytes.count else { return (nil, 1) }
    for k in 1...need {
        let b = bytes[i + k]
        guard b & 0xC0 == 0x80 else { return (nil, 1) }
        value = value << 6 | UInt32(b & 0x3F)
    }
    // Reject overlong forms and surrogates the way a strict decoder does.
    let minimum: UInt32 = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
    return (scalar, need + 1)
}
