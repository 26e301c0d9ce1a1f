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
