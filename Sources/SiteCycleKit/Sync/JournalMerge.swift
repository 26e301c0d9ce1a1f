/// A three-way merge of journals by meaning, for git (`%O %A %B`) and for
/// conflict copies. The result is OURS's text with THEIRS's changes since
/// BASE applied item by item:
///
/// - entries (by start instant): added on either side → kept; removed on one
///   side and unchanged on the other → removed; location and note merge
///   separately, so one side may rename while the other edits the note;
/// - settings (by keyword) and locations (by name) the same way; location
///   order follows OURS, with THEIRS's additions after their predecessor;
/// - a rename on one side (seen only on evidence, see `detectRenames`)
///   also renames the other side's new entries; a location one side
///   removed that the other side's entries name stays declared, and a
///   `MergeNote` says so;
/// - when the sides disagree on the time zone, each side's new entries are
///   written with an explicit offset, so they keep their instant;
/// - comments THEIRS added go before the line they stood before;
/// - a true conflict (the same item changed differently on both sides, or
///   two changes at one instant) is written between standard conflict
///   markers, which `check` reports. No conflicts means `check` finds no
///   error in the result.
public enum JournalMerge {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        public var conflicts: Int
        /// What the merge kept that a reader might not expect, and why.
        public var notes: [MergeNote] = []
    }

    /// `trusting`: the sides known to descend from BASE, whose deletions
    /// and changes of BASE's entries are taken. For a side not known to
    /// (a conflict copy's base rebuilt from this machine's history, which
    /// cannot show that the copy ever had it), an entry of BASE it lacks or
    /// has otherwise is kept as BASE and the other side have it, and a
    /// `MergeNote.keptEntry` says so: what it lacks may be a change made
    /// here after the copy went its own way.
    public static func merge(base: SourceFile, ours: SourceFile, theirs: SourceFile, defaultZone: ZoneRules,
                             trusting: Set<MergeNote.Side> = [.ours, .theirs]) -> Result {
        let journals = [base, ours, theirs].map { JournalBuilder.load($0, defaultZone: defaultZone) }
        guard journals.allSatisfy({ !$0.diagnostics.hasErrors }) else { return wholeFileConflict(ours, theirs) }
        let b = MergeVersion(journals[0])
        var o = MergeVersion(journals[1]), t = MergeVersion(journals[2])
        o.rekey(matching: b)
        t.rekey(matching: b)
        var merger = Merger(base: b, ours: o, theirs: t)
        merger.trusting = trusting
        merger.run()
        // A location one side deleted while the other logged to it stays
        // declared: the entry needs it, and nothing is dropped silently.
        let result = JournalBuilder.load(SourceFile(path: "merged", bytes: merger.render()), defaultZone: defaultZone)
        var uses: [String: Int] = [:]
        for d in result.diagnostics where d.code == .unknownLocation {
            guard case .entry(let e) = result.syntax.lines[d.line - 1].kind else { continue }
            uses[e.locationName, default: 0] += 1
        }
        var notes = merger.notes
        for (name, count) in uses.sorted(by: { $0.key < $1.key }) {
            merger.restoreDeclaration(name, from: journals)
            notes.append(merger.keptLocation(name, uses: count))
        }
        // A clean result is one `check` accepts. Two changes at one instant
        // (one side moved the journal to another time zone, so a line it
        // kept now names the instant the other side logged at) are a
        // conflict around both; anything else `check` rejects is kept whole
        // between markers rather than passed off as merged.
        let merged = JournalBuilder.load(SourceFile(path: "merged", bytes: merger.render()), defaultZone: defaultZone)
        merger.markSameInstants(in: merged)
        let bytes = merger.render()
        if merger.conflicts == 0,
           JournalBuilder.load(SourceFile(path: "merged", bytes: bytes), defaultZone: defaultZone).diagnostics.hasErrors {
            return wholeFileConflict(ours, theirs)
        }
        return Result(bytes: bytes, conflicts: merger.conflicts, notes: notes)
    }

    /// When a version cannot be read, nothing is guessed: both sides are
    /// kept whole between conflict markers.
    package static func wholeFileConflict(_ ours: SourceFile, _ theirs: SourceFile) -> Result {
        let mine = ours.bytes.array
        if theirs.bytes.same(as: mine) { return Result(bytes: mine, conflicts: 0) }
        var out = Array("<<<<<<< ours\n".utf8) + mine
        if out.last != 0x0A { out.append(0x0A) }
        out += Array("=======\n".utf8) + theirs.bytes.array
        if out.last != 0x0A { out.append(0x0A) }
        out += Array(">>>>>>> theirs\n".utf8)
        return Result(bytes: out, conflicts: 1)
    }
}

struct Merger {
    package struct Line {
        package var text: String
        package var item: MergeItem?
    }

    package let base: MergeVersion, ours: MergeVersion, theirs: MergeVersion
    package var out: [Line] = []
    package var conflicts = 0
    /// The sides whose deletions and changes of BASE's entries are taken.
    package var trusting: Set<MergeNote.Side> = [.ours, .theirs]
    package var notes: [MergeNote] = []

    package init(base: MergeVersion, ours: MergeVersion, theirs: MergeVersion) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        let source = ours.journal.source
        var entryAt: [Int: Int64] = [:]
        entryAt.reserveCapacity(ours.entries.count)
        for e in ours.entries.values { entryAt[e.firstLine] = e.start }
        var locationAt: [Int: String] = [:]
        for l in ours.journal.locations { locationAt[l.line] = l.name }
        var deviceAt: [Int: String] = [:]
        for (name, d) in ours.devices { deviceAt[d.line] = name }
        var current: MergeItem?
        let kinds = ours.journal.syntax.kinds
        out.reserveCapacity(kinds.count)
        // By the one-byte kinds: only directive lines are decoded.
        for (i, kind) in kinds.enumerated() {
            let number = i + 1
            let text = source.lineText(number)
            switch kind {
            case .entry:
                current = entryAt[number].map { .entry($0) }
                out.append(Line(text: text, item: current))
            case .noteContinuation: out.append(Line(text: text, item: current))
            case .directive:
                current = nil
                var item: MergeItem?
                if case .directive(let d) = ours.journal.syntax.lines[i].kind {
                    item = d.keyword == .location ? locationAt[number].map(MergeItem.location)
                        : d.keyword == .device ? deviceAt[number].map(MergeItem.device) : .setting(d.keyword)
                }
                out.append(Line(text: text, item: item))
            default:
                current = nil
                out.append(Line(text: text, item: nil))
            }
        }
    }

    package enum Choice<T: Equatable> { case ours(T?), theirs(T?), conflict }

    /// The classic three-way rule for one value.
    package func pick<T: Equatable>(_ b: T?, _ o: T?, _ t: T?) -> Choice<T> {
        if o == t || t == b { return .ours(o) }
        if o == b { return .theirs(t) }
        return .conflict
    }

    // MARK: Merge

    package mutating func run() {
        mergeSettings()
        mergeDevices()
        mergeLocations()
        mergeEntries()
        addTheirComments()
    }

    package mutating func mergeSettings() {
        let keys = Set(base.settings.keys).union(ours.settings.keys).union(theirs.settings.keys)
        for k in DirectiveSyntax.Keyword.allCases where keys.contains(k) {
            let item = MergeItem.setting(k)
            let tLine = theirs.settings[k].map { theirs.journal.source.lineText($0.line) }
            switch pick(base.settings[k]?.value, ours.settings[k]?.value, theirs.settings[k]?.value) {
            case .ours: break
            case .theirs(nil): replace(item, with: [], tag: nil)
            case .theirs:
                if range(of: item) != nil { replace(item, with: [tLine!], tag: item) } else {
                    let at = lastIndex(where: isSetting) ?? firstIndex(where: { isLocation($0) || isEntry($0) }) ?? 0
                    out.insert(Line(text: tLine!, item: item), at: at)
                }
            case .conflict:
                conflict(item, ours: ours.settings[k].map { [ours.journal.source.lineText($0.line)] } ?? [],
                         theirs: tLine.map { [$0] } ?? [], at: lastIndex(where: isSetting))
            }
        }
    }

    /// `device` lines by name, so a device added on each side gives two
    /// lines; a new one goes after the last `device` line, or the settings.
    package mutating func mergeDevices() {
        var names = ours.deviceOrder
        for n in theirs.deviceOrder + base.deviceOrder where !names.contains(n) { names.append(n) }
        for name in names {
            let item = MergeItem.device(name)
            let tLine = theirs.devices[name].map { theirs.journal.source.lineText($0.line) }
            let at = lastIndex(where: isDevice) ?? lastIndex(where: isSetting)
                ?? firstIndex(where: { isLocation($0) || isEntry($0) }) ?? 0
            switch pick(base.devices[name]?.value, ours.devices[name]?.value, theirs.devices[name]?.value) {
            case .ours: break
            case .theirs(nil): replace(item, with: [], tag: nil)
            case .theirs:
                if range(of: item) != nil { replace(item, with: [tLine!], tag: item) } else {
                    out.insert(Line(text: tLine!, item: item), at: at)
                }
            case .conflict:
                conflict(item, ours: ours.devices[name].map { [ours.journal.source.lineText($0.line)] } ?? [],
                         theirs: tLine.map { [$0] } ?? [], at: at)
            }
        }
    }

    package mutating func mergeLocations() {
        var names = ours.locationOrder
        for n in theirs.locationOrder + base.locationOrder where !names.contains(n) { names.append(n) }
        for name in names {
            let item = MergeItem.location(name)
            func state(_ v: MergeVersion) -> String? { v.locations[name]?.state }
            let tLine = theirs.locations[name].map { theirs.journal.source.lineText($0.line) }
            switch pick(state(base), state(ours), state(theirs)) {
            case .ours: break
            case .theirs(nil): replace(item, with: [], tag: nil)
            case .theirs:
                if range(of: item) != nil { replace(item, with: [tLine!], tag: item) } else {
                    out.insert(Line(text: tLine!, item: item), at: locationIndex(for: name))
                }
            case .conflict:
                conflict(item, ours: ours.locations[name].map { [ours.journal.source.lineText($0.line)] } ?? [],
                         theirs: tLine.map { [$0] } ?? [], at: locationIndex(for: name))
            }
        }
    }

    /// Declares `name` again, where the version it comes from had it.
    package mutating func restoreDeclaration(_ name: String, from journals: [Journal]) {
        for (j, order) in [(journals[2], theirs.locationOrder), (journals[0], base.locationOrder),
                           (journals[1], ours.locationOrder)] {
            if let l = j.location(named: name) {
                out.insert(Line(text: j.source.lineText(l.line), item: .location(name)), at: locationIndex(for: name, in: order))
                return
            }
        }
    }

    /// An entry of BASE that `side` (not known to descend from BASE)
    /// deleted or changed, kept as BASE and the other side have it.
    package func keptEntry(_ key: Int64, against side: MergeNote.Side, deleted: Bool) -> MergeNote {
        .keptEntry(entry: base.describe(key), against: side, deletedThere: deleted)
    }

    /// Why `name`, which a side removed, is declared in the result.
    package func keptLocation(_ name: String, uses: Int) -> MergeNote {
        let removedBy: MergeNote.Side = ours.locations[name] == nil ? .ours : .theirs
        let side = removedBy == .ours ? ours : theirs
        let renamed = Set(detectRenames(base: base, side: side).values)
        let added = side.locationOrder.filter { base.locations[$0] == nil && !renamed.contains($0) }
        return .keptLocation(name: name, removedBy: removedBy, uses: uses, added: added)
    }

    /// After the nearest location before it in THEIRS's order (or `order`)
    /// that the result has; else after the last location; else before the
    /// entries.
    package func locationIndex(for name: String, in order: [String]? = nil) -> Int {
        let order = order ?? theirs.locationOrder
        if let i = order.firstIndex(of: name) {
            for previous in order[..<i].reversed() {
                if let r = range(of: .location(previous)) { return r.upperBound }
            }
        }
        return lastIndex(where: isLocation) ?? lastIndex(where: isSetting)
            ?? firstIndex(where: isEntry) ?? out.count
    }

    /// Whether OURS and THEIRS read wall-clock times in different zones.
    package var zonesDiffer: Bool { ours.journal.zone.identifier != theirs.journal.zone.identifier }

    package mutating func mergeEntries() {
        let renamedByTheirs = detectRenames(base: base, side: theirs)
        let renamedByOurs = detectRenames(base: base, side: ours)
        func settled(_ v: EntryValue, _ renames: [String: String]) -> EntryValue {
            EntryValue(location: v.location.map { renames[$0] ?? $0 }, note: v.note, clauses: v.clauses)
        }
        // What becomes of each entry is decided first and written in one
        // pass: a journal of 40,000 entries merges in linear time.
        var replacements: [Int64: [Line]] = [:], insertions: [Int64: [Line]] = [:]
        func replace(_ key: Int64, with lines: [String]) {
            replacements[key] = lines.map { Line(text: $0, item: .entry(key)) }
        }
        func delete(_ key: Int64) { replacements[key] = [] }
        func insert(_ key: Int64, _ lines: [String]) { insertions[key] = lines.map { Line(text: $0, item: .entry(key)) } }
        func conflict(_ key: Int64, ours o: [String], theirs t: [String]) {
            conflicts += 1
            let block = (["<<<<<<< ours"] + o + ["======="] + t + [">>>>>>> theirs"]).map { Line(text: $0, item: nil) }
            if ours.entries[key] != nil { replacements[key] = block } else { insertions[key] = block }
        }
        let keys = Set(base.entries.keys).union(ours.entries.keys).union(theirs.entries.keys)
        for key in keys.sorted() {
            let b = base.value(key)
            var o = ours.value(key), t = theirs.value(key)
            // Nearly every entry is the same on all three: OURS keeps it as
            // written, as the full reading below concludes (`merged ==
            // ours.value(key)`), without rendering each side's lines.
            if let b, o == b, t == b, b.location.map({ renamedByTheirs[$0] == nil && renamedByOurs[$0] == nil }) ?? true {
                continue
            }
            // A side not known to descend from BASE reads as BASE where it
            // differs from it: what it lacks may be what this machine did.
            if let b {
                let (oursSaid, theirsSaid) = (o, t)
                if !trusting.contains(.ours), o != b { o = b }
                if !trusting.contains(.theirs), t != b { t = b }
                // Said when the result is not what that side had.
                if oursSaid != o, t != oursSaid { notes.append(keptEntry(key, against: .ours, deleted: oursSaid == nil)) }
                if theirsSaid != t, o != theirsSaid { notes.append(keptEntry(key, against: .theirs, deleted: theirsSaid == nil)) }
            }
            // Each side's entry with the other side's renames applied, as
            // written into the result (conflict hunks included): a renamed
            // location never comes back through the side that kept its name.
            let oSettled = o.map { settled($0, renamedByTheirs) }, tSettled = t.map { settled($0, renamedByOurs) }
            let oLines: [String] = oSettled.map { v -> [String] in
                let lines = (ours.entries[key] != nil ? ours : theirs.entries[key] != nil ? theirs : base)
                    .render(key, location: v.location, note: v.note, clauses: v.clauses)
                return b == nil && zonesDiffer ? ours.withOffset(lines, key) : lines
            } ?? []
            let tLines: [String] = tSettled.map { v -> [String] in
                let lines = (theirs.entries[key] != nil ? theirs : base).render(key, location: v.location, note: v.note,
                                                                                clauses: v.clauses)
                return b == nil && zonesDiffer ? theirs.withOffset(lines, key) : lines
            } ?? []
            if let b, let o, let t {
                let location = pick(b.location, o.location, t.location)
                let note = pick(b.note, o.note, t.note)
                let clauses = pick(b.clauses, o.clauses, t.clauses)
                guard case let l? = value(location), case let n? = value(note), case let c?? = value(clauses) else {
                    conflict(key, ours: oLines, theirs: tLines)
                    continue
                }
                // A name one side renamed is the new name, whichever side chose it.
                let settled = l.map { renamedByTheirs[$0] ?? renamedByOurs[$0] ?? $0 }
                let merged = EntryValue(location: settled, note: n, clauses: c)
                guard ours.entries[key] != nil else {
                    insert(key, (theirs.entries[key] != nil ? theirs : base).render(key, location: settled, note: n, clauses: c))
                    continue
                }
                if merged == ours.value(key) { continue }
                replace(key, with: merged == t && theirs.entries[key] != nil
                        ? theirs.render(key, location: t.location, note: t.note, clauses: t.clauses)
                        : ours.render(key, location: settled, note: n, clauses: c))
                continue
            }
            if b == nil {
                // New on one side, or on both at the same instant.
                switch (oSettled, tSettled) {
                case (_?, nil):
                    if oLines != ours.entries[key].map(ours.lines(of:)) { replace(key, with: oLines) }
                case (nil, _?):
                    insert(key, tLines)
                case (let x?, let y?) where x == y:
                    if oLines != ours.entries[key].map(ours.lines(of:)) { replace(key, with: oLines) }
                default:
                    conflict(key, ours: oLines, theirs: tLines)
                }
                continue
            }
            switch pick(b, o, t) {
            case .ours(let v):
                // OURS's own value (as its text has it), or, taken back
                // from an untrusted OURS, BASE's.
                if v != nil, ours.entries[key] == nil { insert(key, oLines) }
                continue
            case .theirs(nil): delete(key)
            case .theirs: insert(key, tLines)
            case .conflict: conflict(key, ours: oLines, theirs: tLines)
            }
        }
        applyEntries(replacing: replacements, inserting: insertions)
    }

    /// Writes the entries' new lines: replacements where OURS has the entry;
    /// a new entry (or its conflict) right after the entry before it in time,
    /// else before the first entry, else at the end.
    package mutating func applyEntries(replacing replacements: [Int64: [Line]], inserting insertions: [Int64: [Line]]) {
        guard !replacements.isEmpty || !insertions.isEmpty else { return }
        var result: [Line] = []
        result.reserveCapacity(out.count + insertions.values.reduce(0) { $0 + $1.count })
        var end: [Int64: Int] = [:]  // where each entry still in the result ends
        var firstEntry: Int?
        var i = 0
        while i < out.count {
            guard case .entry(let key)? = out[i].item else { result.append(out[i]); i += 1; continue }
            var j = i + 1
            while j < out.count, out[j].item == out[i].item { j += 1 }
            let lines = replacements[key] ?? Array(out[i..<j])
            if !lines.isEmpty {
                if firstEntry == nil { firstEntry = result.count }
                result += lines
                end[key] = result.count
            }
            i = j
        }
        guard !insertions.isEmpty else { out = result; return }
        // Each new entry after its predecessor in time: an entry already in
        // the result, or a new one placed just before it.
        let present = end.keys.sorted()
        var at: [Int: [Line]] = [:]
        var p = 0
        var previous: (key: Int64, index: Int)?
        for key in insertions.keys.sorted() {
            while p < present.count, present[p] < key { p += 1 }
            let anchor = p > 0 ? present[p - 1] : nil
            let index: Int
            if let previous, anchor.map({ previous.key > $0 }) ?? true {
                index = previous.index
            } else if let anchor {
                index = end[anchor]!
            } else {
                index = firstEntry ?? result.count
            }
            at[index, default: []] += insertions[key]!
            previous = (key, index)
        }
        var merged: [Line] = []
        merged.reserveCapacity(result.count + at.values.reduce(0) { $0 + $1.count })
        for (n, line) in result.enumerated() {
            if let block = at[n] { merged += block }
            merged.append(line)
        }
        if let block = at[result.count] { merged += block }
        out = merged
    }

    /// The chosen value of a field, or nil (inside) for a conflict.
    package func value<T: Equatable>(_ c: Choice<T>) -> T?? {
        switch c {
        case .ours(let v), .theirs(let v): return .some(v)
        case .conflict: return nil
        }
    }

    /// Comments THEIRS added, placed before the line they stood before
    /// (else at the end, in THEIRS's order), in one pass.
    package mutating func addTheirComments() {
        var known: [String: Int] = [:]
        for c in base.comments { known[c.text, default: 0] += 1 }
        var present: [String: Int] = [:]
        for c in ours.comments { present[c.text, default: 0] += 1 }
        var before: [MergeItem: [(order: Int, text: String)]] = [:]
        var atEnd: [(order: Int, text: String)] = []
        for (order, c) in theirs.comments.enumerated() {
            if known[c.text, default: 0] > 0 { known[c.text]! -= 1; continue }
            if present[c.text, default: 0] > 0 { present[c.text]! -= 1; continue }
            if let item = c.before { before[item, default: []].append((order, c.text)) } else { atEnd.append((order, c.text)) }
        }
        guard !before.isEmpty || !atEnd.isEmpty else { return }
        var result: [Line] = []
        result.reserveCapacity(out.count + theirs.comments.count)
        for line in out {
            if let item = line.item, let comments = before.removeValue(forKey: item) {
                result += comments.map { Line(text: $0.text, item: nil) }
            }
            result.append(line)
        }
        let rest = (before.values.flatMap { $0 } + atEnd).sorted { $0.order < $1.order }
        out = result + rest.map { Line(text: $0.text, item: nil) }
    }

    package func render() -> [UInt8] {
        let source = ours.journal.source
        let newline = source.prefersCRLF ? "\r\n" : "\n"
        // An indented comment right below an entry would read as its note:
        // such a comment is written flush left.
        var lines = out
        for i in lines.indices.dropFirst() where lines[i].item == nil {
            let t = lines[i].text
            guard let first = t.first, first == " " || first == "\t", t.trimmingBlanks().hasPrefix(";") else { continue }
            if case .entry? = lines[i - 1].item { lines[i].text = t.trimmingBlanks() }
        }
        let text = lines.map(\.text).joined(separator: newline)
        let endsWithNewline = source.lines.last.map { $0.end > $0.contentEnd } ?? true
        return (source.hasBOM ? SourceFile.bom : []) + Array((text + (endsWithNewline && !out.isEmpty ? newline : "")).utf8)
    }
}
