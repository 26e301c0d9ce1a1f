import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

struct DiagnosticRendererTests {
    @Test func caretsFollowTabsAndWideCharacters() {
        let source = SourceFile(path: "j", text: "\tÜ 2026 Lowr\n")
        let d = Diagnostic(.error, .unknownLocation, "unknown", line: 1, column: 10, length: 4)
        let text = DiagnosticRenderer(style: .plain).render(d, in: source)
        #expect(text == """
            j:1:10: error: unknown
              |
            1 | \tÜ 2026 Lowr
              | \t       ^^^^

            """)
    }

    /// Plain ASCII lines are windowed without decoding; long and short
    /// lines, tabs, spans past the end: the same text, indent and carets.
    @Test func asciiLinesRenderTheSameWithoutDecoding() {
        var fast = DiagnosticRenderer(style: TextStyle(colored: false)), general = fast
        general.asciiFastPath = false
        var r = SeededRandom(seed: 5)
        let alphabet = Array("ab ;\t-:09XZ".utf8)
        for _ in 0..<400 {
            let count = [0, 1, 5, 40, 119, 120, 121, 300, 2_000][r.int(9)]
            let bytes = (0..<count).map { _ in alphabet[r.int(alphabet.count)] }
            let column = 1 + r.int(count + 3), length = r.int(6)
            let width = [120, 77, 75][r.int(3)]
            let shown = fast.window(SourceBytes(bytes), 0..<count, column: column, length: length, width: width)
            #expect(shown == general.window(SourceBytes(bytes), 0..<count, column: column, length: length, width: width))
            // The quoted line, `…` included, never passes its width.
            #expect(shown.0.unicodeScalars.count <= width)
            #expect(fast.printable(bytes) == general.printable(bytes))
        }
    }

    /// A long line in a message is cut around the caret to fit 80 columns
    /// after its gutter, and the carets still point at the span.
    @Test func aLongLineIsQuotedWithinTheScreen() {
        let note = String(repeating: "a very long note ", count: 8)
        let source = SourceFile(path: "j", text: "2026-02-01 08:15  Lower Back  ; \(note)\n")
        let d = Diagnostic(.warning, .missingLocation, "look here", line: 1, column: 19, length: 10, help: nil)
        let lines = DiagnosticRenderer(style: .plain).render(d, in: source).split(separator: "\n")
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= 80 }, "\(lines)")
        #expect(lines[2].hasPrefix("1 | 2026-02-01 08:15  Lower Back  ; a very") && lines[2].hasSuffix("…"))
        #expect(lines[3] == "  |                   ^^^^^^^^^^")
    }

    /// After a path too long for the message to start beside it (an
    /// `edit` copy deep in a home folder), the message starts below.
    @Test func aLongPathPutsTheMessageBelowIt() {
        let path = "/home/someone/with/a/rather/deep/folder/for/journals/.sites.journal.edit"
        let source = SourceFile(path: path, text: "2026-02-01 08:15  Nowhere\n")
        let d = Diagnostic(.error, .missingLocation, "unknown location \"Nowhere\"", line: 1, column: 19, length: 7, help: nil)
        let text = DiagnosticRenderer(style: .plain).render(d, in: source)
        #expect(text.hasPrefix(path + ":1:19: error:\n    unknown location \"Nowhere\"\n"), "\(text)")
    }

    @Test func spanPastTheEndPointsAfterTheLine() {
        let source = SourceFile(path: "j", text: "2026-02-01 08:15\n")
        let d = Diagnostic(.error, .missingLocation, "missing location", line: 1, column: 17, length: 0, help: "add it")
        #expect(DiagnosticRenderer(style: .plain).render(d, in: source).hasSuffix("  |                 ^\n  = help: add it\n"))
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let j = load("timezone UTC\nlocation A\n2026-02-01 08:00  A\u{1B}[31m\u{07}\n", zone: .utc)
        let rendered = DiagnosticRenderer(style: .plain).render(j.diagnostics, in: j.source)
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }
}
