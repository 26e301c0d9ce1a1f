import Foundation
import Testing

/// What sync promises around git itself: the journal stays private whatever
/// git writes, a missing identity is caught before anything changes, and a
/// merge git made as text is redone by meaning. Real git, real binary.
extension SyncTests {
    /// A program as a default login shell runs it: umask 022, so a file git
    /// checks out is 0644 unless sync takes it back.
    @discardableResult
    func shell(_ program: String, _ args: [String], in dir: String, environment: [String: String]? = nil) throws
        -> BinaryRunner.Output {
        try BinaryRunner.process(URL(fileURLWithPath: "/bin/sh"), ["-c", "umask 022 && exec \"$0\" \"$@\"", program] + args,
                                 in: root.appendingPathComponent(dir), environment: environment ?? env)
    }

    @discardableResult
    func tool(_ args: String..., in dir: String) throws -> BinaryRunner.Output {
        try shell(BinaryRunner.executable.path, ["-f", "sites.journal"] + args, in: dir)
    }

    func mode(_ name: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(name).path)[.posixPermissions] as! Int
    }

    /// Issue 22 item 7: 0600 → 0644 after the first pull, and a fresh
    /// clone is 0644. Setup makes a clone's journal private; every merge,
    /// fast-forward and conflict leaves it 0600, and so do conflict copies
    /// moved aside and `merge`'s result.
    @Test func theJournalStaysPrivateAcrossGit() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try shell("git", ["init", "-q", "--bare", "-b", "main", "remote.git"], in: ".")
        try shell("git", ["clone", "-q", "remote.git", "a"], in: ".")
        try shell("git", ["checkout", "-q", "-b", "main"], in: "a")
        try write(SyncTests.hips, "a/sites.journal")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: root.appendingPathComponent("a/sites.journal").path)
        #expect(try tool("sync", in: "a").exitCode == 0)
        try shell("git", ["clone", "-q", "remote.git", "b"], in: ".")
        #expect(try mode("b/sites.journal") == 0o644, "git's own doing, before sitecycle")
        let setup = try tool("sync", "--setup", in: "b")
        #expect(setup.exitCode == 0 && setup.stdout.contains("made sites.journal readable by you only"), "\(setup.stdout)")
        #expect(setup.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(setup.stdout)")
        #expect(try mode("b/sites.journal") == 0o600)

        // A merge (b) and a fast-forward (a) rewrite the file: still 0600.
        try tool("--now", "2026-02-07 08:00", "log", "lower back", in: "a")
        try tool("--now", "2026-02-07 09:00", "log", "left hip", in: "b")
        #expect(try tool("sync", in: "a").exitCode == 0)
        let b = try tool("sync", in: "b")
        #expect(b.exitCode == 0 && b.stdout.contains("Merged changes from origin/main"), "\(b.stderr)")
        #expect(try mode("b/sites.journal") == 0o600)
        #expect(try tool("sync", in: "a").exitCode == 0)
        #expect(try journal("a") == journal("b"))
        #expect(try mode("a/sites.journal") == 0o600)

        // A conflict the driver marks: the marked journal is private too.
        try tool("amend", "7", "--note", "sore and red", in: "a")
        try tool("amend", "7", "--note", "itchy", in: "b")
        #expect(try tool("sync", in: "a").exitCode == 0)
        #expect(try tool("sync", in: "b").exitCode == 1)
        #expect(try journal("b").contains("<<<<<<< ours"))
        #expect(try mode("b/sites.journal") == 0o600)

        // A conflict copy (a sync client keeps the journal's mode or its own).
        let copy = "a/sites.sync-conflict-20260208-090000-ABCDEFG.journal"
        try write(try journal("a") + "2026-02-08 09:00  Right Hip\n", copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: root.appendingPathComponent(copy).path)
        let a = try tool("sync", in: "a")
        #expect(a.exitCode == 0, "\(a.stderr)")
        #expect(try mode("a/.sitecycle-merged/" + String(copy.dropFirst(2))) == 0o600)
        #expect(try mode("a/sites.journal") == 0o600)

        // `merge` writes its result into git's own file, whose mode it
        // keeps (issue 28: no mode of a file sitecycle did not create is
        // changed); the journal git then writes is made private by `sync`.
        try write(SyncTests.hips, "m/base")
        try write(SyncTests.hips, "m/ours")
        try write(SyncTests.hips + "2026-02-08 09:00  Right Hip\n", "m/theirs")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: root.appendingPathComponent("m/ours").path)
        #expect(try shell(BinaryRunner.executable.path, ["merge", "base", "ours", "theirs"], in: "m").exitCode == 0)
        #expect(try mode("m/ours") == 0o644)
        #expect(try String(contentsOf: root.appendingPathComponent("m/ours"), encoding: .utf8).contains("2026-02-08 09:00"))
    }

    /// Issue 22 item 18: without a git identity sync said git's words cut
    /// into pieces, after it had set up and staged. Now it asks first,
    /// prints git's fix whole, changes nothing and exits 1.
    @Test func aMissingGitIdentityIsCaughtBeforeAnythingChanges() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("empty-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var bare = BinaryRunner.baseEnvironment(home: home)
        bare["GIT_CONFIG_NOSYSTEM"] = "1"
        try shell("git", ["init", "-q", "-b", "main", "repo"], in: ".", environment: bare)
        try write(SyncTests.hips, "repo/sites.journal")
        let run = { try BinaryRunner.run(["-f", "sites.journal", "sync"], in: self.root.appendingPathComponent("repo"),
                                         environment: bare) }
        let r = try run()
        #expect(r.exitCode == 1)
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.hasPrefix("sitecycle: error: git does not know your name and email yet"), "\(r.stderr)")
        #expect(r.stderr.contains("\n    git config --global user.name \"Your Name\"\n"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("\n    git config --global user.email you@example.com\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("Please tell me who you are") && !r.stderr.contains("fatal"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stderr)")
        // Nothing changed: no .gitattributes, no config, nothing staged.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("repo/.gitattributes").path))
        #expect(try shell("git", ["config", "--get", "merge.sitecycle.driver"], in: "repo", environment: bare).stdout.isEmpty)
        #expect(try shell("git", ["status", "--porcelain"], in: "repo", environment: bare).stdout == "?? sites.journal\n")
        // Only the email missing: only its line.
        try shell("git", ["config", "user.name", "Pat"], in: "repo", environment: bare)
        let half = try run()
        #expect(half.exitCode == 1 && half.stderr.contains("your email yet") && !half.stderr.contains("user.name"),
                "\(half.stderr)")
        // Told once, it syncs.
        try shell("git", ["config", "user.email", "pat@example.invalid"], in: "repo", environment: bare)
        let done = try run()
        #expect(done.exitCode == 0 && done.stdout.contains("Committed: Start the site journal"), "\(done.stderr)")
    }

    /// Issue 22 item 26: a plain `git pull` in a clone not yet set up merges
    /// the journal as text and leaves git's markers. `sync` merges the three
    /// versions git kept by meaning, concludes the merge and pushes; the
    /// marked text is kept in the git folder.
    @Test func aTextConflictFromAPlainPullIsMergedByMeaning() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try git("clone", "-q", "remote.git", "c")  // never set up
        try sitecycle(["--now", "2026-02-07 08:00", "log", "lower back"], in: "a")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-02-07 09:00", "log", "left hip", "--note", "from c"], in: "c")
        try git("commit", "-q", "-am", "log by hand", in: "c")
        let pull = try git("-c", "pull.rebase=false", "pull", "-q", in: "c")
        #expect(pull.exitCode != 0)
        let marked = try journal("c")
        #expect(marked.contains("<<<<<<< HEAD"), "\(marked)")
        #expect(try sitecycle(["check"], in: "c").exitCode == 1)

        let r = try sitecycle(["sync"], in: "c")
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("git had merged the journal as text; merged it by meaning instead"), "\(r.stdout)")
        #expect(r.stdout.contains("Concluded the merge") && r.stdout.contains("In sync with origin/main"), "\(r.stdout)")
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stdout)")
        let text = try journal("c")
        #expect(text.hasSuffix("2026-02-07 08:00  Lower Back\n2026-02-07 09:00  Left Hip  ; from c\n"), "\(text)")
        #expect(try sitecycle(["check"], in: "c").exitCode == 0)
        #expect(try clean("c"))
        #expect(try git("rev-parse", "-q", "--verify", "MERGE_HEAD", in: "c").exitCode != 0)
        let kept = try String(contentsOf: root.appendingPathComponent("c/.git/sitecycle/sites.journal.marked"), encoding: .utf8)
        #expect(kept == marked)
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        #expect(try journal("a") == text)
    }

    /// sitecycle's own markers are the person's to resolve: sync does not
    /// merge them again (a hand resolution half done would be lost).
    @Test func theDriversOwnMarkersAreLeftToThePerson() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try sitecycle(["amend", "7", "--note", "sore and red"], in: "a")
        try sitecycle(["amend", "7", "--note", "itchy"], in: "b")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        #expect(try sitecycle(["sync"], in: "b").exitCode == 1)
        let marked = try journal("b")
        let again = try sitecycle(["sync"], in: "b")
        #expect(again.exitCode == 1 && !again.stdout.contains("merged it by meaning"), "\(again.stdout)")
        #expect(try journal("b") == marked)
    }
}
