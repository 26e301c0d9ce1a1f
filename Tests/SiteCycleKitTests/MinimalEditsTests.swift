import Testing
@testable import SiteCycleKit

/// The line diff behind formatting edits: applied in order, the edits turn
/// the old text into the new one exactly, and lines both share stay put.
struct MinimalEditsTests {
    static func apply(_ edits: [TextEdit], to old: [UInt8]) -> [UInt8] {
        var out = old
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return out
    }

    @Test func randomEditsOfRandomLinesRoundTrip() {
        var r = SeededRandom(seed: 30)
        let words = ["a\n", "b\n", "c\n", "d\n", "e\n", "ü\n", "\n", "a", "b\r\n"]
        for _ in 0..<2_000 {
            let old = (0..<r.int(12)).map { _ in words[r.int(words.count - 2)] }.joined()
            var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
            if lines.last == "\n" { lines.removeLast() }
            for _ in 0..<r.int(5) {
                switch r.int(3) {
                case 0: lines.insert(words[r.int(words.count)], at: r.int(lines.count + 1))
                case 1: if !lines.isEmpty { lines.remove(at: r.int(lines.count)) }
                default: if !lines.isEmpty { lines[r.int(lines.count)] = words[r.int(words.count)] }
                }
            }
            let new = Array(lines.joined().utf8)
            let source = SourceFile(path: "t", bytes: Array(old.utf8))
            let edits = MinimalEdits.between(source, new)
            #expect(Self.apply(edits, to: Array(old.utf8)) == new, "\(old.debugDescription) → \(String(decoding: new, as: UTF8.self).debugDescription)")
        }
    }

    @Test func onlyTheChangedLinesAreReplaced() {
        let old = "timezone UTC\nlocation A\n\n2026-02-01 08:00 A\n2026-02-02 08:00  A\n2026-02-03 08:00 A\n"
        let new = "timezone UTC\nlocation A\n\n2026-02-01 08:00  A\n2026-02-02 08:00  A\n2026-02-03 08:00  A\n"
        let edits = MinimalEdits.between(SourceFile(path: "t", text: old), Array(new.utf8))
        #expect(edits.map(\.text) == ["2026-02-01 08:00  A\n", "2026-02-03 08:00  A\n"])
        #expect(Self.apply(edits, to: Array(old.utf8)) == Array(new.utf8))
    }

    @Test func aByteOrderMarkComesAndGoes() {
        let bom = "\u{FEFF}"
        for (old, new) in [(bom + "a\nb\n", "a\nb\n"), ("a\nb\n", bom + "a\nc\n"), (bom + "a\n", bom + "b\n")] {
            let edits = MinimalEdits.between(SourceFile(path: "t", text: old), Array(new.utf8))
            #expect(Self.apply(edits, to: Array(old.utf8)) == Array(new.utf8))
        }
    }
}
