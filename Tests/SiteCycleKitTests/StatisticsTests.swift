import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct StatisticsTests {
    @Test func medianOfEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(Statistics.median([70, 10, 30, 50]) == 40)
        #expect(Statistics.median([5]) == 5)
        #expect(Statistics.median([]) == nil)
        #expect(Statistics.mean([1, 2, 3, 4]) == 2.5)
    }

    @Test func robustFilterDropsFailedThenLowOutliers() {
        #expect(Statistics.robustFilter([8, 70, 20, 72, 74, 76]) == [70, 72, 74, 76])
        // Fewer than 4 left after dropping failed sessions: no outlier step.
        #expect(Statistics.robustFilter([5, 20, 70, 72]) == [20, 70, 72])
        // High values are never outliers here: only early removal matters.
        #expect(Statistics.robustFilter([70, 71, 72, 73, 300]) == [70, 71, 72, 73, 300])
    }

    @Test func balanceIsNormalisedEntropy() {
        #expect(Statistics.balance([5, 5, 5]) == 100)
        #expect(Statistics.balance([9, 0, 0]) == 0)
        #expect(Statistics.balance([0, 0]) == nil)
        #expect(Statistics.balance([4]) == 100)
        let b = Statistics.balance([3, 2, 1, 0])!
        #expect(abs(b - 72.957) < 0.01)
    }

    @Test func thresholdIsStrict() {
        #expect(!Statistics.absorption(64, 80, threshold: 20, robust: false).flagged)
        #expect(Statistics.absorption(63.9, 80, threshold: 20, robust: false).flagged)
        #expect(Statistics.absorption(63.6, 80, threshold: 20, robust: false).percentBelow == 21)
        // 20.5 % rounds half away from zero.
        #expect(Statistics.absorption(79.5, 100, threshold: 20, robust: false).percentBelow == 21)
        #expect(Statistics.absorption(100.5, 100, threshold: 20, robust: false).percentBelow == -1)
        #expect(StatisticsText.absorption(Statistics.absorption(50, 80, threshold: 20, robust: true))
                == "Median duration at this site is 38% below your overall median of 80.0 h. "
                + "This may indicate absorption issues.")
    }

    /// A seeded history over enabled and disabled sites, with failed and
    /// outlier sessions and breaks: the rows must add up to the totals.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8]) func rowsAddUpToTheOverallFigures(_ seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var text = "timezone UTC\nlocation A\nlocation B\nlocation C  disabled\nlocation D\n\n"
        var t: Int64 = 1_767_225_600  // 2026-01-01
        for _ in 0..<40 {
            let hours: Int64 = [2, 6, 30, 60, 70, 72, 75, 80, 200][Int(random.next() % 9)]
            let site = ["A", "B", "C", "D", "removed"][Int(random.next() % 5)]
            text += CivilDateTime(secondsAsIfUTC: t).journalText + "  " + site + "\n"
            t += hours * 3600
        }
        let journal = load(text, zone: .utc)
        #expect(!journal.diagnostics.hasErrors)
        let now = Instant(seconds: t)
        let sessions = journal.changes.filter { !$0.isRemoval && $0.end != nil }
        for robust in [false, true] {
            let stats = Statistics.compute(journal, include: { _ in true }, now: now, robust: robust)
            let rows = stats.locations
            let kept: Int = rows.map { $0.completed }.reduce(0, +)
            let setAside: Int = rows.map { $0.excluded }.reduce(0, +)
            let uses: Int = rows.map { $0.uses }.reduce(0, +)
            #expect(kept == stats.overall.completed, "robust \(robust)")
            #expect(kept + setAside == sessions.count)
            #expect(uses == stats.overall.changes)
            if !robust { #expect(rows.allSatisfy { $0.excluded == 0 }) }
            // Only sites with enough sessions are judged.
            for row in rows where row.comparedSessions < Statistics.absorptionMinimumSessions {
                #expect(row.absorption == nil)
            }
        }
    }

    @Test func aSessionEndedByABreakIsNoSiteFailure() {
        let journal = load("""
            timezone UTC
            location A
            location B

            2026-01-01 00:00  A
            2026-01-04 00:00  B
            2026-01-07 00:00  A
            2026-01-10 00:00  B
            2026-01-13 00:00  A
            2026-01-16 00:00  B
            2026-01-19 00:00  A
            2026-01-19 06:00  removed
            2026-01-20 00:00  B
            2026-01-23 00:00  A
            """, zone: .utc)
        let stats = Statistics.compute(journal, include: { _ in true }, now: instant("2026-01-24T00:00:00Z"), robust: false)
        let a = stats.locations[0]
        #expect(a.completed == 4 && a.comparedSessions == 3)
        #expect(a.absorption?.flagged == false)
        #expect(stats.overall.endedByRemoval == 1)
    }
}
