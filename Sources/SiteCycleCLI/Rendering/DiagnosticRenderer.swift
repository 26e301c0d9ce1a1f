import SiteCycleKit

/// Renders diagnostics in a separate pass from finding them:
///
///     sites.journal:12:19: error: unknown location "Left Frnt Abdomen"
///        |
///     12 | 2026-02-01 08:15  Left Frnt Abdomen
///        |                   ^^^^^^^^^^^^^^^^^
///        = help: did you mean "Left Front Abdomen"?
///
/// The Kit finds the diagnostic and the part of the line to quote
/// (`SourceExcerpt`); colour, the screen's width and the words of a hint
/// are decided here.
public struct DiagnosticRenderer {
    public var style: TextStyle
    package var excerpt = SourceExcerpt()

    public init(style: TextStyle) { self.style = style }

    /// Plain ASCII lines skip decoding; off only in the test that proves
    /// both ways render the same.
    package var asciiFastPath: Bool {
        get { excerpt.asciiFastPath }
        set { excerpt.asciiFastPath = newValue }
    }

    /// `named`: the file's name as shown, if not its path (`~/…`).
    public func render(_ diagnostics: [Diagnostic], in source: SourceFile, named: String? = nil) -> String {
        var out = ""
        for d in diagnostics.sortedForDisplay() { out += render(d, in: source, named: named) }
        return out
    }

    public func render(_ d: Diagnostic, in source: SourceFile, named: String? = nil) -> String {
        let label = d.severity == .error ? style.error("error") : style.warning("warning")
        // Messages quote the user's text: never let its control bytes reach the terminal.
        let gutterWidth = String(d.line).count
        let pad = String(repeating: " ", count: gutterWidth)
        // Message and help are wrapped to 80 columns, continuing under the help.
        let location = "\((named ?? source.path).terminalSafe):\(d.line):\(d.column):"
        let labelText = d.severity == .error ? "error" : "warning"
        let start = TextWrap.columns(location) + labelText.count + 3
        let message = excerpt.safe(d.message)
        // After a long path (an `edit` copy's), the message starts below.
        let firstWord = message.prefix { $0 != " " && $0 != "\n" }
        let below = start + TextWrap.columns(firstWord) > TextWrap.width
        let messageLines = (below ? [""] : [])
            + TextWrap.lines(message, start: below ? pad.count + 3 : start, indent: pad + "   ")
        var out = style.bold(location) + " \(label):" + (below ? "" : " ")
            + messageLines.enumerated().map { $0.offset == 0 ? (below ? "" : style.bold($0.element))
                                                             : pad + "   " + style.bold($0.element) }
                .joined(separator: "\n") + "\n"
        let bar = style.dim("|")
        if d.line >= 1 && d.line <= source.lines.count {
            let span = source.lines[d.line - 1]
            // The quoted line fits the screen after its `12 | ` gutter.
            let (shown, indent, width) = excerpt.window(source.bytes, span.start..<span.contentEnd, column: d.column,
                                                        length: d.length, width: TextWrap.width - gutterWidth - 3)
            out += "\(pad) \(bar)\n"
            out += style.dim(String(d.line)) + " \(bar) " + shown + "\n"
            let carets = String(repeating: "^", count: max(1, width))
            let colored = d.severity == .error ? style.error(carets) : style.warning(carets)
            out += "\(pad) \(bar) " + indent + colored + "\n"
        }
        if let help = d.help {
            out += "\(pad) = " + style.help("help:") + " "
                + TextWrap.wrap(excerpt.safe(help.words), start: gutterWidth + 9, indent: pad + "         ") + "\n"
        }
        return out
    }

    package func window(_ bytes: SourceBytes, _ line: Range<Int>, column: Int, length: Int,
                        width: Int = SourceExcerpt.windowWidth) -> (String, String, Int) {
        excerpt.window(bytes, line, column: column, length: length, width: width)
    }

    package func printable(_ bytes: [UInt8]) -> String { excerpt.printable(bytes) }
}
