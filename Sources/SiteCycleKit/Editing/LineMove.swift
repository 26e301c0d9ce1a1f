extension JournalEditor {
    /// Where moved lines go: just before one line, or just after one.
    package enum LinePlace: Sendable {
        case before(Int)
        case after(Int)
    }

    /// Moves whole lines, byte for byte and in file order, to `place`
    /// (`locations move`: a change of the header order). The lines must
    /// not include the anchor.
    package mutating func moveLines(_ numbers: [Int], to place: LinePlace) {
        let texts = numbers.sorted().map { source.lineText($0) }
        switch place {
        case .before(let anchor): insert(texts, beforeLine: anchor)
        case .after(let anchor): insert(texts, afterLine: anchor)
        }
        for n in numbers { deleteLines(n, through: n) }
    }
}
