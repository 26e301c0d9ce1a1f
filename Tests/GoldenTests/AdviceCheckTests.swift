import Foundation
import Testing

/// Issue 31, as an acceptance audit found it still open: a mistyped year
/// blamed on its own line whichever way it was mistyped (item 5), the note
/// about warnings on one line (item 5), `--at=` times (item 8), no partial
/// answer that would be untrue (item 12), and the conflict-copy plural
/// (item 14). Real binary, real files, Chicago time, a fixed now.
struct AdviceCheckTests {
    let root: URL
    let env: [String: String]

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.environment(home: root, zone: "America/Chicago")
    }

    static let header = """
        timezone America/Chicago
        location Left Front Abdomen
        location Right Front Abdomen
        location Left Buttock


        """

    func write(_ text: String, to name: String = "sites.journal") throws {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A message as one line, however it was wrapped at 80 columns.
    func flat(_ text: String) -> String { text.replacingOccurrences(of: "\n        ", with: " ") }

    func sitecycle(_ args: [String]) throws -> BinaryRunner.Output {
        try BinaryRunner.run(args, in: root, environment: env)
    }

    /// `check --format gnu` over the header and `entries` (lines 6 on):
    /// the lines and codes of what it says, without future-entry.
    func codes(_ entries: [String], now: String = "2026-12-08 10:00") throws -> [String] {
        try write(Self.header + entries.joined(separator: "\n") + "\n")
        let out = try sitecycle(["-f", "sites.journal", "--now", now, "check", "--format", "gnu"]).stdout
        return out.split(separator: "\n").compactMap { line in
            guard let code = line.split(separator: "[").last?.dropLast(), code != "future-entry" else { return nil }
            return "\(line.split(separator: ":")[1]) \(code)"
        }
    }

    @Test func aYearTypedTooFarForwardIsBlamedOnItsOwnLine() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try codes(["2026-11-25 09:00  Left Buttock", "2026-11-28 09:00  Left Front Abdomen",
                           "2027-12-01 09:00  Right Front Abdomen", "2026-12-04 09:00  Left Buttock",
                           "2026-12-07 09:00  Right Front Abdomen"]) == ["8 mistyped-year"])
        let check = try sitecycle(["-f", "sites.journal", "--now", "2026-12-08 10:00", "check"])
        #expect(check.stderr.contains("this site change is 12 months later\n    than the one on line 9"), "\(check.stderr)")
        #expect(check.stderr.contains("correct the year of line 8"))
        // fmt follows the same rule: it names line 8 and writes nothing.
        let before = try String(contentsOf: root.appendingPathComponent("sites.journal"), encoding: .utf8)
        let fmt = try sitecycle(["-f", "sites.journal", "fmt"])
        #expect(fmt.exitCode == 1 && fmt.stderr.contains("sites.journal:8: this line looks like a mistyped year"), "\(fmt.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("sites.journal"), encoding: .utf8) == before)
    }

    @Test func aYearTypedTooFarBackStillIsAndHasItsOwnCode() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // In the middle, and as the last line.
        #expect(try codes(["2026-11-25 09:00  Left Buttock", "2025-11-28 09:00  Left Front Abdomen",
                           "2026-12-01 09:00  Right Front Abdomen", "2026-12-04 09:00  Left Buttock"])
                == ["7 mistyped-year"])
        #expect(try codes(["2026-11-25 09:00  Left Buttock", "2026-11-28 09:00  Left Front Abdomen",
                           "2025-12-01 09:00  Right Front Abdomen"]) == ["8 mistyped-year"])
        // JSON says the code too.
        let json = try sitecycle(["-f", "sites.journal", "--now", "2026-12-08 10:00", "check", "--json"]).stdout
        #expect(json.contains(#""code": "mistyped-year""#), "\(json)")
        // A few days out of order is still `out-of-order`, which fmt sorts.
        #expect(try codes(["2026-11-25 09:00  Left Buttock", "2026-11-28 09:00  Left Front Abdomen",
                           "2026-11-27 09:00  Right Front Abdomen"]) == ["8 out-of-order"])
    }

    @Test func theFirstLineTypedForwardAndTwoTyposAreEachNamed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try codes(["2027-11-25 09:00  Left Buttock", "2026-11-28 09:00  Left Front Abdomen",
                           "2026-12-01 09:00  Right Front Abdomen"]) == ["6 mistyped-year"])
        // One too far forward, the next too far back: each is off from both.
        #expect(try codes(["2026-11-22 09:00  Left Buttock", "2027-11-25 09:00  Left Buttock",
                           "2025-11-28 09:00  Left Front Abdomen", "2026-12-01 09:00  Right Front Abdomen",
                           "2026-12-04 09:00  Left Buttock"]) == ["7 mistyped-year", "8 mistyped-year"])
    }

    @Test func theNoteAboutWarningsIsOneLineWhateverThePath() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("Sync/health/with a rather long folder name/sites.journal").path
        try write(Self.header + "2026-11-01 08:00  Left Front Abdomen\n2026-11-04 08:00  Right Front Abdomen\n"
                  + "2025-11-07 08:00  Left Buttock\n2026-11-10 08:00  Left Front Abdomen\n",
                  to: "Sync/health/with a rather long folder name/sites.journal")
        let status = try sitecycle(["-f", path, "--now", "2026-11-11 08:00", "status"])
        #expect(status.exitCode == 0)
        #expect(status.stderr == "sitecycle: warning: sites.journal has 1 warning; `sitecycle check` shows it\n")
    }

    @Test func aTimeAfterAnEqualsSignIsToBeQuotedToo() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = "timezone America/Chicago\ndevice sensor 14d\nlocation Left Side Thigh\n"
            + "location Right Back Arm  for sensor\n\n2026-12-13 08:00  Left Side Thigh\n"
        try write(journal)
        for (args, hint) in [(["--now", "2026-12-16 09:00", "log", "rba", "--at=2026-12-16", "07:30"],
                              #"quote it: `--at "2026-12-16 07:30"`"#),
                             (["log", "rba", "--now=2026-12-16", "09:00"], #"quote it: `--now "2026-12-16 09:00"`"#),
                             (["--now=2026-12-16", "09:00", "status"], #"quote it: `--now "2026-12-16 09:00"`"#)] {
            let r = try sitecycle(["-f", "sites.journal"] + args)
            #expect(r.exitCode == 2 && r.stderr.contains(hint) && !r.stderr.contains("no location"), "\(args): \(r.stderr)")
        }
        #expect(try String(contentsOf: root.appendingPathComponent("sites.journal"), encoding: .utf8) == journal)
    }

    @Test func anErrorAboveEverySiteGivesNoAnswerButTheErrors() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write("timezone America/Chicago\ntarget 72hh\nlocation Left Front Abdomen\nlocation Right Front Abdomen\n\n"
                  + "2026-11-20 09:00  Left Front Abdomen\n2026-11-23 09:00  Right Front Abdomen\n")
        let status = try sitecycle(["-f", "sites.journal", "--now", "2026-11-24 10:00", "status"])
        #expect(status.exitCode == 1)
        #expect(status.stdout == "")
        #expect(status.stderr.contains("sites.journal:2:8: error: invalid `target`"))
        #expect(status.stderr.contains("\nsitecycle: error: no answer: no site before the error on line 2\n"),
                "\(status.stderr)")
    }

    @Test func anErrorAboveADevicesFirstSiteGivesNoAnswer() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write("timezone America/Chicago\ndevice sensor 10d\nlocation Left Front Abdomen\n"
                  + "location Right Back Arm  for sensor\n\n2026-11-20 09:00  Left Front Abdomen\n"
                  + "2026-11-21 09:00  Left Frnt Abdomen\n2026-11-22 09:00  sensor Right Back Arm\n")
        let status = try sitecycle(["-f", "sites.journal", "--now", "2026-11-24 10:00", "status"])
        #expect(status.exitCode == 1)
        #expect(status.stdout == "", "\(status.stdout)")
        #expect(status.stderr.contains("\nsitecycle: error: no answer: no sensor site before the error on line 7\n"),
                "\(status.stderr)")
        // With a sensor line above the error, the lines above it answer.
        try write("timezone America/Chicago\ndevice sensor 10d\nlocation Left Front Abdomen\n"
                  + "location Right Back Arm  for sensor\n\n2026-11-20 09:00  Left Front Abdomen\n"
                  + "2026-11-20 10:00  sensor Right Back Arm\n2026-11-21 09:00  Left Frnt Abdomen\n")
        let partial = try sitecycle(["-f", "sites.journal", "--now", "2026-11-24 10:00", "status"])
        #expect(partial.exitCode == 1)
        #expect(partial.stdout.contains("Left Front Abdomen") && partial.stdout.contains("Right Back Arm"), "\(partial.stdout)")
        #expect(flat(partial.stderr).contains("this answer reads only the lines before line 8"), "\(partial.stderr)")
    }

    @Test func twoConflictCopiesAreMergedAsThem() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = Self.header + "2026-11-25 09:00  Left Buttock\n"
        try write(journal)
        try write(journal, to: "sites.sync-conflict-20261125-090000-ABCDEFG.journal")
        try write(journal, to: "sites.sync-conflict-20261126-090000-HIJKLMN.journal")
        let r = try sitecycle(["-f", "sites.journal", "--now", "2026-11-26 10:00", "log", "lfa"])
        #expect(flat(r.stderr).contains("and 1 more beside the journal; `sitecycle sync` merges them\n"), "\(r.stderr)")
    }
}
