import Foundation
import Testing

/// Issue 37 item 6: two laptops that logged different sites within hours
/// are told, by `sync` and by `merge` (git's driver); both entries stay,
/// and `check` says nothing of it.
extension SyncTests {
    static let abdomenAndThigh = """
        timezone UTC
        device sensor 10d grace 12h
        location Right Front Abdomen
        location Right Side Thigh
        location Lower Back
        location Left Back Arm  for sensor
        location Right Back Arm  for sensor
        location Left Upper Arm  for sensor

        2026-11-25 08:00  Lower Back
        2026-11-25 09:00  sensor  Left Back Arm

        """

    @Test func syncNamesTwoSitesLoggedOnTwoLaptopsWithinHours() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones(SyncTests.abdomenAndThigh)
        try sitecycle(["--now", "2026-11-28 07:36", "log", "rfa"], in: "a")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-11-28 08:10", "log", "rst"], in: "b")
        let b = try sitecycle(["sync"], in: "b")
        #expect(b.exitCode == 0, "\(b.stderr)")
        #expect(b.stdout.unwrapped.contains(
            "Two sites logged 34 minutes apart, one on each side of the merge: line 12, Right Front Abdomen at "
                + "2026-11-28 07:36 (origin/main), and line 13, Right Side Thigh at 2026-11-28 08:10 (this clone). "
                + "Both are kept. If only one went in, delete the other: `sitecycle delete 12` or `sitecycle delete 13`."),
                "\(b.stdout)")
        #expect(b.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(b.stdout)")
        let text = try journal("b")
        #expect(text.hasSuffix("2026-11-28 07:36  Right Front Abdomen\n2026-11-28 08:10  Right Side Thigh\n"), "\(text)")
        // Only the merge can tell: `check` sees a site that ended early.
        let check = try sitecycle(["check"], in: "b")
        #expect(check.exitCode == 0 && check.stdout.isEmpty && check.stderr.isEmpty, "\(check.stdout)\(check.stderr)")
        // The command named removes the line named.
        let delete = try sitecycle(["--now", "2026-11-28 09:00", "delete", "13"], in: "b")
        #expect(delete.exitCode == 0, "\(delete.stderr)")
        #expect(try journal("b").hasSuffix("2026-11-28 07:36  Right Front Abdomen\n"))
        // A pulls B's merge as a fast-forward: nothing merged there, nothing said.
        let a = try sitecycle(["sync"], in: "a")
        #expect(a.exitCode == 0 && !a.stdout.contains("Two sites"), "\(a.stdout)")
    }

    /// The window is the device's grace (12 h for this sensor) or 4 h,
    /// whichever is longer; a pump change 5 h after the other laptop's is
    /// a change, not a race.
    @Test func theWindowIsTheGraceOrFourHours() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones(SyncTests.abdomenAndThigh)
        try sitecycle(["--now", "2026-11-28 07:00", "log", "rfa"], in: "a")
        #expect(try sitecycle(["--now", "2026-11-28 07:00", "log", "rba", "--device", "sensor"], in: "a").exitCode == 0)
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-11-28 12:00", "log", "rst"], in: "b")
        #expect(try sitecycle(["--now", "2026-11-28 18:30", "log", "lua", "--device", "sensor"], in: "b").exitCode == 0)
        let b = try sitecycle(["sync"], in: "b")
        #expect(b.exitCode == 0, "\(b.stderr)")
        let said = b.stdout.unwrapped
        #expect(said.contains("Two sensor sites logged 11 hours 30 minutes apart"), "\(b.stdout)")
        #expect(!said.contains("Two sites logged"), "\(b.stdout)")
    }

    /// git's driver says it too, for a merge a person runs with git.
    @Test func theMergeDriverNamesThemOnGitsMerge() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try twoClones(SyncTests.abdomenAndThigh)
        try sitecycle(["--now", "2026-11-28 07:36", "log", "rfa"], in: "a")
        #expect(try sitecycle(["sync"], in: "a").exitCode == 0)
        try sitecycle(["--now", "2026-11-28 08:10", "log", "rst"], in: "b")
        try git("commit", "-q", "-am", "log by hand", in: "b")
        try git("fetch", "-q", "origin", in: "b")
        let merge = try git("merge", "--no-edit", "origin/main", in: "b")
        #expect(merge.exitCode == 0, "\(merge.stderr)")
        #expect(merge.stderr.unwrapped.contains(
            "sitecycle merge: Two sites logged 34 minutes apart, one on each side of the merge: line 12, Right Front "
                + "Abdomen at 2026-11-28 07:36 (THEIRS), and line 13, Right Side Thigh at 2026-11-28 08:10 (OURS). "
                + "Both are kept."), "\(merge.stderr)")
        #expect(try journal("b").hasSuffix("2026-11-28 07:36  Right Front Abdomen\n2026-11-28 08:10  Right Side Thigh\n"))
    }
}
