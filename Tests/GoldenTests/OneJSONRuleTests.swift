import Foundation
import Testing

/// Issue 39 item 15 and issue 41 item 3: a key given twice is decided the
/// same way by every JSON reader, because they share one decoder. The
/// object is refused, naming the key — never one of the two values taken
/// in silence: `import` of our JSON and of Nightscout treatments (an
/// array, or one a line), `outcomes --cgm` on Nightscout entries, and the
/// language server.
struct OneJSONRuleTests: WorkFolder {
    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir)
        try write("sites.journal", CGMExportShapesTests.journal)
    }

    func run(_ args: [String], stdin: String = "") throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-27 12:00"] + args, in: dir, environment: env,
                             stdin: stdin)
    }

    static let twice = #""location":"Left Front Abdomen","location":"Right Front Abdomen""#

    @Test func ourJSONWithAKeyTwiceIsRefusedWhereItIs() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("ours.json", """
            {"format":"sitecycle-journal",
             "entries":[{"start":"2026-11-25T08:00:00+01:00",\(Self.twice)}]}
            """)
        let before = try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
        let r = try run(["import", "ours.json"])
        #expect(r.exitCode != 0)
        // Wrapped at 80 columns: each part on its own.
        #expect(r.stderr.contains("cannot read ours.json as json: line 2, column 82: the key"), "\(r.stderr)")
        #expect(r.stderr.contains("\"location\" is given twice in one object"), "\(r.stderr)")
        #expect(r.stderr.contains("delete the one you do not mean"), "\(r.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8) == before)
    }

    @Test func nightscoutTreatmentsWithAKeyTwiceAreRefusedTheSameWay() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let row = #"{"eventType":"Site Change","created_at":"2026-11-25T07:00:00Z","#
        // An array: the whole download, as our JSON.
        try write("array.json", "[\n\(row)\"location\":\"Left Front Abdomen\"},\n\(row)\(Self.twice)}\n]\n")
        let array = try run(["import", "array.json", "--dry-run"])
        #expect(array.exitCode != 0)
        #expect(array.stderr.contains("cannot read array.json as nightscout: line 3, column 96: the"), "\(array.stderr)")
        #expect(array.stderr.contains("key \"location\" is given twice in one object"), "\(array.stderr)")
        // One a line (mongoexport): that row, and only it, is refused.
        try write("lines.json", "\(row)\"location\":\"Left Front Abdomen\"}\n\(row)\(Self.twice)}\n")
        let lines = try run(["import", "lines.json", "--dry-run"])
        #expect(lines.stdout.contains("row 2: column 96: the key \"location\" is given twice in one object"), "\(lines.stdout)")
        #expect(lines.stdout.contains("1 rejected"), "\(lines.stdout)")
    }

    @Test func nightscoutEntriesWithAKeyTwiceAreLeftOutNamingIt() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("twice.json", """
            [{"type":"sgv","sgv":110,"date":1795258800000},
            {"type":"sgv","sgv":110,"date":1795258800000,"sgv":300},
            {"dateString":"2026-11-24T11:00:00.000Z","sgv":210}]
            """)
        let r = try run(["outcomes", "--cgm", "twice.json", "--json"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(CGMExportShapesTests.figures(j) == (110, 210, 2, 1), "\(j)")
        #expect(r.stderr.contains("twice.json line 2: the key \"sgv\" is given twice in one entry"), "\(r.stderr)")
    }

    @Test func theLanguageServerRefusesAMessageWithAKeyTwice() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}},"id":2}"#
        let r = try BinaryRunner.run(["lsp"], in: dir, environment: env, stdin: "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(!r.stdout.contains(#""result""#), "\(r.stdout)")
        #expect(r.stdout.contains(#""id":null,"error":{"code":-32700,"message":"the message is refused: line 1, column 76: "#
                                  + #"the key \"id\" is given twice in one object"#), "\(r.stdout)")
    }
}
