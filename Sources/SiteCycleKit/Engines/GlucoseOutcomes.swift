/// What each site did to glucose: every CGM reading given to the site of
/// one device that was in at that instant (a site change's `start` up to
/// its `end`, the journal's one session model), and the consensus
/// measures of Battelino et al., Diabetes Care 2019, per site, per day of
/// wear and over the whole period.
public struct GlucoseOutcomes: Sendable {
    /// The consensus figures of one group of readings. Percents are 0–100;
    /// `mean` is in the export's unit. Nil where there are no readings.
    public struct Measures: Sendable, Equatable {
        /// Sessions (site changes) with time in the period.
        public var sessions = 0
        public var readings = 0
        /// Readings expected at the export's interval over that time.
        public var expected = 0.0
        public var coverage: Double?
        public var mean: Double?
        public var inRange: Double?
        public var below70: Double?
        public var below54: Double?
        public var above180: Double?
        public var above250: Double?
        /// Coefficient of variation: SD (n − 1) over the mean, in percent.
        public var cv: Double?
        /// Glucose management indicator, % (indicative only).
        public var gmi: Double?
        /// Clarity's `Low` and `High` among the readings.
        public var lows = 0
        public var highs = 0

        /// Below the coverage the consensus asks for: shown, marked thin.
        public var isThin: Bool { (coverage ?? 0) < GlucoseOutcomes.minimumCoverage }
    }

    public struct Site: Sendable {
        public var location: Location
        public var measures: Measures
        /// In range at least `flagPoints` below the whole period, with
        /// enough sessions and coverage to say so, and the upper end of
        /// `inRangeInterval` below the whole period's too.
        public var flagged: Bool
        /// Where the site's time in range may lie, its sets taken as the
        /// unit: the 2.5th and 97.5th percentiles of a seeded bootstrap
        /// (`bootstrapInterval`); nil without readings in any set.
        public var inRangeInterval: (low: Double, high: Double)? = nil
        /// Day 1, 2, 3 and 4+ of wear at this site.
        public var wearDays: [WearDay]
    }

    public struct WearDay: Sendable {
        /// 1, 2, 3, or 4 for the fourth day and after.
        public var day: Int
        public var measures: Measures
    }

    public var unit: GlucoseUnit
    /// Seconds between the readings expected (5 or 15 minutes).
    public var interval: Int64
    /// The readings looked at: from the first to the last in the period.
    public var first: Instant?
    public var last: Instant?
    /// Every reading in the period, given to a site or not.
    public var overall: Measures
    /// Each location with a session in the period, in header order.
    public var sites: [Site]
    /// Day of wear across every site.
    public var wearDays: [WearDay]
    /// Readings in the period outside every session (before the first
    /// change, during a `removed` break).
    public var unmatched: Int

    public static let minimumCoverage = 70.0
    public static let minimumSessions = 3
    public static let flagPoints = 10.0
    /// Day 4 stands for day 4 and after.
    public static let wearDayCount = 4
    /// Resamples of a site's sets for its interval, and their seed: the
    /// same files always give the same figures.
    public static let bootstrapResamples = 2_000
    public static let bootstrapSeed: UInt64 = 38

    /// `rotation`: the journal as one device's rotation. `from`/`to` bound
    /// the readings (both ends included); nil for the whole export.
    /// `intervals`: every site's `inRangeInterval`; false computes it only
    /// where the flag needs it (a site its figures flag), for advice that
    /// reads the flag alone, every run.
    public static func compute(_ rotation: Journal, export: CGMExport, from: Instant? = nil,
                               to: Instant? = nil, intervals: Bool = true) -> GlucoseOutcomes {
        let limits = Limits(export.unit)
        let readings = export.readings
        var lo = 0, hi = readings.count
        if let from { lo = lowerBound(readings, from.seconds) }
        // `--last` and an earlier `--to` can leave nothing between them.
        if let to { hi = max(lo, lowerBound(readings, to.seconds + 1)) }
        let interval = expectedInterval(readings, lo, hi)
        let locations = rotation.locationNames.count
        let days = wearDayCount
        var overall = Tally(), byDay = [Tally](repeating: Tally(), count: days)
        var bySite = [Tally](repeating: Tally(), count: locations)
        var bySiteDay = [Tally](repeating: Tally(), count: locations * days)
        var unmatched = 0
        // The sweep: readings and site changes both in time order.
        let changes = rotation.changes
        // Each set's readings and those in range: a site's interval takes
        // the set as its unit.
        var setReadings = [Int](repeating: 0, count: changes.count), setInRange = setReadings
        var c = -1
        for k in lo..<hi {
            let r = readings[k], t = r.instant.seconds
            overall.add(r, limits)
            while c + 1 < changes.count, changes[c + 1].start.seconds <= t { c += 1 }
            guard c >= 0, !changes[c].isRemoval, changes[c].end.map({ t < $0.seconds }) ?? true,
                  Int(changes[c].locationIndex) < locations else {
                unmatched += 1
                continue
            }
            let site = Int(changes[c].locationIndex)
            let day = min(days, Int((t - changes[c].start.seconds) / 86_400) + 1)
            bySite[site].add(r, limits)
            setReadings[c] += 1
            if r.value >= limits.low && r.value <= limits.high { setInRange[c] += 1 }
            byDay[day - 1].add(r, limits)
            bySiteDay[site * days + day - 1].add(r, limits)
        }
        // Time each session (and each of its days) was in, within the readings.
        let windowStart = lo < hi ? readings[lo].instant.seconds : 0
        let windowEnd = lo < hi ? readings[hi - 1].instant.seconds + interval : 0
        overall.inTime(windowEnd - windowStart)
        addTimeIn(changes, locations: locations, from: windowStart, to: windowEnd,
                  overall: &overall, bySite: &bySite, byDay: &byDay, bySiteDay: &bySiteDay)
        let whole = overall.measures(interval: interval, unit: export.unit)
        var setsBySite = [[(inRange: Int, readings: Int)]](repeating: [], count: locations)
        for k in changes.indices where setReadings[k] > 0 {
            setsBySite[Int(changes[k].locationIndex)].append((setInRange[k], setReadings[k]))
        }
        let sites = rotation.locations.compactMap { location -> Site? in
            let i = location.order
            guard i < locations, bySite[i].sessions > 0 else { return nil }
            let m = bySite[i].measures(interval: interval, unit: export.unit)
            let wear = (0..<days).map { WearDay(day: $0 + 1, measures: bySiteDay[i * days + $0].measures(interval: interval, unit: export.unit)) }
            let candidate = flags(m, against: whole)
            let ci = intervals || candidate ? bootstrapInterval(setsBySite[i], seed: bootstrapSeed &+ UInt64(i)) : nil
            let flagged = candidate && (ci.map { $0.high < (whole.inRange ?? 0) } ?? false)
            return Site(location: location, measures: m, flagged: flagged, inRangeInterval: ci, wearDays: wear)
        }
        return GlucoseOutcomes(
            unit: export.unit, interval: interval,
            first: lo < hi ? readings[lo].instant : nil, last: lo < hi ? readings[hi - 1].instant : nil,
            overall: whole, sites: sites,
            wearDays: (0..<days).map { WearDay(day: $0 + 1, measures: byDay[$0].measures(interval: interval, unit: export.unit)) },
            unmatched: unmatched)
    }

    /// Adds the time each session (and each of its wear days) was in,
    /// from `windowStart` to `windowEnd` (the readings'), to the tallies `compute` keeps;
    /// counts the sessions afresh.
    static func addTimeIn(_ changes: [SiteChange], locations: Int, from windowStart: Int64, to windowEnd: Int64,
                          overall: inout Tally, bySite: inout [Tally], byDay: inout [Tally], bySiteDay: inout [Tally]) {
        let days = wearDayCount
        overall.sessions = 0
        for change in changes where !change.isRemoval && Int(change.locationIndex) < locations {
            let start = change.start.seconds, end = change.end?.seconds ?? Int64.max
            let inside = min(end, windowEnd) - max(start, windowStart)
            guard inside > 0 else { continue }
            let site = Int(change.locationIndex)
            overall.sessions += 1
            bySite[site].sessions += 1
            bySite[site].inTime(inside)
            for d in 0..<days {
                let dayStart = start + Int64(d) * 86_400
                let dayEnd = d == days - 1 ? end : min(end, dayStart + 86_400)
                let part = min(dayEnd, windowEnd) - max(dayStart, windowStart)
                guard part > 0 else { continue }
                byDay[d].sessions += 1
                byDay[d].inTime(part)
                bySiteDay[site * days + d].sessions += 1
                bySiteDay[site * days + d].inTime(part)
            }
        }
    }

    /// The consensus rule, on the figures as shown (one decimal): in range
    /// `flagPoints` or more below the whole period's, with
    /// `minimumSessions` sessions and `minimumCoverage` coverage.
    static func flags(_ site: Measures, against whole: Measures) -> Bool {
        guard site.sessions >= minimumSessions, let coverage = site.coverage, coverage >= minimumCoverage,
              let tir = site.inRange, let all = whole.inRange else { return false }
        return all.roundedToTenth - tir.roundedToTenth >= flagPoints - 1e-9
    }

    /// The percent in range of `sets` resampled with replacement
    /// (`bootstrapResamples` times, pooled readings each time), from its
    /// 2.5th to its 97.5th percentile; nil without a set.
    static func bootstrapInterval(_ sets: [(inRange: Int, readings: Int)], seed: UInt64) -> (low: Double, high: Double)? {
        guard !sets.isEmpty else { return nil }
        var random = SeededRandom(seed: seed)
        var figures: [Double] = []
        figures.reserveCapacity(bootstrapResamples)
        for _ in 0..<bootstrapResamples {
            var inRange = 0, readings = 0
            for _ in sets.indices {
                let s = sets[random.int(sets.count)]
                inRange += s.inRange
                readings += s.readings
            }
            figures.append(Double(inRange) / Double(readings) * 100)
        }
        figures.sort()
        let low = figures[Int(Double(bootstrapResamples - 1) * 0.025)]
        let high = figures[Int((Double(bootstrapResamples - 1) * 0.975).rounded(.up))]
        return (low, high)
    }

    /// 15 minutes when the readings are mostly that far apart (LibreView's
    /// historic record), else 5.
    static func expectedInterval(_ readings: [GlucoseReading], _ lo: Int, _ hi: Int) -> Int64 {
        var short = 0, long = 0
        var k = lo + 1
        while k < hi {
            let gap = readings[k].instant.seconds - readings[k - 1].instant.seconds
            if gap >= 600 && gap < 1800 { long += 1 } else if gap < 600 { short += 1 }
            k += 1
        }
        return long > short ? 900 : 300
    }

    static func lowerBound(_ readings: [GlucoseReading], _ seconds: Int64) -> Int {
        var lo = 0, hi = readings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if readings[mid].instant.seconds < seconds { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// The consensus thresholds in the export's own unit (70, 54, 180, 250
/// mg/dL; 3.9, 3.0, 10.0, 13.9 mmol/L), so a reading of 10.0 mmol/L is in
/// range as the consensus means it.
struct Limits {
    let low: Double, veryLow: Double, high: Double, veryHigh: Double

    init(_ unit: GlucoseUnit) {
        switch unit {
        case .mgdl: (low, veryLow, high, veryHigh) = (70, 54, 180, 250)
        case .mmol: (low, veryLow, high, veryHigh) = (3.9, 3.0, 10.0, 13.9)
        }
    }
}

/// Running sums of one group.
struct Tally {
    var n = 0, inRange = 0, below = 0, veryBelow = 0, above = 0, veryAbove = 0, lows = 0, highs = 0
    var sum = 0.0, sumOfSquares = 0.0
    var sessions = 0
    var seconds: Int64 = 0

    @inline(__always)
    mutating func add(_ r: GlucoseReading, _ limits: Limits) {
        let v = r.value
        n += 1
        sum += v
        sumOfSquares += v * v
        if v < limits.low {
            below += 1
            if v < limits.veryLow { veryBelow += 1 }
        } else if v > limits.high {
            above += 1
            if v > limits.veryHigh { veryAbove += 1 }
        } else {
            inRange += 1
        }
        if r.extreme < 0 { lows += 1 } else if r.extreme > 0 { highs += 1 }
    }

    mutating func inTime(_ s: Int64) { seconds += s }

    func measures(interval: Int64, unit: GlucoseUnit) -> GlucoseOutcomes.Measures {
        var m = GlucoseOutcomes.Measures()
        m.sessions = sessions
        m.readings = n
        m.lows = lows
        m.highs = highs
        m.expected = Double(seconds) / Double(interval)
        if m.expected > 0 { m.coverage = min(100, Double(n) / m.expected * 100) } else if n > 0 { m.coverage = 100 }
        guard n > 0 else { return m }
        let count = Double(n)
        let mean = sum / count
        m.mean = mean
        func percent(_ k: Int) -> Double { Double(k) / count * 100 }
        m.inRange = percent(inRange)
        m.below70 = percent(below)
        m.below54 = percent(veryBelow)
        m.above180 = percent(above)
        m.above250 = percent(veryAbove)
        if n > 1, mean > 0 {
            let variance = max(0, (sumOfSquares - count * mean * mean) / (count - 1))
            m.cv = variance.squareRoot() / mean * 100
        } else if n == 1 {
            m.cv = 0
        }
        m.gmi = 3.31 + 0.02392 * unit.convert(mean, to: .mgdl)
        return m
    }
}
