import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Issue 22, item 3: the spreadsheet-formula guard is reversible, so export
/// then import gives back every note byte for byte.
struct CSVRoundTripTests {
    static let alphabet = ["'", "=", "+", "-", "@", "\t", "a", " ", "\"", ",", "é", "\n"]
    static let starts = ["'", "=", "+", "-", "@", "\t"]

    @Test func theGuardIsUndoneExactlyOnEveryCell() {
        var random = SeededRandom(seed: 22_03)
        for _ in 0..<5_000 {
            var cell = ""
            for _ in 0..<random.int(7) { cell += Self.alphabet[random.int(Self.alphabet.count)] }
            let written = CSV.neutralisingFormula(cell)
            #expect(CSV.restoringFormula(written) == cell, "\(cell.debugDescription) → \(written.debugDescription)")
            if let first = written.utf8.first { #expect(!CSV.formulaStarts.contains(first), "\(written.debugDescription)") }
        }
    }

    @Test func aLeadingApostropheSurvivesExportAndImport() throws {
        var random = SeededRandom(seed: 22_33)
        var notes: [String] = ["'=x", "'", "''", "'+1", "'hello", "=x", "'''@"]
        for _ in 0..<300 {
            var note = Self.starts[random.int(Self.starts.count - 1)]  // a journal note cannot start with a tab
            for _ in 0..<random.int(6) { note += ["'", "=", "+", "-", "@", "a", "\"", ",", "\t", "é"][random.int(10)] }
            notes.append(note.hasSuffix("\t") ? note + "." : note)  // the journal trims a trailing blank
        }
        var text = "timezone UTC\nlocation Left Arm\n\n"
        for (i, note) in notes.enumerated() {
            let day = Instant(seconds: 1_767_225_600 + Int64(i) * 86_400)
            text += formatISO8601(day, offsetSeconds: 0).prefix(10) + " 08:00  Left Arm  ; " + note + "\n"
        }
        let journal = load(text, zone: .utc)
        #expect(!journal.diagnostics.hasErrors)
        let written = journal.changes.map { journal.note(of: $0) ?? "" }
        #expect(written.count == notes.count)
        for (w, n) in zip(written, notes) where w != n { Issue.record("the journal holds \(w.debugDescription), not \(n.debugDescription)") }
        let csv = Exporters.csv(journal, journal.changes, now: Instant(seconds: 4_000_000_000))
        guard case .success(let source) = ImportReaders.csv(csv) else { Issue.record("export does not read back"); return }
        #expect(source.records.count == notes.count)
        for (r, n) in zip(source.records, notes) where (r.note ?? "") != n {
            Issue.record("\(n.debugDescription) came back as \((r.note ?? "").debugDescription)")
        }
    }

    @Test func aTabOrCarriageReturnAtTheStartIsGuardedAndRestored() throws {
        for cell in ["\tx", "\rx", "'\tx", "\t"] {
            let csv = "date,location,duration_hours,note\n2026-01-01T08:00:00Z,Left Arm,," + CSV.field(CSV.neutralisingFormula(cell)) + "\n"
            guard case .success(let source) = ImportReaders.csv(csv) else { Issue.record("\(cell.debugDescription)"); continue }
            #expect(source.records.first?.note == cell)
        }
    }
}
