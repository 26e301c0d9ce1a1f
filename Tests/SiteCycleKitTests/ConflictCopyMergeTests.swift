import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// A shared folder's conflict copy merged against the base this machine's
/// write history rebuilds (issue 31 item 1): random deletes, amends and logs
/// on two copies of one journal, this machine's recorded as `undo` records
/// them; then the merge, with either file as the journal. No correction made
/// here is undone, no entry logged on either side is lost, and a correction
/// made there is taken when the history shows the copy came from the base,
/// else kept as it was and named.
struct ConflictCopyMergeTests {
    typealias Random = SeededRandom

    static let locations = ["Left Hip", "Right Hip", "Lower Back", "Left Arm"]

    /// Entries by hour since the start: location and note.
    typealias Entries = [Int: (location: String, note: String?)]

    static func text(_ entries: Entries) -> [UInt8] {
        var out = "timezone UTC\n" + locations.map { "location \($0)\n" }.joined() + "\n"
        for hour in entries.keys.sorted() {
            let e = entries[hour]!
            out += CivilDateTime(secondsAsIfUTC: seconds(hour)).journalText + "  \(e.location)"
                + (e.note.map { "  ; \($0)" } ?? "") + "\n"
        }
        return Array(out.utf8)
    }

    static func seconds(_ hour: Int) -> Int64 { 1_767_225_600 + Int64(hour) * 3600 }

    /// What one side did since the base.
    struct Edits {
        var entries: Entries
        var logged: Set<Int> = []
        var deleted: Set<Int> = []
        /// Changed in place (note or location), or moved to another hour.
        var changed: Set<Int> = []
        var moved: [Int: Int] = [:]
    }

    /// One to four deletes, amends (note, location, time) and logs; hours
    /// of its own (`parity`), so the two sides never log the same minute.
    static func edit(_ start: Entries, base: Entries, _ r: inout Random, parity: Int,
                     record: (Entries, Entries, String) -> Void = { _, _, _ in }) -> Edits {
        var e = Edits(entries: start)
        for _ in 0..<(1 + r.int(4)) {
            // Only the base's entries are corrected: a correction of one's own new line is just a new line.
            let keys = base.keys.filter { e.entries[$0] != nil && !e.changed.contains($0) && e.moved[$0] == nil }.sorted()
            let before = e.entries
            var command = ""
            switch r.int(5) {
            case 0 where !keys.isEmpty:
                let k = keys[r.int(keys.count)]
                e.entries[k] = nil
                e.deleted.insert(k)
                command = "delete \(k)"
            case 1 where !keys.isEmpty:
                let k = keys[r.int(keys.count)]
                e.entries[k]!.note = "fixed \(parity) \(r.int(99))"
                e.changed.insert(k)
                command = "amend \(k) --note"
            case 2 where !keys.isEmpty:
                let k = keys[r.int(keys.count)]
                let now = e.entries[k]!.location
                e.entries[k]!.location = locations.filter { $0 != now }[r.int(locations.count - 1)]
                e.changed.insert(k)
                command = "amend \(k) --location"
            case 3 where !keys.isEmpty:
                let k = keys[r.int(keys.count)]
                let to = 3000 + r.int(500) * 2 + parity
                guard e.entries[to] == nil else { continue }
                e.entries[to] = e.entries[k]
                e.entries[k] = nil
                e.moved[k] = to
                command = "amend \(k) --at"
            default:
                let hour = 2000 + r.int(500) * 2 + parity
                guard e.entries[hour] == nil else { continue }
                e.entries[hour] = (locations[r.int(locations.count)], r.chance(30) ? "new \(parity)" : nil)
                e.logged.insert(hour)
                command = "log"
            }
            record(before, e.entries, command)
        }
        return e
    }

    func journal(_ bytes: [UInt8]) -> Journal { JournalBuilder.load(SourceFile(path: "m", bytes: bytes), defaultZone: .utc) }

    @Test func randomCorrectionsOnTwoCopiesSurviveTheMerge() {
        var foundExactly = 0, foundOtherwise = 0
        var trusted = 0, untrusted = 0, theirsTaken = 0, theirsKept = 0, oursKept = 0, conflicted = 0
        for seed in 1...300 {
            var r = Random(seed: UInt64(seed) &* 104_729)
            var records: [WriteRecord] = []  // oldest first here
            func record(_ before: Entries, _ after: Entries, _ command: String) {
                records.append(WriteRecord(command: command, writtenAt: Int64(records.count), before: ConflictCopyMergeTests.text(before),
                                           after: ConflictCopyMergeTests.text(after)))
            }
            // The journal both had: written here by logs the copy saw (a
            // history that reaches past the base), or synced in, or edited
            // by hand (a history that starts at the base).
            var base: Entries = [:]
            for _ in 0..<(2 + r.int(8)) { base[r.int(900) * 2] = (ConflictCopyMergeTests.locations[r.int(4)], nil) }
            let reachesPast = r.chance(50)
            var writtenBefore: Set<Int> = []
            if reachesPast {
                for _ in 0..<(1 + r.int(3)) {
                    let before = base, hour = 1000 + r.int(400) * 2
                    guard base[hour] == nil else { continue }
                    base[hour] = (ConflictCopyMergeTests.locations[r.int(4)], nil)
                    record(before, base, "log")
                    writtenBefore.insert(hour)
                }
            }
            let here = ConflictCopyMergeTests.edit(base, base: base, &r, parity: 0, record: record)
            let there = ConflictCopyMergeTests.edit(base, base: base, &r, parity: 1)
            let mine = ConflictCopyMergeTests.text(here.entries), theirs = ConflictCopyMergeTests.text(there.entries)
            let history = Array(records.reversed())

            for mineIsJournal in [true, false] {
                let (j, c) = mineIsJournal ? (mine, theirs) : (theirs, mine)
                let outcome = ConflictCopyMerge.merge(journal: SourceFile(path: "j", bytes: j), copy: SourceFile(path: "c", bytes: c),
                                                      records: history, defaultZone: .utc)
                let touched = { (e: Edits) in e.deleted.union(e.changed).union(e.moved.keys) }
                // The base is found exactly unless both sides made the same
                // correction (then the version after it is as good a base).
                let disjoint = touched(here).isDisjoint(with: touched(there))
                let exact = outcome.base.bytes == ConflictCopyMergeTests.text(base)
                if disjoint && mineIsJournal { if exact { foundExactly += 1 } else { foundOtherwise += 1 } }
                // Found otherwise only when the copy deleted or moved an entry
                // this machine wrote before they went apart: nothing in the
                // text tells that from a write the copy never saw.
                #expect(!disjoint || exact || !touched(there).isDisjoint(with: writtenBefore), "seed \(seed): base not found")
                #expect(outcome.base.mine == (mineIsJournal ? .ours : .theirs), "seed \(seed)")
                let descends = outcome.base.otherDescends
                if mineIsJournal { if descends { trusted += 1 } else { untrusted += 1 } }
                let result = outcome.result
                let merged = journal(result.bytes)
                let text = String(decoding: result.bytes, as: UTF8.self)
                // Nothing logged on either side is lost, conflict or not.
                for (side, edits) in [("here", here), ("there", there)] {
                    for hour in edits.logged.union(edits.moved.values) {
                        let stamp = CivilDateTime(secondsAsIfUTC: ConflictCopyMergeTests.seconds(hour)).journalText
                        #expect(text.contains(stamp), "seed \(seed): lost \(stamp) logged \(side)")
                    }
                }
                guard result.conflicts == 0 else {
                    // Only the same entry corrected on both sides conflicts.
                    conflicted += 1
                    #expect(!disjoint || !exact, "seed \(seed): a conflict nobody made")
                    continue
                }
                #expect(!merged.diagnostics.hasErrors, "seed \(seed): \(merged.diagnostics.errors.map(\.message))")
                let at = Dictionary(merged.changes.map { (Int(($0.start.seconds - 1_767_225_600) / 3600), $0) }) { a, _ in a }
                func value(_ hour: Int) -> String? {
                    at[hour].map { "\(merged.name(of: $0) ?? "-") \(merged.note(of: $0) ?? "")" }
                }
                func value(_ hour: Int, in entries: Entries) -> String? { entries[hour].map { "\($0.location) \($0.note ?? "")" } }
                let touchedThere = there.deleted.union(there.changed).union(there.moved.keys)
                for hour in base.keys.sorted() {
                    let correctedHere = here.deleted.contains(hour) || here.changed.contains(hour) || here.moved[hour] != nil
                    if correctedHere {
                        // No correction made here is undone (a field the
                        // copy corrected otherwise may merge beside it).
                        if let h = here.entries[hour], let b = base[hour] {
                            if h.location != b.location { #expect(at[hour].flatMap(merged.name(of:)) == h.location, "seed \(seed)") }
                            if h.note != b.note { #expect(at[hour].flatMap(merged.note(of:)) == h.note, "seed \(seed)") }
                        } else {
                            #expect(at[hour] == nil, "seed \(seed): hour \(hour) deleted here came back")
                        }
                        if !touchedThere.contains(hour) { oursKept += 1 }
                    } else if touchedThere.contains(hour) {
                        // A correction made there: taken when the copy is
                        // known to come from the base, else kept and named.
                        if !exact {
                            // Another version looked closer: taken, or kept.
                            #expect([value(hour, in: there.entries), value(hour, in: base)].contains(value(hour)), "seed \(seed)")
                        } else if descends {
                            theirsTaken += 1
                            #expect(value(hour) == value(hour, in: there.entries), "seed \(seed): hour \(hour) corrected there lost")
                        } else {
                            theirsKept += 1
                            #expect(value(hour) == value(hour, in: base), "seed \(seed): hour \(hour) changed unseen")
                            #expect(result.notes.contains { if case .keptEntry = $0 { true } else { false } }, "seed \(seed)")
                        }
                    } else if exact {
                        #expect(value(hour) == value(hour, in: base), "seed \(seed): hour \(hour) nobody touched changed")
                    }
                }
                // Each correction kept here is named, with the write that made it.
                let named = result.notes.compactMap { n -> String? in
                    if case .keptCorrection(_, _, _, let by) = n { by } else { nil }
                }
                #expect(!disjoint || !exact || named.count == touched(here).subtracting(touchedThere).count, "seed \(seed): \(result.notes)")
                #expect(named.allSatisfy { $0.hasPrefix("delete") || $0.hasPrefix("amend") }, "seed \(seed): \(named)")
            }
        }
        #expect(trusted > 60 && untrusted > 60, "trusted \(trusted), untrusted \(untrusted)")
        #expect(theirsTaken > 40 && theirsKept > 40 && oursKept > 150, "\(theirsTaken) \(theirsKept) \(oursKept)")
        #expect(conflicted > 10, "only \(conflicted) conflicts")
        #expect(foundOtherwise * 5 < foundExactly, "base found \(foundExactly) times, another \(foundOtherwise) times")
    }

    /// Without any history nothing is known: all entries of both are kept,
    /// as before, and nothing is named.
    @Test func withoutHistoryAllEntriesOfBothAreKept() {
        let base: Entries = [10: ("Left Hip", nil), 20: ("Right Hip", nil)]
        var mine = base, theirs = base
        mine[10] = nil
        theirs[30] = ("Lower Back", nil)
        let outcome = ConflictCopyMerge.merge(journal: SourceFile(path: "j", bytes: ConflictCopyMergeTests.text(mine)),
                                              copy: SourceFile(path: "c", bytes: ConflictCopyMergeTests.text(theirs)),
                                              records: [], defaultZone: .utc)
        #expect(outcome.base.mine == nil && outcome.base.bytes.isEmpty && outcome.result.notes.isEmpty)
        #expect(journal(outcome.result.bytes).changes.count == 3)
    }
}
