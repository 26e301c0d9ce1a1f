import FoundationEssentials

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
            let location = old.name(of: was).map { renames[$0] ?? $0 }
            if location != new.name(of: c) || old.note(of: was) != new.note(of: c) { amended.append(c) }
        }
        for c in old.changes where !newStarts.contains(c.start.seconds) { deleted.append(c) }
        func what(_ c: SiteChange, in j: Journal) -> String {
            c.isRemoval ? "removed \(displayStart(c))" : "\(j.name(of: c)!) \(displayStart(c))"
        }
        func list(_ cs: [SiteChange], in j: Journal) -> String {
            cs.prefix(3).map { what($0, in: j) }.joined(separator: ", ") + (cs.count > 3 ? ", …" : "")
        }
        switch added.count {
        case 0: break
        case 1: parts.append(added[0].isRemoval ? "remove \(displayStart(added[0]))" : "log " + what(added[0], in: new))
        default: parts.append("log \(added.count) site changes, the last \(what(added.last!, in: new))")
        }
        switch amended.count {
        case 0: break
        case 1: parts.append("amend " + what(amended[0], in: new))
        default: parts.append("amend \(amended.count) site changes: " + list(amended, in: new))
        }
        switch deleted.count {
        case 0: break
        case 1: parts.append("delete " + what(deleted[0], in: old))
        default: parts.append("delete \(deleted.count) site changes: " + list(deleted, in: old))
        }
        for k in DirectiveSyntax.Keyword.allCases where k != .location {
            switch (before.settings[k]?.value, after.settings[k]?.value) {
            // A name stays out of commit messages, which travel further.
            case let (a, b?) where a != b: parts.append("set \(k.rawValue)" + (k == .patient ? "" : " \(b)"))
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
