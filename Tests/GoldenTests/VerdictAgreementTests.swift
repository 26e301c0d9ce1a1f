import Foundation
import Testing
import SiteCycleTestSupport

/// Issue 38: one verdict per site, and every command that advises or
/// warns reads it. A journal where Left Buttock's sets keep ending early:
/// each view must flag it, and none may advise it while another is free.
struct VerdictAgreementTests {
    static let journal = flaggedLeftButtockJournal

    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        try Self.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        // Completion reads its moment from the environment.
        env = BinaryRunner.environment(home: dir, zone: "UTC").merging(["SITECYCLE_NOW": "2026-11-02T09:00:00Z"]) { $1 }
    }

    func run(_ args: [String]) throws -> String {
        let out = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-02 09:00"] + args, in: dir, environment: env)
        #expect(out.exitCode == 0, "\(args): \(out.stderr)")
        return out.stdout
    }

    func object(_ args: [String]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run(args).utf8)) as? [String: Any])
    }

    @Test func everyCommandAgreesOnTheFlaggedSite() throws {
        let flagged = "Left Buttock"
        // recommend --json: its rows carry the flags, and it comes after Right Buttock.
        let rec = try object(["recommend", "--json"])
        let recommended = try #require(rec["recommended"] as? [[String: Any]])
        #expect(recommended.map { $0["location"] as? String } == ["Right Buttock", flagged])
        let all = try #require(rec["all"] as? [[String: Any]])
        for row in all {
            let kinds = (row["flags"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
            #expect(kinds.contains("early") == (row["location"] as? String == flagged), "\(row)")
        }
        // status: its Next is never the flagged site while another is free.
        let status = try object(["status", "--json"])
        #expect(status["next"] as? String == "Right Buttock")
        // An unflagged next carries an empty list, so scripts need not ask.
        #expect((status["nextFlags"] as? [Any])?.isEmpty == true, "\(status)")
        // stats --json: the same site, the same flags.
        let stats = try object(["stats", "--json"])
        let rows = try #require(stats["locations"] as? [[String: Any]])
        for row in rows {
            let kinds = (row["flags"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
            #expect(kinds.contains("early") == (row["location"] as? String == flagged), "stats \(row)")
        }
        // map: the flagged site's own mark, and only its.
        let map = try object(["map", "--json"])
        let marks = try #require(map["locations"] as? [[String: Any]])
        #expect(marks.filter { $0["state"] as? String == "flagged-site" }.map { $0["location"] as? String } == [flagged])
        #expect(try run(["map"]).contains("flagged (recommend says why)"))
        // completion: the flag in its description, and only there.
        let completion = try BinaryRunner.run(["--now", "2026-11-02 09:00", "__complete", "--shell", "zsh", "--",
                                               "-f", "sites.journal", "log", "l"], in: dir, environment: env).stdout
        for line in completion.split(separator: "\n") {
            #expect(line.contains("⚠") == line.hasPrefix("left-buttock\t"), "completion: \(line)")
        }
        #expect(completion.contains("left-buttock\t"))
    }

    /// With a 15-day rest every other site is in use or resting, so the
    /// flagged one is all that is left: `status --json` names it, and its
    /// "nextFlags" are the very objects of its `recommend --json` row.
    @Test func statusCarriesTheNextSitesFlagsAsRecommendDoes() throws {
        let rested = Self.journal.replacingOccurrences(of: "target 72h\n", with: "target 72h\nrest 15d\n")
        try rested.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let rec = try object(["recommend", "--json"])
        let top = try #require((rec["recommended"] as? [[String: Any]])?.first)
        #expect(top["location"] as? String == "Left Buttock")
        let rowFlags = try #require(top["flags"] as? [[String: Any]])
        #expect(rowFlags.compactMap { $0["kind"] as? String } == ["early", "duration"])
        let status = try object(["status", "--json"])
        #expect(status["next"] as? String == "Left Buttock")
        let nextFlags = try #require(status["nextFlags"] as? [[String: Any]])
        // Identical objects: the same keys, kinds and words.
        #expect(nextFlags.map(NSDictionary.init) == rowFlags.map(NSDictionary.init))
        // The device's own entry says the same as the top level.
        let pump = try #require((status["devices"] as? [[String: Any]])?.first)
        #expect((pump["nextFlags"] as? [[String: Any]])?.map(NSDictionary.init) == rowFlags.map(NSDictionary.init))
    }
}
