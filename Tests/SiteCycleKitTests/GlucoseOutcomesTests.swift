import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The join and the consensus measures as a pure function: a journal, some
/// readings, the figures.
struct GlucoseOutcomesTests {
    /// Three 2-day sets at A, B, A, B, … in UTC from 2026-03-01 00:00.
    static func journal(sets: Int) -> Journal {
        var text = "timezone UTC\nlocation A\nlocation B\n\n"
        for k in 0..<sets {
            let day = CivilDate(year: 2026, month: 3, day: 1).adding(days: 2 * k)
            text += "\(day.iso) 00:00  \(k % 2 == 0 ? "A" : "B")\n"
        }
        return load(text, zone: .utc)
    }

    static let start = CivilDate(year: 2026, month: 3, day: 1).daysSinceEpoch * 86_400

    /// Readings every `step` seconds over `days` days, valued by `value`.
    static func export(days: Int, step: Int64 = 300, unit: GlucoseUnit = .mgdl,
                       value: (Int64) -> Double) -> CGMExport {
        let readings = stride(from: start, to: start + Int64(days) * 86_400, by: Int(step)).map {
            GlucoseReading(instant: Instant(seconds: $0), value: value($0))
        }
        return CGMExport(format: .nightscout, unit: unit, readings: readings)
    }

    @Test func aSiteExactlyTenPointsBelowIsFlagged() {
        // A in range always; B in range 80% of the time: whole period 90%, B 80%.
        // A reading every 6 minutes: 480 a set, 83% of the 5-minute ones expected.
        let o = GlucoseOutcomes.compute(Self.journal(sets: 6), export: Self.export(days: 12, step: 360) { t in
            let set = (t - Self.start) / (2 * 86_400)
            return set % 2 == 1 && ((t - Self.start) / 360) % 5 == 0 ? 200 : 120
        })
        #expect(o.overall.inRange == 90)
        let b = o.sites.first { $0.location.name == "B" }!
        #expect(b.measures.inRange == 80 && b.measures.sessions == 3)
        #expect(b.measures.coverage.map { abs($0 - 500.0 / 6) < 0.1 } == true, "\(b.measures)")
        #expect(b.flagged)
        #expect(o.sites.first { $0.location.name == "A" }?.flagged == false)
        #expect(o.unmatched == 0 && o.interval == 300)
    }

    @Test func fifteenMinuteReadingsAreExpectedEveryFifteenMinutes() {
        let o = GlucoseOutcomes.compute(Self.journal(sets: 2), export: Self.export(days: 4, step: 900) { _ in 5.5 })
        #expect(o.interval == 900 && o.overall.coverage == 100)
        // GMI from the mean in mg/dL: 5.5 mmol/L is 99.088 mg/dL.
        let mmol = GlucoseOutcomes.compute(Self.journal(sets: 2),
                                           export: Self.export(days: 4, step: 900, unit: .mmol) { _ in 5.5 })
        #expect(abs(mmol.overall.gmi! - (3.31 + 0.02392 * 5.5 * 18.016)) < 1e-9)
        #expect(mmol.overall.inRange == 100 && mmol.overall.cv == 0)
    }

    @Test func mmolThresholdsAreTheConsensusPairs() {
        // 10.0 mmol/L is in range (180.16 mg/dL would not be); 3.0 is not below 54's 3.0.
        let values = [10.0, 3.9, 3.0, 2.9, 13.9, 14.0]
        var export = CGMExport(format: .libreview, unit: .mmol)
        export.readings = values.enumerated().map {
            GlucoseReading(instant: Instant(seconds: Self.start + 3600 + Int64($0.offset) * 300), value: $0.element)
        }
        let o = GlucoseOutcomes.compute(Self.journal(sets: 1), export: export)
        let m = o.overall
        #expect(m.inRange.map { ($0 * 6 / 100).rounded() } == 2)  // 10.0, 3.9
        #expect(m.below70.map { ($0 * 6 / 100).rounded() } == 2)  // 3.0, 2.9
        #expect(m.below54.map { ($0 * 6 / 100).rounded() } == 1)  // 2.9
        #expect(m.above180.map { ($0 * 6 / 100).rounded() } == 2)  // 13.9, 14.0
        #expect(m.above250.map { ($0 * 6 / 100).rounded() } == 1)  // 14.0
    }
}

/// Issue 38 item 5: the glucose flag takes the set as its unit.
struct GlucoseIntervalTests {
    @Test func theIntervalIsSeededAndSpansTheSets() {
        let sets = [(inRange: 90, readings: 100), (inRange: 50, readings: 100), (inRange: 70, readings: 100)]
        let a = GlucoseOutcomes.bootstrapInterval(sets, seed: 1)!, b = GlucoseOutcomes.bootstrapInterval(sets, seed: 1)!
        #expect(a.low == b.low && a.high == b.high)
        #expect(a.low >= 50 && a.high <= 90 && a.low < 70 && a.high > 70)
        #expect(GlucoseOutcomes.bootstrapInterval([], seed: 1) == nil)
        let same = GlucoseOutcomes.bootstrapInterval([(80, 100), (80, 100), (80, 100)], seed: 9)!
        #expect(same.low == 80 && same.high == 80)
    }

    /// Ten points below on average, but one set of three in range as much
    /// as the rest: chance cannot be ruled out, so no flag.
    @Test func aSiteWhoseIntervalReachesTheWholePeriodIsNotFlagged() {
        // B's sets: 100 %, 100 %, 40 % in range; A always 100 %.
        let start = GlucoseOutcomesTests.start
        let o = GlucoseOutcomes.compute(GlucoseOutcomesTests.journal(sets: 6),
                                        export: GlucoseOutcomesTests.export(days: 12) { t in
            let set = (t - start) / (2 * 86_400)
            return set == 5 && ((t - start) / 300) % 5 < 3 ? 250 : 120
        })
        let b = o.sites.first { $0.location.name == "B" }!
        #expect(o.overall.inRange! - b.measures.inRange! >= 10, "\(o.overall.inRange!) \(b.measures.inRange!)")
        #expect(b.inRangeInterval!.high >= o.overall.inRange!)
        #expect(!b.flagged)
    }
}
