import Foundation
import Testing

/// The fifth hostile pass (issue 39) on lots, CSV cells and round trips,
/// run on the real binary: each test failed before its fix.
struct LotRoundTripTests {
    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir).merging(["SITECYCLE_NOW": "2026-03-01 12:00"]) { $1 }
    }

    func sitecycle(_ arguments: String..., file: String = "sites.journal") throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", file] + arguments, in: dir, environment: env)
    }

    func write(_ text: String, to name: String = "sites.journal") throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func read(_ name: String = "sites.journal") throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    static let formulas = ["=cmd|'/Ccalc'!A0", "=WEBSERVICE(CONCAT(CHAR(104),CHAR(116)))", "@SUM(A1)", "+A1", "-2+3"]

    // Item 1: every cell a person typed gets the formula guard, the lot
    // too, and the import takes it off: export, import, export is the same.
    @Test func everyTypedCSVCellIsGuardedAndReadBack() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("timezone UTC\ndevice sensor 10d\nlocation Left Arm  for pump,sensor\n\n")
        for (i, lot) in Self.formulas.enumerated() {
            let r = try sitecycle("log", "--device", "sensor", "Left Arm", "--lot", lot, "--note", lot,
                                  "--at", "2026-02-0\(i + 1) 08:00")
            #expect(r.exitCode == 0, "\(lot): \(r.stderr)")
        }
        let csv = try sitecycle("export", "--format", "csv", "--device", "sensor")
        #expect(csv.exitCode == 0, "\(csv.stderr)")
        let rows = csv.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == Self.formulas.count)
        for row in rows {
            // No cell of the row starts a formula, quoted or not.
            let cells = row.split(separator: ",", omittingEmptySubsequences: false).map { $0.hasPrefix("\"") ? $0.dropFirst() : $0 }
            #expect(!cells.contains { ["=", "+", "-", "@"].contains($0.first.map(String.init) ?? "") }, "\(row)")
        }
        #expect(csv.stdout.contains(",sensor,,'=cmd|'/Ccalc'!A0\n"), "\(csv.stdout)")
        #expect(csv.stdout.contains(",sensor,,'-2+3\n"), "\(csv.stdout)")
        try csv.stdout.write(to: dir.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        try write("timezone UTC\ndevice sensor 10d\n", to: "fresh.journal")
        let imported = try sitecycle("import", "a.csv", file: "fresh.journal")
        #expect(imported.exitCode == 0, "\(imported.stdout)\(imported.stderr)")
        #expect(try read("fresh.journal").contains("lot: =cmd|'/Ccalc'!A0  ; =cmd|'/Ccalc'!A0\n"))
        let again = try sitecycle("export", "--format", "csv", "--device", "sensor", file: "fresh.journal")
        #expect(again.stdout == csv.stdout)
    }

    // Item 4: what the Nightscout export writes comes back as it was: a
    // name with ` — ` in it, its reason, lot and a note with ` — ` too.
    @Test func nightscoutExportImportKeepsLocationReasonLotAndNote() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("""
            timezone UTC
            device sensor 10d
            location Left Arm — Upper  for pump,sensor
            location Left Arm

            2026-02-01 08:00  Left Arm — Upper  reason: pain  lot: L1  ; sore — red, reason: kinked
            2026-02-02 08:00  sensor  Left Arm — Upper  lot: S:9
            2026-02-04 08:00  Left Arm  ; plain

            """)
        let ns = try sitecycle("export", "--format", "nightscout")
        #expect(ns.exitCode == 0, "\(ns.stderr)")
        try ns.stdout.write(to: dir.appendingPathComponent("ns.json"), atomically: true, encoding: .utf8)
        try write("timezone UTC\ndevice sensor 10d\nlocation Left Arm — Upper  for pump,sensor\nlocation Left Arm\n\n",
                  to: "fresh.journal")
        let imported = try sitecycle("import", "ns.json", file: "fresh.journal")
        #expect(imported.exitCode == 0, "\(imported.stdout)\(imported.stderr)")
        #expect(!imported.stdout.contains("New locations"), "\(imported.stdout)")
        let journal = try read("fresh.journal")
        #expect(journal.contains("2026-02-01 08:00  Left Arm — Upper  reason: pain  lot: L1  ; sore — red, reason: kinked\n"),
                "\(journal)")
        #expect(journal.contains("2026-02-02 08:00  sensor  Left Arm — Upper  lot: S:9\n"), "\(journal)")
        #expect(try sitecycle("export", "--format", "nightscout", file: "fresh.journal").stdout == ns.stdout)
        // A field of ours that is not text is the row's error, not a lot dropped.
        try ns.stdout.replacingOccurrences(of: "\"lot\": \"L1\"", with: "\"lot\": 5")
            .write(to: dir.appendingPathComponent("ns.json"), atomically: true, encoding: .utf8)
        try write("timezone UTC\ndevice sensor 10d\n", to: "other.journal")
        let bad = try sitecycle("import", "ns.json", file: "other.journal")
        #expect(bad.exitCode == 4, "\(bad.stdout)")
        #expect(bad.stdout.contains("sitecycle.lot is not text"), "\(bad.stdout)")
    }

    // Item 5: a lot `check` accepts round-trips through JSON and CSV; one
    // it refuses is refused by `log --lot` and `import` alike.
    @Test func everyLotCheckAcceptsRoundTrips() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let lots = ["a:b", "\"x\"", "reason:pain", "lot:x", "5267348", "=1+1"]
        var text = "timezone UTC\ndevice sensor 10d\nlocation Left Arm  for pump,sensor\n\n"
        for (i, lot) in lots.enumerated() { text += "2026-02-0\(i + 1) 08:00  sensor  Left Arm  lot: \(lot)\n" }
        try write(text)
        let check = try sitecycle("check")
        #expect(check.exitCode == 0 && check.stdout.isEmpty, "\(check.stdout)")
        for format in ["json", "csv"] {
            let first = try sitecycle("export", "--format", format, "--device", "sensor")
            try first.stdout.write(to: dir.appendingPathComponent("a.\(format)"), atomically: true, encoding: .utf8)
            try write("timezone UTC\ndevice sensor 10d\nlocation Left Arm  for pump,sensor\n\n", to: "\(format).journal")
            let imported = try sitecycle("import", "a.\(format)", file: "\(format).journal")
            #expect(imported.exitCode == 0, "\(format): \(imported.stdout)\(imported.stderr)")
            #expect(imported.stdout.contains("Added \(lots.count) site changes"), "\(format): \(imported.stdout)")
            let second = try sitecycle("export", "--format", format, "--device", "sensor", file: "\(format).journal")
            #expect(second.stdout == first.stdout, "\(format)")
            // What `log --lot` takes is what the line holds.
            let log = try sitecycle("log", "--device", "sensor", "Left Arm", "--lot", "a:b", "--at", "2026-02-20 08:00",
                                    file: "\(format).journal")
            #expect(log.exitCode == 0, "\(log.stderr)")
        }
    }

    // Item 5: an invisible lot or one with a bidi override is an error in
    // `check`, refused by `log --lot`, and rejected by `import`.
    @Test func invisibleAndReorderedLotsAreRefusedEverywhere() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = ["\u{200B}", "\u{202E}A1", "\u{2066}A1\u{2069}", "\u{3164}", "A\u{00A0}1"]
        var text = "timezone UTC\nlocation Left Arm\n\n"
        for (i, lot) in bad.enumerated() { text += "2026-02-0\(i + 1) 08:00  Left Arm  lot: \(lot)\n" }
        try write(text)
        let check = try sitecycle("check", "--format", "gnu")
        #expect(check.exitCode == 1)
        for i in bad.indices {
            #expect(check.stdout.contains("sites.journal:\(i + 4):34: error: invalid lot: "), "\(check.stdout)")
        }
        #expect(check.stdout.contains("[invalid-lot]"))
        try write("timezone UTC\nlocation Left Arm\n\n")
        for lot in bad {
            let log = try sitecycle("log", "Left Arm", "--lot", lot)
            #expect(log.exitCode == 2, "\(lot.unicodeScalars.map(\.value)): \(log.stderr)")
            #expect(log.stderr.contains("--lot: a lot"), "\(log.stderr)")
        }
        let entries = bad.enumerated().map { i, lot in
            "{\"location\": \"Left Arm\", \"start\": \"2026-02-0\(i + 1)T08:00:00Z\", \"lot\": \"\(lot)\"}"
        }
        try write("{\"format\": \"sitecycle-journal\", \"version\": 1, \"entries\": [\(entries.joined(separator: ","))]}",
                  to: "a.json")
        let imported = try sitecycle("import", "a.json")
        #expect(imported.exitCode == 4, "\(imported.stdout)\(imported.stderr)")
        #expect(imported.stdout.components(separatedBy: "invalid lot: ").count == bad.count + 1, "\(imported.stdout)")
        #expect(try read() == "timezone UTC\nlocation Left Arm\n\n")
    }

    // Item 15: a lot of several words is named as such, at its place, with
    // a fix; not taken for a location to declare.
    @Test func aLotOfSeveralWordsIsOneError() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("timezone UTC\nlocation Left Arm\n\n2026-02-01 08:00  Left Arm  lot: X — Y\n"
                  + "2026-02-02 08:00  Left Arm  lot:A 1  reason: pain  ; note\n")
        let check = try sitecycle("check")
        #expect(check.exitCode == 1)
        #expect(check.stderr.contains("sites.journal:4:34: error: a lot is one word: `X — Y` has spaces"), "\(check.stderr)")
        #expect(check.stderr.contains("sites.journal:5:33: error: a lot is one word: `A 1` has spaces"), "\(check.stderr)")
        #expect(check.stderr.contains("`lot: X—Y`"), "\(check.stderr)")
        #expect(!check.stderr.contains("unknown location"), "\(check.stderr)")
        #expect(!check.stderr.contains("declare"), "\(check.stderr)")
        let json = try sitecycle("check", "--json")
        #expect(json.stdout.contains("\"invalid-lot\""), "\(json.stdout)")
    }

    // Item 15, the same for a reason: several words are one error at the
    // reason, with the word meant, and a lot after it is read on its own.
    @Test func aReasonOfSeveralWordsIsOneError() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("timezone UTC\nlocation Left Arm\n\n2026-02-01 08:00  Left Arm  reason: skin reaction  lot: A 1\n")
        let check = try sitecycle("check", "--format", "gnu")
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("sites.journal:4:37: error: a reason is one word: `skin reaction` has spaces"),
                "\(check.stdout)")
        #expect(check.stdout.contains("sites.journal:4:57: error: a lot is one word: `A 1` has spaces"), "\(check.stdout)")
        #expect(!check.stdout.contains("unknown location"), "\(check.stdout)")
        let human = try sitecycle("check")
        #expect(human.stderr.contains("did you mean `skin-reaction`?"), "\(human.stderr)")
    }
}
