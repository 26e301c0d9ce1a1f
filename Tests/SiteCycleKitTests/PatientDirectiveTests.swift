import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Issue 31 item 13: `patient NAME`, the name the clinic report prints. It
/// is read as one rule says, written by `set`, and kept out of the commit
/// messages `sync` writes.
struct PatientDirectiveTests {
    let path = "/journal/sites.journal"
    let text = "timezone UTC\ntarget 72h\nlocation A\n\n2026-11-01 08:00  A\n"

    @Test func theNameIsReadAsWrittenWithBlanksCollapsed() {
        let journal = load("patient  Ada \t Lovelace   ; as the clinic spells it\n" + text, zone: .utc)
        #expect(journal.diagnostics.isEmpty && journal.settings.patient == "Ada Lovelace")
        #expect(load(text, zone: .utc).settings.patient == nil)
        for bad in ["", "Ada; Lovelace", "Ada\u{1B}[31m", "Ada\nLovelace"] {
            guard case .failure = SettingValues.patient(bad) else { Issue.record("accepted \(bad)"); continue }
        }
        let empty = load("patient\n" + text, zone: .utc)
        #expect(empty.diagnostics.map(\.message) == ["missing patient name"])
        #expect(empty.diagnostics.first.map { [$0.line, $0.column] } == [1, 8])
    }

    @Test func setWritesTheLineAndChangesItInPlace() throws {
        let fs = InMemoryFileSystem([path: text])
        let first = try fs.transaction(path).run { journal throws(ServiceError) in
            try SettingsService.set(.patient("Ada Lovelace"), in: journal)
        }
        #expect(fs.text(path) == "timezone UTC\ntarget 72h\npatient Ada Lovelace\nlocation A\n\n2026-11-01 08:00  A\n")
        #expect(first.outcome.change == .set("patient", to: "Ada Lovelace", was: "none"))
        _ = try fs.transaction(path).run { journal throws(ServiceError) in
            try SettingsService.set(.patient("Grace Hopper"), in: journal)
        }
        #expect(fs.text(path)!.contains("\npatient Grace Hopper\n") && !fs.text(path)!.contains("Ada"))
    }

    @Test func aCommitMessageSaysThatTheNameChangedNotTheName() {
        let before = load(text, zone: .utc)
        let after = load("patient Ada Lovelace\n" + text.replacingOccurrences(of: "72h", with: "48h"), zone: .utc)
        #expect(CommitSummary.describe(old: before, new: after) == ["set target 48h", "set patient"])
    }
}
