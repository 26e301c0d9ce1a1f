import Foundation
import Testing

/// The language server where a client holds it to the letter of JSON-RPC
/// and LSP 3.17 (issue 39 items 3, 9 and 10): invalid ids, changes that
/// cannot be applied, lone surrogates, lone CRs, and names that are not
/// Markdown.
struct LanguageServerSpecTests {
    typealias Session = LanguageServerTests.Session
    let server = try! LanguageServerTests()
    static let uri = LanguageServerTests.uri

    static func hoverText(_ reply: LanguageServerTests.Reply, _ id: Int) -> String? {
        ((reply.result(id) as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    }

    /// Item 9: a request whose id is neither a number nor a string got no
    /// answer at all; it is an Invalid Request (id null), and it is not
    /// carried out (`shutdown` with the id `{}` does not shut down).
    @Test func aRequestWithAnIdThatIsNoIdIsAnInvalidRequest() throws {
        var s = Session()
        s.start()
        s.open(LanguageServerTests.journal)
        for id in ["true", "{}", "null", "[1]"] {
            s.raw(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#)
        }
        let hover = s.at("textDocument/hover", line: 7, character: 3)
        s.finish()
        let reply = try server.run(s)
        let invalid = reply.messages.filter { ($0["error"] as? [String: Any])?["code"] as? Int == -32600 }
        #expect(invalid.count == 4, "\(reply.messages)")
        #expect(invalid.allSatisfy { $0["id"] is NSNull })
        #expect(Self.hoverText(reply, hover)?.contains("Left Front Abdomen") == true)
        #expect(reply.exitCode == 0)
    }

    /// Item 9: a change whose range is not numbers was dropped without a
    /// word, and the server's copy drifted from the editor's. It is logged
    /// (`window/logMessage`), the file shows one error saying so, requests
    /// on it are refused rather than answered from the wrong text, later
    /// incremental changes are not applied to it, and the whole text
    /// brings it back.
    @Test func aChangeThatCannotBeAppliedIsSaidAndTheWholeTextMendsIt() throws {
        var s = Session()
        s.start()
        s.open(LanguageServerTests.journal)
        func change(_ version: Int, _ changes: String) {
            s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(Self.uri)","version":\#(version)},"contentChanges":\#(changes)}"#)
        }
        change(2, #"[{"range":{"start":{"line":"7","character":0},"end":{"line":7,"character":4}},"text":"2027"}]"#)
        let refused = s.at("textDocument/hover", line: 7, character: 3)
        let formatting = s.request("textDocument/formatting", #"{"textDocument":{"uri":"\#(Self.uri)"},"options":{"tabSize":2,"insertSpaces":true}}"#)
        change(3, #"[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":"; x\n"}]"#)
        change(4, #"[{"text":\#(LanguageServerTests.quoted(LanguageServerTests.journal))}]"#)
        let hover = s.at("textDocument/hover", line: 7, character: 3)
        s.finish()
        let reply = try server.run(s)
        let logs = reply.messages.filter { $0["method"] as? String == "window/logMessage" }
        #expect(logs.count == 1, "\(reply.messages)")
        let log = try #require(logs.first?["params"] as? [String: Any])
        #expect(log["type"] as? Int == 1)
        #expect((log["message"] as? String)?.contains("its range is not line and character numbers") == true, "\(log)")
        // Open, the bad change, the change after it, the whole text.
        let published = reply.diagnostics
        #expect(published.count == 4)
        #expect(published[1].count == 1 && published[2].count == 1)
        #expect((published[1].first?["message"] as? String)?.contains("no longer the editor's") == true, "\(published)")
        #expect(published[1].first?["severity"] as? Int == 1)
        #expect(published[3].map { $0["code"] as? String } == published[0].map { $0["code"] as? String })
        #expect(reply.error(refused) == -32803)
        #expect(reply.error(formatting) == -32803)
        #expect(Self.hoverText(reply, hover)?.contains("Left Front Abdomen") == true)
    }

    /// Issue 41 item 2: one didChange with several incremental changes,
    /// each counted from the text the one before left (a line inserted,
    /// then edited after a surrogate pair), is applied in order and the
    /// journal checked after the last.
    @Test func aBatchOfIncrementalChangesIsAppliedInOrder() throws {
        var s = Session()
        s.start()
        s.open(LanguageServerTests.journal)
        func range(_ line: Int, _ from: Int, _ to: Int) -> String {
            #"{"start":{"line":\#(line),"character":\#(from)},"end":{"line":\#(line),"character":\#(to)}}"#
        }
        // "Lower Bak" mended; a new entry whose location starts with 🙂
        // (two UTF-16 units, four bytes); the 🙂 and its space taken out
        // again; "Back" changed, which only the lines after the insertion
        // and the deletion put in the right place.
        let entry = "2026-02-05 07:00  🙂 Lower Back"
        s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(Self.uri)","version":2},"contentChanges":["#
            + #"{"range":\#(range(8, 26, 26)),"text":"c"},"#
            + #"{"range":\#(range(9, 0, 0)),"text":\#(LanguageServerTests.quoted(entry + "\n"))},"#
            + #"{"range":\#(range(9, 18, 21)),"text":""},"#
            + #"{"range":\#(range(9, 24, 28)),"text":"Thigh"}]}"#)
        s.finish()
        let reply = try server.run(s)
        #expect(reply.exitCode == 0)
        #expect(!reply.messages.contains { $0["method"] as? String == "window/logMessage" })
        let published = reply.diagnostics
        #expect(published.count == 2)
        #expect(published.first?.map { $0["message"] as? String } == ["unknown location \"Lower Bak\""])
        let after = try #require(published.last)
        #expect(after.map { $0["message"] as? String } == ["unknown location \"Lower Thigh\""], "\(after)")
        #expect(LanguageServerTests.range(after.first?["range"]) == [9, 18, 9, 29])
    }

    /// Item 9: JSON may escape a lone surrogate (`\ud800`); the whole
    /// message was "not JSON". It reads as U+FFFD, in an open and a change.
    @Test func aLoneSurrogateReadsAsTheReplacementCharacter() throws {
        var s = Session()
        s.start()
        let text = #"timezone UTC\nlocation Lower Back\n\n2026-02-01 08:15  Lower Back  ; pump \ud800 site\n"#
        s.notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(Self.uri)","languageId":"sitecycle","version":1,"text":"\#(text)"}}"#)
        let opened = s.at("textDocument/hover", line: 3, character: 3)
        let changed = #"2026-02-01 08:15  Lower Back  ; \udc00 low, \ud83d\ude42 a pair, \\ud800 no escape\n"#
        s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(Self.uri)","version":2},"contentChanges":[{"range":{"start":{"line":3,"character":0},"end":{"line":4,"character":0}},"text":"\#(changed)"}]}"#)
        let hover = s.at("textDocument/hover", line: 3, character: 3)
        s.finish()
        let reply = try server.run(s)
        #expect(!reply.messages.contains { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }, "\(reply.messages)")
        #expect(Self.hoverText(reply, opened)?.contains("; pump \u{FFFD} site") == true, "\(reply.messages)")
        #expect(Self.hoverText(reply, hover)?.contains("; \u{FFFD} low, 🙂 a pair, \\\\ud800 no escape") == true,
                "\(Self.hoverText(reply, hover) ?? "")")
        #expect(reply.diagnostics.count == 2 && reply.diagnostics.allSatisfy(\.isEmpty), "\(reply.diagnostics)")
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

    /// Item 3: a name or a note from a sync peer reached the hover as
    /// Markdown: a remote image, a link, raw HTML, a `command:` link, a
    /// fence that swallowed the rest. Each is shown as typed: every
    /// character Markdown reads is escaped.
    @Test func namesAndNotesInAHoverAreTextNotMarkdown() throws {
        let name = "Left [x](command:workbench.action.terminal.new) <img src=x> ![px](https://e.example/p.png)"
        let note = "```\nsee https://e.example and **this** & <b>that</b> `code` \\ end"
        let text = "timezone UTC\nlocation \(name)\n\n2026-02-01 08:15  \(name)  ; "
            + note.replacingOccurrences(of: "\n", with: "\n    ; ") + "\n2026-02-02 08:15  Unknown <i>x</i>\n"
        var s = Session()
        s.start()
        s.open(text)
        let entry = s.at("textDocument/hover", line: 3, character: 3)
        let location = s.at("textDocument/hover", line: 1, character: 12)
        let unknown = s.at("textDocument/hover", line: 5, character: 20)
        s.finish()
        let reply = try server.run(s)
        let hovers = [entry, location, unknown].map { Self.hoverText(reply, $0) ?? "" }
        for hover in hovers {
            // Markdown's own, less the bold we write and the escapes.
            var rest = hover.replacingOccurrences(of: "**", with: "")
            for c in "\\`*_{}[]()<>#+-.!|~&:=@$^" { rest = rest.replacingOccurrences(of: "\\\(c)", with: "") }
            #expect(!rest.contains { "`[]<>!*&".contains($0) }, "\(hover)")
        }
        #expect(hovers[0].contains(#"Left \[x\]\(command\:workbench\.action\.terminal\.new\) \<img src\=x\> \!\[px\]\(https\:"#),
                "\(hovers[0])")
        #expect(hovers[0].contains(#"; \`\`\`  "#) && hovers[0].contains(#"\*\*this\*\* \& \<b\>that\</b\> \`code\` \\ end"#),
                "\(hovers[0])")
        #expect(hovers[1].hasPrefix(#"**Left \[x\]"#), "\(hovers[1])")
        #expect(hovers[2].contains(#"unknown location "Unknown \<i\>x\</i\>""#), "\(hovers[2])")
    }
}
