/// "Did you mean …?" for a misspelt name: the closest candidate by edit
/// distance, compared case-insensitively, when it is close enough to be a
/// typo rather than a different word.
public func suggestion(for word: String, among candidates: [String]) -> String? {
    var suggester = NameSuggester(candidates)
    return suggester.suggestion(for: word)
}

/// Suggestions against one list of names, for many misspelt words: the
/// names are prepared once, each distinct word is answered once, and the
/// work per pair is bounded — a journal of a thousand unknown names against
/// a thousand locations must still check in well under a second.
public struct NameSuggester: Sendable {
    package let names: [String]
    package let lowered: [[Unicode.Scalar]]
    package let histograms: [[UInt8]]
    package var answers: [String: String?] = [:]

    /// Typos are a few edits; beyond this a word is a different word.
    package static let maximumDistance = 8
    /// Words longer than this (pasted text, a hostile file) get no suggestion.
    package static let longestWord = 256
    package static let bins = 32

    public init(_ names: [String]) {
        self.names = names
        lowered = names.map { Array($0.lowercased().unicodeScalars) }
        histograms = lowered.map(NameSuggester.histogram)
    }

    /// Letter counts folded into a few bins: half the difference of two
    /// histograms is a lower bound on the edit distance, and costs nothing.
    package static func histogram(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        var h = [UInt8](repeating: 0, count: bins)
        for s in scalars where h[Int(s.value) % bins] < 255 { h[Int(s.value) % bins] += 1 }
        return h
    }

    public mutating func suggestion(for word: String) -> String? {
        if let known = answers[word] { return known }
        let answer = compute(word)
        answers[word] = answer
        return answer
    }

    package func compute(_ word: String) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty, target.count <= NameSuggester.longestWord else { return nil }
        let mine = NameSuggester.histogram(target)
        var best: (index: Int, distance: Int)?
        for (i, other) in lowered.enumerated() {
            if other == target { return names[i] }
            var limit = min(NameSuggester.maximumDistance, max(2, min(target.count, other.count) / 3))
            if let best { limit = min(limit, best.distance - 1) }
            guard limit >= 0, abs(target.count - other.count) <= limit else { continue }
            var difference = 0
            for b in 0..<NameSuggester.bins { difference += abs(Int(mine[b]) - Int(histograms[i][b])) }
            guard (difference + 1) / 2 <= limit else { continue }
            let d = editDistance(target, other, limit: limit)
            if d <= limit { best = (i, d) }
        }
        if let best { return names[best.index] }
        // A prefix of a longer name ("Left Front" for "Left Front Abdomen") is
        // a suggestion too, when it points at one name only.
        var only: Int?
        for (i, other) in lowered.enumerated() where other.starts(with: target) {
            if only != nil { return nil }
            only = i
        }
        return only.map { names[$0] }
    }
}

/// Levenshtein distance with an early exit once every path exceeds `limit`.
package func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
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
