/// The Statistics tab of the SiteCycle app (spec §3.4) as a pure function
/// of the journal, a selection of site changes and the moment.
public struct Statistics: Sendable {
    public struct Summary: Sendable, Equatable {
        /// Site changes selected (`removed` lines are not site changes).
        public var changes: Int
        /// Sessions with an end, after robust exclusions when robust.
        public var completed: Int
        public var averageHours: Double?
        public var medianHours: Double?
        /// Completed sessions longer than `SiteChange.longSessionFactor` ×
        /// the target: probably a change that was never logged.
        public var longSessions = 0
    }

    public struct Absorption: Sendable, Equatable {
        public var flagged: Bool
        /// Rounded half away from zero; negative when above the overall figure.
        public var percentBelow: Int
        public var message: String?
    }

    public struct PerLocation: Sendable {
        public var location: Location
        /// Site changes here, the active one included.
        public var uses: Int
        /// Completed session hours that count (robust: after exclusions).
        public var hours: [Double]
        /// Sessions set aside by robust mode.
        public var excluded: Int
        public var lastUse: SiteChange?
        public var daysSinceLastUse: Int?
        public var absorption: Absorption?
        /// Computed once: a median sorts, and reports ask more than once.
        public let average: Double?
        public let median: Double?

        init(location: Location, uses: Int, hours: [Double], excluded: Int, lastUse: SiteChange?,
             daysSinceLastUse: Int?, absorption: Absorption?) {
            self.location = location
            self.uses = uses
            self.hours = hours
            self.excluded = excluded
            self.lastUse = lastUse
            self.daysSinceLastUse = daysSinceLastUse
            self.absorption = absorption
            average = Statistics.mean(hours)
            median = Statistics.median(hours)
        }
    }

    public var robust: Bool
    public var thresholdPercent: Double
    public var overall: Summary
    /// Enabled locations in header order.
    public var locations: [PerLocation]
    /// 0 for every use on one location, 100 for perfectly even use of the
    /// enabled locations: normalised Shannon entropy of their use counts.
    public var balance: Double?

    /// Below this a session counts as a failed insertion in robust mode.
    public static let failedSessionHours = 12.0

    public static func compute(_ journal: Journal, include: (SiteChange) -> Bool, now: Instant, robust: Bool) -> Statistics {
        // One pass over the history into per-location accumulators; copying
        // site changes around was most of the time on big journals.
        let enabled = journal.enabledLocations
        var slot: [String: Int] = [:]
        for (i, l) in enabled.enumerated() { slot[l.name] = i }
        var hoursAt = [[Double]](repeating: [], count: enabled.count)
        var usesAt = [Int](repeating: 0, count: enabled.count)
        var lastAt = [Int?](repeating: nil, count: enabled.count)
        var allHours: [Double] = []
        allHours.reserveCapacity(journal.changes.count)
        var selectedCount = 0
        for i in journal.changes.indices {
            let c = journal.changes[i]
            guard !c.isRemoval, c.start <= now, include(c) else { continue }
            selectedCount += 1
            let hours: Double? = c.end.flatMap { $0 <= now ? c.start.hours(until: $0) : nil }
            if let hours { allHours.append(hours) }
            guard let s = slot[c.location!] else { continue }
            usesAt[s] += 1
            lastAt[s] = i
            if let hours { hoursAt[s].append(hours) }
        }
        let overallHours = robust ? robustFilter(allHours) : allHours
        let longLimit = journal.settings.targetHours * Double(SiteChange.longSessionFactor)
        let overall = Summary(changes: selectedCount, completed: overallHours.count,
                              averageHours: mean(overallHours), medianHours: median(overallHours),
                              longSessions: allHours.reduce(0) { $0 + ($1 > longLimit ? 1 : 0) })
        let threshold = journal.settings.absorptionThresholdPercent
        let perLocation = enabled.enumerated().map { s, location -> PerLocation in
            let raw = hoursAt[s]
            let hours = robust ? robustFilter(raw) : raw
            let last = lastAt[s].map { journal.changes[$0] }
            var entry = PerLocation(
                location: location, uses: usesAt[s], hours: hours, excluded: raw.count - hours.count, lastUse: last,
                daysSinceLastUse: last.map { calendarDays(from: $0.start, to: now, zone: journal.zone) }, absorption: nil)
            let mine = robust ? entry.median : entry.average
            let reference = robust ? overall.medianHours : overall.averageHours
            if let mine, let reference, reference > 0 {
                entry.absorption = absorption(mine, reference, threshold: threshold, robust: robust)
            }
            return entry
        }
        return Statistics(robust: robust, thresholdPercent: threshold, overall: overall, locations: perLocation,
                          balance: balance(perLocation.map(\.uses)))
    }

    static func absorption(_ value: Double, _ reference: Double, threshold: Double, robust: Bool) -> Absorption {
        let below = (reference - value) / reference * 100
        // "More than the threshold": a difference at the threshold itself,
        // up to floating-point noise, is not flagged.
        let flagged = below > threshold + 1e-9
        let rounded = Int(below.rounded(.toNearestOrAwayFromZero))
        let what = robust ? "Median duration" : "Average duration"
        let of = robust ? "overall median" : "overall average"
        return Absorption(flagged: flagged, percentBelow: rounded,
                          message: flagged ? "\(what) at this site is \(rounded)% below your \(of). This may indicate absorption issues." : nil)
    }

    /// The SiteCycle app's later refinement: drop failed insertions (under
    /// 12 h), then, with 4 or more left, those below Q1 − 1.5·IQR where
    /// Q1 = s[n/4] and Q3 = s[3n/4] of the sorted values.
    public static func robustFilter(_ hours: [Double]) -> [Double] {
        let kept = hours.filter { $0 >= failedSessionHours }
        guard kept.count >= 4 else { return kept }
        let s = kept.sorted()
        let q1 = s[s.count / 4], q3 = s[3 * s.count / 4]
        let fence = q1 - 1.5 * (q3 - q1)
        return kept.filter { $0 >= fence }
    }

    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The middle value; for an even count, the mean of the two middle values.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted(), n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }

    /// 100 · H / ln(k) with H = −Σ pᵢ ln pᵢ over the k enabled locations
    /// (nil without uses; 100 with a single location).
    public static func balance(_ uses: [Int]) -> Double? {
        let total = uses.reduce(0, +)
        guard total > 0 else { return nil }
        guard uses.count > 1 else { return 100 }
        let h = uses.filter { $0 > 0 }.reduce(0.0) { acc, u in
            let p = Double(u) / Double(total)
            return acc - p * log(p)
        }
        // Round off floating-point noise so an even split is exactly 100.
        return (100 * h / log(Double(uses.count)) * 1e9).rounded() / 1e9
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
