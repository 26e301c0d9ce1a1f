import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// 7. An unfinished edit never blocks `edit` for good: a terminal offers to
/// resume or discard it; --resume and --discard do the same without one.
struct EditResumeTests {
    let journalText = "timezone UTC\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n"

    struct Folder {
        let dir: URL
        var journal: String { dir.appendingPathComponent("sites.journal").path }
        /// The state folder, outside the journal's folder.
        var state: String { dir.path + "-state" }
        var copy: String { StateFolder.place("edit", forJournal: journal, in: state + "/sitecycle") + "/sites.journal" }
        /// Where versions before the state folder left the copy.
        var olderCopy: String { dir.appendingPathComponent(".sites.journal.edit").path }
        /// What the journal's folder holds.
        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }
        var base: String { copy + ".base" }
        var discarded: String { copy + ".discarded" }
        func remove() {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(atPath: state)
        }
        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
        func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

        /// An editor script: `body` runs with the file as $f.
        func editor(_ name: String, _ body: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try "#!/bin/sh\nfor f; do :; done\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            // Run by the shell, never executed itself: a test spawning in
            // parallel may still hold the file open for writing, and
            // executing it then fails with "Text file busy" (ETXTBSY).
            return "/bin/sh '\(path)'"
        }
    }

    func folder() throws -> Folder {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let f = Folder(dir: dir)
        try journalText.write(toFile: f.journal, atomically: true, encoding: .utf8)
        return f
    }

    func edit(_ f: Folder, _ editor: String, _ extra: [String] = [], stdin: String = "", terminal: Bool = false) -> RunResult {
        run(arguments: ["-f", f.journal, "edit"] + extra,
            environment: ["EDITOR": editor, "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": f.state],
            stdin: stdin, terminal: terminal)
    }

    /// An editor that adds a line and then fails, as a killed editor would.
    /// Issue 31 item 14: the copy and its base wait in the state folder,
    /// and nothing new is left in the journal's (perhaps synced) folder.
    func abandon(_ f: Folder) throws {
        let failing = try f.editor("fails.sh", "echo '2026-11-05 09:00  B' >> \"$f\"\nexit 1")
        let before = f.names
        let r = edit(f, failing)
        #expect(r.exitCode == 1)
        #expect(f.exists(f.copy) && f.exists(f.base))
        #expect(f.names == before)
        let mode = (try? FileManager.default.attributesOfItem(atPath: f.copy)[.posixPermissions]) as? Int
        let folderMode = (try? FileManager.default.attributesOfItem(atPath: (f.copy as NSString).deletingLastPathComponent)[
            .posixPermissions]) as? Int
        #expect(mode == 0o600 && folderMode == 0o700)
    }

    @Test func anAbandonedEditIsNamedAndResumedWithoutATerminal() throws {
        let f = try folder()
        defer { f.remove() }
        try abandon(f)
        let keep = try f.editor("keep.sh", "exit 0")
        let blocked = edit(f, keep)
        #expect(blocked.exitCode == 1)
        #expect(blocked.stderr.unwrapped == """
            sitecycle: error: an unfinished edit is waiting in \(f.copy)
              hint: `sitecycle edit --resume` reopens it; `--discard` moves it aside

            """.unwrapped)
        let resumed = edit(f, keep, ["--resume"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        #expect(try f.text(f.journal) == journalText + "2026-11-05 09:00  B\n")
        #expect(!f.exists(f.copy) && !f.exists(f.base))
        // And `edit` works again.
        #expect(edit(f, keep).stdout == "No changes.\n")
    }

    @Test func resumingNeverDropsLinesLoggedSinceTheEditBegan() throws {
        let f = try folder()
        defer { f.remove() }
        try abandon(f)
        let logged = run(arguments: ["-f", f.journal, "--now", "2026-11-06 10:00", "log", "a"], environment: ["XDG_STATE_HOME": f.state])
        #expect(logged.exitCode == 0, "\(logged.stderr)")
        let after = try f.text(f.journal)
        let r = edit(f, try f.editor("keep.sh", "exit 0"), ["--resume"])
        #expect(r.exitCode == 1)
        #expect(r.stderr.contains("changed since the edit began; nothing was overwritten"), "\(r.stderr)")
        #expect(try f.text(f.journal) == after)
        #expect(f.exists(f.copy))
    }

    @Test func discardMovesTheCopyAsideAndChangesNothingElse() throws {
        let f = try folder()
        defer { f.remove() }
        try abandon(f)
        let copyText = try f.text(f.copy)
        let r = edit(f, try f.editor("keep.sh", "exit 0"), ["--discard"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.unwrapped == "Moved the unfinished edit to \(f.discarded).")
        #expect(try f.text(f.discarded) == copyText)
        #expect(!f.exists(f.copy) && !f.exists(f.base))
        #expect(try f.text(f.journal) == journalText)
        let again = edit(f, try f.editor("keep2.sh", "exit 0"), ["--discard"])
        #expect(again.exitCode == 1)
        #expect(again.stderr.contains("there is no unfinished edit to discard"))
        #expect(edit(f, "true", ["--resume", "--discard"]).exitCode == 2)
    }

    @Test func aTerminalOffersResumeDiscardOrCancel() throws {
        let f = try folder()
        defer { f.remove() }
        try abandon(f)
        let keep = try f.editor("keep.sh", "exit 0")
        // Cancel (Enter): nothing changes.
        let cancelled = edit(f, keep, stdin: "\n", terminal: true)
        #expect(cancelled.exitCode == 1)
        #expect(cancelled.stdout.contains("Resume it, discard it (moved aside), or cancel? [r/d/C] "))
        #expect(f.exists(f.copy))
        #expect(try f.text(f.journal) == journalText)
        // Discard, then a fresh edit that changes a line.
        let change = try f.editor("change.sh", "sed -i 's/08:00  A/08:00  B/' \"$f\"")
        let discarded = edit(f, change, stdin: "d\n", terminal: true)
        #expect(discarded.exitCode == 0, "\(discarded.stderr)")
        #expect(discarded.stdout.unwrapped.contains("Moved the unfinished edit to \(f.discarded)."))
        #expect(try f.text(f.journal) == journalText.replacingOccurrences(of: "08:00  A", with: "08:00  B"))
        #expect(!f.exists(f.copy) && !f.exists(f.base))
        // Resume.
        try abandon(f)
        let resumed = edit(f, keep, stdin: "r\n", terminal: true)
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        #expect(try f.text(f.journal).hasSuffix("2026-11-05 09:00  B\n"))
        #expect(!f.exists(f.copy) && !f.exists(f.base))
    }

    @Test func aCopyFromAnOlderVersionWithoutABaseWarnsOfMissingLines() throws {
        let f = try folder()
        defer { f.remove() }
        try "timezone UTC\nlocation A\nlocation B\n\n".write(toFile: f.olderCopy, atomically: true, encoding: .utf8)
        let r = edit(f, try f.editor("keep.sh", "exit 0"), ["--resume"])
        #expect(r.stderr.contains("warning: 1 journal line is not in the copy; saving removes it"), "\(r.stderr)")
        #expect(!f.exists(f.olderCopy))
    }

    /// Issue 31 item 14: an edit an older version left beside the journal
    /// (copy and base) is still found: it is moved into the state folder,
    /// said so, and resumed or discarded from there; nothing stays beside
    /// the journal.
    @Test func anOlderVersionsEditBesideTheJournalMovesToTheStateFolder() throws {
        let f = try folder()
        defer { f.remove() }
        let edited = journalText + "2026-11-05 09:00  B\n"
        try edited.write(toFile: f.olderCopy, atomically: true, encoding: .utf8)
        try journalText.write(toFile: f.olderCopy + ".base", atomically: true, encoding: .utf8)
        let keep = try f.editor("keep.sh", "exit 0")
        let blocked = edit(f, keep)
        #expect(blocked.exitCode == 1)
        #expect(blocked.stderr.unwrapped.contains("warning: an unfinished edit an older version left in \(f.olderCopy) was moved to \(f.copy)"),
                "\(blocked.stderr)")
        #expect(blocked.stderr.unwrapped.contains("error: an unfinished edit is waiting in \(f.copy)"))
        #expect(try f.text(f.copy) == edited && (try f.text(f.base)) == journalText)
        #expect(f.names == ["keep.sh", "sites.journal"])
        let resumed = edit(f, keep, ["--resume"])
        #expect(resumed.exitCode == 0, "\(resumed.stderr)")
        #expect(try f.text(f.journal) == edited && !f.exists(f.copy) && !f.exists(f.base))

        // --discard finds one too, and puts it aside in the state folder.
        try edited.write(toFile: f.olderCopy, atomically: true, encoding: .utf8)
        let discarded = edit(f, keep, ["--discard"])
        #expect(discarded.exitCode == 0, "\(discarded.stderr)")
        #expect(try f.text(f.discarded) == edited && f.names == ["keep.sh", "sites.journal"])
    }
}
