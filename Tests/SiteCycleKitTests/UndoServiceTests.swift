import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `undo` against an in-memory file system: a log, its record, and what
/// undo puts back or why it refuses.
struct UndoServiceTests {
    let path = "/journal/sites.journal"
    let start = """
        timezone UTC
        location Left Arm
        location Right Arm

        2026-02-01 08:00  Left Arm

        """

    func history(_ fs: InMemoryFileSystem) -> WriteHistory { WriteHistory(folder: "/state/undo/j", fileSystem: fs) }

    func service(_ fs: InMemoryFileSystem) -> UndoService {
        UndoService(fileSystem: fs, path: path, history: history(fs), defaultZone: .utc)
    }

    /// Logs Right Arm through a transaction and keeps its undo record, as
    /// the command line does.
    func logged() throws -> InMemoryFileSystem {
        let fs = InMemoryFileSystem([path: start])
        let request = SiteChangeService.LogRequest(location: "Right Arm", at: instant("2026-02-04T08:00:00Z"), note: nil)
        let result = try fs.transaction(path).run { journal throws(ServiceError) in try SiteChangeService.log(request, in: journal) }
        try history(fs).append(result.record(command: "log ra", writtenAt: instant("2026-02-04T08:01:00Z").seconds))
        return fs
    }

    @Test func undoAfterALogPutsTheJournalBackAndForgetsTheRecord() throws {
        let fs = try logged()
        #expect(service(fs).list().newestCanBeUndone)
        let outcome = try service(fs).undoLast(force: false)
        #expect(fs.text(path) == start)
        #expect(outcome.command == "log ra")
        #expect(outcome.writtenAt == instant("2026-02-04T08:01:00Z"))
        #expect(outcome.firstLine == 6)
        #expect(outcome.putBack.isEmpty)
        #expect(outcome.tookOut == Array("2026-02-04 08:00  Right Arm\n".utf8))
        #expect(outcome.restoredWithErrors == nil)
        #expect(history(fs).records().isEmpty)
        // A second undo has nothing left to reverse.
        guard case .nothingOnRecord = refusal(fs) else { Issue.record("expected nothing on record"); return }
    }

    func refusal(_ fs: InMemoryFileSystem, force: Bool = false) -> UndoRefusal? {
        do throws(UndoRefusal) {
            _ = try service(fs).undoLast(force: force)
            return nil
        } catch {
            return error
        }
    }

    @Test func undoRefusesAfterAHandEditAndChangesNothing() throws {
        let fs = try logged()
        let edited = fs.text(path)! + "; a note by hand\n"
        fs.files[path] = Array(edited.utf8)
        let writes = fs.writes
        guard case .changedSince(let command, let writtenAt, _) = refusal(fs) else {
            Issue.record("expected a refusal: changed since"); return
        }
        #expect(command == "log ra" && writtenAt == instant("2026-02-04T08:01:00Z"))
        #expect(fs.text(path) == edited && fs.writes == writes)
        #expect(!service(fs).list().newestCanBeUndone)
        #expect(history(fs).records().count == 1)
    }

    @Test func undoRefusesToBringBackErrorsUnlessForced() throws {
        // The write being undone fixed a line that names no location.
        let broken = start + "2026-02-03 08:00  Lft Arm\n"
        let fixed = start + "2026-02-03 08:00  Left Arm\n"
        let fs = InMemoryFileSystem([path: fixed])
        try history(fs).append(WriteRecord(command: "edit", writtenAt: 0, before: Array(broken.utf8), after: Array(fixed.utf8)))
        guard case .wouldBringBackErrors(let command, let journal) = refusal(fs) else {
            Issue.record("expected a refusal: would bring back errors"); return
        }
        #expect(command == "edit")
        #expect(journal.diagnostics.errors.count == 1)
        #expect(fs.text(path) == fixed)
        let forced = try service(fs).undoLast(force: true)
        #expect(fs.text(path) == broken)
        #expect(forced.restoredWithErrors?.diagnostics.errors.count == 1)
        #expect(forced.putBack == Array("2026-02-03 08:00  Lft Arm\n".utf8))
    }

    @Test func unreadableRecordsAreSkippedAndNamed() throws {
        let fs = try logged()
        fs.files["/state/undo/j/00000007.undo"] = Array("sitecycle-undo 2\ncut short".utf8)
        fs.files["/state/undo/j/notanumber.undo"] = []
        #expect(service(fs).unreadableRecords() == ["/state/undo/j/00000007.undo", "/state/undo/j/notanumber.undo"])
        #expect(service(fs).list().records.map(\.command) == ["log ra"])
        _ = try service(fs).undoLast(force: false)
        #expect(fs.text(path) == start)
    }

    @Test func theHistoryKeepsItsRecordsPrivateAndForgetsTheOldest() throws {
        let fs = InMemoryFileSystem([path: start])
        for n in 0..<(WriteHistory.limit + 2) {
            try history(fs).append(WriteRecord(command: "log \(n)", writtenAt: 0, before: [], after: []))
        }
        let records = history(fs).records()
        #expect(records.count == WriteHistory.limit)
        #expect(records.first?.record.command == "log \(WriteHistory.limit + 1)")
        #expect(fs.modes.filter { $0.key.hasPrefix("/state/") }.values.allSatisfy { $0 == 0o600 })
    }
}
