import Foundation
import Testing

/// Issue 3's walk-through as a new user would do it, on a fresh `init`
/// journal: after every write, the journal differs by exactly the intended
/// lines and nothing else.
struct NewUserScenarioTests {
    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir).merging(["SITECYCLE_FILE": "sites.journal"]) { $1 }
    }

    func sitecycle(_ args: String...) throws -> BinaryRunner.Output {
        try BinaryRunner.run(args, in: dir, environment: env)
    }

    func lines() throws -> [String] {
        try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Lines removed from `old` and added in `new` (a multiset difference).
    func diff(_ old: [String], _ new: [String]) -> (removed: [String], added: [String]) {
        var added = new, removed: [String] = []
        for line in old {
            if let i = added.firstIndex(of: line) { added.remove(at: i) } else { removed.append(line) }
        }
        return (removed, added)
    }

    @Test func initLogStatusRecommendAndLocations() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try sitecycle("init", "--timezone", "Europe/Berlin").exitCode == 0)
        var before = try lines()

        #expect(try sitecycle("--now", "2026-11-20 08:00", "log", "lfa").exitCode == 0)
        var d = diff(before, try lines())
        #expect(d.removed == [] && d.added == ["2026-11-20 08:00  Left Front Abdomen"])
        #expect(try lines().dropLast().last == "2026-11-20 08:00  Left Front Abdomen")
        before = try lines()

        let back = try sitecycle("--now", "2026-11-20 09:00", "log", "right side thigh", "--at", "2026-11-18 07:30")
        #expect(back.exitCode == 0)
        d = diff(before, try lines())
        #expect(d.removed == [] && d.added == ["2026-11-18 07:30  Right Side Thigh"])
        // Inserted before the newer line, not appended after it.
        let entries = try lines().filter { $0.hasPrefix("2026-11-") }
        #expect(entries == ["2026-11-18 07:30  Right Side Thigh", "2026-11-20 08:00  Left Front Abdomen"])
        before = try lines()

        let status = try sitecycle("--now", "2026-11-22 20:00", "status", "--json")
        #expect(status.stdout.contains("\"location\": \"Left Front Abdomen\""))
        #expect(status.stdout.contains("\"elapsedHours\": 60"))
        #expect(status.stdout.contains("\"state\": \"due-soon\""))
        let recommend = try sitecycle("--now", "2026-11-22 20:00", "recommend")
        #expect(recommend.exitCode == 0)
        #expect(recommend.stdout.contains("✓ Right Front Abdomen  never used"))
        #expect(recommend.stdout.contains("✗ Left Front Abdomen   2026-11-20 08:00  in use"))
        #expect(try lines() == before)

        #expect(try sitecycle("locations", "add", "Hip", "--sides").exitCode == 0)
        d = diff(before, try lines())
        #expect(d.removed == [] && d.added == ["location Left Hip", "location Right Hip"])
        let afterAdd = try lines()

        let removed = try sitecycle("locations", "remove", "Hip")
        #expect(removed.stdout.contains("Removed Left Hip") && removed.stdout.contains("Removed Right Hip"))
        d = diff(afterAdd, try lines())
        #expect(d.removed == ["location Left Hip", "location Right Hip"] && d.added == [])
        #expect(try lines() == before)
        #expect(try sitecycle("check").exitCode == 0)
    }
}
