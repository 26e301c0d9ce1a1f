import Foundation
import Testing

/// `sitecycle lsp` driven over pipes as an editor drives it: framed
/// JSON-RPC in, framed JSON-RPC out, against the real binary.
struct LanguageServerTests {
    static let journal = """
        timezone UTC
        target 72h

        location Left Front Abdomen
        location Right Front Abdomen
        location Lower Back

        2026-02-01 08:15  Left Front Abdomen
        2026-02-04 07:50  Lower Bak
        2026-02-06 21:10  Right Front Abdomen  ; bled

        """
    static let uri = "file:///tmp/sites.journal"

    /// One session: the messages to send, in order.
    struct Session {
        var messages: [String] = []
        var nextID = 1

        mutating func request(_ method: String, _ params: String = "{}") -> Int {
            defer { nextID += 1 }
            messages.append(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"\#(method)","params":\#(params)}"#)
            return nextID
        }

        mutating func notify(_ method: String, _ params: String = "{}") {
            messages.append(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
        }

        mutating func raw(_ body: String) { messages.append(body) }

        mutating func open(_ text: String, uri: String = LanguageServerTests.uri) {
            notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri)","languageId":"sitecycle","version":1,"text":\#(quoted(text))}}"#)
        }

        mutating func at(_ method: String, line: Int, character: Int, uri: String = LanguageServerTests.uri) -> Int {
            request(method, #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}"#)
        }

        mutating func start(encodings: [String] = []) {
            let offered = encodings.map { "\"\($0)\"" }.joined(separator: ",")
            _ = request("initialize", #"{"processId":null,"rootUri":null,"capabilities":{"general":{"positionEncodings":[\#(offered)]}}}"#)
            notify("initialized")
        }

        mutating func finish() {
            _ = request("shutdown", "null")
            notify("exit")
        }

        var input: String { messages.map { "Content-Length: \($0.utf8.count)\r\n\r\n" + $0 }.joined() }
    }

    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    struct Reply {
        var messages: [[String: Any]]
        var exitCode: Int32

        func response(_ id: Int) -> [String: Any]? { messages.first { ($0["id"] as? Int) == id } }
        func result(_ id: Int) -> Any? { response(id)?["result"] }
        func error(_ id: Int) -> Int? { (response(id)?["error"] as? [String: Any])?["code"] as? Int }
        var diagnostics: [[[String: Any]]] {
            messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
                .map { ($0["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? [] }
        }
    }

    let dir: URL
    let env: [String: String]

    /// Another suite's session in its own folder and environment.
    init(dir: URL, env: [String: String]) {
        self.dir = dir
        self.env = env
    }

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir).merging(["SITECYCLE_NOW": "2026-02-08 12:00"]) { $1 }
    }

    func run(_ session: Session, input: String? = nil) throws -> Reply {
        let output = try BinaryRunner.run(["lsp"], in: dir, environment: env, stdin: input ?? session.input)
        var messages: [[String: Any]] = []
        var rest = Substring(output.stdout)
        while let header = rest.range(of: "\r\n\r\n") {
            let length = Int(rest[..<header.lowerBound].split(separator: ":")[1].trimmingCharacters(in: .whitespaces))!
            let bodyStart = header.upperBound
            let body = rest.utf8[bodyStart...].prefix(length)
            messages.append(try JSONSerialization.jsonObject(with: Data(body)) as! [String: Any])
            rest = Substring(rest.utf8[rest.utf8.index(bodyStart, offsetBy: length)...])
        }
        return Reply(messages: messages, exitCode: output.exitCode)
    }

    static func range(_ r: Any?) -> [Int] {
        let r = r as? [String: Any] ?? [:]
        let s = r["start"] as? [String: Any] ?? [:], e = r["end"] as? [String: Any] ?? [:]
        return [s["line"], s["character"], e["line"], e["character"]].map { $0 as? Int ?? -1 }
    }

    /// The edits applied as an editor applies them (positions in UTF-16).
    static func apply(_ edits: [[String: Any]], to text: String) -> String {
        let lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func offset(_ line: Int, _ character: Int) -> Int {
            (0..<min(line, lines.count)).reduce(0) { $0 + lines[$1].count + 1 } + character
        }
        var flat = Array(text.utf16)
        let sorted = edits.map { (range($0["range"]), $0["newText"] as! String) }
            .sorted { ($0.0[0], $0.0[1]) > ($1.0[0], $1.0[1]) }
        for (r, new) in sorted {
            flat.replaceSubrange(offset(r[0], r[1])..<offset(r[2], r[3]), with: Array(new.utf16))
        }
        return String(decoding: flat, as: UTF16.self)
    }

    /// Issue 31 item 13: `patient` is a directive the editor knows: it is
    /// completed at the start of a header line and explained on hover.
    @Test func thePatientDirectiveIsCompletedAndExplained() throws {
        var s = Session()
        s.start()
        s.open("timezone UTC\npatient Ada Lovelace\npa\nlocation A\n")
        let hover = s.at("textDocument/hover", line: 1, character: 2)
        let completion = s.at("textDocument/completion", line: 2, character: 2)
        s.finish()
        let reply = try run(s)
        #expect(reply.exitCode == 0)
        let hoverText = try #require(((reply.result(hover) as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(hoverText.contains("patient NAME") && hoverText.contains("the name `report` prints in its header"), "\(hoverText)")
        let items = try #require((reply.result(completion) as? [String: Any])?["items"] as? [[String: Any]])
        let patient = try #require(items.first { $0["label"] as? String == "patient" }, "\(items)")
        #expect(patient["detail"] as? String == "the name `report` prints in its header")
        // Every directive's detail is its help's first line, not a bare "directive".
        let details = items.filter { $0["kind"] as? Int == 14 }.map { "\($0["label"] ?? "") \($0["detail"] ?? "")" }
        #expect(details.contains("timezone IANA zone that wall-clock times are read in"), "\(details)")
        #expect(details.contains("device a second rotation with its target, such as"), "\(details)")
    }

    /// A client that shows only plain text (Eglot on Emacs 28 without
    /// markdown-mode) got ```text fences and **stars** in every hover: the
    /// same words come without the markup. A client that names no format,
    /// or offers markdown, still gets markdown.
    @Test func aClientOfferingOnlyPlainTextGetsNoMarkup() throws {
        func session(_ capabilities: String) -> (Session, hovers: [Int], completion: Int) {
            var s = Session()
            _ = s.request("initialize", #"{"processId":null,"rootUri":null,"capabilities":\#(capabilities)}"#)
            s.notify("initialized")
            s.open(Self.journal.replacingOccurrences(of: "target 72h\n", with: "target 72h\nta\n"))
            // A directive, an entry, a location line, a line check rejects.
            let hovers = [s.at("textDocument/hover", line: 1, character: 1), s.at("textDocument/hover", line: 8, character: 3),
                          s.at("textDocument/hover", line: 4, character: 12), s.at("textDocument/hover", line: 9, character: 20)]
            let completion = s.at("textDocument/completion", line: 2, character: 2)
            s.finish()
            return (s, hovers, completion)
        }
        func texts(_ capabilities: String) throws -> (kinds: Set<String>, hovers: [String], documentation: [String: Any]) {
            let (s, hovers, completion) = session(capabilities)
            let reply = try run(s)
            #expect(reply.exitCode == 0)
            let contents = try hovers.map { try #require((reply.result($0) as? [String: Any])?["contents"] as? [String: Any]) }
            let items = try #require((reply.result(completion) as? [String: Any])?["items"] as? [[String: Any]])
            let target = try #require(items.first { $0["label"] as? String == "target" }?["documentation"] as? [String: Any])
            return (Set(contents.compactMap { $0["kind"] as? String }), contents.compactMap { $0["value"] as? String }, target)
        }
        let plain = try texts(#"{"textDocument":{"hover":{"contentFormat":["plaintext"]},"#
                              + #""completion":{"completionItem":{"documentationFormat":["plaintext"]}}}}"#)
        #expect(plain.kinds == ["plaintext"])
        #expect(plain.hovers.count == 4)
        for text in plain.hovers + [plain.documentation["value"] as? String ?? ""] {
            #expect(!text.contains("**") && !text.contains("```") && !text.contains("  \n") && !text.contains("---"), "\(text)")
        }
        #expect(plain.hovers[0].hasPrefix("target DURATION         how long a site should stay in"), "\(plain.hovers[0])")
        #expect(plain.hovers[1].hasPrefix("2026-02-01 08:15  Left Front Abdomen\nLasted"), "\(plain.hovers[1])")
        #expect(plain.hovers[3] == "error: unknown location \"Lower Bak\"\ndid you mean \"Lower Back\"?")
        #expect(plain.documentation["kind"] as? String == "plaintext")
        // The same words as markdown gives them, without the markup.
        for capabilities in ["{}", #"{"textDocument":{"hover":{"contentFormat":["markdown","plaintext"]}}}"#] {
            let markdown = try texts(capabilities)
            #expect(markdown.kinds == ["markdown"], "\(capabilities)")
            #expect(markdown.hovers[0] == "```text\n" + plain.hovers[0] + "\n```")
            #expect(markdown.hovers[3] == "**error**: unknown location \"Lower Bak\"  \ndid you mean \"Lower Back\"?")
            #expect(markdown.documentation["kind"] as? String == "markdown")
        }
    }

    @Test func aJournalWithATypoGetsCheckDiagnosticsCompletionHoverFixesAndDefinition() throws {
        var s = Session()
        s.start()
        s.open(Self.journal)
        let completion = s.at("textDocument/completion", line: 8, character: 18)
        let hover = s.at("textDocument/hover", line: 9, character: 3)
        let typoHover = s.at("textDocument/hover", line: 8, character: 20)
        let actions = s.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(Self.uri)"},"range":{"start":{"line":8,"character":20},"end":{"line":8,"character":20}},"context":{"diagnostics":[]}}"#)
        let definition = s.at("textDocument/definition", line: 9, character: 22)
        let symbols = s.request("textDocument/documentSymbol", #"{"textDocument":{"uri":"\#(Self.uri)"}}"#)
        let refused = s.request("textDocument/formatting", #"{"textDocument":{"uri":"\#(Self.uri)"},"options":{"tabSize":2,"insertSpaces":true}}"#)
        s.finish()
        let reply = try run(s)
        #expect(reply.exitCode == 0)

        // The diagnostic is check's: code, place and message.
        try Self.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let check = try BinaryRunner.run(["-f", "sites.journal", "check", "--format", "gnu"], in: dir, environment: env)
        #expect(check.stdout == "sites.journal:9:19: error: unknown location \"Lower Bak\" [unknown-location]\n")
        let published = try #require(reply.diagnostics.first)
        #expect(published.count == 1)
        #expect(published.first?["code"] as? String == "unknown-location")
        #expect(published.first?["message"] as? String == "unknown location \"Lower Bak\"")
        #expect(published.first?["severity"] as? Int == 1)
        #expect(Self.range(published.first?["range"]) == [8, 18, 8, 27])

        // Never used first (recommended), then the rest, longest rested first.
        let items = try #require((reply.result(completion) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["Lower Back", "Left Front Abdomen", "Right Front Abdomen", "removed"])
        #expect(items.map { $0["detail"] as? String }.prefix(3) == ["never used", "rested 2 days", "in use"])

        let hoverText = try #require(((reply.result(hover) as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(hoverText.contains("In for 38.8 h of 72.0 h"))
        #expect(hoverText.contains("Due 2026-02-09 21:10 (in 33.2 h)"))
        #expect(hoverText.contains("Uses: 1"))
        let typoText = ((reply.result(typoHover) as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(typoText == "**error**: unknown location \"Lower Bak\"  \ndid you mean \"Lower Back\"?")

        let fixes = try #require(reply.result(actions) as? [[String: Any]])
        #expect(fixes.first?["title"] as? String == "Change to \"Lower Back\"")
        #expect(fixes.first?["isPreferred"] as? Bool == true)
        let edit = try #require(((fixes.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[Self.uri] as? [[String: Any]])
        #expect(Self.apply(edit, to: Self.journal) == Self.journal.replacingOccurrences(of: "Lower Bak\n", with: "Lower Back\n"))
        #expect(fixes.map { $0["title"] as? String }.contains("Declare `location Lower Bak`"))

        let target = try #require(reply.result(definition) as? [String: Any])
        #expect(target["uri"] as? String == Self.uri)
        #expect(Self.range(target["range"]) == [4, 9, 4, 28])

        let names = try #require(reply.result(symbols) as? [[String: Any]]).map { $0["name"] as? String }
        #expect(names == ["timezone", "target", "Left Front Abdomen", "Right Front Abdomen", "Lower Back"])

        // Like fmt, formatting refuses a journal with errors.
        #expect(reply.error(refused) == -32803)
    }

    @Test func completionSaysHowEachSiteStandsAndKnowsDevicesTimesAndDirectives() throws {
        let text = """
            timezone UTC
            device sensor 10d

            location Left Front Abdomen    for pump,sensor
            location Right Front Abdomen   for pump,sensor
            location Lower Back            paused until 2026-03-01
            location Left Back Arm         for pump,sensor

            2026-01-20 08:00  Left Back Arm
            2026-02-01 08:15  Left Front Abdomen
            2026-02-05 10:00  sensor  Right Front Abdomen
            2026-02-06 21:10  Left Back Arm


            """
        var s = Session()
        s.start()
        s.open(text)
        let pump = s.at("textDocument/completion", line: 12, character: 18)
        let sensor = s.at("textDocument/completion", line: 12, character: 26)
        let empty = s.at("textDocument/completion", line: 13, character: 0)
        // Right behind the time, before any space: the location two spaces on.
        let afterTime = s.at("textDocument/completion", line: 12, character: 16)
        let header = s.at("textDocument/completion", line: 2, character: 0)
        s.finish()
        // The line typed so far: a date, a time and the device word.
        s.messages.insert(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(Self.uri)","version":2},"contentChanges":[{"range":{"start":{"line":12,"character":0},"end":{"line":12,"character":0}},"text":"2026-02-08 12:00  sensor "}]}}"#,
                          at: 3)
        let reply = try run(s)
        func items(_ id: Int) -> [(String, String, String?)] {
            ((reply.result(id) as? [String: Any])?["items"] as? [[String: Any]] ?? []).map {
                ($0["label"] as? String ?? "", $0["detail"] as? String ?? "",
                 ($0["labelDetails"] as? [String: Any])?["description"] as? String)
            }
        }
        // For the pump nothing is recommended (paused, worn or used lately),
        // so all come longest rested first: never used, then left longest
        // ago, then the ones worn now, the newest last.
        #expect(items(pump).map(\.0) == ["Lower Back", "Left Front Abdomen", "Right Front Abdomen", "Left Back Arm",
                                         "removed", "pump", "sensor"])
        #expect(items(pump).map(\.1).prefix(4) == ["paused until 2026-03-01", "rested 2 days", "in use (sensor)", "in use"])
        #expect(items(pump).map(\.2).prefix(4) == ["paused", "avoid", "in use", "avoid"])
        #expect(items(pump).map(\.1).last == "device, target 240.0 h")
        // After the device word, that device's sites only.
        #expect(Set(items(sensor).map(\.0)) == ["Left Front Abdomen", "Right Front Abdomen", "Left Back Arm"])
        #expect(items(empty).map(\.0) == ["2026-02-08 12:00"])
        let spaced = ((reply.result(afterTime) as? [String: Any])?["items"] as? [[String: Any]])?.first
        #expect(spaced?["label"] as? String == "Lower Back")
        #expect((spaced?["textEdit"] as? [String: Any])?["newText"] as? String == "  Lower Back")
        #expect(Self.range((spaced?["textEdit"] as? [String: Any])?["range"]) == [12, 16, 12, 16])
        #expect(items(header).map(\.0).prefix(3) == ["2026-02-08 12:00", "timezone", "target"])
        #expect(items(header).map(\.0).contains("location"))
    }

    @Test func formattingIsFmtsOutputAsEditsAndTheFormatActionToo() throws {
        let messy = """
            location Lower Back
            timezone UTC
            location Left Front Abdomen
            2026-02-04 07:50 Lower Back ; note
            2026-02-01 08:15    Left Front Abdomen

            """
        var s = Session()
        s.start()
        s.open(messy)
        let formatting = s.request("textDocument/formatting", #"{"textDocument":{"uri":"\#(Self.uri)"},"options":{"tabSize":2,"insertSpaces":true}}"#)
        let actions = s.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(Self.uri)"},"range":{"start":{"line":0,"character":0},"end":{"line":5,"character":0}},"context":{"diagnostics":[]}}"#)
        s.finish()
        let reply = try run(s)

        try messy.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        _ = try BinaryRunner.run(["-f", "sites.journal", "fmt"], in: dir, environment: env)
        let formatted = try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
        #expect(formatted != messy)

        let edits = try #require(reply.result(formatting) as? [[String: Any]])
        #expect(Self.apply(edits, to: messy) == formatted)
        // The out-of-order warning's fix and the whole-file action are both fmt.
        let titles = try #require(reply.result(actions) as? [[String: Any]]).map { $0["title"] as? String }
        #expect(titles == ["Format the journal (sitecycle fmt)", "Format the journal (sitecycle fmt)"])
    }

    @Test func aMistypedYearIsNotFormattedAwayNorOfferedFmt() throws {
        // Line 9 is a year before line 8: "a mistyped year?". Sorting it
        // would lock in a session of months, so neither the formatting
        // request nor any code action may do it.
        let journal = """
            timezone UTC

            location Left Front Abdomen
            location Right Front Abdomen
            location Left Side Thigh

            2026-11-01 08:00  Left Front Abdomen
            2026-11-04 08:00  Right Front Abdomen
            2025-11-07 08:00  Left Side Thigh
            2026-11-10 08:00  Left Front Abdomen

            """
        var s = Session()
        s.start()
        s.open(journal)
        let formatting = s.request("textDocument/formatting", #"{"textDocument":{"uri":"\#(Self.uri)"},"options":{"tabSize":2,"insertSpaces":true}}"#)
        let actions = s.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(Self.uri)"},"range":{"start":{"line":8,"character":0},"end":{"line":8,"character":5}},"context":{"diagnostics":[]}}"#)
        s.finish()
        let reply = try run(s)
        #expect(reply.result(formatting) == nil)
        let message = ((reply.response(formatting)?["error"] as? [String: Any])?["message"] as? String) ?? ""
        #expect(message.contains("line 9 looks like a mistyped year"))
        let titles = (reply.result(actions) as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(!titles.contains { $0.contains("fmt") })
    }

    @Test func incrementalChangesInUTF16AndUTF8() throws {
        let text = "timezone UTC\nlocation Bäuch 🙂 Left\n\n2026-02-01 08:15  Bäuch 🙂 Left  ; é\n"
        for encoding in ["utf-16", "utf-8"] {
            var s = Session()
            s.start(encodings: encoding == "utf-8" ? ["utf-8", "utf-16"] : [])
            s.open(text)
            // Delete the "L" of "Left" on line 3: the name no longer matches.
            let start = encoding == "utf-8" ? Array("2026-02-01 08:15  Bäuch 🙂 ".utf8).count : "2026-02-01 08:15  Bäuch 🙂 ".utf16.count
            s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(Self.uri)","version":2},"contentChanges":[{"range":{"start":{"line":3,"character":\#(start)},"end":{"line":3,"character":\#(start + 1)}},"text":""}]}"#)
            s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(Self.uri)","version":3},"contentChanges":[{"range":{"start":{"line":3,"character":\#(start)},"end":{"line":3,"character":\#(start)}},"text":"L"}]}"#)
            s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(Self.uri)","version":4},"contentChanges":[{"text":"timezone UTC\nlocation A\n2026-02-01 08:15  B\n"}]}"#)
            s.finish()
            let reply = try run(s)
            let initialize = try #require(reply.result(1) as? [String: Any])
            #expect((initialize["capabilities"] as? [String: Any])?["positionEncoding"] as? String == encoding)
            #expect(reply.diagnostics.map(\.count) == [0, 1, 0, 1])
            let typo = try #require(reply.diagnostics[1].first)
            #expect(typo["message"] as? String == "unknown location \"Bäuch 🙂 eft\"")
            let nameStart = encoding == "utf-8" ? Array("2026-02-01 08:15  ".utf8).count : "2026-02-01 08:15  ".utf16.count
            let nameEnd = encoding == "utf-8" ? Array("2026-02-01 08:15  Bäuch 🙂 eft".utf8).count
                : "2026-02-01 08:15  Bäuch 🙂 eft".utf16.count
            #expect(Self.range(typo["range"]) == [3, nameStart, 3, nameEnd])
        }
    }

    @Test func malformedAndOutOfOrderMessagesGetErrorsAndTheServerGoesOn() throws {
        var s = Session()
        let early = s.at("textDocument/hover", line: 0, character: 0)
        s.start()
        s.raw("{this is not json")
        s.raw("[]")
        s.raw(#"{"jsonrpc":"2.0","id":"x"}"#)
        let unknown = s.request("workspace/somethingElse")
        let closed = s.at("textDocument/hover", line: 0, character: 0, uri: "file:///never/opened.journal")
        let again = s.request("initialize", "{}")
        s.open(Self.journal)
        let hover = s.at("textDocument/hover", line: 1, character: 1)
        _ = s.request("shutdown", "null")
        let late = s.at("textDocument/hover", line: 1, character: 1)
        s.notify("exit")
        let badHeader = "Content-Type: text/plain\r\n\r\n"
        let reply = try run(s, input: badHeader + s.input)

        #expect(reply.error(early) == -32002)
        let parseErrors = reply.messages.filter { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }
        #expect(parseErrors.count == 2)  // the bad header and the bad body
        #expect(parseErrors.allSatisfy { $0["id"] is NSNull })
        #expect(reply.messages.contains { ($0["id"] as? String) == "x" && ($0["error"] as? [String: Any])?["code"] as? Int == -32600 })
        #expect(reply.error(unknown) == -32601)
        #expect(reply.error(closed) == -32602)
        #expect(reply.error(again) == -32600)
        #expect(reply.result(hover) is [String: Any])
        #expect(reply.error(late) == -32600)
        #expect(reply.exitCode == 0)

        // Exit without shutdown, or the input closing first: status 1.
        var t = Session()
        t.start()
        t.notify("exit")
        #expect(try run(t).exitCode == 1)
        var u = Session()
        u.start()
        #expect(try run(u).exitCode == 1)
    }

    @Test func aHundredThousandEntriesAndATenMegabyteLineStillAnswer() throws {
        var big = "timezone UTC\nlocation Left Front Abdomen\nlocation Lower Back\n\n"
        var day = CivilDay(year: 1700, month: 1, day: 1)
        for i in 0..<100_000 {
            big += "\(day.text) 08:00  \(i % 2 == 0 ? "Left Front Abdomen" : "Lower Back")\n"
            day.advance()
        }
        big += "1700-01-01 09:00  Lower Bak\n"
        let long = "2026-02-01 08:15  Lower Back  ; " + String(repeating: "x", count: 10 << 20) + "\n"
        var s = Session()
        s.start()
        s.open(big)
        let hover = s.at("textDocument/hover", line: 5, character: 2)
        s.open("timezone UTC\nlocation Lower Back\n" + long, uri: "file:///tmp/long.journal")
        let longHover = s.at("textDocument/hover", line: 2, character: 2, uri: "file:///tmp/long.journal")
        s.finish()
        let reply = try run(s)
        #expect(reply.exitCode == 0)
        #expect(reply.diagnostics.first?.first?["message"] as? String == "unknown location \"Lower Bak\"")
        #expect(reply.result(hover) is [String: Any])
        #expect(reply.diagnostics.count == 2)
        #expect(reply.result(longHover) is [String: Any])
    }
}

/// Consecutive days for a synthetic journal, without a calendar.
private struct CivilDay {
    var year: Int, month: Int, day: Int

    var text: String { String(format: "%04d-%02d-%02d", year, month, day) }

    mutating func advance() {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        day += 1
        if day > days { day = 1; month += 1 }
        if month > 12 { month = 1; year += 1 }
    }
}
