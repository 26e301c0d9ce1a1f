import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The rule of Kanapka et al. 2022 on readings that just meet it and
/// readings that just miss it: 299 mg/dL at removal, 115 minutes above
/// 250, 89 minutes above 300.
struct GlucoseFailuresTests {
    /// A went in 2026-03-01 00:00 UTC and came out 48 h later (before its
    /// 72 h target) when B went in.
    static let journal = load("timezone UTC\ntarget 72h\nlocation A\nlocation B\n\n"
                              + "2026-03-01 00:00  A\n2026-03-03 00:00  B\n", zone: .utc)
    static let end = CivilDate(year: 2026, month: 3, day: 3).daysSinceEpoch * 86_400

    /// A reading every minute for the 3 hours before A came out, valued by
    /// the minutes before its end (180 down to 1).
    static func failures(_ value: (Int64) -> Double) -> [SiteChange] {
        let readings = (1...180).reversed().map { m in
            GlucoseReading(instant: Instant(seconds: end - Int64(m) * 60), value: value(Int64(m)))
        }
        let export = CGMExport(format: .nightscout, unit: .mgdl, readings: readings)
        return GlucoseFailures.compute(journal, export: export, now: Instant(seconds: end + 86_400))
    }

    @Test func twoHoursAbove300IsAFailure() {
        let sets = Self.failures { $0 <= 120 ? 320 : 150 }
        #expect(sets.map { Self.journal.name(of: $0) } == ["A"])
    }

    @Test func theReadingAtRemovalMustBeAbove300() {
        #expect(Self.failures { $0 == 1 ? 299 : $0 <= 120 ? 320 : 150 }.isEmpty)
        #expect(Self.failures { $0 == 1 ? 301 : $0 <= 120 ? 320 : 150 }.count == 1)
    }

    @Test func above250ForTwoFullHours() {
        #expect(Self.failures { $0 <= 115 ? 320 : 200 }.isEmpty)
        #expect(Self.failures { $0 <= 120 ? 320 : 200 }.count == 1)
    }

    @Test func ninetyOfTheLast120MinutesAbove300() {
        #expect(Self.failures { $0 <= 89 ? 320 : $0 <= 120 ? 260 : 150 }.isEmpty)
        #expect(Self.failures { $0 <= 90 ? 320 : $0 <= 120 ? 260 : 150 }.count == 1)
    }

    @Test func aSetThatReachedItsTargetIsNoFailure() {
        let journal = load("timezone UTC\ntarget 24h\nlocation A\nlocation B\n\n"
                           + "2026-03-01 00:00  A\n2026-03-03 00:00  B\n", zone: .utc)
        let readings = (1...180).map { GlucoseReading(instant: Instant(seconds: Self.end - Int64($0) * 60), value: 350) }
        let export = CGMExport(format: .nightscout, unit: .mgdl, readings: readings.reversed())
        #expect(GlucoseFailures.compute(journal, export: export, now: Instant(seconds: Self.end + 3600)).isEmpty)
    }
}
