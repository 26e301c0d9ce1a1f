import Foundation
import Testing

/// A Syncthing folder shared by a laptop and a desktop (issue 31 item 1),
/// through the real binary: the laptop's corrections survive the desktop's
/// older conflict copy, which of the two files Syncthing kept, and `sync`
/// says what it kept and why.
struct ConflictCopySyncTests {
    let root: URL
    let env: [String: String]
    let folder: URL
    static let copyName = "sites.sync-conflict-20260212-090000-ABCDEFG.journal"

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: root)
        folder = root.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @discardableResult
    func sitecycle(_ args: [String], file: String = "sites.journal") throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", file] + args, in: folder, environment: env)
    }

    func read(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    func write(_ text: String, _ name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Both machines had the journal after these writes (the laptop made
    /// them; Syncthing gave them to the desktop).
    func startTogether() throws -> String {
        try write("timezone UTC\nlocation Left Hip\nlocation Right Hip\nlocation Lower Back\n\n"
                  + "2026-02-01 08:00  Left Hip\n2026-02-04 08:00  Right Hip\n", "sites.journal")
        #expect(try sitecycle(["--now", "2026-02-06 08:00", "log", "lower back"]).exitCode == 0)
        #expect(try sitecycle(["--now", "2026-02-07 08:00", "remove"]).exitCode == 0)
        #expect(try sitecycle(["--now", "2026-02-08 08:00", "log", "left hip", "--note", "itchy"]).exitCode == 0)
        return try read("sites.journal")
    }

    /// The desktop's copy: what both had, and two changes logged there.
    static func desktop(_ shared: String) -> String {
        shared + "2026-02-10 08:00  Right Hip\n2026-02-12 08:00  Lower Back\n"
    }

    /// The laptop deletes a mistaken `removed` line and amends a note; the
    /// desktop's older copy still has both as they were and logs two
    /// changes. Merged, the deletion and the amendment stand, the two
    /// changes are in, and sync names what it kept.
    @Test func aDeletionAndAnAmendmentMadeHereSurviveTheOlderCopy() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = try startTogether()
        #expect(try sitecycle(["--now", "2026-02-09 08:00", "delete", "9"]).exitCode == 0)
        #expect(try sitecycle(["--now", "2026-02-09 08:00", "amend", "9", "--note", "itchy, red"]).exitCode == 0)
        try write(ConflictCopySyncTests.desktop(shared), ConflictCopySyncTests.copyName)
        let r = try sitecycle(["--now", "2026-02-12 10:00", "sync"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read("sites.journal")
        #expect(text.hasSuffix("""
            2026-02-06 08:00  Lower Back
            2026-02-08 08:00  Left Hip  ; itchy, red
            2026-02-10 08:00  Right Hip
            2026-02-12 08:00  Lower Back

            """), "\(text)")
        let said = r.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(said.contains("Kept deleted: 2026-02-07 08:00 removed, deleted here (`delete 9`)"), "\(r.stdout)")
        #expect(said.contains("Kept as changed here (`amend 9 --note \"itchy, red\"`): 2026-02-08 08:00 Left Hip"),
                "\(r.stdout)")
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stdout)")
        #expect(try sitecycle(["check"]).exitCode == 0)
    }

    /// The copy went its own way longer ago than the undo history reaches
    /// (more than `WriteHistory.limit` writes since the deletion): what
    /// the forgotten writes deleted is kept while a copy older than the
    /// deletion is there (90 days at most), and the deletion stands,
    /// named, instead of the copy's old line coming back unsaid. Once the
    /// copy is merged, the next write forgets the line (issue 39 item 12).
    @Test func aDeletionOlderThanTheUndoHistoryStillStands() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = try startTogether()
        // The desktop's copy, last changed before the deletion, is there
        // when the deletion's record is forgotten.
        try write(ConflictCopySyncTests.desktop(shared), ConflictCopySyncTests.copyName)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_770_620_400)],  // 02-09 07:00
                                              ofItemAtPath: folder.appendingPathComponent(ConflictCopySyncTests.copyName).path)
        #expect(try sitecycle(["--now", "2026-02-09 08:00", "delete", "9"]).exitCode == 0)
        for i in 0..<52 {
            let now = String(format: "2026-%02d-%02d 08:00", i < 31 ? 3 : 4, i < 31 ? i + 1 : i - 30)
            #expect(try sitecycle(["--now", now, "log", i % 2 == 0 ? "right hip" : "left hip"]).exitCode == 0)
        }
        let kept = try FileManager.default.subpathsOfDirectory(atPath: root.path + "/.local/state/sitecycle/undo")
            .filter { $0.hasSuffix("/deleted-entries") }.map { root.path + "/.local/state/sitecycle/undo/" + $0 }
        #expect(kept.count == 1)
        let r = try sitecycle(["--now", "2026-04-25 10:00", "sync"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read("sites.journal")
        #expect(!text.contains("2026-02-07 08:00  removed"), "\(text)")
        #expect(text.contains("2026-02-10 08:00  Right Hip\n2026-02-12 08:00  Lower Back\n"), "\(text)")
        let said = r.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(said.contains("Kept deleted: 2026-02-07 08:00 removed"), "\(r.stdout)")
        #expect(try sitecycle(["--now", "2026-04-26 08:00", "log", "lower back"]).exitCode == 0)
        #expect(kept.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "no copy left: forgotten")
    }

    /// Syncthing kept the desktop's file as the journal and made the
    /// laptop's the conflict copy: the laptop's history leads to the copy,
    /// and an `amend --at` comes back once, moved, not as a second entry.
    @Test func theCorrectionsStandWhenThePeersFileWon() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = try startTogether()
        #expect(try sitecycle(["--now", "2026-02-09 08:00", "delete", "9"]).exitCode == 0)
        #expect(try sitecycle(["--now", "2026-02-09 08:00", "amend", "9", "--at", "2026-02-08 07:30"]).exitCode == 0)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("sites.journal"),
                                         to: folder.appendingPathComponent(ConflictCopySyncTests.copyName))
        try write(ConflictCopySyncTests.desktop(shared), "sites.journal")
        let r = try sitecycle(["--now", "2026-02-12 10:00", "sync"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read("sites.journal")
        #expect(text.hasSuffix("""
            2026-02-06 08:00  Lower Back
            2026-02-08 07:30  Left Hip  ; itchy
            2026-02-10 08:00  Right Hip
            2026-02-12 08:00  Lower Back

            """), "\(text)")
        #expect(!text.contains("2026-02-08 08:00") && !text.contains("removed"), "\(text)")
        let said = r.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(said.contains("Kept as changed here (`amend 9 --at \"2026-02-08 07:30\"`): 2026-02-08 08:00 Left Hip"),
                "\(r.stdout)")
    }

    /// Two copies of the older journal, from two peers (or two conflicts):
    /// the second is merged against the history that now holds the first
    /// merge, so the deletion made here survives both.
    @Test func aDeletionSurvivesTwoCopies() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = try startTogether()
        #expect(try sitecycle(["--now", "2026-02-09 08:00", "delete", "9"]).exitCode == 0)
        try write(shared + "2026-02-10 08:00  Right Hip\n", ConflictCopySyncTests.copyName)
        try write(shared + "2026-02-11 08:00  Lower Back\n", "sites (Desktop's conflicted copy 2026-02-11).journal")
        let r = try sitecycle(["--now", "2026-02-12 10:00", "sync"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read("sites.journal")
        #expect(!text.contains("removed"), "\(text)")
        #expect(text.hasSuffix("2026-02-08 08:00  Left Hip  ; itchy\n2026-02-10 08:00  Right Hip\n2026-02-11 08:00  Lower Back\n"),
                "\(text)")
        #expect(r.stdout.components(separatedBy: "Kept deleted: 2026-02-07 08:00 removed").count == 3, "\(r.stdout)")
    }

    /// A journal this tool never wrote here has no history to go by: the
    /// copy is merged as before, all entries of both, and nothing is named.
    @Test func withoutHistoryBothCopiesEntriesAreKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = "timezone UTC\nlocation Left Hip\nlocation Right Hip\n\n2026-02-01 08:00  Left Hip\n"
        try write(shared + "2026-02-03 08:00  Right Hip\n", "sites.journal")
        try write(shared + "2026-02-04 08:00  Left Hip\n", ConflictCopySyncTests.copyName)
        let r = try sitecycle(["--now", "2026-02-05 10:00", "sync"])
        #expect(r.exitCode == 0 && !r.stdout.contains("Kept"), "\(r.stdout)\(r.stderr)")
        #expect(try read("sites.journal") == shared + "2026-02-03 08:00  Right Hip\n2026-02-04 08:00  Left Hip\n")
    }
}
