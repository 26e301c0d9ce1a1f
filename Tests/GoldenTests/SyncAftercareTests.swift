import Foundation
import Testing

/// What `sync` does after a merge, through the real binary: it names a
/// probable duplicate the merge made (issue 31 item 4), and `undo` reverses
/// the journal it wrote (issue 28 item 2: the record is kept inside the
/// write's lock).
extension SyncTests {
    /// The same change logged on both clones, 5 minutes apart: the merge
    /// keeps both (they are two entries), and sync names them with `check`'s fix.
    @Test func theSameChangeLoggedOnBothClonesIsNamedAfterTheMerge() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        #expect(try sitecycle(["--now", "2026-02-07 09:05", "log", "lower back", "--at", "2026-02-07 09:00"], in: "a").exitCode == 0)
        #expect(try sitecycle(["--now", "2026-02-07 09:05", "log", "lower back", "--at", "2026-02-07 09:05"], in: "b").exitCode == 0)
        let (a, b, a2) = try syncBoth()
        #expect(a.exitCode == 0 && b.exitCode == 0 && a2.exitCode == 0, "\(a.stderr)\(b.stderr)\(a2.stderr)")
        #expect(!a.stdout.contains("Probable duplicate"), "\(a.stdout)")
        let said = b.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(said.contains("Probable duplicate from the merge: line 9 repeats line 8 (Lower Back, 5 min apart);"
                              + " two computers (or a retry) may have logged the same change; delete one with"
                              + " `sitecycle delete 9`."), "\(b.stdout)")
        #expect(b.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(b.stdout)")
        // Pulled as a fast-forward, the other clone merged nothing and names nothing.
        #expect(!a2.stdout.contains("Probable duplicate"), "\(a2.stdout)")
        let text = try journal("b")
        #expect(text.hasSuffix("2026-02-07 09:00  Lower Back\n2026-02-07 09:05  Lower Back\n"), "\(text)")
        // `check` gives the same fix.
        #expect(try sitecycle(["check"], in: "b").stderr.unwrapped.contains("`sitecycle delete 9`"))
    }
}

extension ConflictCopySyncTests {
    /// A conflict copy that is a link is named and left alone (it and its
    /// target untouched); the real copy beside it is merged.
    @Test func aLinkedCopyIsLeftAloneAndTheRealOneMerged() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = try startTogether()
        try write(ConflictCopySyncTests.desktop(shared), ConflictCopySyncTests.copyName)
        let target = root.appendingPathComponent("private.txt")
        try "2026-02-11 08:00  Left Hip  ; a secret\n".write(to: target, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("sites.sync-conflict-20260211-090000-HIJKLMN.journal")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let r = try sitecycle(["--now", "2026-02-12 10:00", "sync"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stderr.unwrapped.contains("conflict copy \(link.path): it is a symlink; it was left alone"), "\(r.stderr)")
        #expect(r.stdout.contains("Merged \(ConflictCopySyncTests.copyName)"), "\(r.stdout)")
        let text = try read("sites.journal")
        #expect(text.hasSuffix("2026-02-10 08:00  Right Hip\n2026-02-12 08:00  Lower Back\n"), "\(text)")
        #expect(!text.contains("secret"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "2026-02-11 08:00  Left Hip  ; a secret\n")
    }

    /// `undo` after a sync that merged a copy puts the journal back as it
    /// was before the merge (the record was kept under the write's lock).
    @Test func undoReversesTheMerge() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = try startTogether()
        try write(ConflictCopySyncTests.desktop(shared), ConflictCopySyncTests.copyName)
        let r = try sitecycle(["--now", "2026-02-12 10:00", "sync"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(try read("sites.journal") == ConflictCopySyncTests.desktop(shared))
        let list = try sitecycle(["undo", "--list"])
        #expect(list.stdout.contains("sync"), "\(list.stdout)")
        let u = try sitecycle(["undo"])
        #expect(u.exitCode == 0, "\(u.stderr)")
        #expect(try read("sites.journal") == shared)
    }

    /// The same change on both machines, 5 minutes apart: sync names it.
    @Test func theSameChangeInTheCopyIsNamedAfterTheMerge() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = try startTogether()
        #expect(try sitecycle(["--now", "2026-02-10 08:05", "log", "right hip"]).exitCode == 0)
        try write(ConflictCopySyncTests.desktop(shared), ConflictCopySyncTests.copyName)
        let r = try sitecycle(["--now", "2026-02-12 10:00", "sync"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let said = r.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(said.contains("Probable duplicate from the merge: line 12 repeats line 11 (Right Hip, 5 min apart)"),
                "\(r.stdout)")
    }
}

extension ConflictCopySyncTests {
    /// Other commands' warning ("`sitecycle sync` merges it") is not said
    /// of a link, which sync leaves alone.
    @Test func aLinkedCopyIsNotAnnouncedAsOneSyncMerges() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try startTogether()
        let link = folder.appendingPathComponent("sites.sync-conflict-20260211-090000-HIJKLMN.journal")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "sites.journal")
        let r = try sitecycle(["--now", "2026-02-12 10:00", "status"])
        #expect(r.exitCode == 0 && !r.stderr.contains("conflict copy"), "\(r.stderr)")
    }
}
