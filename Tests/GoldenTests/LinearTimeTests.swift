import Foundation
import Testing

/// Input shaped to be slow (issue 39 items 6 and 7) read in time linear in
/// its size: each case is run at n and at 4n, and the larger may take at
/// most `budget` times as long. A linear reader takes about 4× (less, with
/// start-up in both); a quadratic one 16×. Each size is timed twice and the
/// faster run kept, so a busy machine's pause does not decide.
struct LinearTimeTests {
    static let budget = 8.0

    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir)
        try OutcomesTests.journal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
    }

    /// The faster of two runs of `body`, in seconds.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<2 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    func outcomes(_ file: String, _ text: String) throws -> Double {
        try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        return try Self.seconds {
            let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-20 12:00", "outcomes", "--cgm", file, "--json"],
                                         in: dir, environment: env)
            #expect(r.exitCode == 0, "\(r.stderr)")
        }
    }

    /// `n` Nightscout readings, each another value, all at one `date`
    /// (or five minutes apart).
    static func nightscout(_ n: Int, oneInstant: Bool) -> String {
        let first: Int64 = 1_772_800_000_000  // 2026-03-06, Lower Back's set
        var out = "["
        out.reserveCapacity(n * 40)
        for i in 0..<n {
            out += "{\"date\":\(first + (oneInstant ? 0 : Int64(i) * 300_000)),\"sgv\":\(40 + i),\"type\":\"sgv\"},\n"
        }
        return out + "{\"type\":\"mbg\",\"mbg\":140,\"date\":1}]\n"
    }

    /// `n` Clarity EGV rows, each another value, all at one timestamp.
    static func clarity(_ n: Int) -> String {
        var out = OutcomesTests.clarity([]) { _ in "" }
        out.reserveCapacity(n * 40)
        for i in 0..<n { out += "\(i + 3),2026-03-06T12:00:00,EGV,,,,iOS G6,\(40 + i),,,,,\r\n" }
        return out
    }

    /// Issue 39 item 6: readings at one instant were de-duplicated by
    /// walking back over every reading kept at that instant (100,000
    /// Nightscout readings with one `date` took 5.9 s, 200,000 Clarity rows
    /// 25 s). Now 4n of them take about 4 times n, and about what as many
    /// readings at different instants take.
    @Test func manyReadingsAtOneInstantTakeLinearTime() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let n = 5_000
        let small = try outcomes("small.json", Self.nightscout(n, oneInstant: true))
        let large = try outcomes("large.json", Self.nightscout(4 * n, oneInstant: true))
        #expect(large / small < Self.budget, "Nightscout: \(small) s for \(n), \(large) s for \(4 * n)")
        let spread = try outcomes("spread.json", Self.nightscout(4 * n, oneInstant: false))
        #expect(large / spread < 2.5, "\(large) s at one instant, \(spread) s five minutes apart")
        let smallCSV = try outcomes("small.csv", Self.clarity(n))
        let largeCSV = try outcomes("large.csv", Self.clarity(4 * n))
        #expect(largeCSV / smallCSV < Self.budget, "Clarity: \(smallCSV) s for \(n), \(largeCSV) s for \(4 * n)")
        // Every value is its own reading: none is dropped as a repeat.
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-03-20 12:00", "outcomes", "--cgm", "large.csv",
                                      "small.csv", "--json"], in: dir, environment: env)
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
        #expect((j["overall"] as? [String: Any])?["readings"] as? Int == 4 * n)
        #expect(j["duplicates"] as? Int == n)
    }
}
