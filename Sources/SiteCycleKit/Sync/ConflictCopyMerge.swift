/// A shared folder's conflict copy merged as git merges branches: against
/// the journal as it was when the two went apart, rebuilt from this
/// machine's write history (the undo records), so that an entry deleted or
/// changed here since then stays deleted or changed instead of coming back
/// from the copy's older lines.
///
/// The history is a chain of writes, each with the bytes it took out and put
/// in: reversing them one by one from the journal (or from the copy, when
/// the copy is what this machine last wrote and the peer's version won the
/// file) gives each version this machine had, back to the first write not
/// made by this tool here (a hand edit, a peer's version synced in) or the
/// oldest record kept. The base is the version right after the newest write
/// the other file has seen: it holds an entry line that write put in, word
/// for word or by its date and time (an entry the write created, amended
/// there since). A sync's own merge is no such evidence: its lines came
/// from the other side. With that evidence the other file descends from
/// the base, and its deletions and changes are taken. Without it the base
/// is the oldest version the history reaches, and the other file's
/// deletions and changes of the base's entries are not taken (they may be
/// this machine's writes it never saw): each is kept and named. An entry
/// written here that the copy then deleted (no evidence either way) is
/// kept: the merge errs toward keeping an entry, never toward dropping one.
/// Without any history the base is empty: all entries of both are kept.
public enum ConflictCopyMerge {
    /// Where the merge's base came from.
    public struct Base: Sendable, Equatable {
        /// The journal as it was when the two went apart (empty: unknown).
        public var bytes: [UInt8]
        /// The file this machine's history leads to: the journal (`.ours`),
        /// the copy (`.theirs`), or neither.
        public var mine: MergeNote.Side?
        /// Whether the other file is known to descend from `bytes`.
        public var otherDescends: Bool
        /// This machine's writes since `bytes`, newest first.
        public var writes: [WriteRecord]

        /// The sides whose deletions and changes of the base's entries are
        /// taken: both, unless the other file is not known to descend.
        var trusting: Set<MergeNote.Side> {
            if let mine, !otherDescends { return [mine] }
            return [.ours, .theirs]
        }
    }

    public struct Outcome: Sendable {
        public var result: JournalMerge.Result
        public var base: Base
        /// Entries the merge by meaning would have dropped or changed
        /// (`MergeInvariant`, against this base): when there are any,
        /// `result` keeps both files whole between markers instead.
        package var atStake: [MergeInvariant.Breach] = []
    }

    /// Merges `copy` into `journal`; `records` is the journal's write
    /// history, newest first (`WriteHistory.records`), and `deleted` the
    /// entry lines its forgotten writes took out (`WriteHistory.deletedLines`).
    public static func merge(journal: SourceFile, copy: SourceFile, records: [WriteRecord],
                             deleted: Set<[UInt8]> = [], defaultZone: ZoneRules) -> Outcome {
        var base = findBase(journal: journal.bytes.array, copy: copy.bytes.array, records: records)
        base.addForgottenDeletions(deleted, journal: journal.bytes.array, copy: copy.bytes.array)
        let baseFile = SourceFile(path: "base", bytes: base.bytes)
        var result = JournalMerge.merge(base: baseFile, ours: journal, theirs: copy, defaultZone: defaultZone,
                                        trusting: base.trusting)
        if let mine = base.mine {
            result.notes = corrections(base: baseFile, journal: journal, copy: copy, mine: mine, writes: base.writes,
                                       defaultZone: defaultZone) + result.notes
        }
        return held(Outcome(result: result, base: base), journal: journal, copy: copy, defaultZone: defaultZone)
    }

    /// The merge held to `MergeInvariant` before it is written, against the
    /// base it was made with (an empty one where no history was found:
    /// then every entry of both must be kept). A result that drops or
    /// changes an entry is not trusted: both files are kept whole between
    /// markers, and `atStake` names the entries.
    package static func held(_ outcome: Outcome, journal: SourceFile, copy: SourceFile, defaultZone: ZoneRules) -> Outcome {
        let breaches = MergeInvariant.check(base: outcome.base.bytes, ours: journal.bytes.array, theirs: copy.bytes.array,
                                            result: outcome.result.bytes, defaultZone: defaultZone,
                                            trusting: outcome.base.trusting)
        guard !breaches.isEmpty else { return outcome }
        var held = outcome
        held.result = JournalMerge.wholeFileConflict(journal, copy)
        held.atStake = breaches
        return held
    }

    /// The base, as the type's comment says.
    public static func findBase(journal: [UInt8], copy: [UInt8], records: [WriteRecord]) -> Base {
        /// The newest write that left `bytes` as they are.
        func lastWrite(of bytes: [UInt8]) -> Int? {
            var fingerprints: [Int: UInt64] = [:]  // one per record format
            return records.firstIndex { record in
                let f = fingerprints[record.format] ?? WriteRecord.fingerprint(bytes, format: record.format)
                fingerprints[record.format] = f
                return record.afterFingerprint == f
            }
        }
        // This machine's file is the one its newer write left: the other
        // may be an older version of it (or happen to read like one).
        let sides = [(MergeNote.Side.ours, journal, copy, lastWrite(of: journal)),
                     (.theirs, copy, journal, lastWrite(of: copy))]
        guard let (mine, start, other, first) = sides.compactMap({ s in s.3.map { (s.0, s.1, s.2, $0) } }).min(by: { $0.3 < $1.3 })
        else { return Base(bytes: [], mine: nil, otherDescends: false, writes: []) }
        return walk(from: start, records: Array(records[first...]), other: other, mine: mine)
    }

    /// Reverses `records` (newest first, the first one the last write of
    /// `start`) while they chain, back to the newest write `other` has seen.
    static func walk(from start: [UInt8], records: [WriteRecord], other: [UInt8], mine: MergeNote.Side) -> Base {
        let otherLines = Set(lines(other))
        let otherKeys = Set(otherLines.compactMap(entryKey))
        // The writes that chain, by their fingerprints (each is reversed,
        // bytes checked, below), and what `other` shows of each.
        var chain = 0
        while chain < records.count, chain == 0 || records[chain].afterFingerprint == records[chain - 1].beforeFingerprint
                && records[chain].format == records[chain - 1].format {
            chain += 1
        }
        let shown = records.prefix(chain).map { evidence($0, otherLines: otherLines, otherKeys: otherKeys) }
        // The base is where the writes split best into seen (older) and
        // not seen (newer), each weighed by how plainly the other file
        // shows it; on a tie the older split (a doubt keeps entries).
        var score = shown.reduce(0) { $0 + $1.unseen - $1.seen }  // the base before every write
        var best = (score: score, base: chain)
        for b in (0..<chain).reversed() {
            score += 2 * (shown[b].seen - shown[b].unseen)  // write b moves to the seen side
            if score > best.score { best = (score, b) }
        }
        var current = start
        let stop = best.base
        var reversed = 0
        while reversed < stop, case .restored(let before) = records[reversed].reverse(current) {
            current = before
            reversed += 1
        }
        let descends = (stop < chain && reversed == stop) || current == other
        return Base(bytes: current, mine: mine, otherDescends: descends, writes: Array(records.prefix(reversed)))
    }

    /// How plainly `other` shows a write, and how plainly it does not.
    struct Evidence {
        var seen = 0, unseen = 0
    }

    /// What `other` shows of this write. Seen: an entry the write created
    /// is there (word for word, or by its date and time, amended since;
    /// 2), or a line it amended reads as the write left it (1: the same
    /// correction may have been made there). Not seen: a line the write
    /// took out is there word for word (2), or an entry it created is
    /// missing (1: it may have been deleted there). A deletion alone shows
    /// nothing seen, nor does a sync's own merge: its lines came from the
    /// other side.
    static func evidence(_ record: WriteRecord, otherLines: Set<ArraySlice<UInt8>>,
                         otherKeys: Set<ArraySlice<UInt8>>) -> Evidence {
        guard !record.command.hasPrefix("sync") else { return Evidence() }
        let (takenLines, put) = record.entryLineChanges
        let takenKeys = Set(takenLines.compactMap(entryKey))
        var e = Evidence()
        if takenLines.contains(where: otherLines.contains) { e.unseen = 2 }
        for line in put {
            let key = entryKey(line)!
            let created = !takenKeys.contains(key)
            if created {
                if otherLines.contains(line) || otherKeys.contains(key) { e.seen = 2 } else { e.unseen = max(e.unseen, 1) }
            } else if otherLines.contains(line) {
                e.seen = max(e.seen, 1)
            }
        }
        return e
    }

    /// An entry line's date and time (`2026-02-01 08:15`); nil for any other line.
    static func entryKey(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let s = line.startIndex
        guard line.count >= 16, (0x30...0x39).contains(line[s]), line[s + 4] == 0x2D, line[s + 10] == 0x20 else { return nil }
        return line.prefix(16)
    }

    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            result.append(trimmed(bytes[start..<i]))
            start = i + 1
        }
        if start < bytes.count { result.append(trimmed(bytes[start...])) }
        return result
    }

    /// A line without its CR: a copy saved with other line ends is the same.
    static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == 0x0D ? line.dropLast() : line
    }

    /// What this machine deleted or changed since the base that the other
    /// file still has as the base had it: kept, and named with the write
    /// that did it.
    static func corrections(base: SourceFile, journal: SourceFile, copy: SourceFile, mine: MergeNote.Side,
                            writes: [WriteRecord], defaultZone: ZoneRules) -> [MergeNote] {
        let load = { (f: SourceFile) in MergeVersion(JournalBuilder.load(f, defaultZone: defaultZone)) }
        let b = load(base), o = load(journal), t = load(copy)
        guard !b.journal.diagnostics.hasErrors else { return [] }
        let (here, there) = mine == .ours ? (o, t) : (t, o)
        // The first lines of the entries this machine wrote since the base.
        let new = Set(here.entries.values.filter { b.entries[$0.start] == nil }.map { Array(here.lines(of: $0)[0].utf8)[...] })
        var notes: [MergeNote] = []
        for key in b.entries.keys.sorted() {
            let was = b.value(key), now = here.value(key)
            guard now != was, there.value(key) == was, let e = b.entries[key] else { continue }
            // The newest write that took the line out; an entry it wrote in
            // its place makes it a change (`amend --at`), not a deletion.
            let line = Array(b.lines(of: e)[0].utf8)[...]
            let write = writes.first { lines($0.removed).contains(line) && !lines($0.inserted).contains(line) }
            let moved = write.map { lines($0.inserted).contains(where: new.contains) } ?? false
            notes.append(.keptCorrection(entry: b.describe(key), side: mine, deleted: now == nil && !moved, by: write?.command))
        }
        return notes
    }
}

extension ConflictCopyMerge.Base {
    /// A history reaches back only so far: an entry this machine deleted
    /// in a write whose record is forgotten is missing from the base too,
    /// and the other file's old copy of it would read as a new entry and
    /// come back. Such lines (`WriteHistory.deletedLines`) that the other
    /// file has and this machine's does not are put back into the base,
    /// so the deletion stands and is named like any other.
    mutating func addForgottenDeletions(_ deleted: Set<[UInt8]>, journal: [UInt8], copy: [UInt8]) {
        guard !deleted.isEmpty, let mine, !bytes.isEmpty else { return }
        let (here, other) = mine == .ours ? (journal, copy) : (copy, journal)
        let lines = ConflictCopyMerge.lines, entryKey = ConflictCopyMerge.entryKey
        // Only a line whose time no entry here or in the base has: an entry
        // amended in place is already in the base, and judged there.
        let times = Set((lines(here) + lines(bytes)).compactMap(entryKey))
        let back = lines(other).filter { line in
            entryKey(line).map { !times.contains($0) } == true && deleted.contains(Array(line))
        }
        guard !back.isEmpty else { return }
        if bytes.last != 0x0A { bytes.append(0x0A) }
        for line in back { bytes += line + [0x0A] }
    }
}

extension WriteRecord {
    /// The entry lines this write took out and put in, a line written back
    /// unchanged cancelling out.
    var entryLineChanges: (taken: [ArraySlice<UInt8>], put: [ArraySlice<UInt8>]) {
        let lines = ConflictCopyMerge.lines, entryKey = ConflictCopyMerge.entryKey
        var taken: [ArraySlice<UInt8>: Int] = [:]
        for line in lines(removed) where entryKey(line) != nil { taken[line, default: 0] += 1 }
        var put: [ArraySlice<UInt8>] = []
        for line in lines(inserted) where entryKey(line) != nil {
            if let n = taken[line], n > 0 { taken[line] = n - 1 } else { put.append(line) }  // unchanged lines cancel
        }
        return (taken.flatMap { line, n in Array(repeating: line, count: n) }, put)
    }

    /// The entry lines this write deleted or changed, as they were. A
    /// sync's own merge takes out nothing of this machine's.
    var netRemovedEntryLines: [ArraySlice<UInt8>] {
        command.hasPrefix("sync") ? [] : entryLineChanges.taken
    }
}
