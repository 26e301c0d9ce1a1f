import Foundation
import SiteCycleKit
import Testing

/// Issue 33 item 1 as a property, with real git: rounds of random logs,
/// amends, deletes and renames on two clones (and now and then a stale
/// driver path or a hostile .gitattributes line), then both sync. After
/// every round both journals say exactly the same, and that is every entry
/// logged anywhere and not deleted, with its last note and name.
extension SyncTests {
    /// The seeded generator every property test uses: the same rounds every run.
    typealias Rounds = SeededRandom

    /// One entry as `export` writes it: start (UTC), location, note.
    struct Logged: Hashable, CustomStringConvertible {
        var start: String
        var location: String
        var note: String
        var description: String { "\(start) \(location) \(note)" }
    }

    func exported(_ dir: String) throws -> Set<Logged> {
        let r = try sitecycle(["export"], in: dir)
        #expect(r.exitCode == 0, "\(r.stderr)")
        return Set(r.stdout.split(separator: "\n").dropFirst().map { row in
            let f = row.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            return Logged(start: f[0], location: f[1], note: f.count > 3 ? f[3] : "")
        })
    }

    @Test(.timeLimit(.minutes(5))) func everyEntryLoggedAnywhereEndsUpInBothJournals() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        var random = Rounds(seed: 33)
        // Whose entries each clone may amend or delete (a: even hours, and
        // BASE's): two edits of one entry would be a true conflict.
        var expected: [Int: (location: String, note: String, owner: String)] = [
            -136: ("Left Hip", "", "a"), -64: ("Right Hip", "sore", "a"),
        ]
        var names = ["Left Hip", "Right Hip", "Lower Back"]  // as both clones have them after a sync
        func stamp(_ hour: Int) -> String {
            let date = Date(timeIntervalSince1970: 1_770_422_400 + Double(hour) * 3600)  // 2026-02-07 00:00 UTC
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy-MM-dd HH:mm"
            return f.string(from: date)
        }
        func iso(_ hour: Int) -> String { stamp(hour).replacingOccurrences(of: " ", with: "T") + ":00Z" }

        var did: [String: Int] = [:]
        for round in 0..<20 {
            // a renames before b logs: b still logs under the old name, and
            // the merge carries b's entry to the new one.
            var renamed: [String: String] = [:]
            let synced = expected
            for clone in ["a", "b"] {
                for op in 0..<(1 + random.int(3)) {
                    let ownNames = clone == "a" ? names : names.map { new in renamed.first { $0.value == new }?.key ?? new }
                    let mine = expected.keys.filter { expected[$0]!.owner == clone }.sorted()
                    let choice = clone == "a" && op == 0 && random.chance(30) ? 9 : random.int(9)
                    switch choice {
                    case 0..<5:
                        let hour = round * 12 + op * 2 + (clone == "a" ? 0 : 1)
                        // b logs under the name a just renamed half the time.
                        let name = renamed.keys.first.flatMap { clone == "b" && random.chance(50) ? $0 : nil }
                            ?? ownNames[random.int(ownNames.count)]
                        let note = random.chance(40) ? "\(clone)\(round)" : ""
                        let r = try sitecycle(["--now", stamp(hour), "log", name] + (note.isEmpty ? [] : ["--note", note]), in: clone)
                        #expect(r.exitCode == 0, "round \(round): \(r.stderr)")
                        expected[hour] = (renamed[name] ?? name, note, clone)
                        if renamed[name] != nil { did["log to a renamed name", default: 0] += 1 }
                    case 5..<7 where !mine.isEmpty:
                        let hour = mine[random.int(mine.count)], note = "\(clone) amended \(round)"
                        let r = try sitecycle(["amend", stamp(hour), "--note", note], in: clone)
                        #expect(r.exitCode == 0, "round \(round): \(r.stderr)")
                        expected[hour]!.note = note
                        did["amend", default: 0] += 1
                    case 7..<9 where mine.count > 1:
                        // Not one a's rename rewrote this round: a deletion
                        // against that rewrite is a true conflict (one side
                        // changed the entry, the other deleted it).
                        let free = mine.filter { !renamed.values.contains(expected[$0]!.location) }
                        guard !free.isEmpty else { break }
                        let hour = free[random.int(free.count)]
                        let r = try sitecycle(["delete", stamp(hour)], in: clone)
                        #expect(r.exitCode == 0, "round \(round): \(r.stderr)")
                        expected[hour] = nil
                        did["delete", default: 0] += 1
                    case 9 where clone == "a" && renamed.isEmpty:
                        // A location both clones used renamed on one side: its
                        // entries go along.
                        let used = names.filter { n in synced.values.contains { $0.location == n } }
                        guard let old = used.first else { break }
                        let new = old.hasSuffix("X") ? String(old.dropLast(2)) : old + " X"
                        let r = try sitecycle(["locations", "rename", old, new], in: clone)
                        #expect(r.exitCode == 0, "round \(round): \(r.stderr)")
                        names[names.firstIndex(of: old)!] = new
                        for (k, v) in expected where v.location == old { expected[k]!.location = new }
                        renamed[old] = new
                        did["rename", default: 0] += 1
                    default:
                        break
                    }
                }
            }
            // Every few rounds a clone is hostile to the driver.
            if round % 6 == 2 {
                did["stale driver", default: 0] += 1
                try git("config", "merge.sitecycle.driver", "/moved/away/sitecycle merge %O %A %B", in: random.chance(50) ? "a" : "b")
            }
            if round % 5 == 3 {
                did["attributes line", default: 0] += 1
                try append(["* binary\n", "sites.journal -merge\n", "sites.journal merge=binary\n"][random.int(3)], to: "a/.gitattributes")
                try git("commit", "-q", "-m", "attributes", "--", ".gitattributes", in: "a")
            }
            let (a, b, a2) = try syncBoth()
            let seen = try journal("b")
            #expect(a.exitCode == 0 && b.exitCode == 0 && a2.exitCode == 0,
                    "round \(round): \(a.stderr)\(b.stderr)\(a2.stderr)\(b.stdout)\n\(seen)")
            let want = Set(expected.map { Logged(start: iso($0.key), location: $0.value.location, note: $0.value.note) })
            let inA = try exported("a"), inB = try exported("b")
            #expect(inA == want, "round \(round): missing \(want.subtracting(inA)), extra \(inA.subtracting(want))")
            #expect(inB == want, "round \(round): missing \(want.subtracting(inB)), extra \(inB.subtracting(want))")
            #expect(try journal("a") == journal("b"), "round \(round)")
            guard inA == want && inB == want else { return }
        }
        // The seed reaches every kind of round.
        for kind in ["amend", "delete", "rename", "log to a renamed name", "stale driver", "attributes line"] {
            #expect(did[kind, default: 0] > 0, "no \(kind) in \(did)")
        }
    }
}
