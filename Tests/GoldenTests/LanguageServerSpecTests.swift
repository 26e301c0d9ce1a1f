import Foundation
import Testing

/// The language server where a client holds it to the letter of LSP 3.17
/// (issue 39 item 10): lone CRs.
struct LanguageServerSpecTests {
    typealias Session = LanguageServerTests.Session
    let server = try! LanguageServerTests()
    static let uri = LanguageServerTests.uri

    static func hoverText(_ reply: LanguageServerTests.Reply, _ id: Int) -> String? {
        ((reply.result(id) as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    }

    /// The journal's lines, and an editor's, cut where LSP 3.17 cuts them:
    /// at LF, CR LF and a lone CR.
    static func specLines(_ text: String) -> [(content: [UInt16], lineBreak: [UInt16])] {
        let units = Array(text.utf16)
        var lines: [([UInt16], [UInt16])] = []
        var start = 0, i = 0
        while i < units.count {
            if units[i] == 0x0A || units[i] == 0x0D {
                let width = units[i] == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A ? 2 : 1
                lines.append((Array(units[start..<i]), Array(units[i..<(i + width)])))
                i += width
                start = i
            } else {
                i += 1
            }
        }
        lines.append((Array(units[start...]), []))
        return lines
    }

    /// Edits applied as a client following the spec applies them.
    static func applyAsSpecified(_ edits: [[String: Any]], to text: String) -> String {
        let lines = specLines(text)
        func offset(_ line: Int, _ character: Int) -> Int {
            guard line < lines.count else { return text.utf16.count }
            return (0..<line).reduce(0) { $0 + lines[$1].content.count + lines[$1].lineBreak.count }
                + min(character, lines[line].content.count)
        }
        var flat = Array(text.utf16)
        let sorted = edits.map { (LanguageServerTests.range($0["range"]), $0["newText"] as! String) }
            .sorted { ($0.0[0], $0.0[1]) > ($1.0[0], $1.0[1]) }
        for (r, new) in sorted { flat.replaceSubrange(offset(r[0], r[1])..<offset(r[2], r[3]), with: Array(new.utf16)) }
        return String(decoding: flat, as: UTF16.self)
    }

    /// Item 10: a lone CR ends a line for the spec (and for an editor that
    /// follows it), not for the journal. Every position below it was one
    /// line off: "Delete the entry on line 8" deleted the line above.
    /// Positions sent (diagnostics, fixes, definition) and read (hover,
    /// completion, code actions, changes) now count lines as the spec does.
    @Test func positionsCountALoneCRAsALineBreak() throws {
        let text = "timezone UTC\n; from an old Mac\rfile\nlocation Left Front Abdomen\nlocation Lower Back\n\n"
            + "2026-02-01 08:15  Left Front Abdomen\n2026-02-04 07:50  Lower Back\n2026-02-04 07:55  Lower Back\n"
        let lines = Self.specLines(text).map { String(decoding: $0.content, as: UTF16.self) }
        let duplicate = try #require(lines.firstIndex(of: "2026-02-04 07:55  Lower Back"))
        #expect(duplicate == 8)  // the journal's line 8, the spec's ninth
        var s = Session()
        s.start()
        s.open(text)
        let actions = s.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(Self.uri)"},"range":{"start":{"line":\#(duplicate),"character":0},"end":{"line":\#(duplicate),"character":0}},"context":{"diagnostics":[]}}"#)
        let hover = s.at("textDocument/hover", line: duplicate - 1, character: 20)
        let definition = s.at("textDocument/definition", line: duplicate - 1, character: 20)
        let completion = s.at("textDocument/completion", line: duplicate, character: 18)
        // Type over "Lower" on the spec's line 7 (the journal's line 7).
        s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(Self.uri)","version":2},"contentChanges":[{"range":{"start":{"line":\#(duplicate - 1),"character":18},"end":{"line":\#(duplicate - 1),"character":23}},"text":"Lowr"}]}"#)
        s.finish()
        let reply = try server.run(s)
        let first = try #require(reply.diagnostics.first)
        let cr = try #require(first.first { $0["code"] as? String == "cr-line-ending" }, "\(first)")
        #expect(LanguageServerTests.range(cr["range"]) == [1, 17, 2, 0])
        let dup = try #require(first.first { $0["code"] as? String == "possible-duplicate" }, "\(first)")
        #expect(LanguageServerTests.range(dup["range"])[0] == duplicate)
        let fixes = try #require(reply.result(actions) as? [[String: Any]])
        let delete = try #require(fixes.first { ($0["title"] as? String)?.hasPrefix("Delete the entry on line 8") == true }, "\(fixes)")
        let edits = try #require(((delete["edit"] as? [String: Any])?["changes"] as? [String: Any])?[Self.uri] as? [[String: Any]])
        #expect(Self.applyAsSpecified(edits, to: text) == text.replacingOccurrences(of: "2026-02-04 07:55  Lower Back\n", with: ""))
        #expect(Self.hoverText(reply, hover)?.contains("2026-02-04 07:50") == true, "\(reply.messages)")
        let target = try #require(reply.result(definition) as? [String: Any])
        #expect(LanguageServerTests.range(target["range"]) == [4, 9, 4, 19])
        let items = try #require((reply.result(completion) as? [String: Any])?["items"] as? [[String: Any]])
        let edit = try #require(items.first?["textEdit"] as? [String: Any])
        #expect(LanguageServerTests.range(edit["range"])[0] == duplicate)
        let typo = try #require(reply.diagnostics.last?.first { $0["code"] as? String == "unknown-location" }, "\(reply.diagnostics)")
        #expect(typo["message"] as? String == "unknown location \"Lowr Back\"")
        #expect(LanguageServerTests.range(typo["range"]) == [duplicate - 1, 18, duplicate - 1, 27])
    }
}
