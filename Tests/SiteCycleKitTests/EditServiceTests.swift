import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `edit`'s copy, base and save against an in-memory file system; the
/// editor is a change made to the copy between `begin` and `finish`.
struct EditServiceTests {
    let path = "/journal/sites.journal"
    var copy: String { StateFolder.place("edit", forJournal: path, in: "/state/sitecycle") + "/sites.journal" }
    /// Where versions before the state folder left it.
    let olderCopy = "/journal/.sites.journal.edit"
    let start = "timezone UTC\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n"

    func service(_ fs: InMemoryFileSystem) -> EditService {
        EditService(fileSystem: fs, journalPath: path, stateFolder: "/state/sitecycle", defaultZone: .utc)
    }

    /// Issue 31 item 14: nothing of an edit is written beside the journal
    /// (a synced folder, a repository): its copy and base are in the state
    /// folder, and so is a discarded copy.
    @Test func anEditWritesNothingBesideTheJournal() throws {
        let fs = InMemoryFileSystem([path: start])
        #expect(copy.hasPrefix("/state/sitecycle/edit/") && service(fs).copy == copy)
        _ = try service(fs).begin(Array(start.utf8))
        fs.files[copy] = Array((start + "2026-11-04 08:00  Nowhere\n").utf8)
        #expect(try service(fs).discard().isEmpty)
        #expect(fs.files.keys.filter { $0.hasPrefix("/journal/") } == [path])
        #expect(fs.text(copy + ".discarded") != nil)
    }

    /// An older version's unfinished edit beside the journal is moved into
    /// the state folder, base and all, and resumed from there.
    @Test func anOlderVersionsEditIsMovedIntoTheStateFolder() throws {
        let edited = start + "2026-11-05 09:00  B\n"
        let fs = InMemoryFileSystem([path: start, olderCopy: edited, olderCopy + ".base": start])
        #expect(!service(fs).hasUnfinishedEdit)
        #expect(try service(fs).adoptOlderEdit() == .moved(from: olderCopy))
        #expect(fs.files.keys.filter { $0.hasPrefix("/journal/") } == [path])
        #expect(fs.text(copy) == edited && fs.text(copy + ".base") == start && fs.modes[copy] == 0o600)
        #expect(service(fs).hasUnfinishedEdit)
        #expect(try service(fs).adoptOlderEdit() == .none)
        let resumed = try service(fs).resume(journalNow: Array(start.utf8))
        guard case .saved = try service(fs).finish(resumed) else { Issue.record("expected a save"); return }
        #expect(fs.text(path) == edited && !fs.exists(copy) && !fs.exists(copy + ".base"))
    }

    /// With an edit waiting in the state folder already, the older one is
    /// left beside the journal, untouched, and named.
    @Test func anOlderEditBesideANewerOneIsLeftAlone() throws {
        let fs = InMemoryFileSystem([path: start, olderCopy: "older\n"])
        _ = try service(fs).begin(Array(start.utf8))
        #expect(try service(fs).adoptOlderEdit() == .leftBeside(olderCopy))
        #expect(fs.text(olderCopy) == "older\n" && fs.text(copy) == start)
    }

    func refusal(_ fs: InMemoryFileSystem, _ start: EditService.Start) -> EditRefusal? {
        do throws(EditRefusal) {
            _ = try service(fs).finish(start)
            return nil
        } catch {
            return error
        }
    }

    @Test func anEditIsSavedThroughAPrivateCopyWhichThenGoes() throws {
        let fs = InMemoryFileSystem([path: start])
        #expect(service(fs).copy == copy && !service(fs).hasUnfinishedEdit)
        let begun = try service(fs).begin(Array(start.utf8))
        #expect(fs.text(copy) == start && fs.text(copy + ".base") == start)
        #expect(fs.modes[copy] == 0o600 && fs.modes[copy + ".base"] == 0o600)
        fs.files[copy] = Array((start + "2026-11-04 08:00  B\n").utf8)
        guard case .saved(let before, let after, _, _) = try service(fs).finish(begun) else {
            Issue.record("expected a save"); return
        }
        #expect(before == Array(start.utf8) && after == fs.files[path])
        #expect(fs.text(path) == start + "2026-11-04 08:00  B\n")
        #expect(!fs.exists(copy) && !fs.exists(copy + ".base"))
    }

    @Test func aCopyWithErrorsStaysAndTheJournalIsUntouched() throws {
        let fs = InMemoryFileSystem([path: start])
        let begun = try service(fs).begin(Array(start.utf8))
        fs.files[copy] = Array((start + "2026-11-04 08:00  Nowhere\n").utf8)
        guard case .copyHasErrors(let journal) = refusal(fs, begun) else { Issue.record("expected errors"); return }
        #expect(journal.source.path == copy)
        #expect(fs.text(path) == start && service(fs).hasUnfinishedEdit)
    }

    @Test func resumingComparesWithTheJournalAsTheEditBegan() throws {
        let fs = InMemoryFileSystem([path: start])
        _ = try service(fs).begin(Array(start.utf8))
        fs.files[copy] = Array((start + "2026-11-05 09:00  B\n").utf8)
        // The editor failed; a log from elsewhere changes the journal.
        let logged = start + "2026-11-06 10:00  A\n"
        fs.files[path] = Array(logged.utf8)
        #expect(service(fs).hasUnfinishedEdit)
        let resumed = try service(fs).resume(journalNow: Array(logged.utf8))
        #expect(resumed.original == Array(start.utf8) && resumed.linesNotInCopy == 0)
        guard case .journalChangedSince = refusal(fs, resumed) else { Issue.record("expected changed since"); return }
        #expect(fs.text(path) == logged && service(fs).hasUnfinishedEdit)
        // Without the log in between, resuming saves the copy.
        fs.files[path] = Array(start.utf8)
        guard case .saved = try service(fs).finish(resumed) else { Issue.record("expected a save"); return }
        #expect(fs.text(path) == start + "2026-11-05 09:00  B\n")
    }

    @Test func aCopyWithoutABaseIsComparedWithTheJournalNow() throws {
        let fs = InMemoryFileSystem([path: start, olderCopy: "timezone UTC\nlocation A\nlocation B\n\n"])
        #expect(try service(fs).adoptOlderEdit() == .moved(from: olderCopy))
        let resumed = try service(fs).resume(journalNow: Array(start.utf8))
        #expect(resumed.original == Array(start.utf8) && resumed.linesNotInCopy == 1)
    }

    @Test func discardMovesTheCopyAsideAndUnchangedRemovesIt() throws {
        let fs = InMemoryFileSystem([path: start])
        let begun = try service(fs).begin(Array(start.utf8))
        #expect(try service(fs).discard().isEmpty)
        #expect(fs.text(copy + ".discarded") == start && !fs.exists(copy) && !fs.exists(copy + ".base"))
        _ = try service(fs).begin(Array(start.utf8))
        guard case .unchanged = try service(fs).finish(begun) else { Issue.record("expected no change"); return }
        #expect(!fs.exists(copy) && fs.text(path) == start)
    }
}
