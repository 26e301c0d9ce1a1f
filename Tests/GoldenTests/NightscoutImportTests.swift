import Foundation
import Testing

/// `import` on Nightscout treatments as people keep them (issue 39 item
/// 14): a `mongoexport` dump (one object a line, `$oid` ids, dates in
/// exponent form), notes that are free text and not site names, and one
/// change sent as several rows (tconnectsync's fills, xDrip+'s repeated
/// Sensor Start, the 600-series uploader's `key600` twice).
struct NightscoutImportTests: WorkFolder {
    let dir: URL
    let env: [String: String]

    static let journal = """
        timezone UTC
        target 72h
        device sensor 10d

        location Left Front Abdomen
        location Right Front Abdomen
        location Left Back Arm  for pump,sensor

        2019-05-01 08:00  Right Front Abdomen

        """

    /// As `mongoexport --collection treatments` writes a 600-series
    /// uploader's site: the reservoir change sent twice with one key600,
    /// a temp basal, careportal rows with only a `date` (one with 17
    /// significant digits), a nickname, and a last line cut short.
    static let dump = """
        {"_id":{"$oid":"5cd43a36e2a7b0001f6e1a01"},"eventType":"Site Change","created_at":"2019-05-09T12:35:18.571Z",\
        "date":1.557405318571e+12,"notes":"Reservoir changed (lifetime 2 days 23 hours)",\
        "enteredBy":"600-series uploader","key600":"SC1557405318","device":"medtronic-600://6213"}
        {"_id":{"$oid":"5cd5a1c2e2a7b0001f6e1b77"},"eventType":"Site Change","created_at":"2019-05-09T12:35:18.571Z",\
        "date":1.557405318571e+12,"notes":"Reservoir changed (lifetime 2 days 23 hours)",\
        "enteredBy":"600-series uploader","key600":"SC1557405318","device":"medtronic-600://6213"}
        {"_id":{"$oid":"5cd43a36e2a7b0001f6e1a03"},"eventType":"Temp Basal","created_at":"2019-05-09T13:00:00.000Z",\
        "date":1.5574068e+12,"absolute":0.5,"duration":30,"enteredBy":"600-series uploader"}
        {"_id":{"$oid":"5cd7d3a8e2a7b0001f6e1c10"},"eventType":"Site Change","date":1.5576486e+12,\
        "notes":"Left Front Abdomen","enteredBy":"careportal"}
        {"_id":{"$oid":"5cd8a0f6e2a7b0001f6e1c44"},"eventType":"Site Change","date":1.5578214000000001e12,\
        "notes":"Cannula kinked, new set","enteredBy":"careportal"}
        {"_id":{"$oid":"5cdb2c4de2a7b0001f6e1d02"},"eventType":"Site Change","created_at":"2019-05-18T07:45:00.000Z",\
        "notes":"Tummy L","enteredBy":"careportal"}
        {"_id":{"$oid":"5cdb2c4de2a7b0001f6e1d03"},"eventType":"Site Change","created_at":

        """

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir)
        try write("sites.journal", Self.journal)
    }

    /// The journal with each run of blanks inside a line as two spaces:
    /// what was written, whatever columns the writer lines it up in.
    func journalText() throws -> String {
        try Self.unaligned(String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8))
    }

    static func unaligned(_ text: String) -> String {
        text.replacingOccurrences(of: "  +", with: "  ", options: .regularExpression)
    }

    func sitecycle(_ args: [String], code: Int32) throws -> BinaryRunner.Output {
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-06-01 12:00"] + args, in: dir, environment: env)
        #expect(r.exitCode == code, "\(args): \(r.stdout)\(r.stderr)")
        return r
    }

    @Test func aMongoexportDumpIsReadAndFreeTextNotesAreNoSites() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("treatments.json", Self.dump)
        let r = try sitecycle(["import", "treatments.json", "--dry-run"], code: 4)
        #expect(r.stdout == """
            Read treatments.json as Nightscout treatments: 6 rows (1 not site changes, ignored).
            Rejected rows (not imported):
              row 7: not a JSON object
            Rows naming no site (skipped; --unnamed-site LOCATION imports them there):
              row 1: 2019-05-09 12:35:18 (2 rows), "Reservoir changed (lifetime 2 days 23
                hours)"
              row 5: 2019-05-14 08:10, "Cannula kinked, new set"
              row 6: 2019-05-18 07:45, "Tummy L"
            Would add 1 site change; 0 already there, 0 conflicts, 1 rejected, 3 naming no
              site.
            Nothing was changed (--dry-run).

            """)
        #expect(try journalText() == Self.journal)
        // No location is declared after a note: the journal's three stay.
        #expect(!r.stdout.contains("New locations"))
    }

    @Test func unnamedSiteAndMapPlaceTheRowsThatNameNone() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("treatments.json", Self.dump)
        let r = try sitecycle(["import", "treatments.json", "--map", "Tummy L=Left Front Abdomen",
                               "--unnamed-site", "left back arm"], code: 4)
        #expect(r.stdout.contains("Added 4 site changes; 0 already there, 0 conflicts, 1 rejected.\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  rows 1, 2: one change, Left Back Arm, at 2019-05-09 12:35:18 (2 rows)\n"),
                "\(r.stdout)")
        // The same import again: every change is already there.
        let json = try sitecycle(["import", "treatments.json", "--map", "Tummy L=Left Front Abdomen",
                                  "--unnamed-site", "left back arm", "--dry-run", "--json"], code: 4).stdout
        #expect(json.contains("\"added\": 0,") && json.contains("\"skipped\": 4,"), "\(json)")
        #expect(json.contains("""
              "repeated": [
                {
                  "row": 1,
                  "rows": [
                    1,
                    2
                  ],
                  "device": "pump",
                  "start": "2019-05-09T12:35:18Z",
                  "location": "Left Back Arm"
                }
              ],
            """), "\(json)")
        #expect(try journalText() == Self.journal.dropLast() + """

            2019-05-09 12:35:18  Left Back Arm  ; Reservoir changed (lifetime 2 days 23 hours)
            2019-05-12 08:10  Left Front Abdomen
            2019-05-14 08:10  Left Back Arm  ; Cannula kinked, new set
            2019-05-18 07:45  Left Front Abdomen

            """)
        _ = try sitecycle(["check"], code: 0)
    }

    @Test func theJSONReportListsRepeatsAndRowsNamingNoSite() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("treatments.json", Self.dump)
        let r = try sitecycle(["import", "treatments.json", "--dry-run", "--json"], code: 4)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        // Rows 1 and 2 are one change, listed once: under naming no site.
        #expect((json["repeated"] as? [Any])?.isEmpty == true)
        let unnamed = try #require(json["namingNoSite"] as? [[String: Any]])
        #expect(unnamed.map { $0["row"] as? Int } == [1, 5, 6] && unnamed.map { $0["rows"] as? Int } == [2, 1, 1])
        #expect(unnamed[2]["note"] as? String == "Tummy L" && json["added"] as? Int == 1)
    }

    /// tconnectsync sends one site change as three "Site Change" rows, as
    /// its own tests show them: cartridge and tubing at 23:50:59, the
    /// cannula 23 minutes later. Another set, all within two minutes.
    static let tconnect = """
        [{"eventType": "Site Change", "reason": "Cannula Filled (0.3u primed)", "notes": "Cannula Filled (0.3u primed)",
          "created_at": "2026-05-16 00:14:09-04:00", "enteredBy": "Pump (tconnectsync)", "pump_event_id": "448176"},
         {"eventType": "Site Change", "reason": "Tubing Filled", "notes": "Tubing Filled",
          "created_at": "2026-05-15 23:50:59-04:00", "enteredBy": "Pump (tconnectsync)", "pump_event_id": "448074"},
         {"eventType": "Site Change", "reason": "Cartridge Filled (180u filled)", "notes": "Cartridge Filled (180u filled)",
          "created_at": "2026-05-15 23:50:59-04:00", "enteredBy": "Pump (tconnectsync)", "pump_event_id": "448073"},
         {"eventType": "Site Change", "reason": "Cannula Filled (0.5u primed)", "notes": "Cannula Filled (0.5u primed)",
          "created_at": "2026-05-13 07:02:30-04:00", "enteredBy": "Pump (tconnectsync)", "pump_event_id": "441002"},
         {"eventType": "Site Change", "reason": "Tubing Filled", "notes": "Tubing Filled",
          "created_at": "2026-05-13 07:01:10-04:00", "enteredBy": "Pump (tconnectsync)", "pump_event_id": "441001"},
         {"eventType": "Site Change", "reason": "Cartridge Filled (200u filled)", "notes": "Cartridge Filled (200u filled)",
          "created_at": "2026-05-13 07:00:40-04:00", "enteredBy": "Pump (tconnectsync)", "pump_event_id": "441000"}]
        """

    @Test func tconnectsyncFillsAreOneChangeAtTheCannulaFill() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("tconnect.json", Self.tconnect)
        let dry = try sitecycle(["import", "tconnect.json", "--dry-run"], code: 0)
        #expect(dry.stdout == """
            Read tconnect.json as Nightscout treatments: 6 rows.
            Rows naming no site (skipped; --unnamed-site LOCATION imports them there):
              row 1: 2026-05-16 04:14:09 (3 rows), "Cannula Filled (0.3u primed)"
              row 4: 2026-05-13 11:02:30 (3 rows), "Cannula Filled (0.5u primed)"
            Would add 0 site changes; 0 already there, 0 conflicts, 0 rejected, 2 naming no
              site.
            Nothing was changed (--dry-run).

            """)
        let r = try sitecycle(["import", "tconnect.json", "--unnamed-site", "Right Front Abdomen"], code: 0)
        #expect(r.stdout == """
            Read tconnect.json as Nightscout treatments: 6 rows.
            Repeated rows taken as one change each:
              rows 1–3: one change, Right Front Abdomen, at 2026-05-16 04:14:09 (3 rows)
              rows 4–6: one change, Right Front Abdomen, at 2026-05-13 11:02:30 (3 rows)
            Added 2 site changes; 0 already there, 0 conflicts, 0 rejected.

            """)
        #expect(try journalText().hasSuffix("""
            2019-05-01 08:00  Right Front Abdomen
            2026-05-13 11:02:30  Right Front Abdomen  ; Cannula Filled (0.5u primed)
            2026-05-16 04:14:09  Right Front Abdomen  ; Cannula Filled (0.3u primed)

            """))
        // The same file again adds nothing: each change is already there.
        let again = try sitecycle(["import", "tconnect.json", "--unnamed-site", "Right Front Abdomen"], code: 0)
        #expect(again.stdout.contains("Added 0 site changes; 2 already there"), "\(again.stdout)")
    }

    /// xDrip+ sends "Sensor Start" three times within five minutes; two
    /// site changes five minutes apart at different sites stay two; a
    /// note naming an app default (not declared here) is a site.
    @Test func repeatedSensorStartsAreOneChangeButTwoSitesStayTwo() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("xdrip.json", """
            [{"eventType":"Sensor Start","created_at":"2026-05-20T09:04:00.000Z","notes":"Left Back Arm","enteredBy":"xdrip"},
             {"eventType":"Sensor Start","created_at":"2026-05-20T09:02:00.000Z","notes":"Left Back Arm","enteredBy":"xdrip"},
             {"eventType":"Sensor Start","created_at":"2026-05-20T09:00:00.000Z","notes":"Left Back Arm","enteredBy":"xdrip"},
             {"eventType":"Site Change","created_at":"2026-05-21T08:05:00.000Z","notes":"Right Front Abdomen"},
             {"eventType":"Site Change","created_at":"2026-05-21T08:00:00.000Z","notes":"Left Front Abdomen"},
             {"eventType":"Site Change","created_at":"2026-05-24T08:00:00.000Z","notes":"Right Side Thigh"}]
            """)
        let dry = try sitecycle(["import", "xdrip.json", "--dry-run"], code: 0)
        #expect(dry.stdout == """
            Read xdrip.json as Nightscout treatments: 6 rows.
            New locations to declare (send a name elsewhere with --map "FROM=TO"):
              Right Side Thigh
            Repeated rows taken as one change each:
              rows 1–3: one sensor change, Left Back Arm, at 2026-05-20 09:00 (3 rows)
            Would add 4 site changes; 0 already there, 0 conflicts, 0 rejected.
            Nothing was changed (--dry-run).

            """)
        _ = try sitecycle(["import", "xdrip.json"], code: 0)
        #expect(try journalText().hasSuffix("""
            2019-05-01 08:00  Right Front Abdomen
            2026-05-20 09:00  sensor  Left Back Arm
            2026-05-21 08:00  Left Front Abdomen
            2026-05-21 08:05  Right Front Abdomen
            2026-05-24 08:00  Right Side Thigh

            """))
    }

    /// The same key600 twice, hours apart (an uploader that sent its
    /// history again), is one change.
    @Test func theSameKey600TwiceIsOneChange() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("k.json", """
            {"_id":{"$oid":"6a1"},"eventType":"Site Change","created_at":"2026-05-20T09:00:00Z","notes":"Left Front Abdomen","key600":"K1"}
            {"_id":{"$oid":"6a2"},"eventType":"Site Change","created_at":"2026-05-20T11:00:00Z","notes":"Left Front Abdomen","key600":"K1"}
            {"_id":{"$oid":"6a3"},"eventType":"Site Change","created_at":"2026-05-23T09:00:00Z","notes":"Left Front Abdomen","key600":"K2"}
            """)
        let dry = try sitecycle(["import", "k.json", "--dry-run"], code: 0)
        #expect(dry.stdout.contains("  rows 1, 2: one change, Left Front Abdomen, at 2026-05-20 09:00 (2 rows)\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("Would add 2 site changes;"), "\(dry.stdout)")
    }

    @Test func unnamedSiteIsForNightscoutAndAValidName() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("app.csv", "date,location,duration_hours,note\n2026-05-20 09:00,L Abdomen (Front),72,\n")
        let csv = try sitecycle(["import", "app.csv", "--unnamed-site", "Left Back Arm"], code: 2)
        #expect(csv.stderr.contains("--unnamed-site applies to Nightscout treatments"), "\(csv.stderr)")
        try write("t.json", Self.tconnect)
        let bad = try sitecycle(["import", "t.json", "--unnamed-site", "2 arm"], code: 2)
        #expect(bad.stderr.contains("--unnamed-site: a location name must start with a letter"), "\(bad.stderr)")
        #expect(try journalText() == Self.journal)
    }
}

/// Issue 39 item 15: an import file saved as "Unicode" — UTF-16 or UTF-32
/// with a byte order mark — reads as its text.
struct WideImportFileTests {
    @Test(arguments: [("utf-16le", [UInt8]([0xFF, 0xFE])), ("utf-16be", [0xFE, 0xFF]),
                      ("utf-32le", [0xFF, 0xFE, 0, 0]), ("utf-32be", [0, 0, 0xFE, 0xFF])])
    func aWideFileWithAByteOrderMarkIsRead(_ encoding: String, _ mark: [UInt8]) throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = BinaryRunner.baseEnvironment(home: dir)
        try NightscoutImportTests.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true,
                                                encoding: .utf8)
        let csv = "date,location,duration_hours,note\r\n2026-05-20 09:00,L Abdomen (Front),,Café\r\n"
        let treatments = """
            [{"eventType":"Site Change","created_at":"2026-05-24T09:00:00Z","notes":"Left Back Arm"}]
            """
        for (name, text) in [("app.csv", csv), ("ns.json", treatments)] {
            let scalars = text.unicodeScalars.map(\.value)
            var bytes = mark
            let big = mark.first == 0 || mark == [0xFE, 0xFF], width = mark.count
            for s in scalars {
                let units: [UInt32] = width == 4 ? [s] : String(Unicode.Scalar(s)!).utf16.map(UInt32.init)
                for u in units {
                    let le = (0..<width).map { UInt8((u >> (8 * UInt32($0))) & 0xFF) }
                    bytes += big ? le.reversed() : le
                }
            }
            try Data(bytes).write(to: dir.appendingPathComponent(name))
            let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-06-01 12:00", "import", name], in: dir,
                                         environment: env)
            #expect(r.exitCode == 0, "\(encoding) \(name): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("Added 1 site change;"), "\(encoding) \(name): \(r.stdout)")
        }
        let written = try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
        let text = NightscoutImportTests.unaligned(written)
        #expect(text.hasSuffix("2026-05-20 09:00  Left Front Abdomen  ; Café\n2026-05-24 09:00  Left Back Arm\n"),
                "\(encoding): \(text)")
    }
}

extension WideImportFileTests {
    /// Without the mark, a wide file is named by its encoding, by `import`
    /// and by `outcomes --cgm` alike, and nothing is imported.
    @Test(arguments: ["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"])
    func aWideFileWithoutAByteOrderMarkIsNamed(_ encoding: String) throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = BinaryRunner.baseEnvironment(home: dir)
        try NightscoutImportTests.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true,
                                                encoding: .utf8)
        let width = encoding.hasPrefix("UTF-32") ? 4 : 2, big = encoding.hasSuffix("BE")
        let text = "date,location,duration_hours,note\r\n2026-05-20 09:00,L Abdomen (Front),,x\r\n"
        var bytes: [UInt8] = []
        for s in text.unicodeScalars {
            let le = (0..<width).map { UInt8((s.value >> (8 * UInt32($0))) & 0xFF) }
            bytes += big ? le.reversed() : le
        }
        try Data(bytes).write(to: dir.appendingPathComponent("wide.csv"))
        for args in [["import", "wide.csv"], ["outcomes", "--cgm", "wide.csv"]] {
            let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-06-01 12:00"] + args, in: dir, environment: env)
            #expect(r.exitCode != 0, "\(args): \(r.stdout)")
            #expect(r.stderr.contains("wide.csv is \(encoding) text without a byte order mark"), "\(args): \(r.stderr)")
        }
        let written = try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
        #expect(written == NightscoutImportTests.journal)
    }
}

extension NightscoutImportTests {
    /// `--unnamed-site` completes to the journal's locations, as typed
    /// on a command line, and a slug names the location.
    @Test func unnamedSiteCompletesToLocations() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try BinaryRunner.run(["__complete", "--shell", "fish", "--", "import", "t.json", "--unnamed-site", ""],
                                     in: dir, environment: env.merging(["SITECYCLE_FILE": "sites.journal"]) { $1 })
        #expect(r.stdout == "left-front-abdomen\nright-front-abdomen\nleft-back-arm\n", "\(r.stdout)\(r.stderr)")
        try write("t.json", #"[{"eventType":"Site Change","created_at":"2026-05-20T09:00:00Z"}]"#)
        _ = try sitecycle(["import", "t.json", "--unnamed-site", "left-back-arm"], code: 0)
        #expect(try journalText().hasSuffix("2026-05-20 09:00  Left Back Arm\n"))
    }
}

extension NightscoutImportTests {
    /// A sensor row whose notes name no site is no site to rotate: it is
    /// ignored like one without notes, and --unnamed-site (the pump's) is
    /// not used for it.
    @Test func aSensorRowNamingNoSiteIsIgnored() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("s.json", """
            [{"eventType":"Sensor Change","created_at":"2026-05-20T09:00:00Z","notes":"Sensor changed (lifetime 6 days 23 hours)"},
             {"eventType":"Sensor Change","created_at":"2026-05-20T09:01:00Z","notes":"Sensor changed (lifetime 6 days 23 hours)"},
             {"eventType":"Sensor Start","created_at":"2026-05-20T09:03:00Z"},
             {"eventType":"Site Change","created_at":"2026-05-21T09:00:00Z","notes":"Reservoir changed"}]
            """)
        let r = try sitecycle(["import", "s.json", "--unnamed-site", "Left Back Arm"], code: 0)
        #expect(r.stdout == """
            Read s.json as Nightscout treatments: 1 row (3 not site changes, ignored).
            Added 1 site change; 0 already there, 0 conflicts, 0 rejected.

            """)
        #expect(try journalText().hasSuffix("\n2026-05-21 09:00  Left Back Arm  ; Reservoir changed\n"))
    }
}

extension NightscoutImportTests {
    /// Changes each sent twice (one key600), and many rows of one change
    /// at one instant, unnamed rows before a named one: taken as one in
    /// linear time. n and 4n rows, the larger at most
    /// `LinearTimeTests.budget` times as long.
    @Test func manyRepeatedRowsTakeLinearTime() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        func rows(_ n: Int) -> String {
            var out = ""
            out.reserveCapacity(n * 320)
            for i in 0..<n {
                let date = 1_700_000_000_000 + i * 3_600_000
                for copy in 0..<2 {
                    out += #"{"_id":{"$oid":"\#(i)-\#(copy)"},"eventType":"Site Change","date":\#(date),"#
                        + #""notes":"Reservoir changed","key600":"K\#(i)"}"# + "\n"
                }
            }
            for i in 0..<n {
                out += #"{"eventType":"Sensor Start","date":1.7792424e+12,"notes":"\#(i < n - 1 ? "started" : "Left Back Arm")"}"#
                    + "\n"
            }
            return out
        }
        func seconds(_ n: Int) throws -> Double {
            try write("many.json", rows(n))
            return try LinearTimeTests.seconds {
                let r = try sitecycle(["import", "many.json", "--dry-run"], code: 0)
                #expect(r.stdout.contains("Would add 1 site change; 0 already there, 0 conflicts, 0 rejected, \(n) naming"),
                        "\(r.stdout.suffix(300))")
                #expect(r.stdout.contains("  rows \(2 * n + 1)–\(3 * n): one sensor change, Left Back Arm, at 2026-05-20 "
                                          + "02:00 (\(n)\n    rows)\n"), "\(r.stdout.prefix(300))")
            }
        }
        let small = try seconds(2_000), large = try seconds(8_000)
        #expect(large / small < LinearTimeTests.budget, "3 × 2,000 rows: \(small) s; 3 × 8,000: \(large) s")
    }
}
