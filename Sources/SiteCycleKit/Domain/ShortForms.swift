/// `LocationMatcher.shortForm(of:)` for every location at once, in time
/// linear in the length of the names rather than in their count squared:
/// `locations` lists 65,535 of them (the documented maximum) in well under a
/// second, where asking the matcher once per location took minutes.
///
/// The answers are the matcher's own. A short form of a location is a word
/// `lead + prefix(last word)`; it names the location alone when the first
/// tier of `LocationMatcher.candidates` that any location reaches (exact,
/// initials, start of the first word, the starts of every word run
/// together, the start of the initials; enabled locations first) holds that
/// location and no other. Instead of asking every location of every word,
/// each location is walked once over the words that can be asked, and each
/// word keeps, per tier, how many matched and which.
package struct ShortForms {
    private struct Tally {
        var count = 0
        var only = -1
        /// A location reaches a word at most once in a tier.
        mutating func add(_ index: Int) {
            count += 1
            only = index
        }
    }

    private static let tiers = 5
    /// A node of the trie of every word that may be asked.
    private struct Node {
        var next: [Unicode.Scalar: Int] = [:]
        /// The word this node ends, if one may be asked.
        var asked: Int?
    }

    private var nodes = [Node()]
    private var words: [String] = []
    /// tallies[word][tier] among enabled locations, then among all.
    private var enabled: [[Tally]] = []
    private var all: [[Tally]] = []
    /// The short form of each location, in the order given.
    package private(set) var forms: [String] = []

    package init(_ locations: [Location]) {
        let names = locations.map { LocationMatcher.words($0.name) }
        var asked: [[Int]] = []
        for name in names { asked.append(ShortForms.candidateWords(name).map { insert($0) }) }
        enabled = Array(repeating: Array(repeating: Tally(), count: ShortForms.tiers), count: words.count)
        all = enabled
        for (index, name) in names.enumerated() {
            tally(name, index: index, isEnabled: locations[index].isEnabled)
        }
        forms = locations.indices.map { index in
            // By name, as the matcher compares: of two locations of one
            // name, one disabled, the enabled one answers for both.
            for word in asked[index] where named(word).map({ locations[$0].name }) == locations[index].name {
                return words[word]
            }
            return LocationMatcher.slug(locations[index].name)
        }
    }

    /// The words `shortForm(of:)` tries for a name, in its order.
    private static func candidateWords(_ name: [String]) -> [String] {
        guard let last = name.last else { return [] }
        let lead = name.dropLast().map { String($0.prefix(1)) }.joined()
        return (1...max(1, last.count)).map { lead + String(last.prefix($0)) }
    }

    private mutating func insert(_ word: String) -> Int {
        var node = 0
        for scalar in word.unicodeScalars {
            if let next = nodes[node].next[scalar] { node = next; continue }
            nodes.append(Node())
            nodes[node].next[scalar] = nodes.count - 1
            node = nodes.count - 1
        }
        if let known = nodes[node].asked { return known }
        words.append(word)
        nodes[node].asked = words.count - 1
        return words.count - 1
    }

    private func lookUp<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> Int? {
        var node = 0
        for scalar in scalars {
            guard let next = nodes[node].next[scalar] else { return nil }
            node = next
        }
        return nodes[node].asked
    }

    private mutating func count(_ word: Int, tier: Int, _ index: Int, _ isEnabled: Bool) {
        all[word][tier].add(index)
        if isEnabled { enabled[word][tier].add(index) }
    }

    /// Every asked word this name answers, in each tier.
    private mutating func tally(_ name: [String], index: Int, isEnabled: Bool) {
        guard let first = name.first else { return }
        // Exact: a one-word name is its own word.
        if name.count == 1, let word = lookUp(first.unicodeScalars) { count(word, tier: 0, index, isEnabled) }
        let initials = Array(name.map { String($0.prefix(1)) }.joined().unicodeScalars)
        if let word = lookUp(initials) { count(word, tier: 1, index, isEnabled) }
        // The start of the first word, and the start of the initials: each
        // prefix is a walk down the trie.
        for (tier, scalars) in [(2, Array(first.unicodeScalars)), (4, initials)] {
            var node = 0
            for scalar in scalars {
                guard let next = nodes[node].next[scalar] else { break }
                node = next
                if let word = nodes[node].asked { count(word, tier: tier, index, isEnabled) }
            }
        }
        for word in runTogether(name) { count(word, tier: 3, index, isEnabled) }
    }

    /// The asked words that are the start of every word of `name` in turn,
    /// run together (`LocationMatcher.startsOfWords`): the trie walked with
    /// the name's words, each word giving at least its first letter.
    private func runTogether(_ name: [String]) -> Set<Int> {
        let w = name.map { Array($0.unicodeScalars) }
        var found: Set<Int> = []
        var seen: Set<[Int]> = []
        // (trie node, word, letters of that word used so far)
        var stack: [(Int, Int, Int)] = []
        if let start = nodes[0].next[w[0][0]] { stack.append((start, 0, 1)) }
        while let (node, i, j) = stack.popLast() {
            guard seen.insert([node, i, j]).inserted else { continue }
            if i == w.count - 1, let word = nodes[node].asked { found.insert(word) }
            if j < w[i].count, let next = nodes[node].next[w[i][j]] { stack.append((next, i, j + 1)) }
            if i + 1 < w.count, !w[i + 1].isEmpty, let next = nodes[node].next[w[i + 1][0]] {
                stack.append((next, i + 1, 1))
            }
        }
        return found
    }

    /// The one location `word` names, or nil when it names none or several.
    private func named(_ word: Int) -> Int? {
        let pool = enabled[word].contains(where: { $0.count > 0 }) ? enabled[word] : all[word]
        guard let tier = pool.first(where: { $0.count > 0 }), tier.count == 1 else { return nil }
        return tier.only
    }
}
