import Foundation
import Testing

/// Issue 38 item 3: the journal names its CGM export (`cgm PATH`), or
/// `--cgm FILE` does for one run, and the advice reads its glucose. Nothing
/// outside the journal's folder, no link; a missing file is a warning.
struct CGMDirectiveTests {
    let dir: URL
    let env: [String: String]
    static let names = ["Left Front Abdomen", "Right Front Abdomen", "Lower Back"]

    /// Nine 36-hour sets over the three sites; Lower Back reads 200 one
    /// reading in three (67 % in range against 89 %): `outcomes` flags it.
    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir)
        var changes: [(Date, String)] = []
        for k in 0..<9 {
            changes.append((OutcomesTests.instant("2026-03-01 08:00").addingTimeInterval(Double(k) * 36 * 3600), Self.names[k % 3]))
        }
        let times = OutcomesTests.times().filter { $0 >= changes[0].0 }
        try OutcomesTests.clarity(times) { t in
            let name = changes.last { $0.0 <= t }!.1
            return name == "Lower Back" && Int(t.timeIntervalSince1970 / 300) % 3 == 0 ? "200" : "120"
        }.write(to: dir.appendingPathComponent("flag.csv"), atomically: true, encoding: .utf8)
        journalBody = changes.map { OutcomesTests.formatter("yyyy-MM-dd HH:mm").string(from: $0.0) + "  " + $0.1 + "\n" }.joined()
    }

    let journalBody: String

    func journal(cgm: String?) throws {
        let header = "timezone America/New_York\n" + (cgm.map { "cgm \($0)\n" } ?? "")
            + Self.names.map { "location \($0)\n" }.joined() + "\n"
        try (header + journalBody).write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
    }

    func run(_ args: [String]) throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-14 12:00"] + args, in: dir, environment: env)
    }

    /// Each location's flag kinds in `recommend --json`.
    func flags(_ args: [String] = []) throws -> [String: [String]] {
        let r = try run(["recommend", "--json"] + args)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var out: [String: [String]] = [:]
        for row in json["all"] as? [[String: Any]] ?? [] {
            out[row["location"] as! String] = (row["flags"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        }
        return out
    }

    @Test func theDirectiveAndTheOptionGiveTheGlucoseFlag() throws {
        try journal(cgm: nil)
        #expect(try flags()["Lower Back"] == [])
        #expect(try flags(["--cgm", "flag.csv"])["Lower Back"] == ["glucose"])
        try journal(cgm: "flag.csv")
        #expect(try flags()["Lower Back"] == ["glucose"])
        #expect(try flags()["Left Front Abdomen"] == [])
        let status = try run(["status"])
        #expect(status.exitCode == 0 && status.stderr.isEmpty, "\(status.stderr)")
        let text = try run(["recommend"]).stdout
        #expect(text.contains("% in range (") && text.contains("% overall)"), "\(text)")
    }

    @Test func aPathOutsideTheFolderIsRefused() throws {
        for path in ["../flag.csv", "/etc/passwd", "a/../../flag.csv"] {
            try journal(cgm: path)
            let r = try run(["check"])
            #expect(r.exitCode != 0, "\(path)")
            #expect(r.stderr.contains("journal's folder"), "\(path): \(r.stderr)")
        }
    }

    @Test func aLinkIsRefusedAndTheAdviceFallsBack() throws {
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.csv").path,
                                                   withDestinationPath: "flag.csv")
        try journal(cgm: "link.csv")
        let r = try run(["status"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stderr.contains("link.csv") && r.stderr.contains("the advice reads the journal alone"), "\(r.stderr)")
        #expect(try flags()["Lower Back"] == [])
    }

    @Test func aMissingFileIsAWarningNeverAFailureOfStatus() throws {
        try journal(cgm: "exports/missing.csv")
        let r = try run(["status"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stderr.contains("missing.csv") && r.stderr.contains("the advice reads the journal alone"), "\(r.stderr)")
        #expect(r.stdout.contains("Next: "))
    }

    /// Kanapka's rule through the binary: A came out after 48 h (target 72 h)
    /// with two hours above 300 mg/dL and no reason typed.
    @Test func aSetEndedInProlongedHyperglycaemiaIsListedAndCounted() throws {
        try "timezone America/New_York\ntarget 72h\nlocation A\nlocation B\n\n2026-03-01 08:00  A\n2026-03-03 08:00  B\n"
            .write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let high = OutcomesTests.instant("2026-03-03 06:00"), out = OutcomesTests.instant("2026-03-03 08:00")
        let times = OutcomesTests.times().filter { $0 >= OutcomesTests.instant("2026-03-01 08:00") && $0 < OutcomesTests.instant("2026-03-03 12:00") }
        try OutcomesTests.clarity(times) { t in t >= high && t < out ? "320" : "120" }
            .write(to: dir.appendingPathComponent("high.csv"), atomically: true, encoding: .utf8)
        let early = try run(["history", "--early", "--cgm", "high.csv"])
        #expect(early.stdout.contains("probable failure: >300 mg/dL for the last 2 h"), "\(early.stdout)\(early.stderr)")
        #expect(early.stdout.contains("sitecycle amend 6 --reason high-glucose"), "\(early.stdout)")
        // Without the export nothing ended early: no reason was typed.
        #expect(try run(["history", "--early"]).stdout.hasPrefix("No site ended early"))
        let outcomes = try run(["outcomes", "--cgm", "high.csv", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcomes.stdout.utf8)) as? [String: Any])
        let a = (json["sites"] as? [[String: Any]])?.first { $0["location"] as? String == "A" }
        #expect(a?["glucoseFailures"] as? Int == 1, "\(outcomes.stdout)")
    }

    /// The export's readings are kept in the state folder: the next run
    /// believes the kept copy, not the export (a copy changed to read 120
    /// everywhere takes the flag away); a new version of the export (a new
    /// modification time) is read again.
    @Test func theExportIsReadOncePerVersion() throws {
        try journal(cgm: "flag.csv")
        let first = try run(["recommend", "--json"])
        #expect(first.exitCode == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let folder = dir.appendingPathComponent(".local/state/sitecycle/cgm")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        let kept = folder.appendingPathComponent(try #require(names.first))
        let mode = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Trusted once kept 2 s after the export's last change: made newer
        // here rather than waited for.
        let later = Date().addingTimeInterval(3600)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: kept.path)
        #expect(try run(["recommend", "--json"]).stdout == first.stdout)

        var bytes = [UInt8](try Data(contentsOf: kept))
        var start = 0
        for _ in 0..<3 { start = try #require(bytes[start...].firstIndex(of: 0x0A)) + 1 }
        #expect((bytes.count - start) % 17 == 0)
        let value = withUnsafeBytes(of: Double(120).bitPattern.littleEndian) { Array($0) }
        for at in stride(from: start, to: bytes.count, by: 17) { bytes.replaceSubrange(at + 8 ..< at + 16, with: value) }
        try Data(bytes).write(to: kept)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: kept.path)
        #expect(try flags()["Lower Back"] == [])

        let export = dir.appendingPathComponent("flag.csv").path
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: export)
        #expect(try flags()["Lower Back"] == ["glucose"])
    }
}
