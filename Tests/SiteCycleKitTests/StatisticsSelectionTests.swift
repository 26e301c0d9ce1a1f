import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `stats` over a period, and which comparison it makes: the header's
/// `absorption-mode` unless the command line says otherwise.
struct StatisticsSelectionTests {
    let journal = load("""
        timezone UTC
        absorption-mode robust
        location Belly
        location Arm

        2026-02-01 08:00  Belly
        2026-02-03 08:00  Arm
        2026-02-06 08:00  Belly
        """, zone: .utc)
    let now = instant("2026-02-10T00:00:00Z")

    @Test func theHeadersModeUnlessTold() {
        let all = ChangeSelection(now: now)
        #expect(Statistics.compute(journal, selection: all, now: now, robust: nil).robust)
        #expect(!Statistics.compute(journal, selection: all, now: now, robust: false).robust)
    }

    @Test func onlyTheSelectedChangesCount() {
        let from = ChangeSelection(from: instant("2026-02-02T00:00:00Z"), now: now)
        #expect(Statistics.compute(journal, selection: ChangeSelection(now: now), now: now, robust: nil).overall.changes == 3)
        #expect(Statistics.compute(journal, selection: from, now: now, robust: nil).overall.changes == 2)
    }
}
