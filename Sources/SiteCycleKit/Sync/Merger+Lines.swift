/// Where an item's lines are in the result being built, and what kind of
/// item a line holds: the merge's look-ups over its own output.
extension Merger {

    package func range(of item: MergeItem) -> Range<Int>? {
        guard let first = out.firstIndex(where: { $0.item == item }) else { return nil }
        var end = first + 1
        while end < out.count, out[end].item == item { end += 1 }
        return first..<end
    }

    package mutating func replace(_ item: MergeItem, with lines: [String], tag: MergeItem?) {
        guard let r = range(of: item) else { return }
        out.replaceSubrange(r, with: lines.map { Line(text: $0, item: tag) })
    }

    package mutating func conflict(_ item: MergeItem, ours o: [String], theirs t: [String], at index: Int?) {
        conflicts += 1
        let block = ["<<<<<<< ours"] + o + ["======="] + t + [">>>>>>> theirs"]
        if let r = range(of: item) {
            out.replaceSubrange(r, with: block.map { Line(text: $0, item: nil) })
        } else {
            out.insert(contentsOf: block.map { Line(text: $0, item: nil) }, at: index ?? out.count)
        }
    }

    package func lastIndex(where predicate: (MergeItem) -> Bool) -> Int? {
        out.lastIndex { $0.item.map(predicate) ?? false }.map { $0 + 1 }
    }

    package func firstIndex(where predicate: (MergeItem) -> Bool) -> Int? {
        out.firstIndex { $0.item.map(predicate) ?? false }
    }

    package func isSetting(_ i: MergeItem) -> Bool {
        switch i { case .setting, .device: return true; default: return false }
    }
    package func isDevice(_ i: MergeItem) -> Bool { if case .device = i { return true } else { return false } }
    package func isLocation(_ i: MergeItem) -> Bool { if case .location = i { return true } else { return false } }
    package func isEntry(_ i: MergeItem) -> Bool { if case .entry = i { return true } else { return false } }
}
