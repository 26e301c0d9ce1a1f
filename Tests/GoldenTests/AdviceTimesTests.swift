import Foundation
import Testing

/// Issue 31 item 6: times as the person typed them, in the journal's zone,
/// written on the minute, and rounded one way.
struct AdviceTimesTests {
    let root: URL
    let env: [String: String]

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: root)  // TZ=UTC: the clock's zone is not the journal's
    }

    static let chicago = """
        timezone America/Chicago

        location Left Front Abdomen
        location Right Front Abdomen
        location Left Side Thigh

        2026-11-25 09:00  Left Front Abdomen

        """

    func read() throws -> String {
        try String(contentsOf: root.appendingPathComponent("sites.journal"), encoding: .utf8)
    }

    @discardableResult
    func sitecycle(_ args: String..., now: String) throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", "sites.journal", "--now", now] + args, in: root, environment: env)
    }

    @Test func undoShowsNowAsTheJournalReadsIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.chicago.write(to: root.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        #expect(try sitecycle("log", "rfa", now: "2026-11-30 10:00").exitCode == 0)
        let list = try sitecycle("undo", "--list", now: "2026-11-30 10:05")
        #expect(list.stdout.contains("2026-11-30 10:00  log rfa"), "\(list.stdout)")
        let undo = try sitecycle("undo", now: "2026-11-30 10:05")
        #expect(undo.stdout.contains("Undid `log rfa` (2026-11-30 10:00)"), "\(undo.stdout)")
    }

    @Test func timesNotTypedWithSecondsLandOnTheMinute() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.chicago.write(to: root.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        #expect(try sitecycle("log", "rfa", now: "2026-11-30 10:00:42").exitCode == 0)
        #expect(try sitecycle("log", "lst", "--at", "-5m", now: "2026-11-30 10:40:17").exitCode == 0)
        #expect(try sitecycle("log", "lfa", "--at", "2026-11-30 10:50:30", now: "2026-11-30 11:00").exitCode == 0)
        let lines = try read().split(separator: "\n").suffix(3)
        // Typed seconds are kept; the journal was as `fmt` lays it out, so
        // the longer time moves every location over as fmt would.
        #expect(lines == ["2026-11-30 10:00     Right Front Abdomen", "2026-11-30 10:35     Left Side Thigh",
                          "2026-11-30 10:50:30  Left Front Abdomen"])
    }

    @Test func statusAndShortRoundAlike() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.chicago.write(to: root.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        #expect(try sitecycle("log", "rfa", now: "2026-11-30 10:35").exitCode == 0)
        let full = try sitecycle("status", now: "2026-12-01 03:33:12")  // 16.97 h
        let short = try sitecycle("status", "--short", now: "2026-12-01 03:33:12")
        #expect(full.stdout.contains("17.0 h of 72.0 h"), "\(full.stdout)")
        #expect(short.stdout == "R Front Abdomen 17h/72h\n", "\(short.stdout)")
    }
}
