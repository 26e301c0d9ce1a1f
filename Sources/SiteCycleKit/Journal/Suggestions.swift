/// "Did you mean …?" for a misspelt name: the closest candidate by edit
/// distance, compared case-insensitively, when it is close enough to be a
/// typo rather than a different word.
public func suggestion(for word: String, among candidates: [String]) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
        let other = Array(candidate.lowercased().unicodeScalars)
        if other == target { return candidate }
        let limit = max(2, min(target.count, other.count) / 3)
        let d = editDistance(target, other, limit: limit)
        if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
    }
    if let best { return best.0 }
    // A prefix of a longer name ("Left Front" for "Left Front Abdomen") is
    // a suggestion too, when it points at one name only.
    let prefixed = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) }
    return prefixed.count == 1 ? prefixed[0] : nil
}

/// Levenshtein distance with an early exit once every path exceeds `limit`.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        current[0] = i
        var rowMin = current[0]
        for j in 1...max(b.count, 1) where !b.isEmpty {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            rowMin = min(rowMin, current[j])
        }
        if rowMin > limit { return limit + 1 }
        swap(&previous, &current)
    }
    return a.isEmpty ? b.count : previous[b.count]
}
