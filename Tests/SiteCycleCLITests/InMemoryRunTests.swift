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

    /// The same for every command that writes: what was typed and needs no
    /// journal to judge is refused before the journal is read at all, so
    /// a journal with errors (or none) does not hide the mistake.
    @Test(arguments: [
        (["log", "A", "--lot", "5267 348"], "--lot: "),
        (["log", "A", "--at", "soonish"], "invalid --at: `soonish` is not a time"),
        (["log", "A", "--replace-note"], "--replace-note goes with --previous-note"),
        (["log", "A", "--previous-reason", "bored"], "unknown reason `bored` for --previous-reason"),
        (["remove", "--reason", "bored"], "unknown reason `bored` for --reason"),
        (["amend", "last", "--end", "whenever"], "invalid --end: `whenever` is not a time"),
        (["amend", "last", "--lot", "a;b"], "--lot: "),
        (["delete", "last", "--now", "whenever"], "invalid --now: `whenever` is not a time"),
        (["locations", "pause", "A", "--until", "someday"], "--until takes a date like 2026-03-15"),
        (["locations", "pause", "A", "--for", "0d"], "--for takes a number of days"),
        (["locations", "move", "A"], "move needs exactly one of --before OTHER or --after OTHER"),
        (["locations", "pause", "A", "--for", "3d", "--reason", "a\u{7}b"], "--reason"),
        (["set", "target", "lots"], "invalid target: "),
        (["--now", "whenever", "log", "A"], "invalid --now: `whenever` is not a time"),
        // What was typed where a name, an entry or a period goes.
        (["log", ""], "which location?"),
        (["amend", "last", "--location", ""], "--location takes a location name"),
        (["amend", "not-an-entry", "--note", "x"], "`not-an-entry` is not an entry"),
        (["delete", "0"], "line 0 is not a site change"),
        (["locations", "add", "Bad;Name"], "a location name cannot contain `;`"),
        (["locations", "add", "9abc"], "a location name must start with a letter"),
        (["locations", "rename", "A", "removed"], "`removed` is a keyword, not a location name"),
        (["history", "--from", "garbage"], "invalid --from: `garbage` is not a time"),
        (["export", "--to", "garbage"], "invalid --to: `garbage` is not a time"),
        (["stats", "--from", "garbage"], "invalid --from: `garbage` is not a time"),
        // import: before the journal, and before the file to import too.
        (["import", "/nowhere/app.csv", "--map", "Hip"], "--map takes FROM=TO, not `Hip`"),
        (["import", "/nowhere/app.csv", "--format", "xml"], "unknown format `xml`"),
        (["import", "/nowhere/app.csv", "--device", "two words"], "--device two words: "),
    ])
    func writeOptionsAreCheckedBeforeTheJournalIsRead(_ arguments: [String], _ message: String) {
        let broken = InMemoryFileSystem([Self.journal: Self.text + "2026-11-02 08:00  Nowhere\n"])
        for fs in [broken, InMemoryFileSystem()] {
            let r = sitecycle(fs, arguments)
            #expect(r.exitCode == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            #expect(!fs.reads.contains(Self.journal), "\(arguments) read the journal: \(fs.reads)")
            #expect(fs.writes == 0)
        }
    }

    /// What needs the journal to judge (which location, which entry, whether
    /// a time is taken) is judged by the Kit under the lock, on the one
    /// reading of it, and refused in the same words.
    @Test func whatNeedsTheJournalIsReadUnderTheLockAndRefusedTyped() {
        let fs = InMemoryFileSystem([Self.journal: Self.text])
        let unknown = sitecycle(fs, ["log", "Nowhere"])
        #expect(unknown.exitCode == 2 && unknown.stderr.contains("no location \"Nowhere\""), "\(unknown.stderr)")
        let future = sitecycle(fs, ["log", "A", "--at", "2026-11-04 08:00"])
        #expect(future.exitCode == 1 && future.stderr.contains("--at 2026-11-04 08:00 is in the future"), "\(future.stderr)")
        let entry = sitecycle(fs, ["amend", "lastt", "--note", "x"])
        #expect(entry.exitCode == 2 && entry.stderr.contains("`lastt` is not an entry"), "\(entry.stderr)")
        let device = sitecycle(fs, ["remove", "--device", "cgm"])
        #expect(device.exitCode == 2 && device.stderr.contains("no device `cgm` in \(Self.journal)"), "\(device.stderr)")
        let pause = sitecycle(fs, ["locations", "pause", "A", "--until", "2026-11-03"])
        #expect(pause.exitCode == 2 && pause.stderr.contains("--until 2026-11-03 is not after today (2026-11-03)"),
                "\(pause.stderr)")
        #expect(fs.writes == 0 && fs.text(Self.journal) == Self.text)
    }

    /// Issue 41 item 4: a file the person names (`import FILE`,
    /// `--cgm FILE`) is read through the same `FileSystem`, so a run that
    /// imports and reads glucose needs no disk either.
    @Test func namedInputsAreReadThroughTheFileSystem() throws {
        let csv = "Date,Location\n2026-11-02 08:00,B\n"
        var clarity = "Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,"
            + "Source Device ID,Glucose Value (mg/dL),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),"
            + "Glucose Rate of Change (mg/dL/min),Transmitter Time (Long Integer)\n"
        for i in 0..<12 { clarity += "\(i + 1),2026-11-01T\(10 + i):00:00,EGV,,,,iOS G6,\(110 + i),,,,,\n" }
        let fs = InMemoryFileSystem([Self.journal: Self.text, "/mem/app.csv": csv, "/mem/clarity.csv": clarity])
        let imported = sitecycle(fs, ["import", "/mem/app.csv"])
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        #expect(fs.text(Self.journal)?.contains("2026-11-02 08:00  B") == true, "\(fs.text(Self.journal) ?? "")")
        let outcomes = sitecycle(fs, ["outcomes", "--cgm", "/mem/clarity.csv", "--json"])
        #expect(outcomes.exitCode == 0, "\(outcomes.stderr)")
        #expect(outcomes.stdout.contains("\"readings\""), "\(outcomes.stdout)")
        #expect(fs.reads.contains("/mem/app.csv") && fs.reads.contains("/mem/clarity.csv"), "\(fs.reads)")
        let missing = sitecycle(fs, ["outcomes", "--cgm", "/mem/nowhere.csv"])
        #expect(missing.exitCode != 0 && missing.stderr.contains("/mem/nowhere.csv"), "\(missing.stderr)")
    }

    /// Conflict copies are listed through the `FileSystem` too: one in
    /// memory is announced like one on the disk.
    @Test func aConflictCopyInMemoryIsAnnounced() {
        let copy = "/mem/sites.sync-conflict-20261102-101010-ABCDEFG.journal"
        let fs = InMemoryFileSystem([Self.journal: Self.text, copy: Self.text])
        let status = sitecycle(fs, ["status"])
        #expect(status.exitCode == 0, "\(status.stderr)")
        #expect(status.stderr.contains("sites.sync-conflict-20261102-101010-ABCDEFG.journal"), "\(status.stderr)")
    }
}
