import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct RenderingTests {
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

    @Test func spanPastTheEndPointsAfterTheLine() {
        let source = SourceFile(path: "j", text: "2026-02-01 08:15\n")
        let d = Diagnostic(.error, .missingLocation, "missing location", line: 1, column: 17, length: 0, help: "add it")
        #expect(DiagnosticRenderer(style: .plain).render(d, in: source).hasSuffix("  |                 ^\n  = help: add it\n"))
    }

    @Test func jsonEscapesAndKeepsKeyOrder() {
        let value = JSON.object([("b", .string("say \"hi\"\n\u{1}")), ("a", .array([.int(1), .double(2.5), .null]))])
        #expect(value.rendered() == """
            {
              "b": "say \\"hi\\"\\n\\u0001",
              "a": [
                1,
                2.5,
                null
              ]
            }

            """)
    }
}
