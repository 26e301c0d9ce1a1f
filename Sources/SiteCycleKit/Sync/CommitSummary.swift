import FoundationEssentials

/// The parts of a commit message for one journal edit: every change of
/// meaning in words, so that `git log` on the other computer tells a
/// reader what happened. Only a change of comments and layout alone has
/// none (the caller says so).
package enum CommitSummary {
    package static func describe(old: Journal, new: Journal) -> [String] {
        let before = MergeVersion(old), after = MergeVersion(new)
        let renames = detectRenames(base: before, side: after)
        return siteChanges(before, after, renames: renames) + settings(before, after) + devices(before, after)
            + locations(before, after, renames: renames)
    }

    /// Site changes by device and start instant; a change that only
    /// follows a rename is the rename, not an amendment. A device other
    /// than the pump is named (`log sensor Left Back Arm …`, `remove libre …`).
    static func siteChanges(_ before: MergeVersion, _ after: MergeVersion, renames: [String: String]) -> [String] {
        let old = before.journal, new = after.journal
        var added: [SiteChange] = [], amended: [SiteChange] = [], deleted: [SiteChange] = []
        func key(_ c: SiteChange) -> Int64 { MergeVersion.key(c.start.seconds, device: c.device) }
        var oldAt: [Int64: SiteChange] = [:]
        for c in old.changes { oldAt[key(c)] = c }
        var newKeys = Set<Int64>()
        for c in new.changes {
            newKeys.insert(key(c))
            guard oldAt[key(c)] != nil, var was = before.value(key(c)) else { added.append(c); continue }
            was.location = was.location.map { renames[$0] ?? $0 }
            // Location, note, reason and lot: what the line says, not its layout.
            if was != after.value(key(c)) { amended.append(c) }
        }
        for c in old.changes where !newKeys.contains(key(c)) { deleted.append(c) }
        func device(_ c: SiteChange, in j: Journal) -> String {
            c.device == 0 || Int(c.device) >= j.deviceNames.count ? "" : j.deviceNames[Int(c.device)] + " "
        }
        func what(_ c: SiteChange, in j: Journal) -> String {
            device(c, in: j) + (c.isRemoval ? "removed" : j.name(of: c)!) + " " + displayStart(c)
        }
        func list(_ cs: [SiteChange], in j: Journal) -> String {
            cs.prefix(3).map { what($0, in: j) }.joined(separator: ", ") + (cs.count > 3 ? ", …" : "")
        }
        var parts: [String] = []
        switch added.count {
        case 0: break
        case 1:
            let c = added[0]
            parts.append(c.isRemoval ? "remove \(device(c, in: new))\(displayStart(c))" : "log " + what(c, in: new))
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
        return parts
    }

    static func settings(_ before: MergeVersion, _ after: MergeVersion) -> [String] {
        var parts: [String] = []
        for k in DirectiveSyntax.Keyword.allCases where k != .location && k != .device {
            switch (before.settings[k]?.value, after.settings[k]?.value) {
            // A name stays out of commit messages, which travel further.
            case let (a, b?) where a != b: parts.append("set \(k.rawValue)" + (k == .patient ? "" : " \(b)"))
            case (_?, nil): parts.append("unset \(k.rawValue)")
            default: break
            }
        }
        return parts
    }

    /// `device NAME DURATION [grace DURATION]` lines, by name.
    static func devices(_ before: MergeVersion, _ after: MergeVersion) -> [String] {
        var parts: [String] = []
        for name in after.deviceOrder {
            guard let now = after.devices[name]?.value else { continue }
            switch before.devices[name]?.value {
            case nil: parts.append("add device \(now)")
            case let was? where was != now: parts.append("set device \(now)")
            default: break
            }
        }
        for name in before.deviceOrder where after.devices[name] == nil { parts.append("remove device \(name)") }
        return parts
    }

    /// Renames, additions, removals, and each location's own state: enabled,
    /// the devices it is for, its pause; and the header order.
    static func locations(_ before: MergeVersion, _ after: MergeVersion, renames: [String: String]) -> [String] {
        var parts: [String] = []
        for (from, to) in renames.sorted(by: { $0.key < $1.key }) { parts.append("rename location \(from) to \(to)") }
        for name in after.locationOrder where before.locations[name] == nil && !renames.values.contains(name) {
            parts.append("add location \(name)")
        }
        for name in before.locationOrder {
            let newName = renames[name] ?? name
            guard let was = before.journal.location(named: name), after.locations[newName] != nil,
                  let now = after.journal.location(named: newName) else {
                if renames[name] == nil { parts.append("remove location \(name)") }
                continue
            }
            if was.isEnabled != now.isEnabled { parts.append("\(now.isEnabled ? "enable" : "disable") location \(newName)") }
            if was.devices != now.devices {
                parts.append("location \(newName) for \(now.devices.joined(separator: ","))")
            }
            if was.pausedUntil != now.pausedUntil {
                parts.append(now.pausedUntil.map { "pause location \(newName) until \($0.iso)" } ?? "resume location \(newName)")
            }
        }
        // The order of the locations both versions declare (a rename keeps its place).
        let kept = before.locationOrder.map { renames[$0] ?? $0 }.filter { after.locations[$0] != nil }
        let keptSet = Set(kept)
        if kept != after.locationOrder.filter(keptSet.contains) { parts.append("reorder locations") }
        return parts
    }
}
