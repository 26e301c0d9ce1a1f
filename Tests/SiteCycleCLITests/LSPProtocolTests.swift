@testable import SiteCycleCLI
import SiteCycleKit
import SiteCycleTestSupport
import Testing

/// Issue 41 item 2: the language server's protocol layer. A message is
/// read once into a `Message`; the values read and write their own JSON;
/// a batch of changes is parsed once; and no raw cast is left in the LSP.
struct LSPProtocolTests {
    func read(_ body: String) -> Result<Message, Message.Refusal> { Message.read(Array(body.utf8)) }
    func wire(_ body: String) -> [String] {
        switch read(body) {
        case .success(let message): [message.json.compact()]
        case .failure(let refusal): refusal.answers.map { $0.json.compact() }
        }
    }

    @Test func aRequestsIdIsEchoedAsItCame() throws {
        for (id, echoed) in [("7", "7"), (#""a-1""#, #""a-1""#), ("2.5", "2.5"), ("-4", "-4")] {
            guard case .success(.request(let got, let method, _)) = read(#"{"id":\#(id),"method":"m"}"#) else {
                Issue.record("\(id) is not read as a request")
                continue
            }
            #expect(method == "m")
            #expect(Message.response(id: got, .success(.null)).json.compact() == #"{"jsonrpc":"2.0","id":\#(echoed),"result":null}"#)
        }
        #expect(RequestID(.double(7)) == .int(7))
        #expect(RequestID(.bool(true)) == nil)
    }

    @Test func whatIsNoMessageGetsItsErrorsAndAResponseIsPassedOver() {
        let invalid = ResponseError.invalidRequest
        #expect(wire("{nope") == [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is not JSON"}}"#])
        #expect(wire("[]") == [#"{"jsonrpc":"2.0","id":null,"error":{"code":\#(invalid),"message":"an empty batch"}}"#])
        #expect(wire(#"[{"id":3},1]"#) == [3, nil].map { id in
            #"{"jsonrpc":"2.0","id":\#(id.map(String.init) ?? "null"),"error":{"code":\#(invalid),"message":"batches are not supported"}}"#
        })
        #expect(wire(#"{"id":true,"method":"m"}"#).first?.contains("a request's id is a number or a string") == true)
        #expect(wire(#"{"id":"x"}"#).first?.contains(#""id":"x","error":{"code":\#(invalid),"message":"a request needs a method"}"#) == true)
        guard case .success(.response(let id, .success)) = read(#"{"id":4,"result":{}}"#) else {
            Issue.record("a response is not read as one")
            return
        }
        #expect(id == .int(4))
        guard case .success(.notification("exit", _)) = read(#"{"method":"exit"}"#) else {
            Issue.record("a notification is not read as one")
            return
        }
    }

    @Test func theValuesReadWhatTheyWrite() throws {
        let range = LSP.Range(start: .init(line: 2, character: 5), end: .init(line: 3, character: 0))
        #expect(LSP.Range(range.json) == range)
        let diagnostic = LSP.Diagnostic(range: range, severity: .warning, code: "c", message: "m", data: .object([("help", .null)]))
        #expect(LSP.Diagnostic(diagnostic.json) == diagnostic)
        #expect(diagnostic.json.compact()
            == #"{"range":{"start":{"line":2,"character":5},"end":{"line":3,"character":0}},"severity":2,"code":"c","source":"sitecycle","message":"m","data":{"help":null}}"#)
        let bare = LSP.Diagnostic(range: range, severity: .error, message: "m")
        #expect(!bare.json.compact().contains("code") && !bare.json.compact().contains("data"))
        let edit = LSP.TextEdit(range: range, newText: "x")
        #expect(LSP.TextEdit(edit.json) == edit)
        // A field of the wrong type reads as none.
        let parsed = try JSON.decode(#"{"line":"1","character":2}"#).get()
        #expect(LSP.Position(parsed) == nil)
        let changes = try JSON.decode(#"[{"text":"a"},{"range":{},"text":"b"},{"x":1}]"#).get()
        #expect(LSP.ContentChange.list(changes) == [.whole("a"), .part(nil, "b"), .noText])
        #expect(LSP.ContentChange.list(.string("x")) == nil)
    }

    /// Three incremental changes, each counted from the text the one before
    /// left, are applied and the journal is parsed once after them.
    @Test func aBatchOfChangesIsAppliedInOrderAndParsedOnce() {
        var loads = 0
        let text = "timezone UTC\nlocation Lower Back\n\n2026-02-01 08:15  Lower Back\n"
        let document = LSPDocument(uri: "file:///tmp/s.journal", bytes: Array(text.utf8), version: 1, zone: .utc,
                                   encoding: .utf16, load: { loads += 1; return JournalBuilder.load($0, defaultZone: $1) })
        #expect(loads == 1)
        func at(_ line: Int, _ character: Int) -> LSP.Position { LSP.Position(line: line, character: character) }
        document.apply([
            // "Lower Back" → "Lower Bak" on the entry…
            .part(LSP.Range(start: at(3, 26), end: at(3, 28)), "k"),
            // …a new entry after it, which the next change's line counts from…
            .part(LSP.Range(start: at(4, 0), end: at(4, 0)), "2026-02-03 08:15  Lower Back\n"),
            // …and its time mistyped.
            .part(LSP.Range(start: at(4, 11), end: at(4, 13)), "31"),
        ])
        #expect(loads == 2)
        #expect(String(decoding: document.bytes, as: UTF8.self)
            == "timezone UTC\nlocation Lower Back\n\n2026-02-01 08:15  Lower Bak\n2026-02-03 31:15  Lower Back\n")
        #expect(Array(document.journal.source.bytes) == document.bytes)
        #expect(document.journal.diagnostics.map(\.line) == [4, 5])
        #expect(document.journal.diagnostics.first?.message == "unknown location \"Lower Bak\"")
        // A batch that changes nothing parses nothing; one that falls out of step stops there.
        document.apply([])
        #expect(loads == 2)
        document.apply([.part(nil, "x"), .part(LSP.Range(start: at(0, 0), end: at(0, 0)), "y")])
        #expect(document.outOfStep != nil && loads == 2)
        document.apply([.whole(text)])
        #expect(document.outOfStep == nil && loads == 3 && document.journal.diagnostics.isEmpty)
    }

    @Test func theLanguageServerCastsNoRawJSON() throws {
        let sources = try swiftSources("Sources/SiteCycleCLI/Commands/LSP")
        #expect(sources.contains { $0.path.hasPrefix("Protocol/") })
        for (path, text) in sources {
            for cast in ["as? [String: Any]", "as? [Any]", "as? String", "as? Double", "as? [String]"] {
                #expect(!text.contains(cast), "\(path) casts \(cast)")
            }
        }
    }
}
