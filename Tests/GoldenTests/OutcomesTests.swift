import Foundation
import Testing

/// `outcomes`: exports generated here in each format, with glucose that
/// depends on the site in at each instant, read by the real binary against
/// a journal kept in New York (DST starts 2026-03-08 in the middle of it).
struct OutcomesTests: WorkFolder {
    let dir: URL
    let env: [String: String]
    static let zone = TimeZone(identifier: "America/New_York")!

    /// Three sites, each a value: Left Front Abdomen in range, Right Front
    /// Abdomen above 180, Lower Back below 70. A break on 03-13.
    static let changes: [(String, String)] = [
        ("2026-03-01 08:00", "Left Front Abdomen"), ("2026-03-04 08:00", "Right Front Abdomen"),
        ("2026-03-07 08:00", "Lower Back"), ("2026-03-10 08:00", "Left Front Abdomen"),
        ("2026-03-13 08:00", "removed"), ("2026-03-13 20:00", "Right Front Abdomen"),
    ]
    static let value = ["Left Front Abdomen": 120.0, "Right Front Abdomen": 200.0, "Lower Back": 60.0]
    static let journal = "timezone America/New_York\nlocation Left Front Abdomen\nlocation Right Front Abdomen\n"
        + "location Lower Back\n\n" + changes.map { "\($0.0)  \($0.1)\n" }.joined()

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir)
        try Self.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
    }

    static func formatter(_ format: String, zone: TimeZone = OutcomesTests.zone) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = format
        return f
    }

    static func instant(_ wall: String) -> Date { formatter("yyyy-MM-dd HH:mm").date(from: wall)! }

    /// The site in at `t`, as the test understands the journal.
    static func site(at t: Date) -> String? {
        changes.last { instant($0.0) <= t }.flatMap { $0.1 == "removed" ? nil : $0.1 }
    }

    /// Every `step` minutes from 2026-03-01 00:00 to 03-15 00:00 New York.
    static func times(step: Int = 5) -> [Date] {
        stride(from: instant("2026-03-01 00:00").timeIntervalSince1970, to: instant("2026-03-15 00:00").timeIntervalSince1970,
               by: Double(step * 60)).map { Date(timeIntervalSince1970: $0) }
    }

    /// Readings outside a site (before the first change, in the break) read 150.
    static func glucose(_ t: Date) -> Double { site(at: t).flatMap { value[$0] } ?? 150 }

    func outcomes(_ args: [String], code: Int32 = 0) throws -> BinaryRunner.Output {
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-20 12:00", "outcomes"] + args, in: dir,
                                     environment: env)
        #expect(r.exitCode == code, "\(args): \(r.stderr)")
        return r
    }

    func json(_ args: [String]) throws -> [String: Any] {
        let r = try outcomes(args + ["--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
    }

    static func site(_ name: String, in json: [String: Any]) -> [String: Any]? {
        (json["sites"] as? [[String: Any]])?.first { $0["location"] as? String == name }
    }

    static func clarity(_ times: [Date], unit: String = "mg/dL", value: (Date) -> String) -> String {
        let f = formatter("yyyy-MM-dd'T'HH:mm:ss")
        var rows = ["\"Index\",\"Timestamp (YYYY-MM-DDThh:mm:ss)\",\"Event Type\",\"Event Subtype\",\"Patient Info\","
                    + "\"Device Info\",\"Source Device ID\",\"Glucose Value (\(unit))\",\"Insulin Value (u)\","
                    + "\"Carb Value (grams)\",\"Duration (hh:mm:ss)\",\"Glucose Rate of Change (\(unit)/min)\","
                    + "\"Transmitter Time (Long Integer)\"",
                    "1,,FirstName,,Test,,,,,,,,", "2,,Device,,,Dexcom G6 Mobile App,iOS G6,,,,,,"]
        for (i, t) in times.enumerated() {
            rows.append("\(i + 3),\(f.string(from: t)),EGV,,,,iOS G6,\(value(t)),,,,,\(i * 300)")
        }
        return rows.joined(separator: "\r\n") + "\r\n"
    }

    @Test func clarityReadingsGoToTheSiteInAtEachInstant() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let lowAt = Self.instant("2026-03-08 12:00")
        try write("clarity.csv", Self.clarity(Self.times()) { t in
            t == lowAt ? "Low" : String(Int(Self.glucose(t)))
        })
        let j = try json(["--cgm", "clarity.csv"])
        #expect(j["format"] as? String == "clarity")
        #expect(j["units"] as? String == "mg/dL")
        #expect(j["zone"] as? String == "America/New_York")
        // 00:00–08:00 on 03-01 (96) and the 12 h break (144).
        #expect(j["unmatched"] as? Int == 96 + 144)
        let left = try #require(Self.site("Left Front Abdomen", in: j))
        #expect(left["inRange"] as? Double == 100 && left["mean"] as? Double == 120 && left["sessions"] as? Int == 2)
        #expect(left["readings"] as? Int == 2 * 864 && left["coverage"] as? Double == 100)
        let right = try #require(Self.site("Right Front Abdomen", in: j))
        #expect(right["above180"] as? Double == 100 && right["inRange"] as? Double == 0 && right["above250"] as? Double == 0)
        // Lower Back: 03-07 08:00 to 03-10 08:00, one hour short (DST), one Low.
        let back = try #require(Self.site("Lower Back", in: j))
        #expect(back["readings"] as? Int == 864 - 12)
        #expect(back["below70"] as? Double == 100 && back["below54"] as? Double == 0.1)
        #expect(back["low"] as? Int == 1 && back["coverage"] as? Double == 100)
        #expect(back["flagged"] as? Bool == false)
        let overall = try #require(j["overall"] as? [String: Any])
        #expect(overall["readings"] as? Int == Self.times().count)
        #expect(overall["gmi"] != nil && overall["cv"] != nil)
    }

    @Test func aSiteBoundaryIsTheChangesInstantInTheJournalsZone() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // One reading a minute before the 03-04 08:00 change, one at it.
        let before = Self.instant("2026-03-04 07:59"), at = Self.instant("2026-03-04 08:00")
        try write("two.csv", Self.clarity([before, at]) { t in t == before ? "100" : "300" })
        let j = try json(["--cgm", "two.csv"])
        #expect(Self.site("Left Front Abdomen", in: j)?["mean"] as? Double == 100)
        #expect(Self.site("Right Front Abdomen", in: j)?["mean"] as? Double == 300)
        // Read as UTC instead, both are five hours earlier: on the first site.
        let utc = try json(["--cgm", "two.csv", "--cgm-zone", "UTC"])
        #expect(utc["zone"] as? String == "UTC")
        #expect(Self.site("Left Front Abdomen", in: utc)?["readings"] as? Int == 2)
        #expect(Self.site("Right Front Abdomen", in: utc) == nil)
    }

    static func libreView(_ times: [Date], us: Bool, mmol: Bool) -> String {
        let f = formatter(us ? "MM-dd-yyyy hh:mm a" : "dd-MM-yyyy HH:mm")
        let unit = mmol ? "mmol/L" : "mg/dL"
        var rows = ["Glucose Data,Generated on,03-20-2026 12:00 PM UTC,Generated by,Test",
                    "Device,Serial Number,Device Timestamp,Record Type,Historic Glucose \(unit),Scan Glucose \(unit),"
                    + "Non-numeric Rapid-Acting Insulin,Notes"]
        func v(_ t: Date) -> String {
            mmol ? String(format: "%.1f", Self.glucose(t) / 18.016) : String(Int(Self.glucose(t)))
        }
        var scans: [String] = []
        for t in times {
            rows.append("FreeStyle Libre 2,ABC,\(f.string(from: t)),0,\(v(t)),,,")
            scans.append("FreeStyle Libre 2,ABC,\(f.string(from: t)),1,,999,,")
        }
        return (rows + scans.prefix(50)).joined(separator: "\n") + "\n"
    }

    @Test(arguments: [(true, false), (false, true)]) func libreViewUSAndElsewhere(_ us: Bool, _ mmol: Bool) throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("libre.csv", Self.libreView(Self.times(step: 15), us: us, mmol: mmol))
        let j = try json(["--cgm", "libre.csv"])
        #expect(j["format"] as? String == "libreview")
        #expect(j["units"] as? String == (mmol ? "mmol/L" : "mg/dL"))
        #expect(j["intervalMinutes"] as? Int == 15)
        #expect(j["dateOrder"] as? String == (us ? "mdy" : "dmy"))
        let right = try #require(Self.site("Right Front Abdomen", in: j))
        #expect(right["above180"] as? Double == 100, "scans (999) are not readings")
        #expect(right["mean"] as? Double == (mmol ? 11.1 : 200))
        let left = try #require(Self.site("Left Front Abdomen", in: j))
        #expect(left["inRange"] as? Double == 100 && left["readings"] as? Int == 2 * 288)
        #expect(Self.site("Lower Back", in: j)?["below70"] as? Double == 100)
        if mmol {
            let shown = try json(["--cgm", "libre.csv", "--units", "mgdl"])
            #expect(shown["units"] as? String == "mg/dL")
            #expect(Self.site("Left Front Abdomen", in: shown)?["mean"] as? Double == 120.7)  // 6.7 mmol/L
        }
    }

    @Test func libreViewDatesThatReadBothWaysAskForTheOrder() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // 03-01 to 03-12 only, 24-hour clock: every day and month ≤ 12.
        let times = Self.times(step: 15).filter { $0 < Self.instant("2026-03-12 23:00") }
        try write("libre.csv", Self.libreView(times, us: false, mmol: false))
        let refused = try outcomes(["--cgm", "libre.csv"], code: 2)
        #expect(refused.stderr.contains("libre.csv:3:") && refused.stderr.contains("--date-order"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        let j = try json(["--cgm", "libre.csv", "--date-order", "dmy"])
        #expect(Self.site("Lower Back", in: j)?["below70"] as? Double == 100)
    }

    static func nightscout(_ times: [Date]) -> String {
        "[" + times.reversed().map { t in
            let ms = Int64(t.timeIntervalSince1970 * 1000)
            return "{\"_id\":\"x\",\"device\":\"xDrip\",\"date\":\(ms),\"dateString\":\"ignored\",\"sgv\":\(Int(Self.glucose(t))),"
                + "\"direction\":\"Flat\",\"type\":\"sgv\",\"utcOffset\":-300,\"extra\":{\"a\":[1,2]}}"
        }.joined(separator: ",\n") + ",{\"type\":\"mbg\",\"mbg\":140,\"date\":1}]\n"
    }

    @Test func overlappingNightscoutDownloadsCountEachReadingOnce() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let all = Self.times()
        try write("a.json", Self.nightscout(Array(all[..<2500])))
        try write("b.json", Self.nightscout(Array(all[2000...])))
        let j = try json(["--cgm", "a.json", "--cgm", "b.json"])
        #expect(j["format"] as? String == "nightscout")
        #expect((j["overall"] as? [String: Any])?["readings"] as? Int == all.count)
        #expect(j["duplicates"] as? Int == 500)
        // The same file twice over, pasted into one.
        try write("twice.json", Self.nightscout(all) + Self.nightscout(Array(all[..<100])))
        let twice = try json(["--cgm", "twice.json"])
        #expect((twice["overall"] as? [String: Any])?["readings"] as? Int == all.count)
        #expect(Self.site("Lower Back", in: twice)?["readings"] as? Int == 864 - 12)
    }

    @Test func wearDaysGroupReadingsByDayOfEachSetsWear() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // No break: the second Left Front Abdomen set stays 84 h.
        try write("sites.journal", Self.journal.replacingOccurrences(of: "2026-03-13 08:00  removed\n", with: ""))
        // Glucose by day of wear: 100, 150, 200, then 260 from day 4 on.
        try write("days.csv", Self.clarity(Self.times()) { t in
            guard let start = Self.changes.last(where: { Self.instant($0.0) <= t && $0.1 != "removed" })
                .map({ Self.instant($0.0) }) else { return "150" }
            let day = Int(t.timeIntervalSince(start) / 86_400)
            return ["100", "150", "200", "260"][min(day, 3)]
        })
        let j = try json(["--cgm", "days.csv", "--by", "wear-day"])
        let days = try #require(j["wearDays"] as? [[String: Any]])
        #expect(days.map { $0["day"] as? Int } == [1, 2, 3, 4])
        #expect(days.map { $0["mean"] as? Double } == [100, 150, 200, 260])
        #expect(days[3]["above250"] as? Double == 100 && days[0]["inRange"] as? Double == 100)
        // Day 4+: only the set from 03-10 08:00 to 03-13 20:00 stayed past 3 days.
        #expect(days[3]["sessions"] as? Int == 1)
        let perSite = try #require(Self.site("Left Front Abdomen", in: j)?["wearDays"] as? [[String: Any]])
        #expect(perSite.map { $0["readings"] as? Int } == [576, 576, 576, 144])
        let text = try outcomes(["--cgm", "days.csv", "--by", "wear-day"]).stdout
        #expect(text.contains("Day 4+") && text.contains("In range by day of wear"), "\(text)")
    }

    @Test func aSiteWellBelowTheWholePeriodIsFlaggedOnlyWithThreeSetsAndCoverage() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // Nine 36-hour sets, three sites in turn; Lower Back has 3 sets.
        let names = ["Left Front Abdomen", "Right Front Abdomen", "Lower Back"]
        var journal = "timezone America/New_York\n" + names.map { "location \($0)\n" }.joined() + "\n"
        var changes: [(Date, String)] = []
        for k in 0..<9 {
            let start = Self.instant("2026-03-01 08:00").addingTimeInterval(Double(k) * 36 * 3600)
            changes.append((start, names[k % 3]))
            journal += Self.formatter("yyyy-MM-dd HH:mm").string(from: start) + "  " + names[k % 3] + "\n"
        }
        try write("sites.journal", journal)
        let times = Self.times().filter { $0 >= changes[0].0 }
        // Lower Back reads 200 one reading in three, the others 120.
        try write("flag.csv", Self.clarity(times) { t in
            let name = changes.last { $0.0 <= t }!.1
            return name == "Lower Back" && Int(t.timeIntervalSince1970 / 300) % 3 == 0 ? "200" : "120"
        })
        let j = try json(["--cgm", "flag.csv"])
        #expect(Self.site("Lower Back", in: j)?["flagged"] as? Bool == true)
        #expect(Self.site("Left Front Abdomen", in: j)?["flagged"] as? Bool == false)
        let text = try outcomes(["--cgm", "flag.csv"]).stdout
        #expect(text.contains("Lower Back: 66.7% in range against"), "\(text)")
        // Before its third set Lower Back has 2 sets only: not flagged.
        let two = try json(["--cgm", "flag.csv", "--to", "2026-03-13 07:00"])
        #expect(Self.site("Lower Back", in: two)?["sessions"] as? Int == 2)
        #expect(Self.site("Lower Back", in: two)?["flagged"] as? Bool == false)
    }

    /// The older Clarity export: unquoted 12 columns after a BOM, here in
    /// mmol/L, where Low and High are 2.2 and 22.2 and counted apart.
    @Test func theOlderUnquotedClarityFormInMmol() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = Self.formatter("yyyy-MM-dd'T'HH:mm:ss")
        var text = "\u{FEFF}Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,"
            + "Source Device ID,Glucose Value (mmol/L),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),"
            + "Glucose Rate of Change (mmol/L/min)\n1,,FirstName,,Test,,,,,,,\n2,,Alert,High,,,,,,,,\n"
        let times = Self.times().filter { $0 >= Self.instant("2026-03-04 08:00") && $0 < Self.instant("2026-03-07 08:00") }
        for (i, t) in times.enumerated() {
            let v = i == 0 ? "High" : i == 1 ? "Low" : "11.1"
            text += "\(i + 3),\(f.string(from: t)),EGV,,,,G6,\(v),,,,\n"
            if i % 100 == 0 { text += "\(i + 3),\(f.string(from: t)),Calibration,,,,G6,6.0,,,,\n" }
        }
        try write("old.csv", text)
        let j = try json(["--cgm", "old.csv"])
        #expect(j["format"] as? String == "clarity" && j["units"] as? String == "mmol/L")
        let right = try #require(Self.site("Right Front Abdomen", in: j))
        #expect(right["readings"] as? Int == 864 && right["low"] as? Int == 1 && right["high"] as? Int == 1)
        #expect(right["below54"] as? Double == 0.1 && right["above250"] as? Double == 0.1 && right["above180"] as? Double == 99.9)
        let text80 = try outcomes(["--cgm", "old.csv"]).stdout
        #expect(text80.contains("1 Low and 1 High readings are counted as 40 and 400 mg/dL"), "\(text80)")
    }

    /// Midnight and noon on a 12-hour clock, and Nightscout entries that
    /// give only `dateString`.
    @Test func twelveOClockAndDateStrings() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("libre.csv", "Glucose Data,Generated on,x\nDevice,Serial Number,Device Timestamp,Record Type,"
                  + "Historic Glucose mg/dL\nL,1,03-04-2026 12:05 AM,0,111\nL,1,03-04-2026 12:05 PM,0,222\n")
        let j = try json(["--cgm", "libre.csv"])
        // 00:05 is on the first site, 12:05 (after the 08:00 change) on the second.
        #expect(Self.site("Left Front Abdomen", in: j)?["mean"] as? Double == 111)
        #expect(Self.site("Right Front Abdomen", in: j)?["mean"] as? Double == 222)
        try write("ns.json", "[{\"type\":\"sgv\",\"sgv\":90,\"dateString\":\"2026-03-04T12:59:00.000Z\"},"
                  + "{\"type\":\"sgv\",\"sgv\":190,\"dateString\":\"2026-03-04T09:00:00-04:00\"}]")
        let ns = try json(["--cgm", "ns.json"])
        // 12:59Z is 07:59 in New York; 09:00−04:00 is 08:00 (EST, so after the change).
        #expect(Self.site("Left Front Abdomen", in: ns)?["mean"] as? Double == 90)
        #expect(Self.site("Right Front Abdomen", in: ns)?["mean"] as? Double == 190)
    }

    /// A sensor gap leaves a site under 70% of its expected readings:
    /// shown, marked thin, never flagged. Means in another unit; a period
    /// with no readings; the readings of another device's sites.
    @Test func thinGroupsUnitsEmptyPeriodsAndDevices() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        // Lower Back's three days lose two: no readings 03-07 12:00 to 03-09 12:00.
        let gap = Self.instant("2026-03-07 12:00")...Self.instant("2026-03-09 12:00")
        try write("gap.csv", Self.clarity(Self.times().filter { !gap.contains($0) }) { String(Int(Self.glucose($0))) })
        let j = try json(["--cgm", "gap.csv", "--units", "mmol/L"])
        let back = try #require(Self.site("Lower Back", in: j))
        #expect(back["thin"] as? Bool == true && back["flagged"] as? Bool == false)
        #expect((back["coverage"] as? Double).map { $0 > 30 && $0 < 40 } == true, "\(back)")
        #expect(j["units"] as? String == "mmol/L" && back["mean"] as? Double == 3.3)
        #expect(Self.site("Left Front Abdomen", in: j)?["thin"] as? Bool == false)
        let text = try outcomes(["--cgm", "gap.csv"]).stdout
        #expect(text.contains("thin: under 70% of the expected readings"), "\(text)")
        // --last 1d and an earlier --to: nothing between them.
        let empty = try outcomes(["--cgm", "gap.csv", "--last", "1d", "--to", "2026-03-02"])
        #expect(empty.stdout.contains("No readings in the period."), "\(empty.stdout)")
        #expect(!empty.stdout.contains("thin:"), "no legend without a table: \(empty.stdout)")
        // The sensor's sites get the readings with --device sensor.
        try write("sites.journal", Self.journal
            .replacingOccurrences(of: "York\n", with: "York\ndevice sensor 10d\n")
            .replacingOccurrences(of: "Back\n\n", with: "Back\nlocation Left Back Arm  for sensor\n\n")
            + "2026-03-02 09:00  sensor  Left Back Arm\n")
        let sensor = try json(["--cgm", "gap.csv", "--device", "sensor"])
        #expect((sensor["sites"] as? [[String: Any]])?.map { $0["location"] as? String } == ["Left Back Arm"])
        #expect(sensor["unmatched"] as? Int == 33 * 12, "before 03-02 09:00")
        #expect(Self.site("Lower Back", in: try json(["--cgm", "gap.csv"]))?["sessions"] as? Int == 1)
    }

    /// New York's clocks go back at 02:00 on 2026-11-01: Clarity shows
    /// 01:00–01:55 twice, and both hours are readings, not repeats.
    @Test func theHourClocksRepeatIsReadTwice() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("sites.journal", "timezone America/New_York\nlocation Left Front Abdomen\nlocation Lower Back\n\n"
                  + "2026-10-31 20:00  Left Front Abdomen\n2026-11-01 01:30 -05:00  Lower Back\n")
        let first = Self.instant("2026-10-31 20:00").timeIntervalSince1970
        let times = (0..<(12 * 10)).map { Date(timeIntervalSince1970: first + Double($0) * 300) }  // 10 real hours
        let change = try #require(ISO8601DateFormatter().date(from: "2026-11-01T06:30:00Z"))
        try write("fold.csv", Self.clarity(times) { $0 < change ? "100" : "250" })
        let j = try json(["--cgm", "fold.csv"])
        #expect(j["duplicates"] as? Int == 0)
        #expect((j["overall"] as? [String: Any])?["readings"] as? Int == 120)
        // 20:00 to the second 01:30 (EST) is 6.5 real hours.
        #expect(Self.site("Left Front Abdomen", in: j)?["readings"] as? Int == 78)
        #expect(Self.site("Lower Back", in: j)?["mean"] as? Double == 250)
    }

    /// The new options complete: files for --cgm, the words for the others.
    @Test func itsOptionsComplete() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        func complete(_ words: [String]) throws -> [String] {
            try BinaryRunner.run(["__complete", "--shell", "fish", "--", "-f", "sites.journal", "outcomes"] + words, in: dir,
                                 environment: env).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try complete(["--by", ""]) == ["site", "wear-day"])
        #expect(try complete(["--units", ""]) == ["mg/dL", "mmol/L"])
        #expect(try complete(["--date-order", ""]) == ["dmy", "mdy"])
        #expect(try complete(["--cgm-zone", ""]).contains("UTC"))
        #expect(try complete(["--c"]).filter { $0.hasPrefix("--cgm") } == ["--cgm", "--cgm-zone"])
    }

    @Test func anUnknownFileIsRefusedNamingTheFormats() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("notes.csv", "date,location,duration_hours,note\n2026-03-01T08:00:00Z,Left Front Abdomen,72.0,\n")
        let before = try Data(contentsOf: dir.appendingPathComponent("sites.journal"))
        let r = try outcomes(["--cgm", "notes.csv"], code: 1)
        #expect(r.stderr.contains("notes.csv is not a CGM export"), "\(r.stderr)")
        #expect(r.stderr.contains("Clarity") && r.stderr.contains("LibreView") && r.stderr.contains("Nightscout"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("sites.journal")) == before)
        let missing = try outcomes(["--cgm", "nowhere.csv"], code: 1)
        #expect(missing.stderr.contains("nowhere.csv"))
        let none = try outcomes([], code: 2)
        #expect(none.stderr.contains("--cgm FILE"))
    }

    @Test func unreadableRowsAreCountedAndTheFirstNamed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = Self.clarity(Array(Self.times().prefix(400))) { _ in "120" }
        text += "999,2026-03-02T25:00:00,EGV,,,,iOS G6,120,,,,,\r\n998,2026-03-02T10:00:00,EGV,,,,iOS G6,n/a,,,,,\r\n"
        // Text that is neither a row (it has no index) nor a header; a blank line is nothing.
        text += "this line is not a reading\r\n,,,,,,,,,,,,\r\n"
        try write("bad.csv", text)
        let r = try outcomes(["--cgm", "bad.csv"])
        #expect(r.stderr.contains("3 rows of bad.csv could not be read") && r.stderr.contains("404, 405, 406"),
                "\(r.stderr)")
        let j = try json(["--cgm", "bad.csv"])
        #expect((j["unreadable"] as? [String: Any])?["rows"] as? Int == 3)
        #expect((j["overall"] as? [String: Any])?["readings"] as? Int == 400)
    }

    /// Issue 41 item 4: two exports, each with a row that does not read:
    /// each file's lines are named with that file (the second file's were
    /// dropped before).
    @Test func everyFilesUnreadableLinesAreNamedWithIt() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let times = Self.times()
        var a = Self.clarity(Array(times.prefix(200))) { _ in "120" }
        a += "998,2026-03-02T10:00:00,EGV,,,,iOS G6,n/a,,,,,\r\n"
        var b = Self.clarity(Array(times.dropFirst(200).prefix(200))) { _ in "130" }
        b += "997,2026-03-02T11:00:00,EGV,,,,iOS G6,n/a,,,,,\r\n999,2026-03-02T25:00:00,EGV,,,,iOS G6,120,,,,,\r\n"
        try write("a.csv", a)
        try write("b.csv", b)
        let said = try outcomes(["--cgm", "a.csv", "--cgm", "b.csv"]).stderr.replacingOccurrences(of: "\n        ", with: " ")
        #expect(said.contains("3 rows could not be read and were left out (a.csv line 204; b.csv lines 204, 205)"),
                "\(said)")
    }

    /// `report --cgm` left the same rows out without a word; it says what
    /// `outcomes` says, to the letter, page or figures, to a file or not.
    @Test func theReportSaysWhatOutcomesSaysOfUnreadableRows() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = Self.clarity(Array(Self.times().prefix(400))) { _ in "120" }
        text += "999,2026-03-02T25:00:00,EGV,,,,iOS G6,120,,,,,\r\n998,2026-03-02T10:00:00,EGV,,,,iOS G6,n/a,,,,,\r\n"
        try write("bad.csv", text)
        let said = try outcomes(["--cgm", "bad.csv"]).stderr
        #expect(said.replacingOccurrences(of: "\n        ", with: " ")
            .contains("2 rows of bad.csv could not be read and were left out (lines 404, 405)"), "\(said)")
        for extra in [[], ["--json"], ["-o", "report.html"]] {
            let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-20 12:00", "report", "--cgm", "bad.csv"]
                                         + extra, in: dir, environment: env)
            #expect(r.exitCode == 0, "\(extra): \(r.stderr)")
            #expect(r.stderr == said, "\(extra)")
        }
        // An export read whole: nothing said.
        try write("good.csv", Self.clarity(Array(Self.times().prefix(400))) { _ in "120" })
        let quiet = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-20 12:00", "report", "--cgm", "good.csv"],
                                         in: dir, environment: env)
        #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func theExamplesReadAndFitIn80Columns() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let examples = CompletionTests.repo.appendingPathComponent("examples")
        for (file, format) in [("clarity.csv", "Dexcom Clarity"), ("libreview-us.csv", "LibreView"),
                               ("nightscout-entries.json", "Nightscout"), ("clarity-2019-mmol.csv", "in mmol/L"),
                               ("libreview-eu-mmol.csv", "day-month")] {
            for by in ["site", "wear-day"] {
                let r = try BinaryRunner.run(["-f", examples.appendingPathComponent("realistic.journal").path,
                                              "--now", "2026-11-21 12:00", "outcomes", "--cgm",
                                              examples.appendingPathComponent("cgm/" + file).path, "--by", by],
                                             in: dir, environment: env)
                #expect(r.exitCode == 0 && r.stdout.contains(format), "\(file): \(r.stderr)")
                #expect(ScreenWidthTests.overlong(r.stdout + r.stderr).isEmpty, "\(r.stdout)")
                #expect(r.stdout.contains("Right Buttock"))
            }
        }
    }

    /// A Clarity file without one reading (every event something else) is
    /// refused, naming the file and what was looked for; no table, no legend.
    @Test func aFileWithoutReadingsIsRefusedNamingWhatWasLookedFor() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.clarity(Array(Self.times().prefix(20))) { _ in "120" }.replacingOccurrences(of: ",EGV,", with: ",EVG,")
        try write("none.csv", text)
        let r = try outcomes(["--cgm", "none.csv"], code: 1)
        #expect(r.stderr.contains("none.csv has no glucose readings") && r.stderr.contains("Event Type EGV"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        // Only unreadable readings: they are named.
        try write("bad.csv", Self.clarity(Array(Self.times().prefix(2))) { _ in "n/a" })
        let bad = try outcomes(["--cgm", "bad.csv"], code: 1)
        #expect(bad.stderr.contains("bad.csv has no glucose readings") && bad.stderr.contains("lines 4, 5"), "\(bad.stderr)")
        // report --cgm refuses it alike.
        let report = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-20 12:00", "report", "--cgm", "none.csv"],
                                          in: dir, environment: env)
        #expect(report.exitCode == 1 && report.stderr.contains("none.csv has no glucose readings"), "\(report.stderr)")
    }

    /// Options are checked before the journal is read: a wrong one is named
    /// even when there is no journal.
    @Test func aWrongOptionIsNamedBeforeTheJournalIsRead() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try BinaryRunner.run(["-f", "missing.journal", "outcomes", "--cgm", "x.csv", "--by", "foo"], in: dir,
                                     environment: env)
        #expect(r.exitCode == 2 && r.stderr.contains("--by takes site or wear-day"), "\(r.stderr)")
        #expect(!r.stderr.contains("missing.journal"), "\(r.stderr)")
    }

    /// The glucose section is the pump's: a report without the pump says
    /// --cgm did nothing; with it, --json has "glucose".
    @Test func reportCGMWithoutThePumpSaysSo() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("sites.journal", Self.journal
            .replacingOccurrences(of: "York\n", with: "York\ndevice sensor 10d\n")
            .replacingOccurrences(of: "Back\n\n", with: "Back\nlocation Left Back Arm  for sensor\n\n")
            + "2026-03-02 09:00  sensor  Left Back Arm\n")
        try write("c.csv", Self.clarity(Self.times()) { String(Int(Self.glucose($0))) })
        func report(_ args: [String]) throws -> BinaryRunner.Output {
            try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-20 12:00", "report"] + args, in: dir,
                                 environment: env)
        }
        let sensor = try report(["--device", "sensor", "--cgm", "c.csv"])
        #expect(sensor.exitCode == 0 && !sensor.stdout.contains("id=\"glucose\""))
        #expect(sensor.stderr.contains("--cgm") && sensor.stderr.contains("--device sensor")
                && sensor.stderr.contains("not read"), "\(sensor.stderr)")
        let json = try report(["--device", "sensor", "--cgm", "c.csv", "--json"])
        #expect(json.stderr.contains("--device sensor") && !json.stdout.contains("\"glucose\""), "\(json.stderr)")
        let pump = try report(["--cgm", "c.csv", "--json"])
        #expect(pump.exitCode == 0 && !pump.stderr.contains("--cgm"), "\(pump.stderr)")
        let glucose = (try JSONSerialization.jsonObject(with: Data(pump.stdout.utf8)) as? [String: Any])?["glucose"]
        #expect((glucose as? [String: Any])?["format"] as? String == "clarity")
    }

    /// Chicago's clocks go back at 02:00 on 2026-11-01: a Clarity export
    /// shows 01:00-01:55 twice, in a second pass or (rows sorted by their
    /// wall time) each time twice in a row, and `help outcomes` says how
    /// that is read.
    @Test(arguments: [false, true]) func theRepeatedHourInChicagoKeepsBothHours(_ sortedByWallTime: Bool) throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let chicago = TimeZone(identifier: "America/Chicago")!
        try write("sites.journal", "timezone America/Chicago\nlocation Left Front Abdomen\n\n"
                  + "2026-10-31 20:00  Left Front Abdomen\n")
        let first = try #require(ISO8601DateFormatter().date(from: "2026-11-01T03:00:00Z")).timeIntervalSince1970
        let times = (0..<(12 * 7)).map { Date(timeIntervalSince1970: first + Double($0) * 300) }
        let f = Self.formatter("yyyy-MM-dd'T'HH:mm:ss", zone: chicago)
        var rows = times.enumerated().map { i, t in "\(i + 3),\(f.string(from: t)),EGV,,,,iOS G6,\(100 + i),,,,,\r\n" }
        if sortedByWallTime {
            func stamp(_ row: String) -> String { String(row.split(separator: ",")[1]) }
            rows = rows.enumerated().sorted { (stamp($0.1), $0.0) < (stamp($1.1), $1.0) }.map(\.1)
        }
        let text = Self.clarity([]) { _ in "" } + rows.joined()
        #expect(text.contains("T01:00:00,EGV,,,,iOS G6,136,,,,,\r\n" + (sortedByWallTime ? "51," : "40,")), "\(text)")
        #expect(text.components(separatedBy: "2026-11-01T01:00:00").count == 3)
        try write("fold.csv", text)
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-02 12:00", "outcomes", "--cgm", "fold.csv",
                                      "--json"], in: dir, environment: env)
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
        #expect(j["duplicates"] as? Int == 0)
        #expect((j["overall"] as? [String: Any])?["readings"] as? Int == 84)
        // A second, overlapping download: each reading once.
        try write("again.csv", text)
        let both = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-02 12:00", "outcomes", "--cgm", "fold.csv",
                                         "again.csv", "--json"], in: dir, environment: env)
        let b = try #require(try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any])
        #expect(b["duplicates"] as? Int == 84 && (b["overall"] as? [String: Any])?["readings"] as? Int == 84)
        let help = try BinaryRunner.run(["help", "outcomes"], in: dir, environment: env).stdout
        #expect(help.contains("second pass"), "\(help)")
    }

    /// Issue 39 item 13: a LibreView export saved by Excel writes two-digit
    /// years (`5/30/21 16:59`, as in a public sample); every row was
    /// refused, with a hint to export the glucose data that was there. The
    /// year reads, and a row that does not read is named with its column
    /// and value.
    @Test func aLibreViewExportSavedByExcelReadsAndABadRowIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = Self.formatter("M/d/yy H:mm")
        let header = "Glucose Data,Generated on,03-20-2026 03:30 PM UTC,Generated by,Someone,,,,\n"
            + "Device,Serial Number,Device Timestamp,Record Type,Historic Glucose mg/dL,Scan Glucose mg/dL,Notes,,\n"
        let times = Self.times(step: 15)
        let rows = times.map { "FreeStyle LibreLink,ABC,\(f.string(from: $0)),0,\(Int(Self.glucose($0))),,,,\n" }
        #expect(rows[0].contains(",3/1/26 0:00,"), "\(rows[0])")
        try write("excel.csv", header + rows.joined())
        let j = try json(["--cgm", "excel.csv"])
        #expect((j["overall"] as? [String: Any])?["readings"] as? Int == times.count)
        #expect(Self.site("Lower Back", in: j)?["below70"] as? Double == 100)

        // Rows that do not read: the first is named, with its column and value.
        try write("bad.csv", header + "FreeStyle LibreLink,ABC,3/1/2026 25:99,0,120,,,,\n"
                  + "FreeStyle LibreLink,ABC,3/1/26 10:00,0,n/a,,,,\n")
        func unwrapped(_ text: String) -> String { text.replacingOccurrences(of: "\n\\s+", with: " ", options: .regularExpression) }
        let bad = try outcomes(["--cgm", "bad.csv"], code: 1)
        #expect(unwrapped(bad.stderr).contains("bad.csv line 3: `3/1/2026 25:99` (Device Timestamp) is not a date sitecycle reads"),
                "\(bad.stderr)")
        #expect(!bad.stderr.contains("export it again"), "\(bad.stderr)")
        try write("some.csv", header + rows.joined() + "FreeStyle LibreLink,ABC,3/14/26 10:00,0,n/a,,,,\n")
        let some = try outcomes(["--cgm", "some.csv"])
        #expect(unwrapped(some.stderr).contains("line \(times.count + 3): `n/a` (Historic Glucose mg/dL) is not a glucose value"),
                "\(some.stderr)")
    }

    /// Issue 39 item 15: a Clarity CSV whose lines end in a lone CR read
    /// as one line, and was refused. It reads like any other.
    @Test func aClarityExportWithCROnlyLineEndsReads() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.clarity(Self.times()) { String(Int(Self.glucose($0))) }
        try write("crlf.csv", text)
        try write("cr.csv", text.replacingOccurrences(of: "\r\n", with: "\r").replacingOccurrences(of: "\n", with: "\r"))
        let (crlf, cr) = (try json(["--cgm", "crlf.csv"]), try json(["--cgm", "cr.csv"]))
        #expect((cr["overall"] as? [String: Any])?["readings"] as? Int == Self.times().count, "\(cr)")
        #expect(NSDictionary(dictionary: cr) == NSDictionary(dictionary: crlf))
    }

    /// Issue 39 item 15: an export saved as UTF-16 or UTF-32 (with its
    /// byte order mark) was "not a CGM export". It reads as its UTF-8 twin.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian])
    func anExportInUTF16OrUTF32Reads(_ encoding: String.Encoding) throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.clarity(Array(Self.times().prefix(2000))) { String(Int(Self.glucose($0))) }
        try write("utf8.csv", text)
        let bom: [UInt8] = switch encoding {
        case .utf16LittleEndian: [0xFF, 0xFE]
        case .utf16BigEndian: [0xFE, 0xFF]
        case .utf32LittleEndian: [0xFF, 0xFE, 0, 0]
        default: [0, 0, 0xFE, 0xFF]
        }
        try (Data(bom) + text.data(using: encoding)!).write(to: dir.appendingPathComponent("wide.csv"))
        let (utf8, wide) = (try json(["--cgm", "utf8.csv"]), try json(["--cgm", "wide.csv"]))
        #expect((wide["overall"] as? [String: Any])?["readings"] as? Int == 2000, "\(wide)")
        #expect(NSDictionary(dictionary: wide) == NSDictionary(dictionary: utf8))
    }
}
