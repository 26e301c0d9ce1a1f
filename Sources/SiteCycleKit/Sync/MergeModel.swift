/// One version of a journal as the merge sees it: items with identities
/// (an entry by its device and start instant, a setting by its keyword, a
/// `device` line and a location by their name) and the text lines each
/// occupies.
package struct MergeVersion {
    package struct Entry {
        /// The entry's identity in the merge: its start instant, or BASE's
        /// key for the same written time when this version changed the zone.
        package var start: Int64
        /// Its start instant in this version.
        package var instant: Int64
        /// Its wall-clock time as written, and the UTC offset it means.
        package var civil: Int64
        package var zoneOffset: Int
        package var location: String?
        package var note: String?
        package var offset: Int?
        /// How many lines it has: its first, then its note's continuation
        /// lines (`MergeVersion.lines(of:)` reads them from the source, so
        /// a big journal's entries hold no copy of their text).
        package var lineCount: Int
        package var syntax: EntrySyntax
        package var firstLine: Int
        /// Its device (0, the pump): part of its identity, so a pump change
        /// and a sensor change at the same minute are two entries.
        package var device: UInt8 = 0
    }

    /// An entry's identity: (device, start instant), ordered by time.
    package static func key(_ seconds: Int64, device: UInt8) -> Int64 { seconds &* 16 &+ Int64(device) }

    package let journal: Journal
    package var entries: [Int64: Entry] = [:]
    package var settings: [DirectiveSyntax.Keyword: (value: String, line: Int)] = [:]
    /// `device NAME DURATION` lines by name: two devices are two settings.
    package var devices: [String: (value: String, line: Int)] = [:]
    package var deviceOrder: [String] = []
    /// Each location's state: enabled or not, its devices and its pause.
    package var locations: [String: (enabled: Bool, line: Int, state: String)] = [:]
    package var locationOrder: [String] = []
    /// Comment lines with the identity of the content line right below them.
    package var comments: [(text: String, before: MergeItem?)] = []

    package init(_ journal: Journal) {
        self.journal = journal
        let source = journal.source
        let lines = journal.syntax.lines
        let kinds = journal.syntax.kinds
        var pendingComments: [String] = []
        // The change read from each line (by index), found without hashing.
        var changeAt = [Int32](repeating: -1, count: kinds.count)
        for (k, c) in journal.changes.enumerated() where c.line >= 1 && c.line <= kinds.count { changeAt[c.line - 1] = Int32(k) }
        var locationAt: [Int: Location] = [:]
        for l in journal.locations { locationAt[l.line] = l }
        entries.reserveCapacity(journal.changes.count)
        // Only the lines that carry something are decoded, each once.
        for i in kinds.indices where kinds[i] == .entry || kinds[i] == .directive || kinds[i] == .comment {
            let line = lines[i]
            switch line.kind {
            case .entry(let e):
                guard changeAt[i] >= 0 else {
                    pendingComments = []
                    continue  // an exact duplicate line: the first one stands for both
                }
                let change = journal.changes[Int(changeAt[i])]
                var j = i + 1
                while j < kinds.count, kinds[j] == .noteContinuation { j += 1 }
                let key = MergeVersion.key(change.start.seconds, device: change.device)
                entries[key] = Entry(start: key, instant: key, civil: e.dateTime.secondsAsIfUTC, zoneOffset: change.offset,
                                     location: journal.name(of: change), note: journal.note(of: change), offset: e.offset,
                                     lineCount: j - i, syntax: e, firstLine: line.number, device: change.device)
                comments += pendingComments.map { ($0, .entry(key)) }
                pendingComments = []
            case .directive(let d):
                let item: MergeItem
                if d.keyword == .location, let location = locationAt[line.number] {
                    let name = location.name
                    locations[name] = (location.isEnabled, line.number, MergeVersion.state(of: location))
                    locationOrder.append(name)
                    item = .location(name)
                } else if d.keyword == .device, let name = MergeVersion.deviceName(source.string(d.argument)) {
                    devices[name] = (MergeVersion.words(source.string(d.argument)), line.number)
                    deviceOrder.append(name)
                    item = .device(name)
                } else {
                    settings[d.keyword] = (MergeVersion.words(source.string(d.argument)), line.number)
                    item = .setting(d.keyword)
                }
                comments += pendingComments.map { ($0, item) }
                pendingComments = []
            case .comment:
                pendingComments.append(source.lineText(line.number))
            default:
                break
            }
        }
        comments += pendingComments.map { ($0, nil) }
    }

    /// An entry's own lines as written: its first, then its note's
    /// continuation lines.
    package func lines(of e: Entry) -> [String] {
        (e.firstLine..<(e.firstLine + e.lineCount)).map { journal.source.lineText($0) }
    }

    /// A directive's argument with each run of blanks read as one space.
    package static func words(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The name a `device` line declares: its first word.
    package static func deviceName(_ argument: String) -> String? {
        argument.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    }

    /// What the merge compares of a location: whether it is enabled, the
    /// devices it is for and its pause (a change to any is a change).
    package static func state(of l: Location) -> String {
        (l.isEnabled ? "enabled" : "disabled") + " for " + l.devices.joined(separator: ",")
            + (l.pausedUntil.map { " until " + $0.iso } ?? "")
    }

    /// When this version's time zone differs from BASE's, an entry line
    /// BASE has too (the same wall-clock time, no offset) still is BASE's
    /// entry: it takes BASE's key, so a zone change alone does not read as
    /// every entry deleted and added again. A key already taken stays put.
    package mutating func rekey(matching base: MergeVersion) {
        guard journal.zone.identifier != base.journal.zone.identifier else { return }
        var baseKey: [Int64: Int64] = [:]
        for e in base.entries.values where e.offset == nil { baseKey[MergeVersion.key(e.civil, device: e.device)] = e.start }
        var moves: [Int64: Int64] = [:]
        for e in entries.values where e.offset == nil {
            if let k = baseKey[MergeVersion.key(e.civil, device: e.device)], k != e.start { moves[e.start] = k }
        }
        guard !moves.isEmpty else { return }
        var result = entries.filter { moves[$0.key] == nil }
        for (old, new) in moves.sorted(by: { $0.key < $1.key }) {
            var e = entries[old]!
            if result[new] == nil { e.start = new; result[new] = e } else { moves[old] = nil; result[old] = e }
        }
        entries = result
        comments = comments.map { c in
            guard case .entry(let k)? = c.before, let new = moves[k] else { return c }
            return (c.text, .entry(new))
        }
    }

    /// An entry in a few words, as a message names it: its date and time
    /// as written, its device (other than the pump) and location.
    package func describe(_ key: Int64) -> String {
        guard let e = entries[key] else { return "" }
        let names = journal.deviceNames
        let device = e.device == 0 || Int(e.device) >= names.count ? "" : names[Int(e.device)] + " "
        return CivilDateTime(secondsAsIfUTC: e.civil).journalText + " " + device + (e.location ?? EntrySyntax.removedKeyword)
    }

    /// Entry values compared for the merge: what it says, not how it is laid out.
    package func value(_ key: Int64) -> EntryValue? {
        entries[key].map { EntryValue(location: $0.location, note: $0.note, clauses: clauses(of: $0.syntax)) }
    }

    /// An entry's `reason:` and `lot:` clauses as the tool writes them
    /// (`  reason: pain  lot: A1`), "" without any: merged like its note.
    package func clauses(of e: EntrySyntax) -> String {
        guard let range = e.clauseRange else { return "" }
        let bytes = journal.source.bytes
        return EntryClauses.scan(bytes, range, headWords: 0).written(in: bytes).map { "  " + $0 }.joined()
    }
}

package struct EntryValue: Equatable {
    package var location: String?
    package var note: String?
    /// Why the site ended and its lot, as `MergeVersion.clauses` words them.
    package var clauses = ""
}

package enum MergeItem: Hashable {
    case entry(Int64)
    case setting(DirectiveSyntax.Keyword)
    case device(String)
    case location(String)
}

/// A rename made on one side: the declaration of `from` became `to` and
/// the entries that named `from` now name `to`.
///
/// A rename is taken only on evidence, because reading one wrongly moves
/// the other side's new entries to another site:
///
/// - entries: BASE's entries under the old name that this side still has
///   all name one new name, on the same side of the body (`Right Hip` whose
///   entry was corrected to `Left Flank` is a correction, not a rename), and
///   no other old name went to it;
/// - a sibling: the other side of the same zone was renamed on entry
///   evidence by the same words (`Left Glute` → `Left Buttock` with entries
///   makes `Right Glute` → `Right Buttock`), and this one's own entries, if
///   any, went there too.
///
/// A declaration replaced in place and nothing else (`locations remove` then
/// `add`, or a `locations rename` of names nobody used) is not evidence: the
/// merge keeps the old name declared where the other side uses it, keeps
/// that side's entries as written, and says so (`MergeNote.keptLocation`).
package func detectRenames(base: MergeVersion, side: MergeVersion) -> [String: String] {
    let removed = base.locationOrder.filter { side.locations[$0] == nil }
    let added = Set(side.locationOrder.filter { base.locations[$0] == nil })
    guard !removed.isEmpty, !added.isEmpty else { return [:] }
    var baseEntries: [String: [Int64]] = [:]
    for e in base.entries.values { if let l = e.location { baseEntries[l, default: []].append(e.start) } }
    /// Where BASE's entries under `old` went on this side (deleted ones aside).
    func moved(_ old: String) -> [String?] { (baseEntries[old] ?? []).compactMap { side.entries[$0].map(\.location) } }
    var byEntries: [String: String] = [:]
    var targets: [String: Int] = [:]
    for old in removed {
        let m = moved(old)
        guard case let target?? = m.first, m.allSatisfy({ $0 == target }), added.contains(target),
              Location.split(old).side == Location.split(target).side else { continue }
        byEntries[old] = target
        targets[target, default: 0] += 1
    }
    // Two old names whose entries went to one name were merged, not renamed.
    byEntries = byEntries.filter { targets[$0.value] == 1 }
    var renames = byEntries
    for old in removed where renames[old] == nil {
        let (side, zone) = Location.split(old)
        guard let side else { continue }
        let sibling = (side == .left ? "Right " : "Left ") + zone
        guard let siblingTarget = byEntries[sibling] else { continue }
        let target = (side == .left ? "Left " : "Right ") + Location.split(siblingTarget).zone
        guard added.contains(target), targets[target] == nil, moved(old).allSatisfy({ $0 == target }) else { continue }
        renames[old] = target
        targets[target] = 1
    }
    return renames
}
