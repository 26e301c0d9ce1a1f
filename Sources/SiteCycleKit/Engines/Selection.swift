/// Order statistics by selection rather than sorting: the median of a
/// million session lengths costs one linear pass instead of n log n (sorting
/// was two thirds of `stats`). Each returns exactly the element that sorting
/// would put at that position, so results are identical to sorting first.
package enum Selection {
    /// Rearranges `values[range]` so that `values[k]` holds the value a sort
    /// would put there, everything before it is ≤ and everything after ≥.
    /// Quickselect with a median-of-three pivot; after too many rounds (an
    /// adversarial order) it sorts what is left, so it is never quadratic.
    package static func select(_ values: inout [Double], _ k: Int, in range: Range<Int>) {
        precondition(range.contains(k))
        var lo = range.lowerBound, hi = range.upperBound - 1
        var budget = 2 * (Int.bitWidth - range.count.leadingZeroBitCount) + 4
        values.withUnsafeMutableBufferPointer { v in
            while hi > lo {
                budget -= 1
                if budget < 0 || hi - lo < 16 {
                    v[lo...hi].sort()
                    return
                }
                let mid = lo + (hi - lo) / 2
                if v[mid] < v[lo] { v.swapAt(mid, lo) }
                if v[hi] < v[lo] { v.swapAt(hi, lo) }
                if v[hi] < v[mid] { v.swapAt(hi, mid) }
                let pivot = v[mid]
                // Hoare partition: lo...j ≤ pivot ≤ j+1...hi.
                var i = lo - 1, j = hi + 1
                while true {
                    repeat { i += 1 } while v[i] < pivot
                    repeat { j -= 1 } while v[j] > pivot
                    if i >= j { break }
                    v.swapAt(i, j)
                }
                if k <= j { hi = j } else { lo = j + 1 }
            }
        }
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
