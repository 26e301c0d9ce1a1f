import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Order statistics by selection must give exactly what sorting gives, whatever the order.
struct OrderStatisticsTests {
    @Test(arguments: [0, 1, 2, 3, 4, 17, 100, 1_001, 2_047, 2_048, 2_049, 4_096, 40_001, 65_536])
    func medianAndQuartilesMatchSorting(count: Int) {
        var r = SeededRandom(seed: UInt64(count) + 1)
        let shapes: [[Double]] = [
            (0..<count).map { _ in Double(r.int(200)) / 4 },           // many ties
            (0..<count).map { Double($0) },                           // sorted
            (0..<count).map { Double(count - $0) },                   // reversed
            (0..<count).map { _ in 7 },                               // all equal
            (0..<count).map { $0 % 2 == 0 ? Double($0) : -Double($0) },  // organ pipe
            (0..<count).map { _ in Double(r.int(2)) },                  // two values
            (0..<count).map { $0 % 7 == 0 ? 72 : Double(r.int(100_000)) / 60 },  // a common length among others
            // Every value a sample of a long part reads is the largest, or
            // the smallest: the part that holds the middle is the rest.
            (0..<count).map { $0 % max(count / 1_024, 1) == 0 ? 1e9 : Double(r.int(1_000)) },
            (0..<count).map { $0 % max(count / 256, 1) == 0 ? -1e9 : Double(r.int(1_000)) },
            (0..<count).map { _ in Double(r.int(1 << 30)) / 3_600 },     // hardly a tie
        ]
        for values in shapes {
            let sorted = values.sorted()
            let expected = sorted.isEmpty ? nil : count % 2 == 1 ? sorted[count / 2]
                : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
            #expect(OrderStatistics.median(values) == expected)
            guard count > 0 else { continue }
            let (q1, q3) = OrderStatistics.pair(values, count / 4, 3 * count / 4)
            #expect(q1 == sorted[count / 4] && q3 == sorted[3 * count / 4])
        }
    }

    /// A long part is narrowed by a sample first: within a longer array,
    /// the same as sorting that part, and nothing outside it moves.
    @Test func aLongPartIsNarrowedWithinItsBounds() {
        var r = SeededRandom(seed: 5)
        for (lo, hi) in [(700, 3_301), (0, 2_048), (1, 40_000), (5_000, 45_001)] {
            let values = (0..<(hi + 600)).map { _ in Double(r.int(5_000)) / 60 }
            var v = values
            let sorted = values[lo..<hi].sorted(), n = hi - lo
            let expected = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
            #expect(OrderStatistics.median(inPlace: &v, in: lo..<hi) == expected)
            #expect(Array(v[..<lo]) == Array(values[..<lo]) && Array(v[hi...]) == Array(values[hi...]))
            #expect(v[lo..<hi].sorted() == sorted)
        }
    }

    /// `stats` keeps every row's sessions in one array and takes each row's
    /// median within its part: the same as sorting that part alone, and
    /// nothing outside it moves.
    @Test func aMedianWithinARangeLeavesTheRestAlone() {
        var r = SeededRandom(seed: 99)
        for _ in 0..<300 {
            let count = r.int(60)
            let values = (0..<count).map { _ in Double(r.int(40)) / 2 }
            let lo = count == 0 ? 0 : r.int(count + 1), hi = lo + r.int(count - lo + 1)
            var v = values
            let sorted = values[lo..<hi].sorted()
            let n = sorted.count
            let expected = n == 0 ? nil : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
            #expect(OrderStatistics.median(inPlace: &v, in: lo..<hi) == expected)
            #expect(Array(v[..<lo]) == Array(values[..<lo]) && Array(v[hi...]) == Array(values[hi...]))
            #expect(v[lo..<hi].sorted() == sorted)
        }
    }
}
