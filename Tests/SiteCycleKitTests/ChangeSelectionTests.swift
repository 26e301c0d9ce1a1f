import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The changes history, stats, export and report look at, chosen from
/// plain values in memory: a period by start, both ends included, some
/// locations, and whether lines after now count.
struct ChangeSelectionTests {
    let journal = load("""
        timezone UTC
        location Belly
        location Arm

        2026-02-01 08:00  Belly
        2026-02-03 08:00  Arm
        2026-02-05 08:00  removed
        2026-02-06 08:00  Belly
        2026-02-20 08:00  Arm   ; a mistyped date, after now
        """, zone: .utc)
    let now = instant("2026-02-10T00:00:00Z")

    func starts(_ selection: ChangeSelection) -> [Int] {
        selection.apply(journal.changes).map { Int(journal.zone.civil($0.start).date.day) }
    }

    @Test func nothingGivenIsEverythingUpToNow() {
        let selection = ChangeSelection(now: now)
        #expect(starts(selection) == [1, 3, 5, 6])
        #expect(selection.selectsAll(until: now))
    }

    @Test func throughTheFutureKeepsEveryLine() {
        #expect(starts(ChangeSelection(now: now, throughFuture: true)) == [1, 3, 5, 6, 20])
    }

    @Test func bothEndsAreIncluded() {
        let selection = ChangeSelection(from: instant("2026-02-03T08:00:00Z"), to: instant("2026-02-05T08:00:00Z"), now: now)
        #expect(starts(selection) == [3, 5])
        #expect(!selection.selectsAll(until: now))
    }

    @Test func anEndAfterNowStopsAtNowUnlessThroughTheFuture() {
        let to = instant("2026-03-01T00:00:00Z")
        #expect(ChangeSelection(to: to, now: now).to == now)
        #expect(ChangeSelection(to: to, now: now, throughFuture: true).to == to)
    }

    /// Issue 31 item 13: the last N days are whole days in the zone, today
    /// and the N − 1 before it, not now − N × 24 h.
    @Test func theLastDaysAreWholeDaysUpToToday() {
        let selection = ChangeSelection(lastDays: 5, now: now)
        #expect(selection.from == instant("2026-02-06T00:00:00Z"))
        #expect(starts(selection) == [6])
        // 01:00 on the 10th in Berlin: from its midnight of the 6th.
        #expect(ChangeSelection(lastDays: 5, now: now, zone: berlin).from == instant("2026-02-05T23:00:00Z"))
    }

    @Test func locationsLeaveRemovedLinesOut() {
        let belly = UInt16(journal.locationNames.firstIndex(of: "Belly")!)
        #expect(starts(ChangeSelection(locations: [belly], now: now)) == [1, 6])
        #expect(starts(ChangeSelection(locations: [belly], now: now, throughFuture: true)) == [1, 6])
    }
}
