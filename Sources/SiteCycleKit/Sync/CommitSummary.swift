import Foundation

/// The parts of a commit message for one journal edit.
package enum CommitSummary {
    package static func describe(old: Journal, new: Journal) -> [String] {
        let before = MergeVersion(old), after = MergeVersion(new)
        var parts: [String] = []
        let renames = detectRenames(base: before, side: after)
        // Site changes by start instant; a change that only follows a
        // rename is the rename, not an amendment.
        var added: [SiteChange] = [], amended: [SiteChange] = [], deleted: [SiteChange] = []
        var oldAt: [Int64: SiteChange] = [:]
        for c in old.changes { oldAt[c.start.seconds] = c }
        var newStarts = Set<Int64>()
        for c in new.changes {
            newStarts.insert(c.start.seconds)
            guard let was = oldAt[c.start.seconds] else { added.append(c); continue }
            let location = was.location.map { renames[$0] ?? $0 }
            if location != c.location || was.note != c.note { amended.append(c) }
        }
        for c in old.changes where !newStarts.contains(c.start.seconds) { deleted.append(c) }
        func what(_ c: SiteChange) -> String { c.isRemoval ? "removed \(displayStart(c))" : "\(c.location!) \(displayStart(c))" }
        func list(_ cs: [SiteChange]) -> String {
            cs.prefix(3).map(what).joined(separator: ", ") + (cs.count > 3 ? ", …" : "")
        }
        switch added.count {
        case 0: break
        case 1: parts.append(added[0].isRemoval ? "remove \(displayStart(added[0]))" : "log " + what(added[0]))
        default: parts.append("log \(added.count) site changes, the last \(what(added.last!))")
        }
        switch amended.count {
        case 0: break
        case 1: parts.append("amend " + what(amended[0]))
        default: parts.append("amend \(amended.count) site changes: " + list(amended))
        }
        switch deleted.count {
        case 0: break
        case 1: parts.append("delete " + what(deleted[0]))
        default: parts.append("delete \(deleted.count) site changes: " + list(deleted))
        }
        for k in DirectiveSyntax.Keyword.allCases where k != .location {
            switch (before.settings[k]?.value, after.settings[k]?.value) {
            case let (a, b?) where a != b: parts.append("set \(k.rawValue) \(b)")
            case (_?, nil): parts.append("unset \(k.rawValue)")
            default: break
            }
        }
        for (from, to) in renames.sorted(by: { $0.key < $1.key }) { parts.append("rename location \(from) to \(to)") }
        for name in after.locationOrder where before.locations[name] == nil && !renames.values.contains(name) {
            parts.append("add location \(name)")
        }
        for name in before.locationOrder {
            guard let was = before.locations[name] else { continue }
            if let now = after.locations[name] {
                if was.enabled != now.enabled { parts.append("\(now.enabled ? "enable" : "disable") location \(name)") }
            } else if renames[name] == nil {
                parts.append("remove location \(name)")
            }
        }
        return parts
    }
}
