/// What any merge of two journals must keep, checked on the result before
/// it is committed, whoever made it (git's driver, git's own text or binary
/// merge, a conflict copy's merge):
///
/// - every entry of either side is in the result, or inside a marked
///   conflict (`<<<<<<<` … `>>>>>>>`, each side of which is read on its own);
/// - no entry is changed unless one side changed it: each entry's location
///   and note are what the classic three-way rule picks from BASE, OURS and
///   THEIRS. A location may read under a new name only where one side
///   dropped the old declaration and added the new one, on the same body
///   side (`Left Glute` → `Left Buttock`, never `Right Hip` → `Left Flank`).
///
/// Entries are matched as the merge matches them (`MergeVersion`: by device
/// and start instant). A pure function over the four versions' bytes, so
/// every path that concludes a merge asks the same question.
package enum MergeInvariant {
    /// One entry the result does not keep as it must.
    package struct Breach: Equatable, Sendable {
        package enum Kind: Equatable, Sendable {
            /// Neither in the result nor inside a marked conflict.
            case missing
            /// In the result, but saying what neither side wrote.
            case changed
        }

        package var kind: Kind
        /// Whose entry it is: `ours`, `theirs`, or `both`.
        package var side: String
        /// The entry's first line as that side wrote it.
        package var line: String
    }

    /// The breaches of the rule, in time order; empty when the result keeps
    /// both sides. `base` is nil when there is none (two conflict copies).
    /// `trusting`: the sides known to descend from BASE, as the merge was
    /// told (`JournalMerge.merge`); a side not trusted may have its changes
    /// and deletions of BASE's entries not taken (the result keeps BASE's
    /// version), but its new entries must still all be kept.
    package static func check(base: [UInt8]?, ours: [UInt8], theirs: [UInt8], result: [UInt8],
                              defaultZone: ZoneRules,
                              trusting: Set<MergeNote.Side> = [.ours, .theirs]) -> [Breach] {
        let b = version(base ?? [], defaultZone)
        var o = version(ours, defaultZone), t = version(theirs, defaultZone)
        // A side that does not read (it holds markers itself, say) is
        // judged by its lines: each must still be in the result.
        if [o, t].contains(where: { $0.journal.diagnostics.hasErrors }) {
            return linesKept(ours: ours, theirs: theirs, result: result)
        }
        o.rekey(matching: b)
        t.rekey(matching: b)
        let split = sides(of: result)
        var readings = [version(split.ours, defaultZone)]
        if split.marked { readings.append(version(split.theirs, defaultZone)) }
        for i in readings.indices { readings[i].rekey(matching: b) }
        let resultLines = Set(lines(of: result).map { trimmed($0) })
        let renames = renamed(base: b, side: o).union(renamed(base: b, side: t))

        var breaches: [(Int64, Breach)] = []
        for key in Set(o.entries.keys).union(t.entries.keys).union(b.entries.keys) {
            let bv = b.value(key)
            var ov = o.value(key), tv = t.value(key)
            if let bv {
                if !trusting.contains(.ours) { ov = bv }
                if !trusting.contains(.theirs) { tv = bv }
            }
            let location = pick(bv.map { $0.location }, ov.map { $0.location }, tv.map { $0.location })
            let note = pick(bv.map { $0.note }, ov.map { $0.note }, tv.map { $0.note })
            let found = readings.compactMap { $0.value(key) }
            func keeps(_ v: EntryValue) -> Bool {
                found.contains { r in
                    r.note == v.note && (r.location == v.location
                        || v.location.map { renames.contains(Rename(from: $0, to: r.location ?? "")) } == true)
                }
            }
            func written(_ version: MergeVersion) -> String? { version.entries[key].map { version.lines(of: $0)[0].trimmingWhitespace() } }
            // An entry the result does not read at its instant may still be
            // there as written (a conflict that leaves a name undeclared).
            func present(_ v: EntryValue, in version: MergeVersion) -> Bool {
                keeps(v) || (found.isEmpty && written(version).map(resultLines.contains) == true)
            }
            func conflicted() {
                // Changed differently on both sides (or changed on one and
                // deleted on the other): each side's version must be kept.
                for (side, value, version) in [("ours", ov, o), ("theirs", tv, t)] {
                    guard let value, !present(value, in: version) else { continue }
                    breaches.append((key, Breach(kind: found.isEmpty ? .missing : .changed, side: side,
                                                 line: written(version) ?? "")))
                }
            }
            guard case .value(let l) = location, case .value(let n) = note else { conflicted(); continue }
            // Deleted by one side, untouched by the other: gone is right
            // (and kept is no loss).
            if l == nil && n == nil { continue }
            guard let l, let n else { conflicted(); continue }
            let expected = EntryValue(location: l, note: n)
            let owner = ov == expected ? (tv == expected ? "both" : "ours") : "theirs"
            let version = owner == "theirs" ? t : o
            if present(expected, in: version) { continue }
            breaches.append((key, Breach(kind: found.isEmpty ? .missing : .changed, side: owner,
                                         line: written(version) ?? "")))
        }
        return breaches.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The result read two ways: with each marked conflict's OURS part, and
    /// with its THEIRS part (a diff3 BASE part is in neither).
    package static func sides(of bytes: [UInt8]) -> (ours: [UInt8], theirs: [UInt8], marked: Bool) {
        enum Part { case both, ours, base, theirs }
        var part = Part.both, marked = false
        var ours: [UInt8] = [], theirs: [UInt8] = []
        for line in lines(of: bytes) {
            switch (marker(line), part) {
            case ("<", .both): part = .ours; marked = true; continue
            case ("|", .ours): part = .base; continue
            case ("=", .ours), ("=", .base): part = .theirs; continue
            case (">", .theirs): part = .both; continue
            default: break
            }
            if part == .both || part == .ours { ours += line }
            if part == .both || part == .theirs { theirs += line }
        }
        return (ours, theirs, marked)
    }

    /// Whether the bytes hold a conflict marker line of any kind.
    package static func hasMarkers(_ bytes: [UInt8]) -> Bool {
        lines(of: bytes).contains { marker($0) != nil }
    }

    // MARK: Parts

    enum Choice: Equatable {
        case value(String??)
        case conflict
    }

    /// The classic three-way rule for one field of one entry; the outer
    /// optional is the entry itself (nil: absent from that version).
    static func pick(_ b: String??, _ o: String??, _ t: String??) -> Choice {
        if o == t || t == b { return .value(o) }
        if o == b { return .value(t) }
        return .conflict
    }

    struct Rename: Hashable {
        var from: String
        var to: String
    }

    /// Names a side may have renamed: declared in BASE and dropped, new on
    /// that side, on the same body side. A name with no new one on its body
    /// side may go to another where the side's own entries show it: all of
    /// BASE's entries under the old name that the side kept now name the
    /// new one.
    static func renamed(base: MergeVersion, side: MergeVersion) -> Set<Rename> {
        let dropped = base.locationOrder.filter { side.locations[$0] == nil }
        let added = side.locationOrder.filter { base.locations[$0] == nil }
        func bodySide(_ name: String) -> Int { name.hasPrefix("Left ") ? 1 : name.hasPrefix("Right ") ? 2 : 0 }
        var result = Set<Rename>()
        for from in dropped {
            let sameSide = added.filter { bodySide($0) == bodySide(from) }
            for to in sameSide { result.insert(Rename(from: from, to: to)) }
            guard sameSide.isEmpty else { continue }
            let moved = Set(base.entries.values.filter { $0.location == from }.compactMap { side.entries[$0.start]?.location })
            if moved.count == 1, let to = moved.first, added.contains(to) { result.insert(Rename(from: from, to: to)) }
        }
        return result
    }

    static func version(_ bytes: [UInt8], _ zone: ZoneRules) -> MergeVersion {
        MergeVersion(JournalBuilder.load(SourceFile(path: "merge", bytes: bytes), defaultZone: zone))
    }

    /// The lines of both sides must all be in the result (as many times as
    /// the side has them): what can be asked of versions that do not read.
    static func linesKept(ours: [UInt8], theirs: [UInt8], result: [UInt8]) -> [Breach] {
        var have: [String: Int] = [:]
        for l in lines(of: result) { have[trimmed(l), default: 0] += 1 }
        var breaches: [Breach] = []
        for (side, bytes) in [("ours", ours), ("theirs", theirs)] {
            var need: [String: Int] = [:]
            for l in lines(of: bytes) { need[trimmed(l), default: 0] += 1 }
            for l in lines(of: bytes) {
                let text = trimmed(l)
                guard !text.isEmpty, need[text]! > have[text, default: 0] else { continue }
                need[text] = 0
                breaches.append(Breach(kind: .missing, side: side, line: text))
            }
        }
        return breaches
    }

    /// Each line with its line break.
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    static func trimmed<C: Collection<UInt8>>(_ line: C) -> String {
        String(decoding: line, as: UTF8.self).trimmingWhitespace()
    }

    /// `<`, `|`, `=` or `>` for a conflict marker line (seven of the
    /// character, then the end of the line or a blank and a label).
    static func marker(_ line: ArraySlice<UInt8>) -> Character? {
        guard line.count >= 7, let first = line.first, [0x3C, 0x7C, 0x3D, 0x3E].contains(first),
              line.prefix(7).allSatisfy({ $0 == first }) else { return nil }
        let rest = line.dropFirst(7)
        guard rest.first == nil || [0x20, 0x09, 0x0A, 0x0D].contains(rest.first!) else { return nil }
        if first == 0x3D, !rest.allSatisfy({ $0 == 0x0A || $0 == 0x0D }) { return nil }
        return Character(Unicode.Scalar(first))
    }
}
