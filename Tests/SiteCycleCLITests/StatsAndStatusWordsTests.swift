import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// What `stats` and `status` say must be checkable by the reader: the
/// figure a site is compared against, the journal's own words, and time
/// left in the unit a person counts in.
struct StatsAndStatusWordsTests {
    func journal(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sitecycle-words-\(UUID().uuidString).journal").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// C sits 40% below the 60.0 h every site is compared against; the
    /// overall average above the table (54.6 h) keeps D's session that
    /// `removed` ended, which the comparison leaves out.
    let history = """
        timezone UTC
        target 72h
        location A
        location B
        location C
        location D  disabled

        2026-01-01 00:00  A
        2026-01-04 00:00  B
        2026-01-07 00:00  C
        2026-01-08 12:00  A
        2026-01-11 12:00  B
        2026-01-14 12:00  C
        2026-01-16 00:00  A
        2026-01-19 00:00  B
        2026-01-22 00:00  C
        2026-01-23 12:00  D
        2026-01-23 18:00  removed
        2026-01-24 00:00  B

        """

    @Test func theAbsorptionSentenceNamesTheAverageItComparesAgainst() throws {
        let path = try journal(history)
        let text = run(arguments: ["-f", path, "--now", "2026-01-25 00:00", "stats"], environment: ["TZ": "UTC"])
        #expect(text.exitCode == 0, "\(text.stderr)")
        #expect(text.stdout.contains("average 54.6 h"))
        #expect(text.stdout.contains("Absorption (flagged: mean more than 20% below the overall mean of 60.0 h)"))
        #expect(text.stdout.contains("Average duration at this site is 40% below your overall average of 60.0 h."))
        let json = run(arguments: ["-f", path, "--now", "2026-01-25 00:00", "stats", "--json"], environment: ["TZ": "UTC"])
        #expect(json.stdout.contains("\"comparedHours\": 60,"))
        #expect(json.stdout.contains("your overall average of 60.0 h."))
    }

    @Test func aDisabledLocationIsMarkedInTheJournalsWord() throws {
        let path = try journal(history)
        let r = run(arguments: ["-f", path, "--now", "2026-01-25 00:00", "stats"], environment: ["TZ": "UTC"])
        #expect(r.stdout.contains("\nD disabled "))
        #expect(!r.stdout.contains("(off)"))
    }

    let devices = """
        timezone UTC
        target 72h
        device sensor 10d

        location A
        location B  for pump,sensor

        2026-01-01 00:00  A
        2026-01-02 00:00  sensor  B

        """

    @Test(arguments: [
        ("2026-01-03 23:31", "A due in 29 min", "due soon, in 29 min"),
        ("2026-01-04 00:12", "A overdue 12 min", "overdue by 12 min"),
        ("2026-01-03 23:59:30", "A due now", "due now"),
        ("2026-01-03 22:30", "A due in 2h", "due soon, in 1.5 h"),  // one rounding: 1.5 h is 2h (issue 31 item 6)
        ("2026-01-04 01:00", "A overdue 1h", "overdue by 1.0 h"),
    ])
    func underAnHourReadsInMinutes(_ now: String, _ short: String, _ long: String) throws {
        let path = try journal(devices)
        let env = ["TZ": "UTC", "LANG": "C.UTF-8"]
        let s = run(arguments: ["-f", path, "--now", now, "status", "--short", "--device", "pump"], environment: env)
        #expect(s.stdout == short + "\n")
        let l = run(arguments: ["-f", path, "--now", now, "status", "--device", "pump"], environment: env)
        #expect(l.stdout.contains("\n  " + long + " (due 2026-01-04 00:00)\n"), "\(l.stdout)")
    }

    @Test func theShortLineIsASCIIOutsideAUTF8Locale() throws {
        let path = try journal(devices)
        for lang in ["C", "POSIX"] {
            let r = run(arguments: ["-f", path, "--now", "2026-01-02 12:00", "status", "--short"],
                        environment: ["TZ": "UTC", "LANG": lang])
            #expect(r.stdout == "A 36h/72h | sensor B 0d/10d\n")
        }
        let utf8 = run(arguments: ["-f", path, "--now", "2026-01-02 12:00", "status", "--short"],
                       environment: ["TZ": "UTC", "LANG": "C.UTF-8"])
        #expect(utf8.stdout == "A 36h/72h · sensor B 0d/10d\n")
    }
}
