import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Which days `report` covers and what its file is called, decided in the
/// Kit from plain values: no clock, no disk.
struct ClinicReportPeriodTests {
    let now = instant("2026-02-10T12:00:00Z")

    @Test func noStartIsTheDefaultDaysUpToTheEnd() throws {
        let period = try #require(ClinicReport.Period(ChangeSelection(now: now)))
        #expect(period.to == now)
        #expect(period.from == instant("2025-11-13T00:00:00Z"))  // 90 days: today and the 89 before, as --last 90d
    }

    /// Issue 31 item 13: whole days, whatever DST did in between.
    @Test func theDefaultPeriodStartsAtAMidnightAcrossDST() throws {
        let end = instant("2026-11-27T09:00:00Z")  // 10:00 in Berlin (CET)
        let period = try #require(ClinicReport.Period(ChangeSelection(now: end), zone: berlin))
        #expect(period.from == instant("2026-08-29T22:00:00Z"))  // 2026-08-30 00:00 CEST
    }

    @Test func aGivenStartIsKept() throws {
        let from = instant("2026-01-01T00:00:00Z")
        let period = try #require(ClinicReport.Period(ChangeSelection(from: from, now: now)))
        #expect(period.from == from && period.to == now)
    }

    @Test func aStartAfterTheEndIsNoPeriod() {
        #expect(ClinicReport.Period(ChangeSelection(from: instant("2026-03-01T00:00:00Z"), now: now)) == nil)
    }

    /// The header's words: dates alone for whole days, a time where a
    /// bound has one.
    @Test func thePeriodIsSaidAsDatesWhenItIsWholeDays() throws {
        let period = try #require(ClinicReport.Period(ChangeSelection(lastDays: 30, now: now, zone: berlin), zone: berlin))
        #expect(period.text(zone: berlin, now: now) == "2026-01-12 to 2026-02-10")
        let given = ClinicReport.Period(from: instant("2026-01-12T12:00:00Z"), to: instant("2026-02-01T08:00:00Z"))
        #expect(given.text(zone: berlin, now: now) == "2026-01-12 13:00 to 2026-02-01 09:00")
    }

    @Test func theFileIsNamedForTodayInTheJournalsZone() {
        let late = instant("2026-02-10T23:30:00Z")  // already the 11th in Berlin
        #expect(ClinicReport.folderFileName(load("location Belly\n", zone: .utc), now: late) == "sitecycle-report-2026-02-10.html")
        #expect(ClinicReport.folderFileName(load("location Belly\n", zone: berlin), now: late) == "sitecycle-report-2026-02-11.html")
    }
}
