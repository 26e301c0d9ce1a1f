/// A clean merge is a journal `check` accepts: two entries of one device
/// that land on one instant (one side changed `timezone`, the other logged)
/// are a conflict, never a silent error.
extension Merger {
    /// Entries the result holds twice at one instant of one device: each
    /// group becomes one conflict where the first of them stood, OURS's
    /// lines (the entries OURS has) against the others.
    package mutating func markSameInstants(in result: Journal) {
        var kept: [Int64: [SiteChange]] = [:]
        var clashes: [MergeItem: [MergeItem]] = [:]
        for d in result.diagnostics where d.code == .sameInstant {
            guard d.line <= out.count, let item = out[d.line - 1].item,
                  case .entry(let e) = result.syntax.lines[d.line - 1].kind,
                  let seconds = result.zone.instant(reading: e.dateTime, offset: e.offset)?.seconds
            else { continue }
            if kept.isEmpty { for c in result.changes { kept[c.start.seconds, default: []].append(c) } }
            guard case .entry(let key) = item, let same = kept[seconds],
                  let first = same.first(where: { Int64($0.device) == key & 15 }) ?? same.first,
                  let firstItem = out[first.line - 1].item, firstItem != item else { continue }
            clashes[firstItem, default: [firstItem]].append(item)
        }
        for items in clashes.values {
            let ranges = items.compactMap(range(of:)).sorted { $0.lowerBound < $1.lowerBound }
            guard let at = ranges.first else { continue }
            var o: [String] = [], t: [String] = []
            for r in ranges {
                guard case .entry(let key)? = out[r.lowerBound].item else { continue }
                if ours.entries[key] != nil { o += out[r].map(\.text) } else { t += out[r].map(\.text) }
            }
            for r in ranges.dropFirst().reversed() { out.removeSubrange(r) }
            conflicts += 1
            let block = ["<<<<<<< ours"] + o + ["======="] + t + [">>>>>>> theirs"]
            out.replaceSubrange(at, with: block.map { Line(text: $0, item: nil) })
        }
    }
}
