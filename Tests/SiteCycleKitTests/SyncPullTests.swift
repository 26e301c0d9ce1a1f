import Foundation
import Testing
@testable import SiteCycleKit

/// `SyncService.pull` (what `remind --pull` calls) with real git: two clones
/// of a bare remote in a temporary folder. It fetches and merges as `sync`
/// does and never pushes.
struct SyncPullTests {
    let root: URL
    let env: [String: String]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root.path,
               "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
               "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid", "GIT_CONFIG_NOSYSTEM": "1"]
    }

    static let start = """
        timezone UTC
        location Left Hip
        location Right Hip
        location Lower Back

        2026-11-20 08:00  Left Hip  ; first

        """

    /// The built `sitecycle` beside this test bundle, for git's merge
    /// driver; without it, /bin/false: git keeps OURS and the pull merges
    /// by meaning itself, as `sync` does when the driver fails.
    static let driver: String = {
        let near = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for dir in near where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("sitecycle").path) {
            return dir.appendingPathComponent("sitecycle").path
        }
        return "/bin/false"
    }()

    @discardableResult
    func git(_ args: String..., in dir: String = ".") -> Git.Output {
        let r = Git(environment: env).run(args, in: root.appendingPathComponent(dir).path, timeout: 60)
        #expect(r.ok, "git \(args): \(r.stderr)")
        return r
    }

    func path(_ clone: String) -> String { root.appendingPathComponent(clone + "/sites.journal").path }
    func read(_ clone: String) throws -> String { try String(contentsOfFile: path(clone), encoding: .utf8) }
    func write(_ clone: String, _ text: String) throws { try text.write(toFile: path(clone), atomically: true, encoding: .utf8) }
    func append(_ clone: String, _ line: String) throws { try write(clone, try read(clone) + line + "\n") }

    /// A bare remote, clone `a` that committed and pushed the journal, and clone `b` of it.
    func twoClones() throws {
        git("init", "-q", "--bare", "-b", "main", "remote.git")
        git("clone", "-q", "remote.git", "a")
        git("checkout", "-q", "-b", "main", in: "a")
        try write("a", SyncPullTests.start)
        git("add", "sites.journal", in: "a")
        git("commit", "-q", "-m", "start", in: "a")
        git("push", "-q", "origin", "main", in: "a")
        git("clone", "-q", "remote.git", "b")
    }

    /// `a` logs a change and pushes it with plain git.
    func logAndPushFromA(_ line: String) throws {
        try append("a", line)
        git("commit", "-q", "-am", "log from a", in: "a")
        git("push", "-q", "origin", "main", in: "a")
    }

    func pull(_ clone: String, events: inout [SyncService.Event]) -> SyncService.PullOutcome {
        let service = SyncService(git: Git(environment: env), fileSystem: POSIXFileSystem(), folder: POSIXSyncFolder(),
                                  defaultZone: .utc, environment: env)
        var heard: [SyncService.Event] = []
        // Never this test runner (`SyncService.executable`) as git's driver.
        let request = SyncService.Request(journal: path(clone), timeout: 30, executable: SyncPullTests.driver)
        let outcome = service.pull(request) { heard.append($0) }
        events = heard
        return outcome
    }

    func pull(_ clone: String) -> SyncService.PullOutcome {
        var events: [SyncService.Event] = []
        return pull(clone, events: &events)
    }

    @Test func aCloneBehindGetsTheOtherClonesPushedLog() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try logAndPushFromA("2026-11-23 08:00  Right Hip")
        guard case .pulled(1, "origin", "main") = pull("b") else { Issue.record("\(pull("b"))"); return }
        #expect(try read("b").hasSuffix("2026-11-23 08:00  Right Hip\n"))
        guard case .upToDate("origin", "main") = pull("b") else { Issue.record("not up to date"); return }
        #expect(git("status", "--porcelain", in: "b").stdout.isEmpty)
    }

    @Test func anOfflineRemoteIsAClearFailureAndChangesNothing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        git("remote", "set-url", "origin", root.appendingPathComponent("nowhere.git").path, in: "b")
        let before = try read("b")
        guard case .offline(.fetchFailed(let remote, let reason)) = pull("b") else { Issue.record("not offline"); return }
        #expect(remote == "origin" && !reason.isEmpty, "\(reason)")
        #expect(try read("b") == before)
    }

    /// The journal's own uncommitted edit is committed as sync would, not
    /// pushed, and merged with the remote's.
    @Test func anUncommittedLogIsCommittedHereAndMergedNeverPushed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try logAndPushFromA("2026-11-23 08:00  Right Hip")
        try append("b", "2026-11-23 09:00  Lower Back")
        var events: [SyncService.Event] = []
        guard case .pulled(1, "origin", "main") = pull("b", events: &events) else { Issue.record("\(events)"); return }
        // Set up for the driver first, as sync does.
        #expect(events.contains(.committed(message: "log Lower Back 2026-11-23 09:00; add .gitattributes (merge driver)")),
                "\(events)")
        let text = try read("b")
        #expect(text.hasSuffix("2026-11-23 08:00  Right Hip\n2026-11-23 09:00  Lower Back\n"), "\(text)")
        #expect(git("status", "--porcelain", in: "b").stdout.isEmpty)
        // Nothing pushed: the remote still ends with a's log.
        #expect(git("rev-parse", "main", in: "remote.git").stdout == git("rev-parse", "HEAD", in: "a").stdout)
        #expect(git("rev-list", "--count", "origin/main..HEAD", in: "b").stdout.trimmingCharacters(in: .newlines) == "2")
    }

    /// A true conflict is undone: the journal is what this clone had, whole,
    /// with no markers, and no merge is left under way.
    @Test func aConflictIsUndoneAndSaid() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try write("a", SyncPullTests.start.replacingOccurrences(of: "; first", with: "; from a"))
        git("commit", "-q", "-am", "note from a", in: "a")
        git("push", "-q", "origin", "main", in: "a")
        let ours = SyncPullTests.start.replacingOccurrences(of: "; first", with: "; from b")
        try write("b", ours)
        guard case .conflict(.mergeConflict) = pull("b") else { Issue.record("no conflict"); return }
        #expect(try read("b") == ours)
        #expect(!Git(environment: env).run(["rev-parse", "-q", "--verify", "MERGE_HEAD"],
                                           in: root.appendingPathComponent("b").path, timeout: nil).ok)
        #expect(git("status", "--porcelain", in: "b").stdout.isEmpty)
    }

    @Test func outsideGitOrWithoutARemoteNothingIsPulled() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("plain"), withIntermediateDirectories: true)
        try write("plain", SyncPullTests.start)
        guard case .notPulled(.notARepository) = pull("plain") else { Issue.record("pulled outside git"); return }
        git("init", "-q", "-b", "main", "plain")
        guard case .notPulled(.noRemote) = pull("plain") else { Issue.record("pulled without a remote"); return }
    }
}
