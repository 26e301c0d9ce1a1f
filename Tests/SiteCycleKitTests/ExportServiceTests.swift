import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `export` as a service: which rotation each format covers, what it
/// counts, and the name a file gets in a folder.
struct ExportServiceTests {
    let journal = load("""
        timezone UTC
        device sensor 10d
        location Belly  for pump,sensor
        location Arm  for pump,sensor

        2026-02-01 08:00  Belly
        2026-02-02 08:00  sensor Arm
        2026-02-04 08:00  removed
        2026-02-05 08:00  Arm

        """)
    let now = instant("2026-02-06T12:00:00Z")

    func export(_ format: ExportService.Format, device: String = Device.pumpName, named: Bool = false)
        -> ExportService.Outcome {
        ExportService.export(.init(format: format, device: device, deviceNamed: named,
                                   selection: ChangeSelection(now: now, throughFuture: true)),
                             from: journal, now: now)
    }

    @Test func theJournalReads() { #expect(journal.diagnostics.errors.isEmpty) }

    @Test func csvIsOneRotationTheOthersEveryDeviceUnlessOneIsNamed() {
        #expect(export(.csv).siteChanges == 2)
        #expect(export(.csv, device: "sensor", named: true).siteChanges == 1)
        #expect(export(.json).siteChanges == 3)
        #expect(export(.nightscout, device: "sensor", named: true).siteChanges == 1)
    }

    @Test func aFileInAFolderIsNamedForTodayAndItsFormat() {
        #expect(export(.csv).fileName == "sitecycle-export-2026-02-06.csv")
        #expect(export(.nightscout).fileName == "sitecycle-export-2026-02-06.json")
        #expect(export(.ics).fileName == "sitecycle-export-2026-02-06.ics")
    }
}

/// `export --format ics` is written in pieces (issue 28 item 4): each piece
/// ends at a line's end, together they are the calendar, and every folded
/// line is at most 75 octets and unfolds to what was written.
struct ICalendarStreamTests {
    /// Many sessions with long notes in several scripts, so pieces of 64 KB
    /// fall between events and folds fall next to multi-byte letters.
    func journal(sessions: Int) -> Journal {
        var text = "timezone UTC\nlocation Left Arm\nlocation Right Arm\n\n"
        var t: Int64 = 1_767_225_600
        for i in 0..<sessions {
            let note = i % 3 == 0 ? "  ; " + String(repeating: "é日, ok; \\ ", count: 1 + i % 9) : ""
            text += CivilDateTime(secondsAsIfUTC: t).journalText + (i % 2 == 0 ? "  Left Arm" : "  Right Arm") + note + "\n"
            t += 3 * 86_400
        }
        return load(text)
    }

    @Test func piecesEndAtLineEndsAndMakeTheWhole() {
        let j = journal(sessions: 2_000)
        let now = instant("2040-01-01T00:00:00Z")
        var pieces: [[UInt8]] = []
        ICalendar.write(j, j.changes, now: now, next: { _ in "Left Arm" }) { (piece: [UInt8]) throws(Never) in
            pieces.append(piece)
        }
        #expect(pieces.count > 2, "a long calendar comes in several pieces")
        #expect(pieces.allSatisfy { $0.suffix(2) == [0x0D, 0x0A] })
        let whole = pieces.flatMap { $0 }
        #expect(String(decoding: whole, as: UTF8.self) == ICalendar.text(j, j.changes, now: now, next: { _ in "Left Arm" }))
        let lines = String(decoding: whole, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        // Unfolded, each note is its text escaped, whole.
        let unfolded = String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("DESCRIPTION:" + String(repeating: "é日\\, ok\\; \\\\ ", count: 7).dropLast() + "\r\n"))
    }
}
