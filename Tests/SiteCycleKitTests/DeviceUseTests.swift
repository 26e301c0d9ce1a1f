import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Issue 40 item 5: a backup device is quiet until it is used again.
struct DeviceUseTests {
    let text = """
        timezone UTC
        device libre 14d
        location Left Arm  for pump,libre
        location Right Arm

        2026-08-20 09:00  libre  Left Arm
        2026-09-02 10:00  libre  removed
        2026-11-04 18:00  Right Arm

        """

    @Test func aDeviceWithNoSiteNowAndNoneIn30DaysIsQuiet() {
        let journal = load(text, zone: .utc)
        #expect(journal.isQuiet("libre", now: instant("2026-10-02T10:01:00Z")))
        #expect(!journal.isQuiet("libre", now: instant("2026-10-02T09:59:00Z")))  // ended 30 days ago, less a minute
        #expect(!journal.isQuiet("libre", now: instant("2026-08-25T00:00:00Z")))  // worn now
        #expect(!journal.isQuiet("pump", now: instant("2026-10-02T10:01:00Z")))   // the pump never is
        #expect(journal.lastSiteEnd(of: "libre", now: instant("2026-11-09T00:00:00Z")) == instant("2026-09-02T10:00:00Z"))
        #expect(journal.wore("libre", from: instant("2026-09-01T00:00:00Z"), to: instant("2026-09-30T00:00:00Z")))
        #expect(!journal.wore("libre", from: instant("2026-09-03T00:00:00Z"), to: instant("2026-11-09T00:00:00Z")))
        let unused = load(text.replacingOccurrences(of: "2026-08-20 09:00  libre  Left Arm\n2026-09-02 10:00  libre  removed\n",
                                                   with: ""), zone: .utc)
        #expect(unused.isQuiet("libre", now: instant("2026-11-09T00:00:00Z")))
        #expect(unused.lastSiteEnd(of: "libre", now: instant("2026-11-09T00:00:00Z")) == nil)
    }
}
