import Foundation
import Testing
@testable import SiteCycleKit

/// `sync` against a scripted git and an in-memory folder: no repository, no
/// process, no disk, no clock. Each test scripts what git answers, runs the
/// service, and checks what it did (the events, the files) and which git
/// commands it ran — or, when it stopped, why.
struct SyncServiceTests {
    /// Answers each git command from a script of exact argument vectors;
    /// anything unscripted fails as git would (status 128). Every call is
    /// recorded.
    final class ScriptedGit: GitRunner {
        /// The answers to each command, in turn; the last one repeats.
        var script: [[String]: [Git.Output]] = [:]
        private(set) var calls: [(arguments: [String], folder: String, timeout: Double?)] = []
        /// What a command does to the files besides answering (a merge
        /// writes the journal).
        var effects: [[String]: () -> Void] = [:]

        func on(_ arguments: [String], _ stdout: String = "", status: Int32 = 0, stderr: String = "", timedOut: Bool = false) {
            script[arguments] = [Git.Output(status: status, stdout: stdout, stderr: stderr, timedOut: timedOut)]
        }

        /// Succeeds each time, printing the next of `answers`.
        func on(_ arguments: [String], inTurn answers: [String]) {
            script[arguments] = answers.map { Git.Output(status: 0, stdout: $0, stderr: "") }
        }

        func run(_ arguments: [String], in folder: String, timeout: Double?) -> Git.Output {
            calls.append((arguments, folder, timeout))
            effects[arguments]?()
            guard var answers = script[arguments], let first = answers.first else {
                return Git.Output(status: 128, stdout: "", stderr: "fatal: unscripted git \(arguments)")
            }
            if answers.count > 1 { answers.removeFirst(); script[arguments] = answers }
            return first
        }

        var ran: [[String]] { calls.map(\.arguments) }
        func ran(_ word: String) -> Bool { ran.contains { $0.first == word } }
    }

    /// The folder around the journal, in the same dictionary as its files.
    final class MemoryFolder: SyncFolder {
        let fs: InMemoryFileSystem
        init(_ fs: InMemoryFileSystem) { self.fs = fs }

        func conflictCopies(of journal: String) -> [String] {
            let folder = JournalStore.parentFolder(of: journal)
            return fs.files.keys.filter { path in
                JournalStore.parentFolder(of: path) == folder
                    && (path.contains(".sync-conflict-") || path.contains("conflicted copy"))
            }.sorted()
        }

        func moveAside(_ copy: String) throws(FileError) -> String {
            let target = JournalStore.parentFolder(of: copy) + "/.sitecycle-merged/" + copy.split(separator: "/").last!
            fs.files[target] = fs.files.removeValue(forKey: copy)
            return target
        }

        func resolvedPath(_ path: String) -> String { path }
        func text(_ path: String) -> String? { fs.text(path) }
        func replaceAttributes(_ path: String, with bytes: [UInt8]) throws(FileError) { try fs.replace(path, with: bytes) }
        /// The files made private, in turn.
        private(set) var madePrivate: [String] = []
        func makePrivate(_ path: String) throws(FileError) -> Bool { madePrivate.append(path); return false }
        func saveAside(_ bytes: [UInt8], as name: String, in folder: String) throws(FileError) -> String {
            let target = folder + "/" + name
            fs.files[target] = bytes
            return target
        }
    }

    let path = "/repo/sites.journal"
    let committed = """
        timezone UTC
        location Left Hip
        location Right Hip

        2026-02-01 08:00  Left Hip

        """
    var logged: String { committed + "2026-02-04 08:00  Right Hip\n" }
    let driver = "/usr/bin/sitecycle merge %O %A %B"
    let paths = ["sites.journal", ".gitattributes"]
    let identity = ["config", "--get-regexp", "^(user|author|committer)\\.(name|email)$"]

    /// A repository at /repo, set up, with `logged` to commit over `committed`.
    func repository() -> (ScriptedGit, InMemoryFileSystem) {
        let git = ScriptedGit()
        git.on(["rev-parse", "--show-toplevel"], "/repo\n")
        git.on(identity, "user.name Test\nuser.email test@example.invalid\n")
        git.on(["config", "--get", "merge.sitecycle.name"], "sitecycle journal merge\n")
        git.on(["config", "--get", "merge.sitecycle.driver"], driver + "\n")
        git.on(["rev-parse", "-q", "--verify", "MERGE_HEAD"], status: 1)
        git.on(["symbolic-ref", "-q", "HEAD"], "refs/heads/main\n")
        git.on(["check-attr", "-z", "merge", "--", "sites.journal"], "sites.journal\0merge\0sitecycle\0")
        git.on(["add", "--"] + paths)
        git.on(["diff", "--cached", "--quiet", "--"] + paths, status: 1)
        git.on(["show", "HEAD:sites.journal"], committed)
        git.on(["diff", "--cached", "--name-only", "--", ".gitattributes"])
        git.on(["commit", "-q", "-m", "log Right Hip 2026-02-04 08:00", "--"] + paths)
        let fs = InMemoryFileSystem([path: logged, "/repo/.gitattributes": "sites.journal merge=sitecycle\n"])
        return (git, fs)
    }

    /// `repository()` with a remote `origin` whose `main` has one new commit.
    func withRemote(_ git: ScriptedGit) {
        git.on(["remote"], "origin\n")
        git.on(["symbolic-ref", "--short", "HEAD"], "main\n")
        git.on(["fetch", "-q", "--", "origin"])
        git.on(["rev-parse", "--verify", "-q", "refs/remotes/origin/main^{commit}"], "bbbb\n")
        git.on(["rev-parse", "HEAD"], "aaaa\n")
        git.on(["cat-file", "-e", "refs/remotes/origin/main:sites.journal"])
        git.on(["merge", "-q", "--no-commit", "--no-edit", "--", "refs/remotes/origin/main"])
        git.on(["push", "-q", "-u", "--", "origin", "refs/heads/main:refs/heads/main"])
        git.on(["rev-parse", "--verify", "-q", "refs/remotes/origin/main"], "aaaa\n")
    }

    func service(_ git: ScriptedGit, _ fs: InMemoryFileSystem) -> SyncService {
        SyncService(git: git, fileSystem: fs, folder: MemoryFolder(fs), defaultZone: .utc)
    }

    func request(_ journal: String? = nil, setupOnly: Bool = false, timeout: Double = 60) -> SyncService.Request {
        SyncService.Request(journal: journal ?? path, setupOnly: setupOnly, timeout: timeout, executable: "/usr/bin/sitecycle")
    }

    /// The error `sync` stops with; nil (and an issue) when it went through.
    func failure(_ service: SyncService, _ request: SyncService.Request,
                 events: inout [SyncService.Event]) -> SyncError? {
        var heard: [SyncService.Event] = []
        defer { events = heard }
        do {
            _ = try service.sync(request) { heard.append($0) }
            Issue.record("sync did not stop")
            return nil
        } catch {
            return error
        }
    }

    // MARK: git

    @Test func withoutARemoteItCommitsAndSaysCommittedHereOnly() throws {
        let (git, fs) = repository()
        git.on(["remote"])
        let outcome = try service(git, fs).sync(request())
        #expect(outcome.events == [.committed(message: "log Right Hip 2026-02-04 08:00"), .noRemote])
        #expect(outcome.commitMessage == "log Right Hip 2026-02-04 08:00" && !outcome.pushed)
        #expect(git.calls.allSatisfy { $0.folder == "/repo" })
        #expect(!git.ran("fetch") && !git.ran("push"))
        #expect(fs.writes == 0 && fs.text(path) == logged)
    }

    @Test func aFailedPullLeavesTheJournalUntouchedAndSaysWhy() throws {
        let (git, fs) = repository()
        withRemote(git)
        git.on(["fetch", "-q", "--", "origin"], status: 128,
               stderr: "ssh: Could not resolve hostname example.invalid\nfatal: Could not read from remote repository.\n")
        var events: [SyncService.Event] = []
        let error = failure(service(git, fs), request(), events: &events)
        guard case .fetchFailed(let remote, let reason) = error else {
            Issue.record("not a failed fetch: \(String(describing: error))")
            return
        }
        #expect(remote == "origin")
        #expect(reason == "ssh: Could not resolve hostname example.invalid; fatal: Could not read from remote repository.")
        #expect(events == [.committed(message: "log Right Hip 2026-02-04 08:00")])
        #expect(fs.writes == 0 && fs.text(path) == logged)
        #expect(!git.ran("merge") && !git.ran("push"))
    }

    @Test func withARemoteItCommitsMergesPushesAndChecksHeadIsTheRemote() throws {
        let (git, fs) = repository()
        withRemote(git)
        var heard: [SyncService.Event] = []
        // The merge moves HEAD from aaaa to cccc; the push makes it the remote's.
        git.on(["rev-parse", "HEAD"], inTurn: ["aaaa\n", "cccc\n"])
        git.on(["rev-parse", "--verify", "-q", "refs/remotes/origin/main"], "cccc\n")
        let outcome = try service(git, fs).sync(request(timeout: 7)) { heard.append($0) }
        #expect(outcome.events == [.committed(message: "log Right Hip 2026-02-04 08:00"),
                                   .mergedRemote(remote: "origin", branch: "main"), .inSync(remote: "origin", branch: "main")])
        #expect(heard == outcome.events && outcome.pushed)
        // The network steps, and only they, have the request's time limit.
        #expect(git.calls.filter { $0.timeout != nil }.map { $0.arguments.first! } == ["fetch", "push"])
        #expect(git.calls.allSatisfy { $0.timeout == nil || $0.timeout == 7 })
    }

    @Test func aPushThatTimesOutKeepsTheCommitAndNamesTheRemote() throws {
        let (git, fs) = repository()
        withRemote(git)
        git.on(["push", "-q", "-u", "--", "origin", "refs/heads/main:refs/heads/main"], status: 137, timedOut: true)
        var events: [SyncService.Event] = []
        let error = failure(service(git, fs), request(timeout: 2.5), events: &events)
        guard case .timedOut(let remote, let seconds, let doing) = error else {
            Issue.record("not a timeout: \(String(describing: error))")
            return
        }
        #expect(remote == "origin" && seconds == 2.5 && doing == "pushing")
        #expect(events == [.committed(message: "log Right Hip 2026-02-04 08:00")])
    }

    @Test func aRemoteNamedLikeAnOptionNeverReachesGit() throws {
        let (git, fs) = repository()
        withRemote(git)
        git.on(["remote"], "--upload-pack=touch PWNED\n")
        var events: [SyncService.Event] = []
        let error = failure(service(git, fs), request(), events: &events)
        guard case .optionLikeRemote(let name) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(name == "--upload-pack=touch PWNED")
        #expect(!git.ran.contains { $0.contains { $0.hasPrefix("--upload-pack") } })
        #expect(events == [.committed(message: "log Right Hip 2026-02-04 08:00")])
    }

    @Test func aConflictTheDriverCouldNotResolveIsReportedAsMarked() throws {
        let (git, fs) = repository()
        withRemote(git)
        git.on(["merge", "-q", "--no-commit", "--no-edit", "--", "refs/remotes/origin/main"], status: 1,
               stderr: "CONFLICT (content)")
        let marked = committed + "<<<<<<< ours\n2026-02-04 08:00  Right Hip\n=======\n2026-02-04 08:00  Left Hip\n>>>>>>> theirs\n"
        mergeUnderWay(git, theirs: committed + "2026-02-04 08:00  Left Hip\n", unmerged: true)
        git.effects[["merge", "-q", "--no-commit", "--no-edit", "--", "refs/remotes/origin/main"]] = {
            fs.files[self.path] = Array(marked.utf8)
        }
        var events: [SyncService.Event] = []
        let error = failure(service(git, fs), request(), events: &events)
        guard case .mergeConflict(_, let lines) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lines == [6, 8, 10])
        #expect(fs.text(path) == marked)
        #expect(!git.ran("push") && !git.ran.contains(["commit", "-q", "--no-edit"]))
    }

    /// After `git merge --no-commit`: MERGE_HEAD, and the versions it joins.
    func mergeUnderWay(_ git: ScriptedGit, theirs: String, unmerged: Bool) {
        git.script[["rev-parse", "-q", "--verify", "MERGE_HEAD"]] = [Git.Output(status: 1, stdout: "", stderr: ""),
                                                                     Git.Output(status: 0, stdout: "dddd\n", stderr: "")]
        git.on(["ls-files", "-u", "-z", "--", "sites.journal"], unmerged ? [1, 2, 3].map {
            "100644 \($0)\($0)\($0)\($0) \($0)\tsites.journal\0"
        }.joined() : "")
        git.on(["merge-base", "HEAD", "MERGE_HEAD"], "eeee\n")
        git.on(["show", "eeee:sites.journal"], committed)
        // Before the commit HEAD has `committed`; after it, `logged`.
        git.on(["show", "HEAD:sites.journal"], inTurn: [committed, logged])
        git.on(["show", "MERGE_HEAD:sites.journal"], theirs)
        git.on(["rev-parse", "--absolute-git-dir"], "/repo/.git\n")
        git.on(["commit", "-q", "--no-edit"])
    }

    /// Issue 33 item 1: git's merge (a driver that did not run, a binary
    /// merge) left OURS whole and called it merged. The check refuses that
    /// result: the journal is merged by meaning, and only then committed.
    @Test func aGitResultThatDropsAnEntryIsMergedAgainBeforeTheCommit() throws {
        let (git, fs) = repository()
        withRemote(git)
        let theirs = committed + "2026-02-05 09:00  Left Hip  ; from the phone\n"
        mergeUnderWay(git, theirs: theirs, unmerged: false)
        var heard: [SyncService.Event] = []
        let outcome = try service(git, fs).sync(request()) { heard.append($0) }
        let stake = MergeInvariant.Breach(kind: .missing, side: "theirs", line: "2026-02-05 09:00  Left Hip  ; from the phone")
        #expect(outcome.events.contains(.remerged(atStake: [stake], keptAt: nil, conflicts: 0)), "\(outcome.events)")
        #expect(fs.text(path) == logged + "2026-02-05 09:00  Left Hip  ; from the phone\n")
        // Merged first, committed after, then pushed.
        let order = git.ran.compactMap { ["merge", "commit", "push"].contains($0.first!) ? $0.first! : nil }
        #expect(order == ["commit", "merge", "commit", "push"])
        #expect(outcome.events.last == .inSync(remote: "origin", branch: "main"))
    }

    /// Issue 28 item 2: the journal is written over git's result only
    /// through the transaction, expecting the bytes git left: an edit made
    /// meanwhile is never overwritten, and nothing is committed.
    @Test func aJournalChangedSinceGitWroteItIsLeftAsItIs() throws {
        let (git, fs) = repository()
        withRemote(git)
        mergeUnderWay(git, theirs: committed + "2026-02-05 09:00  Left Hip\n", unmerged: false)
        let gits = logged + "; git's text, the phone's entry lost\n"
        let edited = logged + "; the person's own edit\n"
        git.effects[["merge", "-q", "--no-commit", "--no-edit", "--", "refs/remotes/origin/main"]] = {
            fs.files[self.path] = Array(gits.utf8)
        }
        // Between sync reading git's result and writing its own.
        git.effects[["rev-parse", "--absolute-git-dir"]] = { fs.files[self.path] = Array(edited.utf8) }
        var events: [SyncService.Event] = []
        let error = failure(service(git, fs), request(), events: &events)
        guard case .journalChangedMeanwhile = error else { Issue.record("\(String(describing: error))"); return }
        #expect(fs.text(path) == edited)
        #expect(fs.text("/repo/.git/sitecycle/sites.journal.merged-by-git") == gits)
        #expect(!git.ran.contains(["commit", "-q", "--no-edit"]) && !git.ran("push"))
    }

    @Test func aStoppedMergeIsNotConcludedWhileMarkersRemain() throws {
        let (git, fs) = repository()
        git.on(["rev-parse", "-q", "--verify", "MERGE_HEAD"], "dddd\n")
        fs.files[path] = Array((committed + "<<<<<<< ours\n2026-02-04 08:00  Right Hip\n=======\n"
                                + "2026-02-04 08:00  Left Hip\n>>>>>>> theirs\n").utf8)
        var events: [SyncService.Event] = []
        let error = failure(service(git, fs), request(), events: &events)
        guard case .conflictMarkersRemain(_, let lines) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lines == [6, 8, 10])
        #expect(!git.ran("add") && !git.ran("commit") && events.isEmpty)
    }

    @Test func aFixedJournalConcludesTheStoppedMerge() throws {
        let (git, fs) = repository()
        git.on(["rev-parse", "-q", "--verify", "MERGE_HEAD"], "dddd\n")
        git.on(["commit", "-q", "--no-edit"])
        git.on(["diff", "--cached", "--quiet", "--"] + paths, status: 0)
        git.on(["remote"])
        let outcome = try service(git, fs).sync(request())
        #expect(outcome.events == [.concludedMerge, .noRemote])
        // Everything the merge staged: no pathspec, no message of its own.
        #expect(git.ran.filter { $0.first == "commit" } == [["commit", "-q", "--no-edit"]])
    }

    // MARK: setup

    @Test func setupWritesTheAttributesLineAndTheDriverConfig() throws {
        let git = ScriptedGit()
        git.on(["rev-parse", "--show-toplevel"], "/repo\n")
        git.on(["config", "merge.sitecycle.name", "sitecycle journal merge"])
        git.on(["config", "merge.sitecycle.driver", "'/opt/site cycle/sitecycle' merge %O %A %B"])
        git.on(["check-attr", "-z", "merge", "--", "health/my sites.journal"], "health/my sites.journal\0merge\0sitecycle\0")
        let fs = InMemoryFileSystem(["/repo/health/my sites.journal": committed, "/repo/.gitattributes": "*.png binary"])
        var req = request("/repo/health/my sites.journal", setupOnly: true)
        req.executable = "/opt/site cycle/sitecycle"
        let outcome = try service(git, fs).sync(req)
        #expect(fs.text("/repo/.gitattributes") == "*.png binary\n\"health/my sites.journal\" merge=sitecycle\n")
        #expect(outcome.events == [.setUp(journal: "health/my sites.journal", changes: [
            .attributesLine("\"health/my sites.journal\" merge=sitecycle"),
            .config(key: "merge.sitecycle.name"), .config(key: "merge.sitecycle.driver")])])
        #expect(!git.ran("add") && !git.ran("commit"))
    }

    @Test func setupOutsideGitSaysToInitFirst() {
        let git = ScriptedGit()
        let fs = InMemoryFileSystem([path: committed])
        var events: [SyncService.Event] = []
        let error = failure(service(git, fs), request(setupOnly: true), events: &events)
        guard case .notARepository(let journal) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(journal == "/repo/sites.journal")
        #expect(git.ran == [["rev-parse", "--show-toplevel"]])
    }

    // MARK: Shared folders

    let shared = "/Sync/sites.journal"
    let copy = "/Sync/sites.sync-conflict-20260204-090000-ABCDEFG.journal"
    let folderHeader = "timezone UTC\nlocation Left Hip\nlocation Lower Back\n\n2026-02-01 08:00  Left Hip\n"

    @Test func aConflictCopyBesideTheJournalIsMergedAndMovedAside() throws {
        let git = ScriptedGit()  // no repository: every git command fails
        let fs = InMemoryFileSystem([shared: folderHeader + "2026-02-04 08:00  Lower Back\n",
                                     copy: folderHeader + "2026-02-04 09:30  Left Hip  ; from the laptop\n"])
        let outcome = try service(git, fs).sync(request(shared))
        let merged = folderHeader + "2026-02-04 08:00  Lower Back\n2026-02-04 09:30  Left Hip  ; from the laptop\n"
        #expect(fs.text(shared) == merged)
        #expect(fs.files[copy] == nil)
        #expect(fs.text("/Sync/.sitecycle-merged/sites.sync-conflict-20260204-090000-ABCDEFG.journal")
                == folderHeader + "2026-02-04 09:30  Left Hip  ; from the laptop\n")
        #expect(outcome.events == [
            .journalWritten(before: Array((folderHeader + "2026-02-04 08:00  Lower Back\n").utf8), after: Array(merged.utf8)),
            .mergedCopy(copy, movedTo: "/Sync/.sitecycle-merged/sites.sync-conflict-20260204-090000-ABCDEFG.journal"),
            // Two sites 90 minutes apart, one from each file: named, both kept.
            .differentSites([DifferentSitesLogged(
                device: nil,
                earlier: .init(line: 6, location: "Lower Back", start: "2026-02-04 08:00", fromOurs: true),
                later: .init(line: 7, location: "Left Hip", start: "2026-02-04 09:30", fromOurs: false), minutes: 90)],
                            from: "sites.sync-conflict-20260204-090000-ABCDEFG.journal")])
        #expect(outcome.mergedCopies == 1)
        #expect(git.ran == [["rev-parse", "--show-toplevel"]])
    }

    @Test func copiesThatDisagreeAreMarkedMovedAsideAndReported() {
        let fs = InMemoryFileSystem([shared: folderHeader + "2026-02-04 08:00  Lower Back\n",
                                     copy: folderHeader + "2026-02-04 08:00  Left Hip\n"])
        var events: [SyncService.Event] = []
        let error = failure(service(ScriptedGit(), fs), request(shared), events: &events)
        guard case .copyConflicts(1) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(fs.text(shared)?.contains("<<<<<<<") == true)
        #expect(fs.files[copy] == nil && events.count == 2)
    }

    @Test func aRefusedCheckLeavesJournalAndCopyAsTheyWere() {
        let fs = InMemoryFileSystem([shared: folderHeader, copy: folderHeader + "2026-02-04 08:00  Left Hip\n"])
        let service = SyncService(git: ScriptedGit(), fileSystem: fs, folder: MemoryFolder(fs), defaultZone: .utc,
                                  clock: RunClock(given: ("not a time", .option), clock: Instant(seconds: 0), local: .utc))
        var events: [SyncService.Event] = []
        let error = failure(service, request(shared), events: &events)
        guard case .copyNotMerged(let refusal) = error else { Issue.record("\(String(describing: error))"); return }
        guard case .invalidNow(.option, _) = refusal.reason else { Issue.record("\(refusal.reason)"); return }
        #expect(fs.writes == 0 && fs.files[copy] != nil && events.isEmpty)
    }

    @Test func outsideGitWithoutCopiesThereIsNothingToSync() {
        let fs = InMemoryFileSystem([shared: folderHeader])
        var events: [SyncService.Event] = []
        let error = failure(service(ScriptedGit(), fs), request(shared), events: &events)
        guard case .nothingToSync(let journal) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(journal == "/Sync/sites.journal")
    }
}

/// `.gitattributes` on disk: a file that cannot be read as text is an
/// error, never taken as empty (and so never replaced by one line).
struct SyncFolderTests {
    @Test func aFileThatIsNotUTF8IsAnErrorNotEmpty() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("attrs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = POSIXSyncFolder(), path = dir + "/.gitattributes"
        #expect(try folder.text(path) == nil)
        try Data("*.bin binary\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try folder.text(path) == "*.bin binary\n")
        try Data([0x2A, 0x20, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError.self) { try folder.text(path) }
    }
}
