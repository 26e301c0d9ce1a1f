import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Issue 39 item 12: what forgotten writes deleted (`deleted-entries`) is
/// kept only while a conflict copy older than the deletion could bring it
/// back, and 90 days at most; on the real disk, through the file policy.
struct DeletedEntriesTests {
    struct Folder {
        let root: String
        var journal: String { root + "/j/sites.journal" }
        var copy: String { root + "/j/sites.sync-conflict-20260101-080000-ABCDEFG.journal" }
        let history: WriteHistory

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-deleted-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/j", withIntermediateDirectories: true)
            try "timezone UTC\n".write(toFile: root + "/j/sites.journal", atomically: true, encoding: .utf8)
            let fs = POSIXFileSystem(policy: FilePolicy(journal: root + "/j/sites.journal", stateFolder: root + "/state"))
            history = WriteHistory(folder: root + "/state/undo/j", fileSystem: fs, journal: root + "/j/sites.journal")
        }

        /// A conflict copy beside the journal, last changed at `seconds`.
        func conflictCopy(changedAt seconds: Int64) throws {
            try "timezone UTC\n\(Self.line)\n".write(toFile: copy, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(seconds))],
                                                  ofItemAtPath: copy)
        }

        var onDisk: String? { try? String(contentsOfFile: history.deletionsPath, encoding: .utf8) }

        /// Fills the history: the first write deletes `line` at `deletedAt`,
        /// then enough writes for its record to be forgotten, the last at
        /// `now`.
        func deleteAndForget(deletedAt: Int64, now: Int64) throws {
            let before = Array("timezone UTC\n\(Self.line)\n".utf8), after = Array("timezone UTC\n".utf8)
            try history.append(WriteRecord(command: "delete 2", writtenAt: deletedAt, before: before, after: after))
            for n in 1..<WriteHistory.limit {
                try history.append(WriteRecord(command: "log \(n)", writtenAt: deletedAt + Int64(n), before: [], after: []))
            }
            try history.append(WriteRecord(command: "log last", writtenAt: now, before: [], after: []))
            #expect(history.records().count == WriteHistory.limit)
        }

        static let line = "2026-01-01 08:00  Left Arm  ; itchy"
    }

    let deletedAt = instant("2026-02-01T08:00:00Z").seconds
    let day: Int64 = 86_400

    @Test func aConflictCopyOlderThanTheDeletionKeepsTheLine() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try f.conflictCopy(changedAt: deletedAt - day)
        try f.deleteAndForget(deletedAt: deletedAt, now: deletedAt + day)
        #expect(f.onDisk == "sitecycle-deleted-entries 2\n\(deletedAt) \(Folder.line)\n")
        #expect(try f.history.deletedLines(now: deletedAt + 89 * day) == [Array(Folder.line.utf8)])
        let mode = try FileManager.default.attributesOfItem(atPath: f.history.deletionsPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func ninetyDaysAtMostEvenWithTheCopyStillThere() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try f.conflictCopy(changedAt: deletedAt - day)
        try f.deleteAndForget(deletedAt: deletedAt, now: deletedAt + day)
        #expect(try f.history.deletedLines(now: deletedAt + 90 * day) == [])
        #expect(!FileManager.default.fileExists(atPath: f.history.deletionsPath), "pruned to nothing: removed")
    }

    @Test func aWriteAfterNinetyDaysPrunesTheFile() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try f.conflictCopy(changedAt: deletedAt - day)
        try f.deleteAndForget(deletedAt: deletedAt, now: deletedAt + day)
        #expect(f.onDisk != nil)
        try f.history.append(WriteRecord(command: "log", writtenAt: deletedAt + 91 * day, before: [], after: []))
        #expect(f.onDisk == nil)
    }

    @Test func withoutAConflictCopyNothingIsKept() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try f.deleteAndForget(deletedAt: deletedAt, now: deletedAt + day)
        #expect(f.onDisk == nil)
        #expect(try f.history.deletedLines(now: deletedAt + day) == [])
    }

    @Test func aConflictCopyNewerThanTheDeletionKeepsNothing() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try f.conflictCopy(changedAt: deletedAt + 60)
        try f.deleteAndForget(deletedAt: deletedAt, now: deletedAt + day)
        #expect(f.onDisk == nil)
    }

    /// Kept while the copy is there; gone at the first write after the
    /// copy was merged and moved aside.
    @Test func theLineGoesWhenTheCopyGoes() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try f.conflictCopy(changedAt: deletedAt - day)
        try f.deleteAndForget(deletedAt: deletedAt, now: deletedAt + day)
        #expect(f.onDisk != nil)
        try FileManager.default.removeItem(atPath: f.copy)
        try f.history.append(WriteRecord(command: "log", writtenAt: deletedAt + 2 * day, before: [], after: []))
        #expect(f.onDisk == nil)
    }

    /// Format 1 had no times: its lines count as deleted when the file
    /// last changed.
    @Test func aFormatOneFileIsReadWithItsModificationTime() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try FileManager.default.createDirectory(atPath: f.history.folder, withIntermediateDirectories: true)
        try "sitecycle-deleted-entries 1\n\(Folder.line)\n".write(toFile: f.history.deletionsPath, atomically: true,
                                                                   encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(deletedAt))],
                                              ofItemAtPath: f.history.deletionsPath)
        #expect(try f.history.readDeletions() == [.init(line: Array(Folder.line.utf8), deletedAt: deletedAt)])
        try f.conflictCopy(changedAt: deletedAt - day)
        #expect(try f.history.deletedLines(now: deletedAt + 89 * day) == [Array(Folder.line.utf8)])
        #expect(f.onDisk?.hasPrefix("sitecycle-deleted-entries 1\n") == true, "nothing dropped: not rewritten")
        #expect(try f.history.deletedLines(now: deletedAt + 90 * day) == [])
        #expect(f.onDisk == nil)
    }

    /// A link at its name is refused and named, by a write and by a read,
    /// and left alone.
    @Test func aLinkAtItsNameIsNamedNotFollowed() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        try FileManager.default.createDirectory(atPath: f.history.folder, withIntermediateDirectories: true)
        try "secret\n".write(toFile: f.root + "/secret", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: f.history.deletionsPath, withDestinationPath: f.root + "/secret")
        let record = WriteRecord(command: "log", writtenAt: deletedAt, before: [], after: [])
        #expect { try f.history.append(record) } throws: { error in
            (error as? FileError)?.detail.contains(f.history.deletionsPath) == true
        }
        #expect(f.history.records().isEmpty, "not recorded")
        #expect { try f.history.deletedLines(now: deletedAt) } throws: { error in
            (error as? FileError)?.detail.contains("a symlink") == true
        }
        #expect(try String(contentsOfFile: f.root + "/secret", encoding: .utf8) == "secret\n")
    }

    /// Times from year 1 to 9999 read back; a line whose time does not
    /// read (a hand edit) is skipped, not taken whole.
    @Test func theTimesReadBackAndABadOneIsSkipped() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        let lines = [WriteHistory.DeletedLine(line: Array(Folder.line.utf8), deletedAt: WriteRecord.writtenRange.lowerBound),
                     .init(line: Array("2026-01-02 08:00  Right Arm".utf8), deletedAt: WriteRecord.writtenRange.upperBound),
                     .init(line: Array("2026-01-03 08:00  Left Arm".utf8), deletedAt: 0)]
        try FileManager.default.createDirectory(atPath: f.history.folder, withIntermediateDirectories: true)
        try f.history.writeDeletions(lines)
        #expect(try f.history.readDeletions() == lines)
        let bad = ["x 2026-01-04 08:00  A", "12345678901234 2026-01-04 08:00  A", "253402300800 2026-01-04 08:00  A",
                   "-", "2026-01-04 08:00  A", "17 not an entry"]
        try (f.onDisk! + bad.joined(separator: "\n") + "\n").write(toFile: f.history.deletionsPath, atomically: true,
                                                                  encoding: .utf8)
        #expect(try f.history.readDeletions() == lines)
        // Split as the merge splits: a CR before the LF dropped, the last
        // line with or without its LF.
        for (text, split) in [("a\r\nb\n\nc", ["a", "b", "", "c"]), ("a\n", ["a"]), ("", []), ("\n", [""])] {
            #expect(WriteHistory.lines(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) } == split)
            #expect(WriteHistory.lines(Array(text.utf8)) == ConflictCopyMerge.lines(Array(text.utf8)))
        }
    }
}
