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
        /// Completed sessions ended by a `removed` line (a planned break),
        /// left out of the absorption comparison.
        public var endedByRemoval = 0
        /// Changes left out because the next one repeats them at the same
        /// location within an hour (`SiteChange.isRepeated`).
        public var repeatedChanges = 0
        /// Those of `repeatedChanges` that `check` warns at as a probable
        /// duplicate (`SiteChange.isProbableDuplicate`: 15 minutes or less).
        public var probableDuplicates = 0
    }

    public struct Absorption: Sendable, Equatable {
        public var flagged: Bool
        /// Rounded half away from zero; negative when above the overall figure.
        public var percentBelow: Int
        /// Medians were compared (robust mode), not means.
        public var robust: Bool
        /// The overall figure compared against, in hours: the mean (robust:
        /// median) of every session that counts and was not ended by
        /// `removed`. Not `Summary.averageHours`, which keeps those.
        public var referenceHours: Double
        /// Unrounded, and the threshold it was judged by: 20.2 % is not
        /// "20% below" when the rule is "more than 20%" (`StatisticsText`).
        public var exactPercentBelow = 0.0
        public var thresholdPercent = 0.0
    }

    public struct PerLocation: Sendable {
        public var location: Location
        /// Site changes here, the active one included.
        public var uses: Int
        /// Completed sessions that count (robust: after exclusions).
        public var completed: Int
        /// Sessions set aside by robust mode.
        public var excluded: Int
        public var lastUse: SiteChange?
        public var daysSinceLastUse: Int?
        public var absorption: Absorption?
        /// Sessions the absorption comparison used (not ended by `removed`);
        /// below `absorptionMinimumSessions` the site is not judged.
        public var comparedSessions = 0
        /// Over the sessions that count, in hours; nil without any.
        public let average: Double?
        public let median: Double?
        public let shortest: Double?
        public let longest: Double?

        package init(location: Location, uses: Int, completed: Int, excluded: Int, lastUse: SiteChange?,
                     daysSinceLastUse: Int?, absorption: Absorption?, average: Double?, median: Double?,
                     shortest: Double?, longest: Double?) {
            self.location = location
            self.uses = uses
            self.completed = completed
            self.excluded = excluded
            self.lastUse = lastUse
            self.daysSinceLastUse = daysSinceLastUse
            self.absorption = absorption
            self.average = average
            self.median = median
            self.shortest = shortest
            self.longest = longest
        }
    }

    public var robust: Bool
    public var thresholdPercent: Double
    public var overall: Summary
    /// What each site's absorption is compared against (see
    /// `Absorption.referenceHours`); nil without a session to compare.
    public var referenceHours: Double?
    /// Enabled locations in header order, then disabled ones used in the
    /// selection.
    public var locations: [PerLocation]
    /// 0 for every use on one location, 100 for perfectly even use of the
    /// enabled locations: normalised Shannon entropy of their use counts.
    public var balance: Double?

    /// Below this a session counts as a failed insertion in robust mode.
    public static let failedSessionHours = 12.0

    /// Fewer completed sessions than this at a site say nothing about its
    /// absorption: one short session is chance, not a pattern.
    public static let absorptionMinimumSessions = 3

    /// What `stats` shows: the changes `selection` picks from `journal`
    /// (one rotation), compared as the header's `absorption-mode` says
    /// unless `robust` does (`--robust`, `--mean`).
    public static func compute(_ journal: Journal, selection: ChangeSelection, now: Instant, robust: Bool?,
                               body: Occupancy? = nil) -> Statistics {
        // Everything up to now asks nothing of each change.
        let include: ((SiteChange) -> Bool)? = selection.selectsAll(until: now) ? nil : { selection.includes($0) }
        return compute(journal, include: include, now: now, robust: robust ?? journal.settings.robustStatistics, body: body)
    }

    /// `include` picks the site changes that count; nil counts every one
    /// up to `now` (and asks nothing of each: a call per change was a third
    /// of the first pass).
    /// `body` is the whole journal's `Occupancy` at `now`, for "days since
    /// last use" (how long each site has rested, from when any device left
    /// it); nil computes it from `journal`, right when it is the whole one.
    ///
    /// Two passes over the history and one array of session hours, grouped
    /// by row, in time order within each row: copying site changes around
    /// was most of the time on big journals, and a second and third array
    /// of every session most of the memory. Rows are the enabled locations,
    /// then disabled ones used in the selection (their sessions count in
    /// the totals, so they are shown). The steps live in
    /// `Statistics+Passes.swift`.
    public static func compute(_ journal: Journal, include: ((SiteChange) -> Bool)?, now: Instant, robust: Bool,
                               body: Occupancy? = nil, from first: Int = 0) -> Statistics {
        let body = body ?? Occupancy.compute(journal, now: now)
        var rested: [String: Int] = [:]
        for site in body.sites { if let days = body.restedDays(site) { rested[site.location.name] = days } }
        let all = journal.locations, changes = journal.changes
        let tally = ChangeTally(journal, include: include, now: now, from: first)
        var rows = SessionRows(tally, changes, longLimit: journal.settings.targetHours * Double(SiteChange.longSessionFactor))
        let counting = SessionFilter(robust: robust, hours: rows.hours)
        let (overallCount, overallSum) = counting.overallTotals(rows, tally, changes)
        let threshold = journal.settings.absorptionThresholdPercent
        // The rows first, gathering what every site is compared against as
        // they read their sessions; then each site's comparison.
        var perLocation: [PerLocation] = [], compared: [Double?] = []
        var gathered = Reference()
        for s in all.indices where all[s].isEnabled || tally.usesAt[s] > 0 {
            let (entry, value) = row(s, all[s], tally: tally, sessions: &rows, counting: counting, changes: changes,
                                     rested: rested[all[s].name], reference: &gathered)
            perLocation.append(entry)
            compared.append(value)
        }
        let reference = gathered.value(robust: robust), endedByRemoval = gathered.endedByRemoval
        for (i, value) in compared.enumerated() {
            if let value, let reference, reference > 0 {
                perLocation[i].absorption = absorption(value, reference, threshold: threshold, robust: robust)
            }
        }
        // The overall median last, selecting across every row at once.
        let overallMedian = counting.median(&rows.hours, in: 0..<rows.total)
        let overall = Summary(changes: tally.selectedCount, completed: overallCount,
                              averageHours: overallCount == 0 ? nil : overallSum / Double(overallCount),
                              medianHours: overallMedian, longSessions: rows.longSessions, endedByRemoval: endedByRemoval,
                              repeatedChanges: tally.repeatedChanges, probableDuplicates: tally.probableDuplicates)
        let enabledUses = perLocation.filter(\.location.isEnabled).map(\.uses)
        return Statistics(robust: robust, thresholdPercent: threshold, overall: overall, referenceHours: reference,
                          locations: perLocation, balance: balance(enabledUses))
    }

    package static func absorption(_ value: Double, _ reference: Double, threshold: Double, robust: Bool) -> Absorption {
        let below = (reference - value) / reference * 100
        // "More than the threshold": a difference at the threshold itself,
        // up to floating-point noise, is not flagged.
        let flagged = below > threshold + 1e-9
        return Absorption(flagged: flagged, percentBelow: Int(below.rounded(.toNearestOrAwayFromZero)), robust: robust,
                          referenceHours: reference, exactPercentBelow: below, thresholdPercent: threshold)
    }

    /// The SiteCycle app's later refinement: drop failed insertions (under
    /// 12 h), then, with 4 or more left, those below Q1 − 1.5·IQR where
    /// Q1 = s[n/4] and Q3 = s[3n/4] of the sorted values.
    public static func robustFilter(_ hours: [Double]) -> [Double] {
        let kept = hours.filter { $0 >= failedSessionHours }
        let fence = lowFence(kept)
        return kept.filter { $0 >= fence }
    }

    /// Q1 − 1.5·IQR of `hours` (already without failed sessions), or −∞
    /// with fewer than 4 values.
    package static func lowFence(_ hours: [Double]) -> Double {
        guard hours.count >= 4 else { return -.infinity }
        let (q1, q3) = OrderStatistics.pair(hours, hours.count / 4, 3 * hours.count / 4)
        return q1 - 1.5 * (q3 - q1)
    }

    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The middle value; for an even count, the mean of the two middle values.
    public static func median(_ values: [Double]) -> Double? {
        OrderStatistics.median(values)
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
