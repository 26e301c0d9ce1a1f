import Foundation
import Testing

/// Issue 31, from the acceptance audit of the clinic report and `stats`:
/// whole-day periods (item 13), "1 use" (item 13), paused and resting each
/// with its own mark (item 10), the session left out as a repeat said for
/// what it is (item 4), and the JSON's percentage as true as the text's
/// (item 9). Each runs the binary on a real journal in Chicago, whose
/// clocks go back on 2026-11-01.
struct ReportPeriodAndWordsTests {
    let root: URL
    let env: [String: String]

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.environment(home: root, zone: "America/Chicago")
    }

    func write(_ lines: [String]) throws {
        try (lines.joined(separator: "\n") + "\n").write(to: root.appendingPathComponent("sites.journal"),
                                                         atomically: true, encoding: .utf8)
    }

    func run(_ args: [String], now: String) throws -> BinaryRunner.Output {
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", now] + args, in: root, environment: env)
        #expect(r.exitCode == 0, "\(args): \(r.stderr)")
        return r
    }

    /// The page `report` writes to r.html.
    func page(_ args: [String] = [], now: String) throws -> String {
        _ = try run(["report", "-o", "r.html"] + args, now: now)
        return try String(contentsOf: root.appendingPathComponent("r.html"), encoding: .utf8)
    }

    func period(_ html: String) -> String {
        guard let start = html.range(of: "<dt>Period</dt><dd>"),
              let end = html[start.upperBound...].range(of: "</dd>") else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    static let header = ["timezone America/Chicago", "location Left Front Abdomen", "location Right Front Abdomen", ""]

    /// A change every three days from 2026-07-01 to 2026-11-16, across the
    /// end of daylight saving time.
    static var rotation: [String] {
        var lines = header
        for month in 7...11 {
            for day in stride(from: 1, through: month == 11 ? 16 : 28, by: 3) {
                let date = "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
                lines.append("\(date) 08:00  \(day % 2 == 0 ? "Left" : "Right") Front Abdomen")
            }
        }
        return lines
    }

    /// --last 30d and the default 90 days are whole days in the journal's
    /// zone (today and the days before it, from midnight), shown as dates,
    /// not "2026-10-21 11:00 to 2026-11-20 10:00".
    @Test func thePeriodIsWholeDaysAcrossDST() throws {
        try write(Self.rotation)
        let now = "2026-11-20 10:00"
        #expect(period(try page(["--last", "30d"], now: now)) == "2026-10-22 to 2026-11-20")
        #expect(period(try page(now: now)) == "2026-08-23 to 2026-11-20")
        // A bound given with a time keeps it; a day alone as --to is that day.
        #expect(period(try page(["--from", "2026-11-01 13:00", "--to", "2026-11-15"], now: now))
                == "2026-11-01 13:00 to 2026-11-15")
    }

    /// One rule for every command: `history --last 30d` starts where the
    /// report's period does, and stats gives the report's figures for it.
    @Test func lastDaysIsTheSameWholeDaysInEveryCommand() throws {
        // 2026-10-21 12:00 is within 30 × 24 h of now, but not on one of
        // the last 30 days.
        try write(Self.header + ["2026-10-21 12:00  Left Front Abdomen", "2026-10-22 00:00  Right Front Abdomen",
                                 "2026-11-19 08:00  Left Front Abdomen"])
        let now = "2026-11-20 10:00"
        let history = try run(["history", "--last", "30d", "--json"], now: now).stdout
        #expect(!history.contains("2026-10-21") && history.contains("2026-10-22T00:00:00-05:00"), "\(history)")
        let stats = try JSONSerialization.jsonObject(with: Data(try run(["stats", "--last", "30d", "--json"], now: now).stdout.utf8))
        let report = try #require(try JSONSerialization.jsonObject(
            with: Data(try run(["report", "--last", "30d", "--json"], now: now).stdout.utf8)) as? [String: Any])
        let devices = try #require(report["devices"] as? [[String: Any]])
        #expect(NSDictionary(dictionary: try #require(devices.first?["stats"] as? [String: Any])).isEqual(stats))
        #expect(((stats as? [String: Any])?["overall"] as? [String: Any])?["changes"] as? Int == 2)
    }

    /// "1 use", never "1 uses", in the map's titles and wherever a count
    /// is said; "in for 1 day" in check's long-session warning.
    @Test func oneIsSingularEverywhere() throws {
        try write(Self.header + ["2026-11-10 08:00  Left Front Abdomen", "2026-11-13 08:00  Right Front Abdomen"])
        let html = try page(now: "2026-11-20 10:00")
        #expect(html.contains("<title>Left Front Abdomen: 1 use, mean 72.0 h</title>"))
        #expect(!html.contains("1 uses"))
        #expect(try run(["timeline", "--days", "1"], now: "2026-11-20 10:00").stdout.contains("Last 1 day, 2026-11-20"))
        try write(["timezone America/Chicago", "target 6h", "location Left Front Abdomen", "location Right Front Abdomen", "",
                   "2026-11-10 08:00  Left Front Abdomen", "2026-11-11 04:00  Right Front Abdomen"])
        let check = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-12 10:00", "check"], in: root, environment: env)
        #expect(check.stderr.contains("in for 1 day, more than 3× the target"), "\(check.stderr)")
    }

    /// Paused and resting are told apart on the page as `map` tells ‖
    /// from ◌: each its own ring and its own line in the key.
    @Test func pausedAndRestingHaveTheirOwnMarks() throws {
        try write(["timezone America/Chicago", "rest 7d", "location Left Front Abdomen", "location Right Front Abdomen",
                   "location Left Side Thigh   paused until 2026-12-31", "location Right Side Thigh", "location Left Buttock",
                   "location Right Buttock", "", "2026-10-01 08:00  Left Side Thigh", "2026-10-04 08:00  Left Buttock",
                   "2026-11-10 08:00  Right Buttock", "2026-11-13 08:00  Left Front Abdomen",
                   "2026-11-20 08:00  Right Front Abdomen", "2026-11-23 08:00  Right Side Thigh"])
        let html = try page(now: "2026-11-25 10:00")
        #expect(!html.contains("paused or resting"))
        #expect(html.contains("A double outer ring: paused"))
        #expect(html.contains("A dashed outer ring: resting"))
        // Left Side Thigh is paused (two rings); Left Front Abdomen rests (one).
        #expect(html.components(separatedBy: "class=\"paused\"").count - 1 == 2)
        #expect(html.components(separatedBy: "class=\"resting\"").count - 1 >= 1)
        #expect(html.contains("<td class=\"now\">paused until <span class=\"date\">2026-12-31</span></td>"))
    }

    static let repeated = ["timezone America/Chicago", "location Left Front Abdomen", "location Right Front Abdomen",
                           "location Left Buttock", "location Right Buttock", "", "2026-11-20 09:00  Left Front Abdomen",
                           "2026-11-23 09:00  Right Front Abdomen", "2026-11-26 09:00  Right Buttock"]

    /// A 30-minute repeat is left out and said as what it is; `check`,
    /// which warns only at 15 minutes or less, is not pointed to. The
    /// report says the same sentence beside its summary.
    @Test func aRepeatLeftOutIsSaidAsWhatItIs() throws {
        let now = "2026-11-29 10:00"
        try write(Self.repeated + ["2026-11-26 09:30  Right Buttock"])
        #expect(!(try run(["check"], now: now).stderr.contains("probable duplicate")))
        let stats = try run(["stats"], now: now).stdout
        let said = "1 session under 1 h that ended in a change at the same location is left out (the same change logged twice?)."
        #expect(stats.replacingOccurrences(of: "\n", with: " ").contains(said), "\(stats)")
        #expect(!stats.contains("probable duplicate") && !stats.contains("sitecycle check"), "\(stats)")
        let html = try page(now: now)
        #expect(html.contains("<p>Overall: 3 site changes, 2 completed sessions,"))
        #expect(html.contains("<p>" + said + "</p>"), "\(html)")

        try write(Self.repeated + ["2026-11-26 09:10  Right Buttock"])
        #expect(try run(["check"], now: now).stderr.contains("probable duplicate of line 9"))
        let warned = try run(["stats"], now: now).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(warned.contains("logged twice?); `sitecycle check` warns at it."), "\(warned)")
    }

    /// The JSON says 20.1 where the text says "20.1% below", not 20.
    @Test func theJSONPercentHasTheTextsDigits() throws {
        // Four sites of 72 h sessions, one of 53 h 50 min: 20.1% below.
        var lines = ["timezone UTC", "location Left Front Abdomen", "location Right Front Abdomen", "location Left Buttock",
                     "location Right Buttock", ""]
        var t = Date(timeIntervalSince1970: 1_788_249_600)  // 2026-09-01 08:00 UTC
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd HH:mm"
        format.timeZone = TimeZone(identifier: "UTC")
        format.locale = Locale(identifier: "en_US_POSIX")
        let names = ["Left Front Abdomen", "Right Front Abdomen", "Left Buttock", "Right Buttock"]
        for _ in 0..<3 {
            for (i, name) in names.enumerated() {
                lines.append(format.string(from: t) + "  " + name)
                t += i == 3 ? 53 * 3600 + 50 * 60 : 72 * 3600
            }
        }
        lines.append(format.string(from: t) + "  " + names[0])
        try write(lines)
        let now = "2026-11-20 10:00"
        #expect(try run(["stats"], now: now).stdout.contains("is 20.1% below your overall average"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try run(["stats", "--json"], now: now).stdout.utf8))
                                as? [String: Any])
        let flagged = try #require((json["locations"] as? [[String: Any]])?.last?["absorption"] as? [String: Any])
        #expect(flagged["flagged"] as? Bool == true)
        #expect((flagged["percentBelow"] as? NSNumber)?.doubleValue == 20.1, "\(flagged)")
    }
}
