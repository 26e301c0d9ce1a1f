import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `init` against an in-memory file system: a new journal is private, and
/// nothing already there is ever overwritten.
struct InitServiceTests {
    let location = JournalLocation(path: "/data/sitecycle/sites.journal", origin: .flag)
    let comments = NewJournal.Comments(header: ["; check it with the checker"], sensor: ["; sensors: see the sources"])

    func refusal(_ fs: InMemoryFileSystem, _ journal: NewJournal, at location: JournalLocation? = nil) -> InitRefusal? {
        do throws(InitRefusal) {
            _ = try InitService(fileSystem: fs).create(journal, comments: comments, at: location ?? self.location)
            return nil
        } catch {
            return error
        }
    }

    @Test func theNewJournalIsCreatedPrivateAndReadsBack() throws {
        let fs = InMemoryFileSystem()
        var journal = NewJournal(timezone: "Europe/Berlin", locations: ["Left Arm", "Right Arm"])
        journal.sensorHours = 240
        let outcome = try InitService(fileSystem: fs).create(journal, comments: comments, at: location)
        #expect(fs.modes[location.path] == 0o600)
        #expect(fs.files[location.path] == outcome.bytes)
        let text = try #require(fs.text(location.path))
        #expect(text.hasPrefix("; SiteCycle journal: one site change per line, oldest first.\n; check it with the checker\n\n"))
        #expect(text.contains("; sensors: see the sources\ndevice sensor 10d\n"))
        let read = load(text)
        #expect(!read.diagnostics.hasErrors)
        #expect(read.locations.map(\.name) == ["Left Arm", "Right Arm"])
    }

    @Test func initNeverOverwritesAJournal() {
        let fs = InMemoryFileSystem([location.path: "timezone UTC\nlocation Mine\n"])
        guard case .alreadyExists(let path) = refusal(fs, NewJournal(timezone: "UTC", locations: ["A"])) else {
            Issue.record("expected: already exists"); return
        }
        #expect(path == location.path)
        #expect(fs.text(location.path) == "timezone UTC\nlocation Mine\n" && fs.writes == 0)
    }

    @Test func initRefusesWhatCouldNotBeAJournal() {
        let fs = InMemoryFileSystem()
        guard case .noLocation = refusal(fs, NewJournal(timezone: "UTC", locations: ["A"]),
                                         at: JournalLocation(path: "", origin: .noHome)) else {
            Issue.record("expected: no location"); return
        }
        guard case .unknownTimeZone("Mars/Olympus") = refusal(fs, NewJournal(timezone: "Mars/Olympus", locations: ["A"])) else {
            Issue.record("expected: unknown time zone"); return
        }
        guard case .invalidLocationName("3rd Rib", _) = refusal(fs, NewJournal(timezone: "UTC", locations: ["A", "3rd Rib"])) else {
            Issue.record("expected: invalid location"); return
        }
        #expect(fs.files.isEmpty)
    }
}
