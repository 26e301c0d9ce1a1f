/// Order statistics by selection rather than sorting: the median of a
/// million session lengths costs one linear pass instead of n log n (sorting
/// was two thirds of `stats`). Each returns exactly the element that sorting
/// would put at that position, so results are identical to sorting first.
package enum OrderStatistics {
    /// Rearranges `values[range]` so that `values[k]` holds the value a sort
    /// would put there, everything before it is ≤ and everything after ≥.
    /// Quickselect with a median-of-three pivot and a branchless partition
    /// (each value is moved without a branch on how it compares: on
    /// session lengths in no order, the branches of a classic partition
    /// were mispredicted half the time). Values equal to the pivot are
    /// gathered in a second pass, so many ties cost no extra rounds; after
    /// too many rounds (an adversarial order) it sorts what is left, so it
    /// is never quadratic.
    package static func select(_ values: inout [Double], _ k: Int, in range: Range<Int>) {
        precondition(range.contains(k))
        var lo = range.lowerBound, hi = range.upperBound  // the part still open: lo..<hi
        var budget = 2 * (Int.bitWidth - range.count.leadingZeroBitCount) + 4
        values.withUnsafeMutableBufferPointer { v in
            if hi - lo >= sampledMinimum { (lo, hi) = narrow(v, k, lo..<hi) }
            while hi - lo > 1 {
                budget -= 1
                if budget < 0 || hi - lo <= 16 {
                    v[lo..<hi].sort()
                    return
                }
                let mid = lo + (hi - lo) / 2, last = hi - 1
                if v[mid] < v[lo] { v.swapAt(mid, lo) }
                if v[last] < v[lo] { v.swapAt(last, lo) }
                if v[last] < v[mid] { v.swapAt(last, mid) }
                let pivot = v[mid]
                // lo..<less: below the pivot; less..<hi: at or above it.
                let less = partition(v, lo..<hi) { $0 < pivot }
                if k < less {
                    hi = less
                    continue
                }
                // less..<equal: the pivot's equals, gathered the same way.
                let equal = partition(v, less..<hi) { $0 == pivot }
                if k < equal { return }
                lo = equal
            }
        }
    }

    /// Moves the values of `v[range]` that `isBefore` picks to its front,
    /// each moved without a branch on the answer (on values in no order,
    /// a branch was mispredicted half the time), and returns where the
    /// rest begin.
    @inline(__always)
    static func partition(_ v: UnsafeMutableBufferPointer<Double>, _ range: Range<Int>,
                          by isBefore: (Double) -> Bool) -> Int {
        var end = range.lowerBound
        for i in range {
            let x = v[i]
            v[i] = v[end]
            v[end] = x
            end += isBefore(x) ? 1 : 0
        }
        return end
    }

    /// From this many values, `select` first narrows by a sample.
    static let sampledMinimum = 2_048

    /// Floyd and Rivest's first step: two values from an even sample of
    /// `v[range]`, a little below and a little above where `k` falls in
    /// it, and two branchless passes that put the values below the first
    /// before, and those above the second after, the rest. Returns the
    /// part that holds `k` (everything before it ≤, after it ≥ each of
    /// its values): on session lengths about a tenth of the whole, where
    /// a pivot's partition leaves half, so the median reads each value
    /// about one and a half times, not three. An unlucky sample only
    /// leaves a larger part.
    static func narrow(_ v: UnsafeMutableBufferPointer<Double>, _ k: Int, _ range: Range<Int>) -> (Int, Int) {
        let n = range.count, lo = range.lowerBound, hi = range.upperBound
        let size = n >= 32_768 ? 1_024 : 256, spread = n >= 32_768 ? 48 : 24
        let sample = (0..<size).map { v[lo + $0 * (n / size)] }.sorted()
        let at = (k - lo) / (n / size)
        let low = sample[max(at - spread, 0)], high = sample[min(at + spread, size - 1)]
        let below = partition(v, lo..<hi) { $0 < low }
        if k < below { return (lo, below) }
        let upTo = partition(v, below..<hi) { $0 <= high }
        if k >= upTo { return (upTo, hi) }
        // Between two equal values: every value here is that one.
        return low == high ? (k, k + 1) : (below, upTo)
    }

    /// The middle value; for an even count, the mean of the two middle values.
    package static func median(_ values: [Double]) -> Double? {
        var v = values
        return median(inPlace: &v)
    }

    /// The same, reordering `v` instead of copying it.
    package static func median(inPlace v: inout [Double]) -> Double? {
        median(inPlace: &v, in: 0..<v.count)
    }

    /// The median of `v[range]`, reordering only that part of `v`.
    package static func median(inPlace v: inout [Double], in range: Range<Int>) -> Double? {
        let n = range.count, lo = range.lowerBound
        guard n > 0 else { return nil }
        let middle = lo + n / 2
        select(&v, middle, in: range)
        guard n % 2 == 0 else { return v[middle] }
        // Everything before the middle is ≤ it: the largest of them is next in order.
        var below = v[lo]
        for x in v[(lo + 1)..<middle] where x > below { below = x }
        return (below + v[middle]) / 2
    }

    /// The values a sort would put at positions `first` and `second`
    /// (first ≤ second), without sorting.
    package static func pair(_ values: [Double], _ first: Int, _ second: Int) -> (Double, Double) {
        var v = values
        select(&v, first, in: 0..<v.count)
        if second > first { select(&v, second, in: (first + 1)..<v.count) }
        return (v[first], v[second])
    }
}
