import Foundation
import Testing

/// The clinic report: a strict parser reads it, each SVG parses as XML and
/// is described, nothing is fetched or run, journal text is escaped.
struct ReportTests {
    static let realistic = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/realistic.journal")

    func report(journal: String? = nil, _ extra: [String] = []) throws -> (dir: URL, html: String, output: BinaryRunner.Output) {
        let dir = try BinaryRunner.temporaryDirectory()
        let path = dir.appendingPathComponent("sites.journal")
        if let journal { try journal.write(to: path, atomically: true, encoding: .utf8) }
        else { try FileManager.default.copyItem(at: ReportTests.realistic, to: path) }
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["TZ"] = "Europe/Berlin"
        let output = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-21 12:00", "report", "-o", dir.path] + extra,
                                          in: dir, environment: env)
        let file = dir.appendingPathComponent("sitecycle-report-2026-11-21.html")
        let html = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return (dir, html, output)
    }

    /// Issue 31 item 10: a paused site is marked on the report's map and
    /// said in its key, not left to look well rested.
    @Test func aPausedSiteHasItsOwnMarkInTheMapKey() throws {
        let (dir, html, output) = try report(journal: """
            timezone Europe/Berlin
            location Left Front Abdomen
            location Right Front Abdomen
            location Left Side Thigh  paused until 2026-12-15

            2026-10-01 08:00  Left Side Thigh
            2026-11-15 08:00  Left Front Abdomen
            2026-11-18 08:00  Right Front Abdomen

            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(html.contains("class=\"paused\""))
        #expect(html.contains("<td>Left Side Thigh</td><td class=\"n\">1</td><td class=\"n\">1081.0</td><td class=\"now\">paused until <span class=\"date\">2026-12-15</span></td>"),
                "\(html)")
        #expect(html.contains("A double outer ring: paused"))  // its own mark since the audit (item 10)
    }

    /// Issue 31 item 13: "up to 1 uses", "1 completed sessions".
    @Test func oneIsSingular() throws {
        let (dir, html, output) = try report(journal: """
            timezone Europe/Berlin
            location Left Front Abdomen
            location Right Front Abdomen

            2026-11-15 08:00  Left Front Abdomen
            2026-11-18 08:00  Right Front Abdomen

            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(html.contains("(up to 1 use)."))
        #expect(html.contains("Overall: 2 site changes, 1 completed session, mean"))
    }

    /// Issue 31 item 13: a place for the patient's name, as text.
    @Test func thePatientsNameIsInTheHeader() throws {
        let (dir, html, output) = try report(journal: nil, ["--patient", "Ada <b>Lovelace</b>"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(html.contains("<dt>Patient</dt><dd>Ada &lt;b&gt;Lovelace&lt;/b&gt;</dd>"))
        let (dir2, html2, _) = try report()
        defer { try? FileManager.default.removeItem(at: dir2) }
        #expect(!html2.contains("<dt>Patient</dt>"))
    }

    /// Issue 31 item 13: the journal's `patient` line names the patient in
    /// the header; --patient gives another name for one run, --no-patient
    /// none, and the journal is not touched by either.
    @Test func theJournalsPatientLineIsInTheHeaderUnlessOverridden() throws {
        let journal = """
            timezone Europe/Berlin
            patient   Grace  Hopper ; as the clinic knows her
            location Left Front Abdomen
            location Right Front Abdomen

            2026-11-15 08:00  Left Front Abdomen
            2026-11-18 08:00  Right Front Abdomen

            """
        let (dir, html, output) = try report(journal: journal)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(html.contains("<dt>Patient</dt><dd>Grace Hopper</dd>"), "\(html.prefix(3000))")
        let (dir2, html2, output2) = try report(journal: journal, ["--patient", "Ada Lovelace"])
        defer { try? FileManager.default.removeItem(at: dir2) }
        #expect(output2.exitCode == 0, "\(output2.stderr)")
        #expect(html2.contains("<dt>Patient</dt><dd>Ada Lovelace</dd>") && !html2.contains("Grace"))
        #expect(try String(contentsOf: dir2.appendingPathComponent("sites.journal"), encoding: .utf8) == journal)
        let (dir3, html3, output3) = try report(journal: journal, ["--no-patient"])
        defer { try? FileManager.default.removeItem(at: dir3) }
        #expect(output3.exitCode == 0, "\(output3.stderr)")
        #expect(!html3.contains("<dt>Patient</dt>") && !html3.contains("Grace") && html3.contains("<dt>Period</dt>"))
        let (dir4, _, both) = try report(journal: journal, ["--no-patient", "--patient", "Ada"])
        defer { try? FileManager.default.removeItem(at: dir4) }
        #expect(both.exitCode == 2 && both.stderr.contains("--patient and --no-patient cannot be used together"),
                "\(both.exitCode) \(both.stderr)")
    }

    /// Issue 31 item 13: the absorption insight wraps in its cell (every
    /// other cell keeps to one line), so print never clips it.
    @Test func theAbsorptionTextWrapsInItsColumn() throws {
        let (dir, html, output) = try report()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(html.contains("td.absorption { white-space: normal;"))
        #expect(html.contains("<td class=\"absorption\">"))
    }

    @Test func writesAPrivateFileNamedByTheDate() throws {
        let (dir, html, output) = try report()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0)
        #expect(output.stdout == "Wrote the report to \(dir.path)/sitecycle-report-2026-11-21.html.\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path + "/sitecycle-report-2026-11-21.html")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    /// `report --json -o` once printed the figures and ignored -o (exit 0):
    /// a file asked for is written, to a path or into a folder.
    @Test func jsonGoesWhereDashOSays() throws {
        let (dir, _, output) = try report(["--json"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        let file = dir.path + "/sitecycle-report-2026-11-21.json"
        #expect(output.stdout == "Wrote the report's figures to \(file).\n")
        let json = try String(contentsOfFile: file, encoding: .utf8)
        #expect(json.hasPrefix("{") && json.contains("\"period\": {"), "\(json.prefix(200))")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["TZ"] = "Europe/Berlin"
        let named = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-21 12:00", "report", "--json",
                                          "-o", "figures.json"], in: dir, environment: env)
        #expect(named.exitCode == 0, "\(named.stderr)")
        #expect(try String(contentsOfFile: dir.path + "/figures.json", encoding: .utf8) == json)
    }

    /// Issue 32, item 5: `--cgm` adds the pump's sites by time in range,
    /// best first, and time in range by day of wear, before the notes.
    @Test func aCGMExportAddsThePumpsGlucoseBySite() throws {
        let clarity = ReportTests.realistic.deletingLastPathComponent().appendingPathComponent("cgm/clarity.csv").path
        let (dir, html, output) = try report(journal: nil, ["--cgm", clarity, "--last", "30d"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        let ids = ["id=\"sites\"", "id=\"glucose\"", "id=\"notes\""].map { html.range(of: $0)?.lowerBound }
        #expect(ids.allSatisfy { $0 != nil } && ids.compactMap { $0 }.sorted() == ids.compactMap { $0 })
        let section = String(html[html.range(of: "id=\"glucose\"")!.lowerBound...].prefix { $0 != "§" })
            .components(separatedBy: "</section>")[0]
        let rows = ["Left Front Abdomen", "Right Buttock", "Lower Back"].map { section.range(of: "<td>\($0)</td>")?.lowerBound }
        #expect(rows.allSatisfy { $0 != nil } && rows.compactMap { $0 }.sorted() == rows.compactMap { $0 }, "by time in range")
        #expect(section.contains("<title id=\"wear-title\">Time in range by day of wear</title>"))
        #expect(section.contains("<td>4+</td>") && section.contains("Battelino"))
        let (plainDir, plain, _) = try report(journal: nil)
        defer { try? FileManager.default.removeItem(at: plainDir) }
        #expect(!plain.contains("id=\"glucose\""))
        // --json: the same figures, as `outcomes --json --by wear-day` gives them.
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["TZ"] = "Europe/Berlin"
        let args = ["-f", ReportTests.realistic.path, "--now", "2026-11-21 12:00", "--json"]
        let json = try BinaryRunner.run(args + ["report", "--cgm", clarity, "--last", "30d"], in: dir, environment: env)
        let outcomes = try BinaryRunner.run(args + ["outcomes", "--cgm", clarity, "--by", "wear-day"], in: dir, environment: env)
        let glucose = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["glucose"]
            as? [String: Any], "\(json.stdout.suffix(500))")
        let direct = try #require(try JSONSerialization.jsonObject(with: Data(outcomes.stdout.utf8)) as? [String: Any])
        #expect(NSDictionary(dictionary: glucose).isEqual(to: direct), "the report's period holds every reading")
    }

    /// A file's name says what it holds: `report --json -o r.html` once
    /// wrote JSON under an .html name (exit 0); the page under .json too.
    @Test func theFileNameAndTheFormatAgree() throws {
        let (dir, _, _) = try report()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["TZ"] = "Europe/Berlin"
        for (extra, name) in [(["--json"], "r.html"), ([], "r.json")] {
            let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-21 12:00", "report"] + extra + ["-o", name],
                                         in: dir, environment: env)
            #expect(r.exitCode == 2, "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + name))
        }
    }

    @Test func eachDevicesActiveSiteIsInTheNowTable() throws {
        let journal = try String(contentsOf: ReportTests.realistic.deletingLastPathComponent()
            .appendingPathComponent("pump-and-sensor.journal"), encoding: .utf8)
        let (dir, html, output) = try report(journal: journal)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(html.contains("<tr><td>Pump</td><td>Left Front Abdomen</td>"), "\(html.prefix(3000))")
        #expect(html.contains("<tr><td>Sensor</td><td>Left Back Arm</td>"))
    }

    @Test func hasTheSectionsInOrderAndNothingActive() throws {
        let (dir, html, _) = try report()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ids = ["id=\"header\"", "id=\"now\"", "id=\"map\"", "id=\"distribution\"", "id=\"timeline\"", "id=\"sites\"", "id=\"notes\""]
        let positions = ids.map { html.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 }.sorted() == positions.compactMap { $0 })
        let lower = html.lowercased()
        #expect(!lower.contains("<script"))
        #expect(!lower.contains("http:") && !lower.contains("https:") && !lower.contains("//"))
        #expect(!lower.contains("@import") && !lower.contains("url("))
        #expect(html.contains("<dd>sites.journal</dd>") && !html.contains(dir.path))
        #expect(html.contains("<dd>Europe/Berlin</dd>"))
        // Whole days: from a midnight, not 13:00 across the DST change (issue 31 item 13).
        // The last 90 days are today and the 89 before, shown as dates.
        #expect(html.contains("Period</dt><dd>2026-08-24 to 2026-11-21"), "\(html.prefix(900))")
        #expect(html.contains("Rotation balance:"))
        #expect(html.contains("Left Front Abdomen"))
    }

    static let hostile = """
        timezone Europe/Berlin
        location Left Front Abdomen
        location Tummy & "Co" <b>

        2026-11-01 08:00  Left Front Abdomen   ; <script>alert(1)</script>
        2026-11-04 08:00  Tummy & "Co" <b>    ; it's < fine & "ok"

        """

    @Test func journalTextIsEscaped() throws {
        let (dir, html, output) = try report(journal: ReportTests.hostile)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Tummy &amp; &quot;Co&quot; &lt;b&gt;"))
        #expect(!html.contains("<b>"))
    }

    /// Python's expat (strict XML) over the whole page and over each SVG
    /// alone, and html.parser; every SVG has a title and a desc first.
    @Test(.enabled(if: RequiredTools.python3, "python3 is not installed"), arguments: [nil, ReportTests.hostile])
    func strictParsersAcceptIt(journal: String?) throws {
        let (dir, _, output) = try report(journal: journal)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(output.exitCode == 0)
        let check = """
            import sys, re, xml.etree.ElementTree as ET
            from html.parser import HTMLParser
            text = open(sys.argv[1], encoding="utf-8").read()
            root = ET.fromstring(text)
            assert root.tag == "html", root.tag
            svgs = re.findall(r"<svg\\b.*?</svg>", text, re.S)
            assert len(svgs) == 3, len(svgs)
            for s in svgs:
                svg = ET.fromstring(s)
                kids = [c.tag for c in svg]
                assert kids[:2] == ["title", "desc"], kids[:2]
                assert svg.find("title").text.strip() and svg.find("desc").text.strip()
            assert len(list(root.iter("script"))) == 0
            sections = [s.get("id") for s in root.iter("section")]
            assert sections == ["now", "map", "distribution", "timeline", "sites", "notes"], sections
            notes = "".join(root.find(".//section[@id='notes']").itertext())
            if "alert" in text:
                assert "<script>alert(1)</script>" in notes, notes
            class Strict(HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True)
                    self.stack = []
                def handle_starttag(self, tag, attrs):
                    if tag not in ("meta",): self.stack.append(tag)
                def handle_startendtag(self, tag, attrs): pass
                def handle_endtag(self, tag):
                    assert self.stack and self.stack[-1] == tag, (tag, self.stack[-3:])
                    self.stack.pop()
            p = Strict(); p.feed(text); p.close()
            assert not p.stack, p.stack
            print("ok")
            """
        let run = try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/env"),
                                           ["python3", "-c", check, "sitecycle-report-2026-11-21.html"], in: dir,
                                           environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(run.stdout == "ok\n", "\(run.stderr)")
    }

    /// Issue 23: the example's report gives each device exactly the figures
    /// `stats --device` gives it, and never one averaged over both.
    @Test func eachDevicesFiguresAreItsStats() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = ReportTests.realistic.deletingLastPathComponent().appendingPathComponent("pump-and-sensor.journal").path
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["TZ"] = "Europe/Berlin"
        let period = ["--from", "2026-08-23", "--to", "2026-11-21 12:00"]
        func json(_ arguments: [String]) throws -> Any {
            let r = try BinaryRunner.run(["-f", journal, "--now", "2026-11-21 12:00"] + arguments + ["--json"] + period,
                                         in: dir, environment: env)
            #expect(r.exitCode == 0, "\(arguments): \(r.stderr)")
            return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
        }
        let report = try #require(try json(["report"]) as? [String: Any])
        let devices = try #require(report["devices"] as? [[String: Any]])
        #expect(devices.map { $0["device"] as? String } == ["pump", "sensor"])
        for entry in devices {
            let name = try #require(entry["device"] as? String)
            let stats = try json(["stats", "--device", name])
            #expect(NSDictionary(dictionary: try #require(entry["stats"] as? [String: Any])).isEqual(stats),
                    "the report's \(name) figures differ from `stats --device \(name)`")
        }
        let pump = ((devices[0]["stats"] as? [String: Any])?["overall"] as? [String: Any])?["averageHours"] as? Double
        let sensor = ((devices[1]["stats"] as? [String: Any])?["overall"] as? [String: Any])?["averageHours"] as? Double
        #expect((pump ?? 0) < 100 && (sensor ?? 0) > 200, "pump \(pump ?? 0) h, sensor \(sensor ?? 0) h")
    }
}
