import Testing
@testable import SiteCycleKit
@testable import SiteCycleCLI

/// Issue 28 item 2: every journal read and write goes through the
/// `FileSystem`, so a whole run works in memory: `log`, `edit` with a fake
/// editor, `undo`, end to end, without a disk. And every journal write,
/// with its undo record, happens under the lock.
struct InMemoryRunTests {
    static let journal = "/mem/sites.journal"
    static let text = "timezone UTC\ntarget 72h\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n"
    static let environment = ["XDG_STATE_HOME": "/mem/state", "HOME": "/mem/home", "TZ": "UTC",
                              "SITECYCLE_NOW": "2026-11-03 09:00"]

    func sitecycle(_ fs: InMemoryFileSystem, _ arguments: [String],
                   editor: ((String, Int) -> Int32)? = nil) -> RunResult {
        run(arguments: ["-f", Self.journal] + arguments, environment: Self.environment, fileSystem: fs, editor: editor)
    }

    func undoRecords(_ fs: InMemoryFileSystem) -> [String] {
        fs.files.keys.filter { $0.hasPrefix("/mem/state/sitecycle/undo/") }.sorted()
    }

    @Test func logEditAndUndoRunInMemory() throws {
        let fs = InMemoryFileSystem([Self.journal: Self.text])
        let logged = sitecycle(fs, ["log", "B"])
        #expect(logged.exitCode == 0, "\(logged.stderr)")
        #expect(fs.text(Self.journal) == Self.text + "2026-11-03 09:00  B\n")
        #expect(undoRecords(fs).count == 1)

        // The fake editor changes the copy it is given, in memory.
        var opened: String?
        let edited = sitecycle(fs, ["edit"]) { file, _ in
            opened = file
            fs.files[file] = Array((Self.text + "2026-11-03 09:00  A  ; edited\n").utf8)
            return 0
        }
        #expect(edited.exitCode == 0, "\(edited.stderr)")
        let copy = StateFolder.place("edit", forJournal: Self.journal, in: "/mem/state/sitecycle") + "/sites.journal"
        #expect(opened == copy)
        #expect(fs.text(Self.journal) == Self.text + "2026-11-03 09:00  A  ; edited\n")
        #expect(fs.files[copy] == nil && fs.files[copy + ".base"] == nil)
        #expect(fs.files.keys.filter { $0.hasPrefix("/mem/") && !$0.hasPrefix("/mem/state/") } == [Self.journal])
        #expect(undoRecords(fs).count == 2)

        let undone = sitecycle(fs, ["undo"])
        #expect(undone.exitCode == 0, "\(undone.stderr)")
        #expect(fs.text(Self.journal) == Self.text + "2026-11-03 09:00  B\n")
        let again = sitecycle(fs, ["undo"])
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(fs.text(Self.journal) == Self.text)
        #expect(undoRecords(fs).isEmpty)

        // Nothing of the journal or its undo history was written unlocked
        // (edit's copy is the editor's, in the state folder too, and was
        // never under the lock).
        let unlocked = fs.unlockedWrites.filter { $0 == Self.journal || $0.hasPrefix("/mem/state/sitecycle/undo/") }
        #expect(unlocked.isEmpty, "\(unlocked)")
    }

    /// `undo --force` is the plan's "allow errors": the journal put back
    /// may have errors only then.
    @Test func undoForceAllowsErrorsAndOnlyThen() throws {
        let broken = Self.text + "2026-11-02 08:00  Nowhere\n"
        let fs = InMemoryFileSystem([Self.journal: Self.text])
        // An edit that fixes an error is recorded; undoing it brings the error back.
        fs.files[Self.journal] = Array(broken.utf8)
        let fixed = sitecycle(fs, ["edit"]) { file, _ in
            fs.files[file] = Array(Self.text.utf8)
            return 0
        }
        #expect(fixed.exitCode == 0, "\(fixed.stderr)")
        let refused = sitecycle(fs, ["undo"])
        #expect(refused.exitCode == 1)
        #expect(fs.text(Self.journal) == Self.text)
        let forced = sitecycle(fs, ["undo", "--force"])
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(fs.text(Self.journal) == broken)
        #expect(fs.unlockedWrites.filter { $0 == Self.journal }.isEmpty)
    }

    /// Options are parsed and checked before the journal is read: a wrong
    /// flag is named as such even on a journal with errors, or none.
    @Test func optionsAreCheckedBeforeTheJournalIsRead() {
        let broken = InMemoryFileSystem([Self.journal: Self.text + "2026-11-02 08:00  Nowhere\n"])
        for fs in [broken, InMemoryFileSystem()] {
            let r = sitecycle(fs, ["stats", "--robust", "--mean"])
            #expect(r.exitCode == 2, "\(r.stderr)")
            #expect(r.stderr.contains("give --robust or --mean, not both"), "\(r.stderr)")
            #expect(!r.stderr.contains("Nowhere") && !r.stderr.contains("no journal"), "\(r.stderr)")
        }
    }
}
