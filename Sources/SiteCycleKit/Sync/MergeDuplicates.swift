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

/// Two changes of one device at different locations that a merge brought
/// together, one from each side, closer than the device's grace period (at
/// least `DifferentSitesLogged.minimumHours`): most probably one site
/// change logged on two computers, each at the site it thought was next (a
/// session of minutes, and a site that may not be worn). Both are kept;
/// only the merge can tell, so `sync` and `merge` name them and `check`
/// does not (to `check` it is a site that failed early).
package struct DifferentSitesLogged: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        /// Its line in the merged journal (what `delete N` takes).
        package var line: Int
        package var location: String
        /// Its start as the journal shows it (`2026-11-28 07:36`).
        package var start: String
        /// Whether it came from OURS (this clone, the journal), not THEIRS.
        package var fromOurs: Bool
    }

    /// The device's name; nil for the pump.
    package var device: String?
    package var earlier: Entry
    package var later: Entry
    /// Minutes between the two.
    package var minutes: Int64

    /// The window is the device's grace period, or this many hours when
    /// that is shorter (or there is none).
    package static let minimumHours = 4.0
}

/// What a merge brought together that a person should look at.
package struct MergeFindings: Equatable, Sendable {
    package var duplicates: [ProbableDuplicate] = []
    package var differentSites: [DifferentSitesLogged] = []
}

package enum MergeDuplicates {
    /// The probable duplicates in `result` that neither side had on its
    /// own (entries matched by device and start instant): what the merge
    /// itself made. A result that does not read has none to name.
    package static func made(result: Journal, sides: [[UInt8]], defaultZone: ZoneRules) -> [ProbableDuplicate] {
        find(result: result, sides: sides, defaultZone: defaultZone).duplicates
    }

    /// Neighbouring changes of one device in `result` that no one side had
    /// both of (`sides`: OURS, then THEIRS): the same location within
    /// `SiteChange.probableDuplicateSeconds` (a duplicate), or different
    /// locations within the device's grace period or
    /// `DifferentSitesLogged.minimumHours`, whichever is longer.
    package static func find(result: Journal, sides: [[UInt8]], defaultZone: ZoneRules) -> MergeFindings {
        guard !result.diagnostics.hasErrors else { return MergeFindings() }
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
        var found = MergeFindings()
        let byDevice = Dictionary(grouping: result.changes, by: \.device)
        for device in byDevice.keys.sorted() {
            let name = Int(device) < result.deviceNames.count ? result.deviceNames[Int(device)] : Device.pumpName
            let window = Int64(max(result.graceHours(of: name) ?? 0, DifferentSitesLogged.minimumHours) * 3600)
            let changes = byDevice[device]!.sorted { $0.start.seconds < $1.start.seconds }
            for (earlier, later) in zip(changes, changes.dropFirst()) {
                let pair = [key(earlier, in: result), key(later, in: result)]
                guard !versions.contains(where: { v in pair.allSatisfy(v.contains) }) else { continue }
                let seconds = later.start.seconds - earlier.start.seconds
                if later.isProbableDuplicate(of: earlier) {
                    found.duplicates.append(ProbableDuplicate(earlierLine: earlier.line, line: later.line,
                                                              location: result.locations[Int(later.locationIndex)].name,
                                                              minutes: seconds / 60))
                } else if !earlier.isRemoval, !later.isRemoval, earlier.locationIndex != later.locationIndex,
                          seconds <= window {
                    func entry(_ c: SiteChange) -> DifferentSitesLogged.Entry {
                        .init(line: c.line, location: result.name(of: c) ?? "", start: displayStart(c),
                              fromOurs: versions.first?.contains(key(c, in: result)) ?? false)
                    }
                    found.differentSites.append(DifferentSitesLogged(device: device == 0 ? nil : name,
                                                                     earlier: entry(earlier), later: entry(later),
                                                                     minutes: seconds / 60))
                }
            }
        }
        found.duplicates.sort { $0.line < $1.line }
        found.differentSites.sort { $0.later.line < $1.later.line }
        return found
    }
}
