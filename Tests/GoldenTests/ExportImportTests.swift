import Foundation
import Testing

/// Round trips through the real binary, and the calendar file read by an
/// independent RFC 5545 parser (Python's icalendar, installed by .ci/run).
struct ExportImportTests {
    let dir: URL
    let env: [String: String]
    static let realistic = CompletionTests.repo.appendingPathComponent("examples/realistic.journal")
    static let now = "2026-11-21T12:00:00Z"

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir)
    }

    func sitecycle(_ args: [String]) throws -> BinaryRunner.Output {
        let r = try BinaryRunner.run(args, in: dir, environment: env)
        #expect(r.exitCode == 0, "\(args): \(r.stderr)")
        return r
    }

    @Test func csvExportImportExportIsByteIdentical() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try sitecycle(["-f", ExportImportTests.realistic.path, "--now", Self.now, "export"]).stdout
        try first.write(to: dir.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["init", "-f", "fresh.journal", "--timezone", "UTC"])
        _ = try sitecycle(["-f", "fresh.journal", "--now", Self.now, "import", "a.csv"])
        let second = try sitecycle(["-f", "fresh.journal", "--now", Self.now, "export"]).stdout
        #expect(first.count > 20_000)
        #expect(first == second)
    }

    @Test func jsonExportImportGivesTheSameJournalModel() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try sitecycle(["-f", ExportImportTests.realistic.path, "--now", Self.now, "export", "--format", "json"]).stdout
        try first.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("empty.journal"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["-f", "empty.journal", "--now", Self.now, "import", "a.json"])
        let second = try sitecycle(["-f", "empty.journal", "--now", Self.now, "export", "--format", "json"]).stdout
        #expect(first == second)
        #expect(try sitecycle(["-f", "empty.journal", "check"]).stdout.isEmpty)
    }

    /// Issue 31 item 13: the `patient` line travels with the JSON export
    /// and is written back by `import`; a name that would add a line or a
    /// comment to the journal is refused with the file's error.
    @Test func jsonExportImportKeepsThePatient() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try "timezone UTC\npatient Ada Lovelace\nlocation Left Arm\n\n2026-11-01 08:00  Left Arm\n"
            .write(to: dir.appendingPathComponent("a.journal"), atomically: true, encoding: .utf8)
        let first = try sitecycle(["-f", "a.journal", "--now", Self.now, "export", "--format", "json"]).stdout
        #expect(first.contains("\"patient\": \"Ada Lovelace\""))
        try first.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("empty.journal"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["-f", "empty.journal", "--now", Self.now, "import", "a.json"])
        let rebuilt = try String(contentsOf: dir.appendingPathComponent("empty.journal"), encoding: .utf8)
        #expect(rebuilt.split(separator: "\n").contains("patient Ada Lovelace"), "\(rebuilt)")
        #expect(try sitecycle(["-f", "empty.journal", "--now", Self.now, "export", "--format", "json"]).stdout == first)

        let planted = first.replacingOccurrences(of: "Ada Lovelace", with: "Ada\\n2026-11-02 08:00  Left Arm")
        try planted.write(to: dir.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("other.journal"), atomically: true, encoding: .utf8)
        let refused = try BinaryRunner.run(["-f", "other.journal", "--now", Self.now, "import", "b.json"], in: dir, environment: env)
        let message = refused.stderr.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(refused.exitCode != 0 && message.contains("invalid `patient Ada\\x0a2026-11-02 08:00 Left Arm`: "
                                                          + "a patient name cannot contain control characters"),
                "\(refused.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("other.journal"), encoding: .utf8).isEmpty)
    }

    /// Issue 38: the `cgm` line (the CGM export's path, relative to the
    /// journal's folder) travels with the JSON export and is written back
    /// by `import`, checked as the line is; a journal with its own keeps it.
    @Test func jsonExportImportKeepsTheCGMExportsPath() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try "timezone UTC\ncgm exports/clarity.csv\nlocation Left Arm\n\n2026-11-01 08:00  Left Arm\n"
            .write(to: dir.appendingPathComponent("a.journal"), atomically: true, encoding: .utf8)
        let first = try sitecycle(["-f", "a.journal", "--now", Self.now, "export", "--format", "json"]).stdout
        let settings = try #require((try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])?["settings"]
                                    as? [String: Any])
        #expect(settings["cgm"] as? String == "exports/clarity.csv", "\(first)")
        try first.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("empty.journal"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["-f", "empty.journal", "--now", Self.now, "import", "a.json"])
        let rebuilt = try String(contentsOf: dir.appendingPathComponent("empty.journal"), encoding: .utf8)
        #expect(rebuilt.split(separator: "\n").contains("cgm exports/clarity.csv"), "\(rebuilt)")
        #expect(try sitecycle(["-f", "empty.journal", "--now", Self.now, "export", "--format", "json"]).stdout == first)

        // A journal without the line exports none.
        try "timezone UTC\nlocation Left Arm\n\n2026-11-01 08:00  Left Arm\n"
            .write(to: dir.appendingPathComponent("b.journal"), atomically: true, encoding: .utf8)
        #expect(!(try sitecycle(["-f", "b.journal", "--now", Self.now, "export", "--format", "json"]).stdout.contains("\"cgm\"")))

        // A journal with its own line keeps it.
        try "timezone UTC\ncgm mine.csv\nlocation Left Arm\n"
            .write(to: dir.appendingPathComponent("own.journal"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["-f", "own.journal", "--now", Self.now, "import", "a.json"])
        let own = try String(contentsOf: dir.appendingPathComponent("own.journal"), encoding: .utf8)
        #expect(own.split(separator: "\n").filter { $0.hasPrefix("cgm ") } == ["cgm mine.csv"], "\(own)")

        // A path out of the folder is the file's error: nothing is imported.
        let planted = first.replacingOccurrences(of: "exports/clarity.csv", with: "../../etc/clarity.csv")
        try planted.write(to: dir.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("other.journal"), atomically: true, encoding: .utf8)
        let refused = try BinaryRunner.run(["-f", "other.journal", "--now", Self.now, "import", "c.json"], in: dir, environment: env)
        let message = refused.stderr.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(refused.exitCode != 0 && message.contains("invalid `cgm ../../etc/clarity.csv`: ")
                && message.contains("steps out of the journal's folder"), "\(refused.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("other.journal"), encoding: .utf8).isEmpty)
    }

    static let pumpAndSensor = CompletionTests.repo.appendingPathComponent("examples/pump-and-sensor.journal")

    /// Issue 24, item 4: one JSON shape per domain type. A location in
    /// `locations --json` is the export's location plus what the listing
    /// adds; a change in `history --json` is the export's entry plus its
    /// line, on a journal with a pump and a sensor.
    @Test func everyCommandWritesALocationAndAChangeInOneShape() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = Self.pumpAndSensor.path
        func json(_ args: [String]) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(try sitecycle(["-f", file, "--now", Self.now] + args).stdout.utf8))
        }
        let export = try #require(try json(["export", "--format", "json"]) as? [String: Any])
        let exported = try #require(export["locations"] as? [[String: Any]])
        let listed = try #require(try json(["locations", "--json"]) as? [[String: Any]])
        #expect(exported.count == listed.count && exported.count > 5)
        for (e, l) in zip(exported, listed) {
            #expect(Set(l.keys).subtracting(["short", "uses", "lastUsed"]) == Set(e.keys), "\(l["name"] ?? "?")")
            for key in e.keys { #expect("\(e[key]!)" == "\(l[key]!)", "\(key) of \(e["name"] ?? "?")") }
        }
        let entries = try #require(export["entries"] as? [[String: Any]])
        for device in ["pump", "sensor"] {
            let history = try #require(try json(["history", "--device", device, "--json"]) as? [[String: Any]])
            let mine = entries.filter { $0["device"] as? String == device }
            #expect(history.count == mine.count && !mine.isEmpty)
            for (h, e) in zip(history.reversed(), mine) {
                #expect(Set(h.keys).subtracting(["line"]) == Set(e.keys))
                for key in e.keys { #expect("\(e[key]!)" == "\(h[key]!)", "\(key) of \(e["start"] ?? "?")") }
            }
        }
    }

    /// Issue 23, item 4: a sensor's CSV says it is the sensor's (a last
    /// column the app skips), goes back into the sensor rotation, and is
    /// never read as pump rows: into the journal it came from, every row is
    /// already there.
    @Test func sensorCSVRoundTripsIntoTheSensorRotation() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = ExportImportTests.pumpAndSensor.path
        let first = try sitecycle(["-f", journal, "--now", Self.now, "export", "--device", "sensor"]).stdout
        #expect(first.hasPrefix("date,location,duration_hours,note,device\n"))
        #expect(first.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix(",sensor") })
        try first.write(to: dir.appendingPathComponent("sensor.csv"), atomically: true, encoding: .utf8)
        let again = try sitecycle(["-f", journal, "--now", Self.now, "import", "sensor.csv", "--dry-run", "--json"]).stdout
        #expect(again.contains("\"added\": 0,") && again.contains("\"conflicts\": []"), "\(again)")
        // Into a journal with no sensor yet: the rows make the sensor's rotation.
        _ = try sitecycle(["init", "-f", "fresh.journal", "--timezone", "Europe/Berlin"])
        _ = try sitecycle(["-f", "fresh.journal", "--now", Self.now, "import", "sensor.csv"])
        let second = try sitecycle(["-f", "fresh.journal", "--now", Self.now, "export", "--device", "sensor"]).stdout
        #expect(first == second)
        #expect(try sitecycle(["-f", "fresh.journal", "--now", Self.now, "export"]).stdout
                == "date,location,duration_hours,note\n")
        // --device pump refuses the sensor's rows; --device sensor takes the app's.
        let refused = try BinaryRunner.run(["-f", "fresh.journal", "import", "sensor.csv", "--device", "pump", "--dry-run"],
                                           in: dir, environment: env)
        #expect(refused.exitCode == 4 && refused.stdout.contains("the row is for device `sensor`, not `pump`"))
        let plain = first.split(separator: "\n").map { $0.replacingOccurrences(of: ",sensor", with: "") }
            .joined(separator: "\n").replacingOccurrences(of: ",device", with: "")
        try plain.write(to: dir.appendingPathComponent("app.csv"), atomically: true, encoding: .utf8)
        let app = try sitecycle(["-f", journal, "import", "app.csv", "--device", "sensor", "--dry-run", "--json"]).stdout
        #expect(app.contains("\"added\": 0,") && app.contains("\"conflicts\": []"), "\(app)")
    }

    /// Nightscout's "Sensor Start" (xDrip+) is a sensor change too.
    @Test func nightscoutSensorStartGoesToTheSensor() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let treatments = """
            [{"eventType":"Sensor Start","created_at":"2026-11-01T08:00:00.000Z","notes":"Left Back Arm"},
             {"eventType":"Site Change","created_at":"2026-11-02T08:00:00.000Z","notes":"Left Front Abdomen"}]
            """
        try treatments.write(to: dir.appendingPathComponent("ns.json"), atomically: true, encoding: .utf8)
        _ = try sitecycle(["init", "-f", "ns.journal", "--timezone", "UTC", "--zones", "front-abdomen,back-arm"])
        _ = try sitecycle(["-f", "ns.journal", "--now", Self.now, "import", "ns.json"])
        let text = try String(contentsOf: dir.appendingPathComponent("ns.journal"), encoding: .utf8)
        #expect(text.contains("2026-11-01 08:00  sensor  Left Back Arm"), "\(text)")
        #expect(text.contains("2026-11-02 08:00  Left Front Abdomen"))
    }

    @Test func exportFilesArePrivate() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try sitecycle(["-f", ExportImportTests.realistic.path, "--now", Self.now, "export", "-o", "."])
        let file = dir.appendingPathComponent("sitecycle-export-2026-11-21.csv").path
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test(.enabled(if: RequiredTools.icalendar, "Python's icalendar is not installed (pip install icalendar)"))
    func calendarFileParsesWithAnIndependentParser() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let ics = try sitecycle(["-f", ExportImportTests.realistic.path, "--now", Self.now, "export", "--format", "ics",
                                 "--last", "30d"]).stdout
        try ics.write(to: dir.appendingPathComponent("sites.ics"), atomically: true, encoding: .utf8)
        let check = """
            import icalendar, sys
            data = open(sys.argv[1], 'rb').read()
            assert b'\\r\\n' in data and b'\\n' not in data.replace(b'\\r\\n', b'')
            assert all(len(line) <= 75 for line in data.split(b'\\r\\n')), 'unfolded line'
            cal = icalendar.Calendar.from_ical(data)
            events = cal.walk('VEVENT')
            alarms = cal.walk('VALARM')
            sites = [e for e in events if str(e['SUMMARY']).startswith('Site: ')]
            for e in sites:
                assert e.decoded('DTEND') > e.decoded('DTSTART')
            print(len(sites), len(alarms), str(sites[0]['SUMMARY']))
            """
        let run = try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", check, "sites.ics"], in: dir,
                                           environment: ProcessInfo.processInfo.environment)
        let text = run.stdout + run.stderr
        #expect(run.exitCode == 0, "\(text)")
        let fields = text.split(separator: " ")
        #expect(Int(fields.first ?? "") ?? 0 >= 9, "\(text)")
        #expect(fields.count > 1 && fields[1] == "1", "\(text)")
    }
}

/// The CSV and Nightscout exports read by Python's csv and json modules.
struct IndependentReaderTests {
    @Test(.enabled(if: RequiredTools.python3, "python3 is not installed"))
    func csvAndNightscoutReadElsewhere() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = BinaryRunner.baseEnvironment(home: dir)
        let journal = ExportImportTests.realistic.path
        for (format, file) in [("csv", "a.csv"), ("nightscout", "ns.json")] {
            let r = try BinaryRunner.run(["-f", journal, "--now", ExportImportTests.now, "export", "--format", format, "-o", file],
                                         in: dir, environment: env)
            #expect(r.exitCode == 0)
        }
        let check = """
            import csv, json, sys, datetime
            rows = list(csv.reader(open('a.csv', newline='', encoding='utf-8')))
            assert rows[0] == ['date', 'location', 'duration_hours', 'note'], rows[0]
            assert all(len(r) == 4 for r in rows), 'ragged rows'
            for r in rows[1:]:
                datetime.datetime.strptime(r[0], '%Y-%m-%dT%H:%M:%SZ')
                assert r[2] == '' or float(r[2]) >= 0
            assert sum(1 for r in rows if r[2] == '') == 1, 'exactly one active row'
            ns = json.load(open('ns.json'))
            assert all(t['eventType'] == 'Site Change' and t['enteredBy'] == 'sitecycle' for t in ns)
            for t in ns:
                datetime.datetime.strptime(t['created_at'], '%Y-%m-%dT%H:%M:%S.000Z')
                assert t['notes']
            print(len(rows) - 1, len(ns), sum(1 for t in ns if 'location' in t))
            """
        let run = try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", check], in: dir,
                                           environment: ProcessInfo.processInfo.environment)
        let text = run.stdout + run.stderr
        #expect(run.exitCode == 0, "\(text)")
        let counts = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] == 484 && counts[1] == 484 && counts[2] > 300, "\(text)")
    }
}
