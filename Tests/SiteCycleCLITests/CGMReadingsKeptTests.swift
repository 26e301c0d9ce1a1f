import Testing
@testable import SiteCycleKit
@testable import SiteCycleCLI

/// Issue 38 item 3: the journal's CGM export is read once per version and
/// its readings kept in the state folder; an unchanged export gives the
/// same advice unread, a changed one is read again and changes it.
struct CGMReadingsKeptTests {
    static let journal = "/mem/sites.journal"
    static let exportPath = "/mem/clarity.csv"
    static let names = ["A", "B", "C"]
    static let environment = ["XDG_STATE_HOME": "/mem/state", "HOME": "/mem/home", "TZ": "UTC",
                              "SITECYCLE_NOW": "2026-03-14 12:00"]
    static let start: Int64 = 1_772_352_000  // 2026-03-01 08:00 UTC

    /// Nine 36-hour sets over A, B, C.
    static var text: String {
        "timezone UTC\ncgm clarity.csv\n" + names.map { "location \($0)\n" }.joined() + "\n"
            + (0..<9).map { k in
                CivilDateTime(secondsAsIfUTC: start + Int64(k) * 36 * 3600).journalText + "  " + names[k % 3] + "\n"
            }.joined()
    }

    /// Readings every 5 minutes from the first set to `now`; C's read 200
    /// one in three when `cHigh` (its time in range well below the rest).
    static func clarity(cHigh: Bool) -> String {
        var out = "Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,"
            + "Source Device ID,Glucose Value (mg/dL),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),"
            + "Glucose Rate of Change (mg/dL/min),Transmitter Time (Long Integer)\n"
        var t = start, i = 1
        while t < start + 13 * 86_400 {
            let site = names[min(8, Int((t - start) / (36 * 3600))) % 3]
            let value = cHigh && site == "C" && i % 3 == 0 ? 200 : 120
            let c = CivilDateTime(secondsAsIfUTC: t)
            let hh = c.hour < 10 ? "0\(c.hour)" : "\(c.hour)", mm = c.minute < 10 ? "0\(c.minute)" : "\(c.minute)"
            out += "\(i),\(c.date.iso)T\(hh):\(mm):00,EGV,,,,iOS G6,\(value),,,,,\n"
            t += 300
            i += 1
        }
        return out
    }

    func recommend(_ fs: InMemoryFileSystem) -> RunResult {
        run(arguments: ["-f", Self.journal, "recommend", "--json"], environment: Self.environment, fileSystem: fs)
    }

    func exportReads(_ fs: InMemoryFileSystem) -> Int { fs.reads.filter { $0 == Self.exportPath }.count }

    func kept(_ fs: InMemoryFileSystem) -> [String] {
        fs.files.keys.filter { $0.hasPrefix("/mem/state/sitecycle/cgm/") }
    }

    @Test func anUnchangedExportIsReadOnceAChangedOneAgain() throws {
        let fs = InMemoryFileSystem([Self.journal: Self.text, Self.exportPath: Self.clarity(cHigh: true)])
        fs.modified[Self.exportPath] = 1_000_000_000
        fs.writeTime = 10_000_000_000
        let first = recommend(fs)
        #expect(first.exitCode == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(first.stdout.contains("\"glucose\""), "\(first.stdout)")
        #expect(exportReads(fs) == 1 && kept(fs).count == 1)
        #expect(fs.modes[kept(fs)[0]] == 0o600)

        let second = recommend(fs)
        #expect(second.stdout == first.stdout && second.stderr.isEmpty)
        #expect(exportReads(fs) == 1)

        // A new version of the export (a new modification time): read
        // again, and the advice follows it.
        fs.files[Self.exportPath] = Array(Self.clarity(cHigh: false).utf8)
        fs.modified[Self.exportPath] = 2_000_000_000
        let third = recommend(fs)
        #expect(third.exitCode == 0 && third.stderr.isEmpty, "\(third.stderr)")
        #expect(exportReads(fs) == 2)
        #expect(!third.stdout.contains("\"glucose\""), "\(third.stdout)")
        #expect(recommend(fs).stdout == third.stdout && exportReads(fs) == 2)
    }

    @Test func aKeptCopyThatDoesNotReadIsRebuilt() throws {
        let fs = InMemoryFileSystem([Self.journal: Self.text, Self.exportPath: Self.clarity(cHigh: true)])
        fs.writeTime = 10_000_000_000
        let first = recommend(fs)
        let path = try #require(kept(fs).first)
        fs.files[path] = Array("sitecycle cgm readings 1\nnot what was kept".utf8)
        let second = recommend(fs)
        #expect(second.stdout == first.stdout && second.stderr.isEmpty, "\(second.stderr)")
        #expect(exportReads(fs) == 2)
        #expect(recommend(fs).stdout == first.stdout && exportReads(fs) == 2)
    }

    @Test func aCopyThatCannotBeKeptLeavesTheAdviceAlone() throws {
        let fs = InMemoryFileSystem([Self.journal: Self.text, Self.exportPath: Self.clarity(cHigh: true)])
        fs.writeTime = 10_000_000_000
        let key = StateFolder.place("cgm", forJournal: Self.exportPath, in: "/mem/state/sitecycle")
        fs.failingWrites = [key]
        let first = recommend(fs)
        #expect(first.exitCode == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(first.stdout.contains("\"glucose\""))
        #expect(recommend(fs).stdout == first.stdout && exportReads(fs) == 2 && kept(fs).isEmpty)
    }
}
