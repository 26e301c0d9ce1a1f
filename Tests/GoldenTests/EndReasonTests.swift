import Foundation
import Testing

/// Why a site ended and its lot (issue 29): written on the line of the site
/// they describe, read back by every command, kept by `fmt`, carried by
/// every export, and refused with the nearest word when mistyped.
struct EndReasonTests {
    let dir: URL
    let env: [String: String]

    static let journal = """
        timezone UTC
        target 72h

        location Left Arm
        location Right Arm
        location Left Hip

        2026-02-01 08:00  Left Arm          ; old note, reason: pain
        2026-02-02 08:00  Right Arm

        """

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir).merging(["SITECYCLE_NOW": "2026-02-04T08:00:00Z"]) { $1 }
        try Self.journal.write(to: file, atomically: true, encoding: .utf8)
    }

    var file: URL { dir.appendingPathComponent("sites.journal") }

    func run(_ args: [String]) throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", "sites.journal"] + args, in: dir, environment: env)
    }

    func ok(_ args: [String]) throws -> String {
        let r = try run(args)
        #expect(r.exitCode == 0, "\(args): \(r.stderr)")
        return r.stdout
    }

    func text() throws -> String { try String(contentsOf: file, encoding: .utf8) }

    func entries(_ args: [String]) throws -> [[String: Any]] {
        let out = try ok(args)
        return try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] ?? []
    }

    @Test func previousReasonSaysWhichReasonItReplaced() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.journal.replacingOccurrences(of: "08:00  Right Arm\n", with: "08:00  Right Arm  reason: pain\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let out = try ok(["log", "Left Hip", "--at", "2026-02-03 08:00", "--previous-reason", "occlusion"])
        #expect(out.contains("Replaced the reason of Right Arm (2026-02-02 08:00) (was: pain).\n"), "\(out)")
        #expect(try text().contains("2026-02-02 08:00  Right Arm  reason: occlusion\n"))
        // A site with no reason yet: nothing replaced, nothing said.
        let again = try ok(["log", "Left Arm", "--at", "2026-02-03 20:00", "--previous-reason", "pain"])
        #expect(!again.contains("Replaced"), "\(again)")
    }

    @Test func logWritesThePreviousReasonAndTheNewLotOnTheirOwnLines() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ok(["log", "Left Hip", "--at", "2026-02-03 08:00", "--previous-reason", "occlusion", "--lot", "ABC123"])
        #expect(try text() == Self.journal.replacingOccurrences(of: "2026-02-02 08:00  Right Arm\n", with: """
            2026-02-02 08:00  Right Arm  reason: occlusion
            2026-02-03 08:00  Left Hip  lot: ABC123

            """))
        let list = try entries(["history", "--json"])
        #expect(list.map { $0["reason"] as? String } == [nil, "occlusion", nil])
        #expect(list.map { $0["lot"] as? String } == ["ABC123", nil, nil])
        // A note that says `reason: pain` stays a note.
        #expect(list[2]["note"] as? String == "old note, reason: pain")
        #expect(list[2]["reason"] is NSNull)
    }

    @Test func removeAndAmendSetAndClearThem() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ok(["remove", "--reason", "fell-off"])
        #expect(try text().contains("2026-02-02 08:00  Right Arm  reason: fell-off\n2026-02-04 08:00  removed\n"))
        _ = try ok(["amend", "8", "--reason", "kinked", "--lot", "L-9"])
        #expect(try text().contains("2026-02-01 08:00  Left Arm  reason: kinked  lot: L-9  ; old note, reason: pain\n"))
        _ = try ok(["amend", "8", "--reason", "none"])
        // The journal is now as `fmt` lays it out: the note goes to fmt's
        // column, two spaces after the widest field left
        // (`Right Arm  reason: fell-off`), and stays fmt-clean.
        #expect(try text().contains("2026-02-01 08:00  Left Arm  lot: L-9" + String(repeating: " ", count: 11) + "; old note"))
        #expect(try ok(["fmt", "--check"]).isEmpty)
        _ = try ok(["amend", "8", "--lot", ""])
        #expect(try text().contains("2026-02-01 08:00  Left Arm" + String(repeating: " ", count: 21) + "; old note, reason: pain\n"))
        #expect(try ok(["fmt", "--check"]).isEmpty)
        let refused = try run(["amend", "last", "--reason", "pain"])  // the `removed` line
        #expect(refused.exitCode != 0 && refused.stderr.contains("a `removed` line takes no reason or lot"), "\(refused.stderr)")
    }

    @Test func aTypoIsRefusedWithTheNearestWordEverywhere() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try text()
        let flag = try run(["log", "Left Hip", "--previous-reason", "pian"])
        #expect(flag.exitCode == 2 && flag.stderr.contains("unknown reason `pian`") && flag.stderr.contains("did you mean `pain`?"))
        #expect(try text() == before)
        try (before + "2026-02-03 08:00  Left Hip  reason: pian\n").write(to: file, atomically: true, encoding: .utf8)
        let check = try run(["check"]); let said = check.stdout + check.stderr
        #expect(check.exitCode == 1)
        #expect(said.contains("sites.journal:10:37: error: unknown reason `pian`"), "\(said)")
        #expect(said.contains("did you mean `pain`?"))
    }

    @Test func fmtKeepsThemAndTheSpacelessFormReadsTheSame() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try (Self.journal + "2026-02-03 08:00  Left Hip reason:pain   lot:X1 ; sore\n2026-02-03 09:00 Left Arm lot: Q reason:kinked\n")
            .write(to: file, atomically: true, encoding: .utf8)
        _ = try ok(["fmt"])
        let formatted = try text()
        #expect(formatted.hasSuffix("2026-02-03 08:00  Left Hip  reason: pain  lot: X1   ; sore\n"
            + "2026-02-03 09:00  Left Arm  lot: Q  reason: kinked\n"), "\(formatted)")
        let list = try entries(["history", "--json"])
        #expect(list[1]["reason"] as? String == "pain" && list[1]["lot"] as? String == "X1" && list[1]["note"] as? String == "sore")
        #expect(list[0]["reason"] as? String == "kinked" && list[0]["lot"] as? String == "Q")
        #expect(try ok(["fmt", "--check"]).isEmpty)
    }

    @Test func aLocationNameCannotEndInAClause() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let added = try run(["locations", "add", "Left Thigh lot: 7"])
        #expect(added.exitCode != 0 && added.stderr.contains("cannot end in `lot: 7`"), "\(added.stderr)")
        let renamed = try run(["locations", "rename", "Left Arm", "Left Arm reason: pain"])
        #expect(renamed.exitCode != 0)
        let after = try text()
        #expect(!after.contains("Left Arm reason"))
    }

    @Test func ourJSONAndTheSensorCSVRoundTripThem() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ok(["log", "Left Hip", "--at", "2026-02-03 08:00", "--previous-reason", "high-glucose", "--lot", "ABC123"])
        let json = try ok(["export", "--format", "json"])
        try json.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try "timezone UTC\n".write(to: dir.appendingPathComponent("fresh.journal"), atomically: true, encoding: .utf8)
        let imported = try BinaryRunner.run(["-f", "fresh.journal", "import", "a.json"], in: dir, environment: env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        let again = try BinaryRunner.run(["-f", "fresh.journal", "export", "--format", "json"], in: dir, environment: env)
        #expect(again.stdout == json)
        #expect(json.contains("\"reason\": \"high-glucose\"") && json.contains("\"lot\": \"ABC123\""))
        // The app's four columns stay exactly four.
        let csv = try ok(["export"])
        #expect(csv.hasPrefix("date,location,duration_hours,note\n") && !csv.contains("ABC123"))
        let ns = try ok(["export", "--format", "nightscout"])
        #expect(ns.contains("Right Arm reason: high-glucose") && ns.contains("Left Hip lot: ABC123"))
    }

    @Test func aSensorsCSVCarriesThemBackIn() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let sensors = """
            timezone UTC
            device sensor 10d
            location Left Arm  for sensor
            location Right Arm  for sensor

            2026-02-01 08:00  sensor  Left Arm  reason: device-error  lot: S1
            2026-02-02 08:00  sensor  Right Arm  lot: S2

            """
        try sensors.write(to: file, atomically: true, encoding: .utf8)
        let csv = try ok(["export", "--device", "sensor"])
        #expect(csv.hasPrefix("date,location,duration_hours,note,device,reason,lot\n"))
        #expect(csv.contains(",sensor,device-error,S1\n") && csv.contains(",sensor,,S2\n"), "\(csv)")
        try csv.write(to: dir.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        try "timezone UTC\ndevice sensor 10d\n".write(to: dir.appendingPathComponent("fresh.journal"), atomically: true, encoding: .utf8)
        let imported = try BinaryRunner.run(["-f", "fresh.journal", "import", "s.csv"], in: dir, environment: env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        let again = try BinaryRunner.run(["-f", "fresh.journal", "export", "--device", "sensor"], in: dir, environment: env)
        #expect(again.stdout == csv)
    }

    @Test func reasonsCompleteAfterTheirFlagsAndAreInTheHelp() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let words = ["occlusion", "fell-off", "pain", "bleeding", "kinked", "high-glucose", "skin-reaction", "device-error", "other"]
        for line in [["remove", "--reason", ""], ["log", "Left Hip", "--previous-reason", ""], ["amend", "8", "--reason", ""]] {
            let out = try ok(["__complete", "--shell", "bash", "--word", "", "--"] + line)
            #expect(Array(out.split(separator: "\n").map(String.init).prefix(words.count)) == words, "\(line): \(out)")
        }
        // A pause's reason stays free text.
        #expect(try ok(["__complete", "--shell", "bash", "--word", "", "--", "locations", "pause", "Left Arm", "--reason", ""]).isEmpty)
        let help = try ok(["help", "journal"])
        for word in words { #expect(help.contains("  " + word + " "), "\(word)") }
        let man = try ok(["help", "--man"])
        for flag in ["previous\\-reason", "\\-\\-lot", "\\-\\-reason REASON"] { #expect(man.contains(flag), "\(flag)") }
    }

    /// Left Arm: 5 sessions, 3 ended early (2 occlusion, 1 high-glucose);
    /// Right Hip kept its reason but reached its target: not early.
    static let failing = """
        timezone UTC
        target 72h

        location Left Arm
        location Right Arm
        location Left Hip
        location Right Hip

        2026-01-01 08:00  Left Arm  reason: occlusion  lot: A1
        2026-01-02 08:00  Right Arm
        2026-01-05 08:00  Left Arm  reason: occlusion
        2026-01-06 08:00  Right Arm
        2026-01-09 08:00  Left Arm  reason: high-glucose
        2026-01-10 08:00  Left Hip
        2026-01-13 08:00  Left Arm
        2026-01-16 08:00  Right Hip  reason: pain  ; reached target
        2026-01-19 08:00  Left Arm  lot: Z9  ; bled
        2026-01-19 20:00  Right Arm

        """

    func object(_ args: [String]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try ok(args).utf8)) as? [String: Any] ?? [:]
    }

    @Test func statsCountEarlyEndingsPerLocationAndDeviceAndTheInsightNamesThem() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.failing.write(to: file, atomically: true, encoding: .utf8)
        let now = ["--now", "2026-01-20 08:00"]
        let stats = try object(now + ["stats", "--json"])
        let overall = stats["overall"] as? [String: Any] ?? [:]
        #expect(overall["endedEarly"] as? Int == 3)
        #expect(overall["reasons"] as? [String: Int] == ["occlusion": 2, "high-glucose": 1])
        let rows = stats["locations"] as? [[String: Any]] ?? []
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0["location"] as? String ?? "", $0) })
        #expect(byName["Left Arm"]?["endedEarly"] as? Int == 3)
        #expect(byName["Right Hip"]?["endedEarly"] as? Int == 0)
        #expect(byName["Right Hip"]?["reasons"] as? [String: Int] == [:])
        let absorption = byName["Left Arm"]?["absorption"] as? [String: Any]
        #expect((absorption?["message"] as? String)?.hasSuffix("3 of 5 ended early: 2 occlusion, 1 high-glucose.") == true)
        #expect(try ok(now + ["stats"]).contains("3 of 5 ended early: 2 occlusion, 1"))
        let map = try ok(now + ["map", "--by", "failures", "--color", "never"])
        #expect(map.contains("# Left Arm  3/5") && map.contains("# a third or more ended early"), "\(map)")
        let mapJSON = try object(now + ["map", "--by", "failures", "--json"])
        let marks = mapJSON["locations"] as? [[String: Any]] ?? []
        #expect(marks.first { $0["location"] as? String == "Left Arm" }?["state"] as? String == "often-early")
        #expect(marks.first { $0["location"] as? String == "Right Hip" }?["state"] as? String == "never-early")
        let page = try ok(now + ["report", "-o", "-"])
        #expect(page.contains("<caption>Ended early (before the target, with a reason)</caption>"))
        #expect(page.contains("<tr><td>Left Arm</td><td class=\"n\">3 of 5</td><td>2 occlusion, 1 high-glucose</td>"
            + "<td class=\"worn\"><span>24.0 h, lot A1</span><br><span>24.0 h</span><br><span>24.0 h</span></td></tr>"))
    }

    @Test func historyEarlyListsWhatAReplacementClaimAsks() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.failing.replacingOccurrences(of: "timezone UTC", with: "timezone Europe/Berlin")
            .write(to: file, atomically: true, encoding: .utf8)
        let now = ["--now", "2026-01-20 08:00"]
        let list = try entries(now + ["history", "--early", "--json"])
        #expect(list.count == 3)
        let first = list.last ?? [:]
        #expect(first["inserted"] as? String == "2026-01-01T08:00:00+01:00")
        #expect(first["ended"] as? String == "2026-01-02T08:00:00+01:00")
        #expect(first["location"] as? String == "Left Arm" && first["reason"] as? String == "occlusion")
        #expect(first["lot"] as? String == "A1" && first["note"] is NSNull)
        #expect(first["hoursWorn"] as? Double == 24 && first["targetHours"] as? Double == 72)
        let january5 = try entries(now + ["history", "--early", "--json", "--from", "2026-01-05", "--to", "2026-01-05"])
        #expect(january5.count == 1 && january5[0]["line"] as? Int == 11)
        let text = try ok(now + ["history", "--early"])
        #expect(text.contains("Line 9  Left Arm\n  in 2026-01-01 08:00, out 2026-01-02 08:00: 24.0 of 72.0 h\n  reason occlusion, lot A1\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func aJournalWithoutReasonsReadsAsBefore() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = Self.failing.replacingOccurrences(of: "  reason: occlusion  lot: A1", with: "")
            .replacingOccurrences(of: "  reason: occlusion", with: "").replacingOccurrences(of: "  reason: high-glucose", with: "")
            .replacingOccurrences(of: "  reason: pain", with: "").replacingOccurrences(of: "  lot: Z9", with: "")
        try plain.write(to: file, atomically: true, encoding: .utf8)
        let now = ["--now", "2026-01-20 08:00"]
        // The JSON has one shape in every journal (issue 40 item 10):
        // reason and lot null, endedEarly 0, reasons {}.
        for args in [["history", "--json"], ["export", "--format", "json"]] {
            let out = try ok(now + args)
            #expect(out.contains("\"reason\": null") && out.contains("\"lot\": null") && !out.contains("endedEarly"), "\(args)")
        }
        let stats = try ok(now + ["stats", "--json"])
        #expect(stats.contains("\"endedEarly\": 0") && stats.contains("\"reasons\": {}") && !stats.contains("\"endedEarly\": 1"))
        #expect(!(try ok(now + ["report", "-o", "-"])).contains("Ended early"))
    }
}
