import Foundation
import Testing

/// Two clones of one repository with a bare remote, driven through the real
/// binary and real git, as two phones' worth of offline logging would be.
struct SyncTests {
    let root: URL
    let env: [String: String]

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: root).merging([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
            "GIT_CONFIG_NOSYSTEM": "1",
        ]) { $1 }
    }

    @discardableResult
    func git(_ args: String..., in dir: String = ".") throws -> BinaryRunner.Output {
        try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + args, in: root.appendingPathComponent(dir),
                                 environment: env)
    }

    @discardableResult
    func sitecycle(_ args: [String], in dir: String, file: String = "sites.journal") throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", file] + args, in: root.appendingPathComponent(dir), environment: env)
    }

    func journal(_ dir: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(dir).appendingPathComponent("sites.journal"), encoding: .utf8)
    }

    static let hips = """
        timezone UTC
        location Left Hip
        location Right Hip
        location Lower Back

        2026-02-01 08:00  Left Hip
        2026-02-04 08:00  Right Hip  ; sore

        """

    /// A remote, clone `a` with a started journal, clone `b` of it; both set up.
    func twoClones(_ start: String = SyncTests.hips) throws {
        try git("init", "-q", "--bare", "-b", "main", "remote.git")
        try git("clone", "-q", "remote.git", "a")
        try git("checkout", "-q", "-b", "main", in: "a")
        try start.write(to: root.appendingPathComponent("a/sites.journal"), atomically: true, encoding: .utf8)
        #expect(try sitecycle(["sync", "--setup"], in: "a").exitCode == 0)
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        try git("clone", "-q", "remote.git", "b")
        #expect(try sitecycle(["sync", "--setup"], in: "b").exitCode == 0)
    }

    func syncBoth() throws -> (BinaryRunner.Output, BinaryRunner.Output, BinaryRunner.Output) {
        (try sitecycle(["sync"], in: "a"), try sitecycle(["sync"], in: "b"), try sitecycle(["sync"], in: "a"))
    }

    func clean(_ dir: String) throws -> Bool { try git("status", "--porcelain", in: dir).stdout.isEmpty }

    @Test func offlineLogsOnTwoClonesMeetWithoutConflict() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try sitecycle(["--now", "2026-02-07 08:00", "log", "lower back"], in: "a")
        try sitecycle(["--now", "2026-02-07 09:00", "log", "left hip", "--note", "from the phone"], in: "b")
        let (a, b, a2) = try syncBoth()
        #expect(a.exitCode == 0 && b.exitCode == 0 && a2.exitCode == 0, "\(a.stderr)\(b.stderr)\(a2.stderr)")
        #expect(a.stdout.contains("Committed: log Lower Back 2026-02-07 08:00"))
        let text = try journal("a")
        #expect(text == (try journal("b")))
        #expect(text.hasSuffix("2026-02-07 08:00  Lower Back\n2026-02-07 09:00  Left Hip  ; from the phone\n"), "\(text)")
        #expect(!text.contains("<<<<<<<"))
        #expect(try clean("a") && clean("b"))
        #expect(try sitecycle(["sync", "--setup"], in: "a").stdout.contains("Already set up"))
    }

    @Test func aRenameOnOneCloneRenamesTheOthersNewEntry() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        #expect(try sitecycle(["locations", "rename", "Left Hip", "Left Flank"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-02-07 09:00", "log", "left hip"], in: "b")
        let (a, b, a2) = try syncBoth()
        #expect(a.exitCode == 0 && b.exitCode == 0 && a2.exitCode == 0, "\(b.stderr)")
        let text = try journal("b")
        #expect(text == (try journal("a")))
        #expect(text.contains("location Left Flank") && !text.contains("Left Hip"), "\(text)")
        #expect(text.contains("2026-02-07 09:00  Left Flank"))
        #expect(try sitecycle(["check"], in: "b").exitCode == 0)
    }

    @Test func aDeletionOnOneCloneAndAnAppendOnTheOther() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        #expect(try sitecycle(["delete", "7"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-02-07 09:00", "log", "lower back"], in: "b")
        let (a, b, a2) = try syncBoth()
        #expect(a.exitCode == 0 && b.exitCode == 0 && a2.exitCode == 0)
        let text = try journal("a")
        #expect(text == (try journal("b")))
        #expect(!text.contains("Right Hip  ; sore") && text.contains("2026-02-07 09:00  Lower Back"), "\(text)")
    }

    func write(_ text: String, _ name: String) throws {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    /// THEIRS removed a location nobody used and added another at the end;
    /// OURS logged to the removed one. That is not a rename: OURS's entry
    /// keeps its site.
    @Test func aRemoveThenAddElsewhereIsNotARename() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let base = "timezone UTC\nlocation Left Arm\nlocation Right Arm\nlocation Lower Back\n\n2026-02-01 08:00  Left Arm\n"
        try write(base, "m/base")
        try write(base, "m/ours")
        try write(base, "m/theirs")
        #expect(try sitecycle(["locations", "remove", "Right Arm"], in: "m", file: "theirs").exitCode == 0)
        #expect(try sitecycle(["locations", "add", "Belly Left"], in: "m", file: "theirs").exitCode == 0)
        #expect(try sitecycle(["--now", "2026-02-04 08:00", "log", "right arm", "--at", "2026-02-03 08:00"], in: "m", file: "ours").exitCode == 0)
        #expect(try read("m/theirs").hasSuffix("location Lower Back\nlocation Belly Left\n\n2026-02-01 08:00  Left Arm\n"))
        let r = try BinaryRunner.run(["merge", "base", "ours", "theirs"], in: root.appendingPathComponent("m"), environment: env)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read("m/ours")
        #expect(text.contains("2026-02-03 08:00  Right Arm"), "\(text)")
        #expect(text.contains("location Right Arm") && text.contains("location Belly Left"), "\(text)")
        #expect(try sitecycle(["check"], in: "m", file: "ours").exitCode == 0)
    }

    /// A zone nobody used yet renamed on one clone, and a change logged to
    /// its old name on the other. A declaration replaced in place is no
    /// evidence of a rename (it reads the same as `locations remove` then
    /// `add`, issue 28 item 3): the entry stays where it was logged, its
    /// name stays declared beside the new ones, and nothing else moves.
    @Test func aZoneRenameWithoutEntriesKeepsTheOtherClonesLogWhereItWasLogged() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones("""
            timezone UTC
            location Left Hip
            location Right Hip
            location Left Glute
            location Right Glute

            2026-02-01 08:00  Left Hip

            """)
        #expect(try sitecycle(["locations", "rename", "Glute", "Buttock"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-02-04 09:00", "log", "Right Glute"], in: "b")
        let (a, b, a2) = try syncBoth()
        #expect(a.exitCode == 0 && b.exitCode == 0 && a2.exitCode == 0, "\(a.stderr)\(b.stderr)\(a2.stderr)")
        let text = try journal("a")
        #expect(text == (try journal("b")))
        #expect(!text.contains("location Left Glute"), "\(text)")
        #expect(text.contains("location Left Buttock\nlocation Right Buttock\n"), "\(text)")
        #expect(text.contains("location Right Glute\n"), "\(text)")
        #expect(text.contains("2026-02-04 09:00  Right Glute"), "\(text)")
        let check = try sitecycle(["check"], in: "a")
        #expect(check.exitCode == 0 && check.stderr.isEmpty, "\(check.stderr)")
    }

    /// OURS moved the journal one hour east, so its 08:00 line now means
    /// 07:00 UTC, the very instant THEIRS logged at: `check` rejects two
    /// changes at one instant, so merge marks a conflict and exits 1.
    @Test func aTimeZoneChangeThatPutsTwoChangesAtOneInstantIsAConflict() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let base = "timezone UTC\nlocation Left Arm\nlocation Right Arm\n\n2026-02-01 08:00  Left Arm\n"
        try write(base, "m/base")
        try write(base.replacingOccurrences(of: "UTC", with: "Africa/Lagos"), "m/ours")
        try write(base, "m/theirs")
        try sitecycle(["--now", "2026-02-02 08:00", "log", "right arm", "--at", "2026-02-01 07:00"], in: "m", file: "theirs")
        let r = try BinaryRunner.run(["merge", "base", "ours", "theirs"], in: root.appendingPathComponent("m"), environment: env)
        #expect(r.exitCode == 1, "\(r.stderr)")
        #expect(r.stderr.contains("1 conflict marked in ours"), "\(r.stderr)")
        let text = try read("m/ours")
        #expect(text.hasSuffix("""
            <<<<<<< ours
            2026-02-01 08:00  Left Arm
            =======
            2026-02-01 07:00 +00:00  Right Arm
            >>>>>>> theirs

            """), "\(text)")
        let check = try sitecycle(["check", "--json"], in: "m", file: "ours")
        #expect(check.exitCode == 1 && check.stdout.contains("merge-conflict"), "\(check.stdout)")
    }

    /// A pump change on one side and a sensor change at the same minute on
    /// the other: two devices, so two entries, and `merge` keeps both.
    @Test func aPumpChangeAndASensorChangeAtTheSameMinuteAreBothKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let base = """
            timezone UTC
            target 72h
            device sensor 10d

            location Left Front Abdomen  for pump,sensor
            location Right Front Abdomen  for pump,sensor
            location Left Back Arm  for sensor

            2026-02-01 08:15  Left Front Abdomen
            2026-02-01 09:00  sensor  Left Back Arm

            """
        try write(base, "m/base")
        try write(base, "m/ours")
        try write(base, "m/theirs")
        let now = ["--now", "2026-02-04 12:00"]
        #expect(try sitecycle(now + ["log", "right front abdomen", "--at", "2026-02-04 08:00"], in: "m", file: "ours")
            .exitCode == 0)
        #expect(try sitecycle(now + ["log", "sensor", "left front abdomen", "--at", "2026-02-04 08:00"], in: "m",
                              file: "theirs").exitCode == 0)
        let r = try BinaryRunner.run(["merge", "base", "ours", "theirs"], in: root.appendingPathComponent("m"), environment: env)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read("m/ours")
        #expect(text.hasSuffix("""
            2026-02-01 08:15  Left Front Abdomen
            2026-02-01 09:00  sensor  Left Back Arm
            2026-02-04 08:00  Right Front Abdomen
            2026-02-04 08:00  sensor  Left Front Abdomen

            """), "\(text)")
        let check = try sitecycle(["check"], in: "m", file: "ours")
        #expect(check.exitCode == 0 && check.stderr.isEmpty, "\(check.stderr)")
    }

    /// THEIRS moved the journal to another time zone; each side's new
    /// entries keep the instant they were logged at, written with an offset.
    @Test func aTimeZoneChangeOnOneSideKeepsTheOthersNewInstants() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let base = "timezone Europe/Berlin\nlocation Left Arm\nlocation Right Arm\n\n2026-02-01 08:00  Left Arm\n"
        try write(base, "m/base")
        try write(base, "m/ours")
        try write(base.replacingOccurrences(of: "Europe/Berlin", with: "America/New_York"), "m/theirs")
        try sitecycle(["--now", "2026-02-04 08:00", "log", "right arm", "--at", "2026-02-03 08:00"], in: "m", file: "ours")
        try sitecycle(["--now", "2026-02-05 08:00", "log", "left arm", "--at", "2026-02-04 09:00"], in: "m", file: "theirs")
        let r = try BinaryRunner.run(["merge", "base", "ours", "theirs"], in: root.appendingPathComponent("m"), environment: env)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read("m/ours")
        #expect(text == """
            timezone America/New_York
            location Left Arm
            location Right Arm

            2026-02-01 08:00  Left Arm
            2026-02-03 08:00 +01:00  Right Arm
            2026-02-04 09:00 -05:00  Left Arm

            """, "\(text)")
        let csv = try sitecycle(["--now", "2026-02-05 08:00", "export"], in: "m", file: "ours")
        #expect(csv.stdout.contains("2026-02-03T07:00:00Z") && csv.stdout.contains("2026-02-04T14:00:00Z"), "\(csv.stdout)")
    }

    @Test func theSameNoteEditedDifferentlyIsExactlyOneConflict() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try sitecycle(["amend", "7", "--note", "sore and red"], in: "a")
        try sitecycle(["amend", "7", "--note", "itchy"], in: "b")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        let b = try sitecycle(["sync"], in: "b")
        #expect(b.exitCode == 1)
        #expect(b.stderr.contains("conflict is marked in the journal"), "\(b.stderr)")
        let text = try journal("b")
        #expect(text.components(separatedBy: "<<<<<<<").count == 2, "\(text)")
        #expect(text.contains("sore and red") && text.contains("itchy"))
        let check = try sitecycle(["check", "--json"], in: "b")
        #expect(check.exitCode == 1 && check.stdout.contains("merge-conflict"))
    }

    /// The journal in a subfolder of the repository: git's paths are
    /// relative to the top, so sync must run git there.
    @Test func aJournalInASubfolderIsCommittedAndPushed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "--bare", "-b", "main", "remote.git")
        try git("clone", "-q", "remote.git", "repo")
        try git("checkout", "-q", "-b", "main", in: "repo")
        try write("timezone UTC\nlocation Left Hip\nlocation Right Hip\n\n2026-02-01 08:00  Left Hip\n",
                  "repo/health/sites.journal")
        let first = try sitecycle(["sync"], in: "repo", file: "health/sites.journal")
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Committed: Start the site journal"), "\(first.stdout)")
        #expect(try git("status", "--porcelain", in: "repo").stdout.isEmpty)
        try sitecycle(["--now", "2026-02-03 08:00", "log", "right hip"], in: "repo", file: "health/sites.journal")
        let second = try sitecycle(["sync"], in: "repo/health", file: "sites.journal")
        #expect(second.exitCode == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Committed: log Right Hip 2026-02-03 08:00"), "\(second.stdout)")
        #expect(second.stdout.contains("In sync with origin/main"), "\(second.stdout)")
        let pushed = try git("--git-dir", "remote.git", "show", "main:health/sites.journal")
        #expect(pushed.stdout == (try read("repo/health/sites.journal")))
        #expect(try git("--git-dir", "remote.git", "show", "main:.gitattributes").stdout
                == "health/sites.journal merge=sitecycle\n")
    }

    /// A remote whose name git would read as an option must never reach
    /// git's command line: `--upload-pack=…` would run a program.
    /// With a second remote (a backup), sync goes where `git pull` would:
    /// the branch's upstream, else `origin`, never the first name sorted.
    @Test func withTwoRemotesItSyncsWithTheBranchsOwn() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try git("init", "-q", "--bare", "-b", "main", "backup.git")
        try git("remote", "add", "backup", root.appendingPathComponent("backup.git").path, in: "a")
        #expect(try sitecycle(["log", "Lower Back", "--at", "2026-02-07 08:00"], in: "a").exitCode == 0)
        let r = try sitecycle(["sync"], in: "a")
        #expect(r.exitCode == 0, "\(r.stdout)\(r.stderr)")
        #expect(try git("log", "-1", "--format=%s", "main", in: "remote.git").stdout.contains("Lower Back"), "\(r.stdout)")
        #expect(try git("branch", "--list", in: "backup.git").stdout.isEmpty, "the backup was left alone")
        // Without an upstream, `origin` is still the one.
        try git("branch", "--unset-upstream", in: "a")
        #expect(try sitecycle(["log", "Left Hip", "--at", "2026-02-10 08:00"], in: "a").exitCode == 0)
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        #expect(try git("log", "-1", "--format=%s", "main", in: "remote.git").stdout.contains("Left Hip"))
        #expect(try git("branch", "--list", in: "backup.git").stdout.isEmpty)
    }

    @Test func aRemoteNamedLikeAnOptionIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "--bare", "-b", "main", "remote.git")
        try git("init", "-q", "-b", "main", "repo")
        _ = try BinaryRunner.run(["init", "-f", "repo/sites.journal", "--timezone", "UTC"], in: root, environment: env)
        let evil = "--upload-pack=touch PWNED; false"
        try git("config", "remote.\(evil).url", root.appendingPathComponent("remote.git").path, in: "repo")
        let r = try sitecycle(["sync"], in: "repo")
        #expect(r.exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("repo/PWNED").path))
        #expect(r.stderr.contains("sitecycle: error: refusing the remote \"\(evil)\""), "\(r.stderr)")
        #expect(r.stderr.contains("hint:"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stderr)")
        #expect(r.stdout.contains("Committed: Start the site journal"), "the commit is kept: \(r.stdout)")
    }

    /// After a conflict, sync says where the markers still are, and once
    /// the journal is fixed in an editor, it concludes git's merge itself.
    @Test func syncConcludesTheMergeItStoppedOnOnceTheJournalIsFixed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try sitecycle(["amend", "7", "--note", "sore and red"], in: "a")
        try sitecycle(["amend", "7", "--note", "itchy"], in: "b")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        #expect(try sitecycle(["sync"], in: "b").exitCode == 1)
        let marked = try journal("b")
        let markerLines = marked.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { ["<<<<<<<", "=======", ">>>>>>>"].contains(where: $0.element.hasPrefix) }.map { $0.offset + 1 }
        #expect(markerLines.count == 3)
        // Still marked: which lines, and no commit.
        let again = try sitecycle(["sync"], in: "b")
        #expect(again.exitCode == 1)
        for n in markerLines { #expect(again.stderr.contains("sites.journal:\(n)"), "\(again.stderr)") }
        #expect(!again.stderr.contains("partial commit"), "\(again.stderr)")
        #expect(again.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(again.stderr)")
        // Fixed by hand (their note kept, a word added): sync finishes the merge and pushes.
        var lines = marked.components(separatedBy: "\n")
        lines.removeSubrange((markerLines[0] - 1)...(markerLines[1] - 1))
        lines.removeAll { $0.hasPrefix(">>>>>>>") }
        let fixed = lines.joined(separator: "\n").replacingOccurrences(of: "sore and red", with: "sore, red, itchy")
        try write(fixed, "b/sites.journal")
        let done = try sitecycle(["sync"], in: "b")
        #expect(done.exitCode == 0, "\(done.stderr)")
        #expect(done.stdout.contains("In sync with origin/main"), "\(done.stdout)")
        #expect(try clean("b"))
        #expect(try git("rev-parse", "-q", "--verify", "MERGE_HEAD", in: "b").exitCode != 0)
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        #expect(try journal("a") == fixed && journal("b") == fixed)
        #expect(fixed.contains("2026-02-04 08:00  Right Hip  ; sore, red, itchy"), "\(fixed)")
    }

    /// A zone renamed on one clone, and an entry under its old name on the
    /// other at the same minute as an entry of the first: the conflict hunk
    /// uses the new name, and the old name is not declared again.
    @Test func aRenameReachesIntoAConflictAndIsNotUndone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones("""
            timezone UTC
            location Left Hip
            location Right Hip
            location Left Glute
            location Right Glute

            2026-02-01 08:00  Left Glute
            2026-02-04 08:00  Right Glute

            """)
        #expect(try sitecycle(["locations", "rename", "Glute", "Buttock"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-02-07 09:00", "log", "left hip"], in: "a")
        try sitecycle(["--now", "2026-02-07 09:00", "log", "right glute"], in: "b")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        let b = try sitecycle(["sync"], in: "b")
        #expect(b.exitCode == 1 && b.stderr.contains("conflict is marked"), "\(b.stderr)")
        let text = try journal("b")
        #expect(!text.contains("Glute"), "\(text)")
        #expect(text.contains("""
            <<<<<<< ours
            2026-02-07 09:00  Right Buttock
            =======
            2026-02-07 09:00  Left Hip
            >>>>>>> theirs
            """), "\(text)")
        let check = try sitecycle(["check", "--json"], in: "b")
        #expect(check.stdout.contains("merge-conflict") && !check.stdout.contains("unknown-location"), "\(check.stdout)")
    }

    /// A remote that never answers: sync gives up after --timeout seconds,
    /// names the remote, and keeps the commit.
    @Test func anUnresponsiveRemoteTimesOut() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "-b", "main", "repo")
        _ = try BinaryRunner.run(["init", "-f", "repo/sites.journal", "--timezone", "UTC"], in: root, environment: env)
        try git("config", "protocol.ext.allow", "always", in: "repo")
        try git("remote", "add", "slow", "ext::sleep 30", in: "repo")
        let r = try sitecycle(["sync", "--timeout", "2"], in: "repo")
        #expect(r.exitCode == 1)
        #expect(r.stdout.contains("Committed: Start the site journal"), "\(r.stdout)")
        #expect(r.stderr.contains("sitecycle: error: slow did not answer within 2 seconds"), "\(r.stderr)")
        #expect(r.stderr.contains("hint:") && r.stderr.contains("commit is kept"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stderr)")
        #expect(try clean("repo"))
        let bad = try sitecycle(["sync", "--timeout", "soon"], in: "repo")
        #expect(bad.exitCode == 2 && bad.stderr.contains("--timeout takes a number of seconds"), "\(bad.stderr)")
    }

    /// Each commit says what changed, in the words of the commands.
    @Test func commitMessagesSayWhatChanged() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "-b", "main", "solo")
        try write(SyncTests.hips, "solo/sites.journal")
        try git("add", "sites.journal", in: "solo")
        try git("commit", "-q", "-m", "by hand", in: "solo")
        func sync() throws -> String {
            let r = try sitecycle(["sync"], in: "solo")
            #expect(r.exitCode == 0, "\(r.stderr)")
            return r.stdout
        }
        #expect(try sync().contains("Committed: add .gitattributes (merge driver)\n"))
        try sitecycle(["--now", "2026-03-04 09:00", "log", "left hip", "--at", "2026-03-04 08:00"], in: "solo")
        try sitecycle(["set", "target", "48h"], in: "solo")
        #expect(try sync().contains("Committed: log Left Hip 2026-03-04 08:00; set target 48h\n"))
        for n in 7...9 { try sitecycle(["amend", "\(n)", "--note", "checked"], in: "solo") }
        let amended = try sync()
        // A long summary is wrapped to 80 columns.
        #expect(amended.unwrapped.contains("Committed: amend 3 site changes: Left Hip 2026-02-01 08:00, "
                                           + "Right Hip 2026-02-04 08:00, Left Hip 2026-03-04 08:00"), "\(amended)")
        #expect(try sitecycle(["locations", "rename", "Hip", "Flank"], in: "solo").exitCode == 0)
        #expect(try sitecycle(["locations", "disable", "Lower Back"], in: "solo").exitCode == 0)
        #expect(try sync().unwrapped.contains("Committed: rename location Left Hip to Left Flank; "
                                              + "rename location Right Hip to Right Flank; disable location Lower Back"))
        #expect(try clean("solo"))
    }

    @Test func withoutARemoteItCommitsAndSaysSo() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "solo")
        _ = try BinaryRunner.run(["init", "-f", "solo/sites.journal", "--timezone", "UTC"], in: root, environment: env)
        let r = try sitecycle(["sync"], in: "solo")
        #expect(r.exitCode == 0)
        #expect(r.stdout.contains("Committed: Start the site journal") && r.stdout.contains("No remote"))
        #expect(try clean("solo"))
    }

    @Test func anUnreachableRemoteFailsClearlyWithTheJournalIntact() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "lost")
        _ = try BinaryRunner.run(["init", "-f", "lost/sites.journal", "--timezone", "UTC"], in: root, environment: env)
        try git("remote", "add", "origin", root.appendingPathComponent("nowhere.git").path, in: "lost")
        let before = try journal("lost")
        let r = try sitecycle(["sync"], in: "lost")
        #expect(r.exitCode == 1)
        #expect(r.stderr.contains("could not fetch from origin"), "\(r.stderr)")
        #expect(try journal("lost") == before)
    }

    @Test func conflictCopiesInASharedFolderAreMergedAndMovedAside() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let header = "timezone UTC\nlocation Left Hip\nlocation Lower Back\n\n2026-02-01 08:00  Left Hip\n"
        try (header + "2026-02-04 08:00  Lower Back\n").write(to: folder.appendingPathComponent("sites.journal"),
                                                          atomically: true, encoding: .utf8)
        let copy = "sites.sync-conflict-20260204-090000-ABCDEFG.journal"
        try (header + "2026-02-04 09:30  Left Hip  ; from the laptop\n").write(to: folder.appendingPathComponent(copy),
                                                                            atomically: true, encoding: .utf8)
        let dropbox = "sites (Laptop's conflicted copy 2026-02-05).journal"
        try (header + "2026-02-05 07:00  Lower Back\n").write(to: folder.appendingPathComponent(dropbox),
                                                             atomically: true, encoding: .utf8)
        let status = try sitecycle(["--now", "2026-02-06 08:00", "status"], in: "Sync")
        #expect(status.stderr.contains("warning: conflict copy") && status.stderr.contains("1 more"), "\(status.stderr)")
        let r = try sitecycle(["sync"], in: "Sync")
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try journal("Sync")
        #expect(text.contains("2026-02-04 09:30  Left Hip  ; from the laptop") && text.contains("2026-02-05 07:00  Lower Back"))
        #expect(text.contains("2026-02-04 08:00  Lower Back"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("conflict") }
        #expect(left.isEmpty)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".sitecycle-merged").path)
        #expect(Set(aside) == [copy, dropbox])
        #expect(try sitecycle(["--now", "2026-02-06 08:00", "status"], in: "Sync").stderr.isEmpty)
        // Nothing left to sync outside git.
        let again = try sitecycle(["sync"], in: "Sync")
        #expect(again.exitCode == 1 && again.stderr.contains("nothing to sync"))
    }

    @Test func oddJournalNamesGetAnExactAttributesPattern() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "-b", "main", "odd")
        for name in ["my\nsites.journal", "a b*.journal", "ünï [x].journal"] {
            try "timezone UTC\nlocation A\n".write(to: root.appendingPathComponent("odd/" + name), atomically: true,
                                                   encoding: .utf8)
            let setup = try BinaryRunner.run(["-f", name, "sync", "--setup"], in: root.appendingPathComponent("odd"),
                                             environment: env)
            #expect(setup.exitCode == 0, "\(setup.stderr)")
            #expect(try git("check-attr", "merge", "--", name, in: "odd").stdout.hasSuffix(": merge: sitecycle\n"), "\(name)")
        }
        // The glob in a name matches only that name; no line was broken.
        #expect(try git("check-attr", "merge", "--", "a bX.journal", in: "odd").stdout.hasSuffix(": merge: unspecified\n"))
        let attributes = try String(contentsOf: root.appendingPathComponent("odd/.gitattributes"), encoding: .utf8)
        #expect(attributes.split(separator: "\n").count == 3, "\(attributes)")
    }
}
