import SiteCycleKit
import SiteCycleTestSupport
import Testing

/// Issue 41 item 1: one scanner reads an entry's `reason:` and `lot:`
/// clauses, over bytes, for the parser, the builder, `fmt`, replacement,
/// merge, import and the name rules.
struct ClauseScanTests {
    /// The head and the clauses (`kind value`, in the order written).
    func read(_ text: String, headWords: Int = 1) -> (head: String, clauses: [String]) {
        let (scan, bytes) = EntryClauses.scan(text, headWords: headWords)
        let head = String(decoding: bytes[scan.head], as: UTF8.self)
        return (head, scan.clauses.map { "\($0.kind) " + String(decoding: bytes[$0.value], as: UTF8.self) })
    }

    @Test func readsBothFormsInEitherOrderWithTabsOrSpaces() {
        #expect(read("Left Arm  reason: pain  lot: A1") == ("Left Arm", ["reason pain", "lot A1"]))
        #expect(read("Left Arm lot:A1\treason:\tpain") == ("Left Arm", ["lot A1", "reason pain"]))
        #expect(read("sensor  Left Back Arm\tlot: 7") == ("sensor  Left Back Arm", ["lot 7"]))
        #expect(read("Left Arm") == ("Left Arm", []))
    }

    @Test func eachKindOnceFromTheEndAndAWordOfNameStays() {
        // The second `reason:` is the clause; the first stays in the name
        // (an undeclared name, which `check` then explains).
        #expect(read("Left Arm reason: pain reason: kinked") == ("Left Arm reason: pain", ["reason kinked"]))
        // An entry's field keeps a word of name: `reason: pain` alone is a name.
        #expect(read("reason: pain") == ("reason: pain", []))
        #expect(read("lot:A1") == ("lot:A1", []))
        // Clause text alone (fmt, replacement, merge) reads with no head.
        #expect(read("reason: pain  lot: A1", headWords: 0) == ("", ["reason pain", "lot A1"]))
        #expect(read("lot:A1", headWords: 0) == ("", ["lot A1"]))
        // A keyword with no value is no clause; case matters.
        #expect(read("Left Arm lot:") == ("Left Arm lot:", []))
        #expect(read("Left Arm Reason: pain") == ("Left Arm Reason: pain", []))
    }

    @Test func theKeywordAndValueRangesPointIntoTheBytes() {
        let (scan, bytes) = EntryClauses.scan("Left Arm  reason:pain")
        let clause = scan.clause(.reason)!
        #expect(String(decoding: bytes[clause.keyword], as: UTF8.self) == "reason:")
        #expect(String(decoding: bytes[clause.value], as: UTF8.self) == "pain")
        #expect(scan.written(in: bytes) == ["reason: pain"])
    }

    /// Every reader agrees: the parser's ranges, the builder's values and
    /// `fmt`'s canonical text come from the same scan of each line.
    @Test func theParserTheBuilderAndFmtReadTheSame() throws {
        let journal = load("""
            timezone UTC
            location Left Arm
            location Right Arm

            2026-02-01 08:00  Left Arm\treason:pain   lot:X1 ; sore
            2026-02-03 08:00  Right Arm lot: Q reason: kinked
            2026-02-05 08:00  Left Arm

            """)
        #expect(!journal.diagnostics.hasErrors, "\(journal.diagnostics)")
        let changes = journal.changes
        #expect(changes.map { $0.reason?.word } == ["pain", "kinked", nil])
        #expect(changes.map { journal.lot(of: $0) } == ["X1", "Q", nil])
        let formatted = String(decoding: JournalFormatter(journal: journal).formatted(), as: UTF8.self)
        #expect(formatted.contains("2026-02-01 08:00  Left Arm  reason: pain  lot: X1    ; sore\n"), "\(formatted)")
        #expect(formatted.contains("2026-02-03 08:00  Right Arm  lot: Q  reason: kinked\n"), "\(formatted)")
    }
}
