/// One change a merge most probably made twice: the same change logged on
/// two computers (`SiteChange.isProbableDuplicate`, the rule `check`
/// warns by), one entry from each side, now side by side in the result.
package struct ProbableDuplicate: Equatable, Sendable {
    /// The earlier entry's line in the merged journal.
    package var earlierLine: Int
    /// The later entry's line: the one `check`'s fix deletes.
    package var line: Int
    package var location: String
    /// Minutes between the two.
    package var minutes: Int64
}

package enum MergeDuplicates {
    /// The probable duplicates in `result` that neither side had on its
    /// own (entries matched by device and start instant): what the merge
    /// itself made. A result that does not read has none to name.
    package static func made(result: Journal, sides: [[UInt8]], defaultZone: ZoneRules) -> [ProbableDuplicate] {
        guard !result.diagnostics.hasErrors else { return [] }
        struct Key: Hashable {
            var device: String
            var start: Int64
        }
        func key(_ c: SiteChange, in journal: Journal) -> Key {
            let names = journal.deviceNames
            return Key(device: Int(c.device) < names.count ? names[Int(c.device)] : "", start: c.start.seconds)
        }
        let versions = sides.map { bytes in
            let j = JournalBuilder.load(SourceFile(path: "side", bytes: bytes), defaultZone: defaultZone)
            return Set(j.changes.map { key($0, in: j) })
        }
        var found: [ProbableDuplicate] = []
        let byDevice = Dictionary(grouping: result.changes, by: \.device)
        for device in byDevice.keys.sorted() {
            let changes = byDevice[device]!.sorted { $0.start.seconds < $1.start.seconds }
            for (earlier, later) in zip(changes, changes.dropFirst()) where later.isProbableDuplicate(of: earlier) {
                let pair = [key(earlier, in: result), key(later, in: result)]
                guard !versions.contains(where: { v in pair.allSatisfy(v.contains) }) else { continue }
                found.append(ProbableDuplicate(earlierLine: earlier.line, line: later.line,
                                               location: result.locations[Int(later.locationIndex)].name,
                                               minutes: (later.start.seconds - earlier.start.seconds) / 60))
            }
        }
        return found.sorted { $0.line < $1.line }
    }
}
