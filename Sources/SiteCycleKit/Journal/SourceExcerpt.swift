/// The part of a source line a diagnostic quotes, safe for any screen:
/// control bytes and invalid UTF-8 shown as U+FFFD one for one, a long
/// line cut around the span, and the white space that puts carets under
/// it. No colour and no screen width of its own: the renderer that prints
/// it (the command line's) says how wide it may be.
package struct SourceExcerpt {
    /// Plain ASCII lines skip decoding; off only in the test that proves
    /// both ways render the same.
    package var asciiFastPath = true

    package init() {}

    package func safe(_ text: String) -> String { printable(Array(text.utf8)) }

    /// At most this many characters of a source line are shown (`render`
    /// gives what fits the screen), around the caret, with `…` on each side
    /// that was cut, within the count: a 10 MB line is quoted in a line, not
    /// printed whole.
    package static let windowWidth = 120

    /// The part of the line to show, the white space that puts the carets
    /// under the span, and the number of carets.
    package func window(_ bytes: SourceBytes, _ line: Range<Int>, column: Int, length: Int,
                        width: Int = SourceExcerpt.windowWidth) -> (String, String, Int) {
        let startByte = line.lowerBound + column - 1
        // Read only around the caret: a UTF-8 character is at most 4 bytes.
        var lo = max(line.lowerBound, startByte - 4 * width)
        while lo > line.lowerBound, lo < line.upperBound, bytes[lo] & 0xC0 == 0x80 { lo -= 1 }
        var hi = min(line.upperBound, max(startByte, lo) + 4 * width + max(0, length))
        while hi < line.upperBound, bytes[hi] & 0xC0 == 0x80 { hi += 1 }
        if asciiFastPath, SourceExcerpt.isPlainASCII(bytes[lo..<max(lo, hi)]) {
            return asciiWindow(bytes, line, lo: lo, hi: max(lo, hi), startByte: startByte, length: length, width: width)
        }
        let slice = Array(bytes[lo..<max(lo, hi)])
        var units: [(offset: Int, scalar: Unicode.Scalar)] = []
        forEachDisplayUnit(slice) { units.append((lo + $0, $1)) }
        let first = units.firstIndex { $0.offset >= startByte } ?? units.count
        let whole = lo == line.lowerBound && hi == line.upperBound && units.count <= width
        let room = whole ? width : max(1, width - 2)  // each `…` takes a column
        let from = max(0, min(first - room / 3, units.count - room))
        let to = min(units.count, from + room)
        let cutLeft = from > 0 || lo > line.lowerBound, cutRight = to < units.count || hi < line.upperBound
        var shown = String.UnicodeScalarView(), indent = cutLeft ? " " : "", width = 0
        if cutLeft { shown.append("…") }
        for u in units[from..<to] {
            shown.append(u.scalar)
            if u.offset < startByte {
                indent.append(u.scalar == "\t" ? "\t" : " ")
            } else if u.offset < startByte + length {
                width += 1
            }
        }
        if cutRight { shown.append("…") }
        // A span past the end of the line points at something missing.
        if startByte > line.upperBound { indent += String(repeating: " ", count: startByte - line.upperBound) }
        return (String(shown), indent, width)
    }

    /// Printable ASCII and tabs: one byte is one displayed character, so
    /// the window and the printable text need no decoding.
    package static func isPlainASCII<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }
    }

    /// `window` for a stretch of plain ASCII, the common case: the same
    /// result, counted in bytes.
    private func asciiWindow(_ bytes: SourceBytes, _ line: Range<Int>, lo: Int, hi: Int, startByte: Int,
                             length: Int, width: Int) -> (String, String, Int) {
        let count = hi - lo
        let first = min(max(startByte - lo, 0), count)
        let whole = lo == line.lowerBound && hi == line.upperBound && count <= width
        let room = whole ? width : max(1, width - 2)  // each `…` takes a column
        let from = max(0, min(first - room / 3, count - room))
        let to = min(count, from + room)
        let cutLeft = from > 0 || lo > line.lowerBound, cutRight = to < count || hi < line.upperBound
        var shown = cutLeft ? "…" : "", indent = cutLeft ? " " : "", width = 0
        shown += String(decoding: bytes[(lo + from)..<(lo + to)], as: UTF8.self)
        for offset in (lo + from)..<(lo + to) {
            if offset < startByte {
                indent.append(bytes[offset] == 0x09 ? "\t" : " ")
            } else if offset < startByte + length {
                width += 1
            }
        }
        if cutRight { shown += "…" }
        if startByte > line.upperBound { indent += String(repeating: " ", count: startByte - line.upperBound) }
        return (shown, indent, width)
    }

    /// The line as it can safely be shown on a terminal: control bytes and
    /// invalid UTF-8 become U+FFFD one for one, so carets still line up.
    package func printable(_ bytes: [UInt8]) -> String {
        if asciiFastPath, SourceExcerpt.isPlainASCII(bytes[...]) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        forEachDisplayUnit(bytes) { _, scalar in scalars.append(scalar) }
        return String(scalars)
    }

    /// Walks the line one displayed character at a time, giving the byte
    /// offset where it starts.
    private func forEachDisplayUnit(_ bytes: [UInt8], _ body: (Int, Unicode.Scalar) -> Void) {
        var i = 0
        while i < bytes.count {
            let (scalar, size) = decodeScalar(bytes, at: i)
            let shown: Unicode.Scalar
            if let s = scalar, s == "\t" || !ControlCharacters.isControl(s) && s.value != 0xFEFF {
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
package func decodeScalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar?, Int) {
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
