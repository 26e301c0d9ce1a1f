import Foundation
import Testing

/// An acceptance audit of issue 33 (items 6 and 7) and 28 (item 3): a hand
/// resolution of either side is the person's, git's other conflicts are
/// never committed, a linked folder of ours stops sync before the journal
/// changes, and sync says what the merge kept. Real git, real binary.
extension SyncTests {
    /// Each marked conflict resolved to its OURS part (`ours`) or its
    /// THEIRS part, markers gone: what a person choosing one side writes.
    func chooseSide(_ text: String, ours: Bool) -> String {
        var part = 0  // 0 both, 1 ours, 2 theirs
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("<<<<<<<") { part = 1; return false }
            if line == "=======" { part = 2; return false }
            if line.hasPrefix(">>>>>>>") { part = 0; return false }
            return part == 0 || (part == 1) == ours
        }.joined(separator: "\n")
    }

    /// Both clones amend one entry's note: the driver marks it. The person
    /// keeps OURS, which is HEAD's journal byte for byte; sync commits it,
    /// never marks it again (it was marked back before).
    @Test(arguments: [true, false]) func aResolutionKeepingEitherSideIsCommitted(_ ours: Bool) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try sitecycle(["amend", "7", "--note", "from a"], in: "a")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        try sitecycle(["amend", "7", "--note", "from b"], in: "b")
        #expect(try sitecycle(["sync"], in: "b").exitCode == 1)
        let chosen = chooseSide(try journal("b"), ours: ours)
        try write(chosen, "b/sites.journal")
        let r = try sitecycle(["sync"], in: "b")
        #expect(r.exitCode == 0 && r.stdout.contains("Concluded the merge"), "\(r.stdout)\(r.stderr)")
        #expect(!flat(r.stdout).contains("by meaning"), "\(r.stdout)")
        #expect(try journal("b") == chosen)
        #expect(chosen.contains("2026-02-04 08:00  Right Hip  ; from \(ours ? "b" : "a")\n"), "\(chosen)")
        #expect(try git("show", "origin/main:sites.journal", in: "b").stdout == chosen)
    }

    /// A clone never set up merged as text with `git pull`; the person
    /// resolved it whole, keeping HEAD's hunk. sync commits it as written
    /// and blames no one.
    @Test func aTextMergeResolvedByHandInACloneNotSetUpIsKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try git("config", "--unset", "merge.sitecycle.driver", in: "b")
        try git("config", "--unset", "merge.sitecycle.name", in: "b")
        try sitecycle(["amend", "7", "--note", "from a"], in: "a")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        try sitecycle(["amend", "7", "--note", "from b"], in: "b")
        try git("commit", "-q", "-am", "amend by hand", in: "b")
        #expect(try git("-c", "pull.rebase=false", "pull", "-q", in: "b").exitCode != 0)
        let marked = try journal("b")
        #expect(marked.contains("<<<<<<< HEAD\n"), "\(marked)")
        let chosen = chooseSide(marked, ours: true)
        try write(chosen, "b/sites.journal")
        let r = try sitecycle(["sync"], in: "b")
        #expect(r.exitCode == 0 && r.stdout.contains("Concluded the merge"), "\(r.stdout)\(r.stderr)")
        #expect(!flat(r.stdout).contains("git's merge dropped"), "\(r.stdout)")
        #expect(try journal("b") == chosen)
        #expect(chosen.contains("2026-02-04 08:00  Right Hip  ; from b\n"), "\(chosen)")
    }

    /// Both clones changed .gitattributes: git leaves its markers there.
    /// sync commits nothing, names the file and says how to resolve it;
    /// resolved and added, the merge concludes.
    @Test func aConflictedAttributesFileIsNeverCommitted() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try append("* -merge\n", to: "a/.gitattributes")
        try git("commit", "-q", "-am", "attrs", in: "a")
        try git("push", "-q", "origin", "HEAD:main", in: "a")
        try append("*.txt text\n", to: "b/.gitattributes")
        try git("commit", "-q", "-am", "attrs", in: "b")
        let remoteBefore = try git("rev-parse", "origin/main", in: "a").stdout
        for _ in 0..<2 {
            let r = try sitecycle(["sync"], in: "b")
            #expect(r.exitCode == 1, "\(r.stdout)")
            #expect(flat(r.stderr).contains("the merge left git's conflicts in .gitattributes"), "\(r.stderr)")
            #expect(flat(r.stderr).contains("`git add -- .gitattributes` and sync again"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stderr)")
            #expect(try git("ls-remote", "origin", "main", in: "b").stdout.hasPrefix(remoteBefore.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        try write("sites.journal merge=sitecycle\n*.txt text\n", "b/.gitattributes")
        try git("add", "--", ".gitattributes", in: "b")
        let done = try sitecycle(["sync"], in: "b")
        #expect(done.exitCode == 0 && done.stdout.contains("In sync"), "\(done.stdout)\(done.stderr)")
        #expect(try git("show", "origin/main:.gitattributes", in: "b").stdout == "sites.journal merge=sitecycle\n*.txt text\n")
    }

    /// `.sitecycle-merged` is a link a peer planted: sync refuses before the
    /// journal changes, names the folder itself, and says what to do.
    @Test func aLinkedMergedFolderStopsSyncBeforeTheJournalChanges() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("J")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        try write(SyncTests.hips, "J/sites.journal")
        try write(SyncTests.hips + "2026-02-07 08:00  Left Hip\n", "J/sites.sync-conflict-20260207-101010-ABCDEFG.journal")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/.sitecycle-merged",
                                                   withDestinationPath: root.appendingPathComponent("out").path)
        for _ in 0..<2 {
            let r = try sitecycle(["sync"], in: "J")
            #expect(r.exitCode == 1)
            let said = flat(r.stderr)
            #expect(said.contains("cannot use folder \(dir.path)/.sitecycle-merged: it is a symlink"), "\(r.stderr)")
            #expect(!said.contains(".sitecycle-merged/-"), "\(r.stderr)")
            #expect(said.contains("remove or rename \(dir.path)/.sitecycle-merged"), "\(r.stderr)")
            #expect(try journal("J") == SyncTests.hips)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path).isEmpty)
    }

    /// `.git/sitecycle` is a link after a plain `git pull` merged as text:
    /// the folder is named as it is, and the journal keeps git's text.
    @Test func aLinkedGitFolderOfOursIsNamedAsItIs() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try pullAsTextIntoACloneNeverSetUp()
        let marked = try journal("c")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        let gitFolder = root.appendingPathComponent("c/.git/sitecycle").path
        try FileManager.default.createSymbolicLink(atPath: gitFolder, withDestinationPath: root.appendingPathComponent("out").path)
        let r = try sitecycle(["sync"], in: "c")
        #expect(r.exitCode == 1)
        let said = flat(r.stderr)
        #expect(said.contains("cannot create folder \(gitFolder): it is a symlink"), "\(r.stderr)")
        #expect(!said.contains("sitecycle/-"), "\(r.stderr)")
        #expect(said.contains("remove or rename"), "\(r.stderr)")
        #expect(try journal("c") == marked)
    }

    /// Issue 28 item 3 through sync: one clone renames a location in place
    /// with no entries, the other logs at the old name. The merge keeps
    /// the entry as written, and sync says so as `merge` does.
    @Test func syncSaysWhatTheMergeKeptAsWritten() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try write(try journal("a").replacingOccurrences(of: "location Lower Back\n", with: "location Belly Left\n"),
                  "a/sites.journal")
        try git("commit", "-q", "-am", "rename in place", in: "a")
        try git("push", "-q", "origin", "HEAD:main", in: "a")
        try sitecycle(["--now", "2026-02-07 08:00", "log", "lower back"], in: "b")
        let r = try sitecycle(["sync"], in: "b")
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(flat(r.stdout).contains("Merge note: Lower Back stays declared: origin/main removed it, but 1 entry of "
                                        + "this clone names it (kept as written)."), "\(r.stdout)")
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stdout)")
        #expect(try journal("b").contains("2026-02-07 08:00  Lower Back\n"))
    }

    /// One conflict between copies is one that "is" marked.
    @Test func oneConflictBetweenCopiesIsSaidInTheSingular() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("J"), withIntermediateDirectories: true)
        try write("timezone UTC\nlocation Left Hip\n\n2026-02-01 08:00  Left Hip  ; x\n", "J/sites.journal")
        try write("timezone UTC\nlocation Left Hip\n\n2026-02-01 08:00  Left Hip  ; y\n",
                  "J/sites.sync-conflict-20260207-101010-ABCDEFG.journal")
        let r = try sitecycle(["sync"], in: "J")
        #expect(r.exitCode == 1)
        #expect(flat(r.stderr).contains("1 conflict between the copies is marked in the journal"), "\(r.stderr)")
        #expect(flat(r.stderr).contains("fix it in an editor"), "\(r.stderr)")
    }
}
