import Testing
@testable import SiteCycleKit

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
        #expect(Statistics.absorption(50, 80, threshold: 20, robust: true).message
                == "Median duration at this site is 38% below your overall median. This may indicate absorption issues.")
    }
}
