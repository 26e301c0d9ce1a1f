import Testing
@testable import SiteCycleKit

/// A reason or lot added on one side of a sync survives the merge, and two
/// different ones on the same site are a conflict, never a silent pick.
struct MergeReasonTests {
    let header = "timezone UTC\nlocation A\nlocation B\n\n"

    func merge(base: String, ours: String, theirs: String) -> JournalMerge.Result {
        JournalMerge.merge(base: SourceFile(path: "base", bytes: Array((header + base).utf8)),
                           ours: SourceFile(path: "ours", bytes: Array((header + ours).utf8)),
                           theirs: SourceFile(path: "theirs", bytes: Array((header + theirs).utf8)), defaultZone: .utc)
    }

    func text(_ r: JournalMerge.Result) -> String { String(decoding: r.bytes, as: UTF8.self) }

    @Test func aReasonAddedByTheirsIsKeptBesideOursNewSite() {
        let base = "2026-02-01 08:00  A\n"
        let r = merge(base: base, ours: base + "2026-02-02 08:00  B\n",
                      theirs: "2026-02-01 08:00  A  reason: occlusion  lot: L1\n")
        #expect(r.conflicts == 0)
        #expect(text(r) == header + "2026-02-01 08:00  A  reason: occlusion  lot: L1\n2026-02-02 08:00  B\n")
    }

    @Test func aReasonAddedByOursStays() {
        let base = "2026-02-01 08:00  A  ; sore\n"
        let r = merge(base: base, ours: "2026-02-01 08:00  A  reason: pain  ; sore\n", theirs: base + "2026-02-02 08:00  B\n")
        #expect(r.conflicts == 0)
        #expect(text(r) == header + "2026-02-01 08:00  A  reason: pain  ; sore\n2026-02-02 08:00  B\n")
    }

    @Test func twoDifferentReasonsAreAConflict() {
        let base = "2026-02-01 08:00  A\n"
        let r = merge(base: base, ours: "2026-02-01 08:00  A  reason: pain\n", theirs: "2026-02-01 08:00  A  reason: kinked\n")
        #expect(r.conflicts == 1)
        #expect(text(r).contains("reason: pain") && text(r).contains("reason: kinked"))
    }
}
