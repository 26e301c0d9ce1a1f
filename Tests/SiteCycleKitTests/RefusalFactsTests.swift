import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// A refusal carries what the command line needs to say it: the names, the
/// lines, the device and the journal, never a sentence.
struct RefusalFactsTests {
    let path = "/journal/sites.journal"
    let start = """
        timezone UTC
        device sensor 10d
        location Left Arm
        location Right Arm

        2026-02-01 08:00  Left Arm

        """

    func refusal<Outcome>(_ text: String, _ plan: (Journal) throws(ServiceError) -> PlannedChange<Outcome>) -> ServiceError? {
        let fs = InMemoryFileSystem([path: text])
        do throws(ServiceError) {
            _ = try fs.transaction(path).run(plan)
            Issue.record("not refused")
            return nil
        } catch {
            #expect(fs.writes == 0)
            return error
        }
    }

    @Test func anUnknownDeviceCarriesTheDeclaredOnes() {
        let error = refusal(start) { journal throws(ServiceError) in
            var request = SiteChangeService.LogRequest(location: "Left Arm", at: instant("2026-02-03T08:00:00Z"))
            request.device = "cgm"
            return try SiteChangeService.log(request, in: journal)
        }
        #expect(error?.reason == .unknownDevice(name: "cgm", declared: ["pump", "sensor"]))
        #expect(error?.kind == .refused)
    }

    @Test func aTakenStartCarriesTheLineAndTheTimeAsTheJournalWritesIt() {
        let error = refusal(start) { journal throws(ServiceError) in
            try SiteChangeService.log(.init(location: "Right Arm", at: instant("2026-02-01T08:00:00Z")), in: journal)
        }
        #expect(error?.reason == .startTaken(time: "2026-02-01 08:00", line: 6, newEntry: true))
    }

    @Test func nothingToRemoveCarriesTheTime() {
        let error = refusal(start) { journal throws(ServiceError) in
            try SiteChangeService.remove(.init(at: instant("2026-02-03T08:00:00Z"), device: "sensor"), in: journal)
        }
        #expect(error?.reason == .nothingToRemove(time: "2026-02-03 08:00"))
    }

    @Test func anUnknownLocationCarriesTheNameAsTypedAndWhatItWasLookedUpAs() {
        let error = refusal(start) { journal throws(ServiceError) in
            try LocationsService.disable(.init(typed: "Tummy", names: []), in: journal)
        }
        #expect(error?.reason == .unknownLocation(name: "Tummy", as: .locationOrZone))
    }

    @Test func aJournalWithErrorsIsCarriedForItsDiagnostics() {
        let error = refusal(start + "2026-02-02 08:00  Nowhere\n") { journal throws(ServiceError) in
            try FormatService.format(journal)
        }
        #expect(error?.reason == .journalHasErrors(path: path) && error?.kind == .journalHasErrors)
        #expect(error?.journal?.diagnostics.errors.map(\.code) == [.unknownLocation])
    }
}
