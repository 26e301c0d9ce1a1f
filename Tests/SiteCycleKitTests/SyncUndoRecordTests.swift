import Testing
@testable import SiteCycleKit

extension SyncServiceTests {
    /// Issue 28 item 2: sync's write of the journal is remembered for
    /// `undo` inside the write's own lock (no other writer comes between),
    /// and the record reverses the merge.
    @Test func aCopysMergeIsRecordedForUndoUnderTheLock() throws {
        let before = folderHeader + "2026-02-04 08:00  Lower Back\n"
        let fs = InMemoryFileSystem([shared: before, copy: folderHeader + "2026-02-04 09:30  Left Hip\n"])
        let history = WriteHistory(folder: "/state/undo/sites", fileSystem: fs)
        let service = SyncService(git: ScriptedGit(), fileSystem: fs, folder: MemoryFolder(fs), defaultZone: .utc,
                                  recording: UndoRecording(history: history, command: "sync", writtenAt: 0))
        _ = try service.sync(request(shared))
        let records = history.records()
        #expect(records.count == 1 && records.first?.record.command == "sync")
        #expect(!fs.unlockedWrites.contains { $0.hasPrefix("/state/") }, "\(fs.unlockedWrites)")
        let after = try fs.read(shared)
        guard case .restored(let restored)? = records.first?.record.reverse(after) else {
            Issue.record("the record does not reverse the merge")
            return
        }
        #expect(restored == Array(before.utf8))
    }
}
