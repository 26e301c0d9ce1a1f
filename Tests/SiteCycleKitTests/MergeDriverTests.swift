import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// git's merge driver and the reminder state, through an in-memory file
/// system: what they write is private, and only written when it changes.
struct MergeDriverTests {
    let header = "timezone UTC\nlocation A\nlocation B\n\n2026-02-01 08:00  A\n"

    @Test func theMergeIsWrittenOverOursAndMadePrivate() throws {
        let fs = InMemoryFileSystem(["/m/base": header, "/m/ours": header + "2026-02-04 08:00  B\n",
                                     "/m/theirs": header + "2026-02-07 08:00  A\n"])
        #expect(fs.modes["/m/ours"] == 0o644)  // as git checks it out
        let outcome = try MergeDriver(fileSystem: fs, defaultZone: .utc).merge(base: "/m/base", ours: "/m/ours", theirs: "/m/theirs")
        #expect(outcome == MergeDriver.Outcome(conflicts: 0, wrote: true))
        #expect(fs.text("/m/ours") == header + "2026-02-04 08:00  B\n2026-02-07 08:00  A\n")
        #expect(fs.modes["/m/ours"] == 0o600)
        #expect(fs.text("/m/theirs") == header + "2026-02-07 08:00  A\n" && fs.writes == 1)
    }

    @Test func aMergeThatChangesNothingWritesNothing() throws {
        let fs = InMemoryFileSystem(["/m/base": header, "/m/ours": header + "2026-02-04 08:00  B\n", "/m/theirs": header])
        let outcome = try MergeDriver(fileSystem: fs, defaultZone: .utc).merge(base: "/m/base", ours: "/m/ours", theirs: "/m/theirs")
        #expect(outcome == MergeDriver.Outcome(conflicts: 0, wrote: false))
        #expect(fs.writes == 0)
    }

    @Test func aMissingVersionIsAFileError() {
        let fs = InMemoryFileSystem(["/m/base": header, "/m/ours": header])
        #expect(throws: FileError.self) {
            try MergeDriver(fileSystem: fs, defaultZone: .utc).merge(base: "/m/base", ours: "/m/ours", theirs: "/m/theirs")
        }
        #expect(fs.writes == 0)
    }

    @Test func theReminderLogIsKeptPrivate() throws {
        let fs = InMemoryFileSystem()
        let log = try #require(ReminderLog(journalPath: "/j/sites.journal", environment: ["XDG_STATE_HOME": "/state"], fileSystem: fs))
        var memory = ReminderMemory()
        memory.snooze(.init(device: "pump", since: Instant(seconds: 100)), until: Instant(seconds: 200))
        try log.save(memory)
        #expect(log.memory() == memory && log.memory().record(.init(device: "pump", since: Instant(seconds: 100))).snoozedUntil == Instant(seconds: 200))
        #expect(fs.modes[log.path] == 0o600 && log.path.hasPrefix("/state/sitecycle/remind/"))
    }
}
