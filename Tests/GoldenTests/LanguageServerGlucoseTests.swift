import Foundation
import Testing

/// Issue 38 item 4: the language server offers `amend N --reason
/// high-glucose` as a code action on an entry the journal's CGM export
/// shows as a probable glucose failure with no reason typed, the edit
/// being the very one `amend` writes.
struct LanguageServerGlucoseTests {
    typealias Session = LanguageServerTests.Session

    /// A came out after 48 h of a 72 h target, the last two hours above
    /// 300 mg/dL, with no reason typed (line 7); B is fine.
    static let journal = "timezone America/New_York\ntarget 72h\ncgm high.csv\nlocation A\nlocation B\n\n"
        + "2026-03-01 08:00  A\n2026-03-03 08:00  B\n"

    let dir: URL
    let env: [String: String]
    let uri: String

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir).merging(["SITECYCLE_NOW": "2026-03-14 12:00"]) { $1 }
        uri = "file://" + dir.appendingPathComponent("sites.journal").path
        let high = OutcomesTests.instant("2026-03-03 06:00"), out = OutcomesTests.instant("2026-03-03 08:00")
        let times = OutcomesTests.times().filter { $0 >= OutcomesTests.instant("2026-03-01 08:00") && $0 < OutcomesTests.instant("2026-03-03 12:00") }
        try OutcomesTests.clarity(times) { t in t >= high && t < out ? "320" : "120" }
            .write(to: dir.appendingPathComponent("high.csv"), atomically: true, encoding: .utf8)
    }

    func run(_ session: Session) throws -> LanguageServerTests.Reply {
        try LanguageServerTests(dir: dir, env: env).run(session)
    }

    func actions(_ s: inout Session, uri: String, line: Int) -> Int {
        s.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":\#(line),"character":0},"end":{"line":\#(line),"character":3}},"context":{"diagnostics":[]}}"#)
    }

    @Test func theAmendIsOfferedOnTheEntryTheGlucoseShowsFailedAndWritesWhatAmendWrites() throws {
        var s = Session()
        s.start()
        s.open(Self.journal, uri: uri)
        let onA = actions(&s, uri: uri, line: 6), onB = actions(&s, uri: uri, line: 7)
        s.finish()
        let reply = try run(s)
        #expect(reply.exitCode == 0)
        // The server writes no file: the readings are kept in memory only.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".local/state/sitecycle/cgm").path))

        // An information on A's line, none on B's.
        let published = try #require(reply.diagnostics.first)
        #expect(published.count == 1, "\(published)")
        #expect(published.first?["code"] as? String == "probable-glucose-failure")
        #expect(published.first?["severity"] as? Int == 3)
        #expect(LanguageServerTests.range(published.first?["range"]) == [6, 0, 6, 19])

        let offered = try #require(reply.result(onA) as? [[String: Any]])
        let record = try #require(offered.first { ($0["title"] as? String)?.hasPrefix("Record reason high-glucose") == true })
        #expect(record["title"] as? String == "Record reason high-glucose (probable failure seen in the glucose)")
        #expect(record["kind"] as? String == "quickfix")
        let edits = try #require(((record["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
        let edited = LanguageServerTests.apply(edits, to: Self.journal)

        // The same text as `amend 7 --reason high-glucose` leaves on disk.
        try Self.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let amend = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-14 12:00", "amend", "7",
                                          "--reason", "high-glucose"], in: dir, environment: env)
        #expect(amend.exitCode == 0, "\(amend.stderr)")
        let written = try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
        #expect(edited == written)
        #expect(edited.contains("2026-03-01 08:00  A  reason: high-glucose\n"), "\(edited)")

        let onBActions = try #require(reply.result(onB) as? [[String: Any]])
        #expect(!onBActions.contains { ($0["title"] as? String)?.hasPrefix("Record reason") == true })
    }

    /// A reason already typed, no `cgm` line, an export that is not there,
    /// or one reached through a link: nothing is offered, nothing fails.
    @Test func nothingIsOfferedWithoutAnUnrecordedFailureTheExportShows() throws {
        let typed = Self.journal.replacingOccurrences(of: "08:00  A\n", with: "08:00  A  reason: occlusion\n")
        let noLine = Self.journal.replacingOccurrences(of: "cgm high.csv\n", with: "")
        let missing = Self.journal.replacingOccurrences(of: "cgm high.csv\n", with: "cgm gone.csv\n")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.csv").path,
                                                   withDestinationPath: "high.csv")
        let linked = Self.journal.replacingOccurrences(of: "cgm high.csv\n", with: "cgm link.csv\n")
        var s = Session()
        s.start()
        var asked: [Int] = []
        for (k, text) in [typed, noLine, missing, linked].enumerated() {
            let other = uri.replacingOccurrences(of: "sites.journal", with: "other\(k).journal")
            s.open(text, uri: other)
            asked.append(actions(&s, uri: other, line: 6))
        }
        s.finish()
        let reply = try run(s)
        #expect(reply.exitCode == 0)
        #expect(reply.diagnostics.count == 4)
        for d in reply.diagnostics { #expect(!d.contains { $0["code"] as? String == "probable-glucose-failure" }, "\(d)") }
        for id in asked {
            let offered = try #require(reply.result(id) as? [[String: Any]])
            #expect(!offered.contains { ($0["title"] as? String)?.hasPrefix("Record reason") == true }, "\(offered)")
        }
    }
}
