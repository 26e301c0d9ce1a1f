import Foundation
import Testing

/// Issue 37 item 5: the laptop that has not pulled does not nag. `remind
/// --pull` fetches and merges as `sync` does, without pushing, so a change
/// logged and synced on the other laptop counts; offline it reminds from
/// what it has and says it could not pull; `--install` adds `--pull` where
/// the journal's folder is set up for sync.
extension SyncTests {
    func remind(_ args: [String], in dir: String) throws -> BinaryRunner.Output {
        var environment = env
        environment["SITECYCLE_NOW"] = nil
        return try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-02-07 10:00", "remind", "--via", "terminal"] + args,
                                    in: root.appendingPathComponent(dir), environment: environment)
    }

    @Test func remindPullCountsTheOtherLaptopsChange() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()  // Right Hip since 2026-02-04 08:00: due 2026-02-07 08:00
        try sitecycle(["--now", "2026-02-07 07:30", "log", "lower back"], in: "a")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        // Without --pull, b has not heard of it.
        let stale = try remind(["--again"], in: "b")
        #expect(stale.exitCode == 3 && stale.stderr.contains("Right Hip since"), "\(stale.stderr)")
        let pulled = try remind(["--pull"], in: "b")
        #expect(pulled.exitCode == 0 && pulled.stderr.isEmpty, "\(pulled.stderr)")
        #expect(try journal("b").hasSuffix("2026-02-07 07:30  Lower Back\n"))
        // Nothing was pushed from b: the remote has a's commit on top.
        #expect(try git("status", "-sb", in: "b").stdout.contains("## main...origin/main\n"))
    }

    @Test func remindPullOfflineRemindsAndSaysItCouldNotPull() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        try FileManager.default.moveItem(at: root.appendingPathComponent("remote.git"),
                                         to: root.appendingPathComponent("gone.git"))
        let r = try remind(["--pull"], in: "b")
        #expect(r.exitCode == 3, "\(r.stderr)")
        let said = r.stderr.replacingOccurrences(of: "\n        ", with: " ")
        #expect(said.contains("could not pull:") && said.contains("Right Hip since 2026-02-04 08:00"), "\(r.stderr)")
        #expect(said.contains("Not pulled from the other computers:"), "\(r.stderr)")
    }

    @Test func aMissingJournalIsSaidOnceWithoutAPull() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        let r = try BinaryRunner.run(["-f", "nothere.journal", "remind", "--pull"], in: root.appendingPathComponent("b"),
                                     environment: env)
        #expect(r.exitCode == 1 && r.stderr.contains("no journal at nothere.journal") && !r.stderr.contains("pull"),
                "\(r.stderr)")
    }

    @Test func theTimerPullsWhereTheFolderIsSetUpForSync() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones()
        let units = try sitecycle(["remind", "--install", "--print"], in: "b")
        #expect(units.stdout.contains("remind --via desktop --pull\n") && units.stdout.contains("remind --via auto --pull\n"),
                "\(units.stdout)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("plain"), withIntermediateDirectories: true)
        try SyncTests.hips.write(to: root.appendingPathComponent("plain/sites.journal"), atomically: true, encoding: .utf8)
        let plain = try sitecycle(["remind", "--install", "--print"], in: "plain")
        #expect(plain.stdout.contains("remind --via desktop\n") && !plain.stdout.contains("--pull"), "\(plain.stdout)")
    }
}
