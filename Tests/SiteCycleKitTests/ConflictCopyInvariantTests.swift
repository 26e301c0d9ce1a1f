import Testing
@testable import SiteCycleKit

/// A conflict copy's merge is held to `MergeInvariant` before sync writes it
/// (issue 33 item 1), against the base it was made with.
struct ConflictCopyInvariantTests {
    static let header = "timezone UTC\nlocation Left Hip\nlocation Right Hip\n\n"
    static let a = "2026-02-01 08:00  Left Hip\n", b = "2026-02-03 08:00  Right Hip  ; sore\n"
    static let here = "2026-02-05 08:00  Left Hip\n", there = "2026-02-06 08:00  Right Hip\n"

    func file(_ text: String) -> SourceFile { SourceFile(path: "j", text: text) }
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A result that drops the entry logged here is not written: both
    /// files are kept whole between markers, and the entry is named.
    @Test func aResultThatDropsAnEntryIsRefused() {
        let journal = file(Self.header + Self.a + Self.b + Self.here)
        let copy = file(Self.header + Self.a + Self.b + Self.there)
        let dropped = JournalMerge.Result(bytes: bytes(Self.header + Self.a + Self.b + Self.there), conflicts: 0)
        let base = ConflictCopyMerge.Base(bytes: bytes(Self.header + Self.a + Self.b), mine: .ours, otherDescends: true,
                                          writes: [])
        let held = ConflictCopyMerge.held(.init(result: dropped, base: base), journal: journal, copy: copy, defaultZone: .utc)
        #expect(held.atStake == [.init(kind: .missing, side: "ours", line: "2026-02-05 08:00  Left Hip")])
        #expect(held.result.conflicts > 0)
        let text = String(decoding: held.result.bytes, as: UTF8.self)
        #expect(text.contains("<<<<<<<") && text.contains(Self.here) && text.contains(Self.there), "\(text)")
        // The merge by meaning itself keeps both and is written as made.
        let merged = ConflictCopyMerge.merge(journal: journal, copy: copy, records: [], defaultZone: .utc)
        #expect(merged.atStake.isEmpty && merged.result.conflicts == 0)
    }

    /// This machine's deliberate deletion is no loss against the base the
    /// history rebuilt (without a base it would read as one).
    @Test func aDeletionMadeHereIsNoBreachAgainstTheBase() {
        let journal = file(Self.header + Self.a + Self.here)
        let copy = file(Self.header + Self.a + Self.b + Self.there)
        let result = JournalMerge.Result(bytes: bytes(Self.header + Self.a + Self.here + Self.there), conflicts: 0)
        let base = ConflictCopyMerge.Base(bytes: bytes(Self.header + Self.a + Self.b), mine: .ours, otherDescends: true,
                                          writes: [])
        #expect(ConflictCopyMerge.held(.init(result: result, base: base), journal: journal, copy: copy,
                                       defaultZone: .utc).atStake.isEmpty)
        var none = base
        none.bytes = []
        #expect(!ConflictCopyMerge.held(.init(result: result, base: none), journal: journal, copy: copy,
                                        defaultZone: .utc).atStake.isEmpty)
    }

    /// A copy not known to descend from the base has its change of a base
    /// entry not taken (the merge keeps this machine's): no breach either.
    @Test func anUntrustedCopysChangeKeptAsHereIsNoBreach() {
        let journal = file(Self.header + Self.a + Self.b + Self.here)
        let copy = file(Self.header + Self.a + "2026-02-03 08:00  Right Hip  ; fine\n" + Self.there)
        let base = ConflictCopyMerge.Base(bytes: bytes(Self.header + Self.a + Self.b), mine: .ours, otherDescends: false,
                                          writes: [])
        let result = JournalMerge.merge(base: file(Self.header + Self.a + Self.b), ours: journal, theirs: copy,
                                        defaultZone: .utc, trusting: [.ours])
        #expect(String(decoding: result.bytes, as: UTF8.self).contains(Self.b))
        let held = ConflictCopyMerge.held(.init(result: result, base: base), journal: journal, copy: copy, defaultZone: .utc)
        #expect(held.atStake.isEmpty, "\(held.atStake)")
        #expect(held.result.bytes == result.bytes)
    }
}
