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
    }

    public struct Absorption: Sendable, Equatable {
        public var flagged: Bool
        /// Rounded half away from zero; negative when above the overall figure.
        public var percentBelow: Int
        /// Medians were compared (robust mode), not means.
        public var robust: Bool
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
        /// Sessions the absorption comparison used (not ended by `removed`);
        /// below `absorptionMinimumSessions` the site is not judged.
        public var comparedSessions = 0
        /// Computed once: a median selects, and reports ask more than once.
        public let average: Double?
        public let median: Double?

        package init(location: Location, uses: Int, hours: [Double], excluded: Int, lastUse: SiteChange?,
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

    public static func compute(_ journal: Journal, include: (SiteChange) -> Bool, now: Instant, robust: Bool) -> Statistics {
        // One pass over the history into per-location accumulators; copying
        // site changes around was most of the time on big journals. Rows are
        // the enabled locations, then disabled ones used in the selection
        // (their sessions count in the totals, so they are shown).
        let all = journal.locations
        // A change names its location by header order: an array lookup
        // rather than hashing a name per change.
        var slotByOrder = [Int](repeating: -1, count: max(journal.locationNames.count, (all.map(\.order).max() ?? -1) + 1))
        for (i, l) in all.enumerated() where l.order >= 0 { slotByOrder[l.order] = i }
        var usesAt = [Int](repeating: 0, count: all.count)
        var lastAt = [Int?](repeating: nil, count: all.count)
        // Completed sessions in time order, each tagged with its row (and
        // whether `removed` ended it) in a parallel array.
        var allHours: [Double] = []
        var sessionTags: [Int32] = []
        allHours.reserveCapacity(journal.changes.count)
        sessionTags.reserveCapacity(journal.changes.count)
        var selectedCount = 0
        let changes = journal.changes
        // Read in place: copying each change (and retaining its strings)
        // was a third of this loop.
        changes.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                guard !buffer[i].isRemoval, buffer[i].start <= now else { continue }
                let order = Int(buffer[i].locationIndex)
                let s = order < slotByOrder.count ? slotByOrder[order] : -1
                guard s >= 0 else { continue }
                lastAt[s] = i  // "last used" is all-time: the range selects sessions only
                guard include(buffer[i]) else { continue }
                selectedCount += 1
                usesAt[s] += 1
                guard let end = buffer[i].end, end <= now else { continue }
                allHours.append(buffer[i].start.hours(until: end))
                let endedByRemoval = i + 1 < buffer.count && buffer[i + 1].isRemoval
                sessionTags.append(Int32(s) << 1 | (endedByRemoval ? 1 : 0))
            }
        }
        // Each row's session hours, in time order, in arrays of the exact
        // size, with whether `removed` ended each beside them.
        var counts = [Int](repeating: 0, count: all.count)
        for t in sessionTags { counts[Int(t >> 1)] += 1 }
        var rowHours = counts.map { n -> [Double] in
            var a: [Double] = []
            a.reserveCapacity(n)
            return a
        }
        var rowRemoval = counts.map { n -> [Bool] in
            var a: [Bool] = []
            a.reserveCapacity(n)
            return a
        }
        for (h, t) in zip(allHours, sessionTags) {
            rowHours[Int(t >> 1)].append(h)
            rowRemoval[Int(t >> 1)].append(t & 1 == 1)
        }
        // Robust mode sets sessions aside by one rule for the whole history,
        // so the rows add up to the overall figures. Without it every
        // session counts, and no array is filtered (or copied) to say so.
        var fence = -Double.infinity
        if robust { fence = lowFence(allHours.filter { $0 >= failedSessionHours }) }
        @inline(__always) func keep(_ h: Double) -> Bool { !robust || (h >= failedSessionHours && h >= fence) }
        var overallHours = robust ? allHours.filter(keep) : allHours
        let longLimit = journal.settings.targetHours * Double(SiteChange.longSessionFactor)
        var endedByRemoval = 0, longSessions = 0
        for h in allHours where h > longLimit { longSessions += 1 }
        // A session cut short by `removed` (a pump break) is no site failure:
        // the absorption comparison leaves it out, on both sides. Compared
        // row by row, each row in time order (the order of the sum).
        var compared: [Double] = []
        var comparedSum = 0.0, comparedCount = 0
        for s in rowHours.indices {
            for (h, removal) in zip(rowHours[s], rowRemoval[s]) where keep(h) {
                if removal {
                    endedByRemoval += 1
                } else if robust {
                    compared.append(h)
                } else {
                    comparedSum += h
                    comparedCount += 1
                }
            }
        }
        // The mean first (it sums in time order), then the median by
        // selecting in place: the hours are not needed in order after this,
        // so they are not copied to be reordered.
        let overallMean = mean(overallHours)
        allHours = []
        let overall = Summary(changes: selectedCount, completed: overallHours.count,
                              averageHours: overallMean, medianHours: Selection.median(inPlace: &overallHours),
                              longSessions: longSessions, endedByRemoval: endedByRemoval)
        let reference = robust ? median(compared) : (comparedCount == 0 ? nil : comparedSum / Double(comparedCount))
        let threshold = journal.settings.absorptionThresholdPercent
        let rows = all.indices.filter { all[$0].isEnabled || usesAt[$0] > 0 }
        let perLocation = rows.map { s -> PerLocation in
            let raw = rowHours[s]
            let hours = robust ? raw.filter(keep) : raw
            let last = lastAt[s].map { changes[$0] }
            var entry = PerLocation(
                location: all[s], uses: usesAt[s], hours: hours, excluded: raw.count - hours.count, lastUse: last,
                daysSinceLastUse: last.map { calendarDays(from: $0.start, to: now, zone: journal.zone) }, absorption: nil)
            // This row's sessions the comparison uses: their median (robust)
            // or mean, summed in time order.
            var mine: [Double] = []
            var mineSum = 0.0, mineCount = 0
            for (h, removal) in zip(raw, rowRemoval[s]) where !removal && keep(h) {
                if robust { mine.append(h) }
                mineSum += h
                mineCount += 1
            }
            entry.comparedSessions = mineCount
            if mineCount >= absorptionMinimumSessions, let value = robust ? median(mine) : mineSum / Double(mineCount),
               let reference, reference > 0 {
                entry.absorption = absorption(value, reference, threshold: threshold, robust: robust)
            }
            return entry
        }
        let enabledUses = perLocation.filter(\.location.isEnabled).map(\.uses)
        return Statistics(robust: robust, thresholdPercent: threshold, overall: overall, locations: perLocation,
                          balance: balance(enabledUses))
    }

    package static func absorption(_ value: Double, _ reference: Double, threshold: Double, robust: Bool) -> Absorption {
        let below = (reference - value) / reference * 100
        // "More than the threshold": a difference at the threshold itself,
        // up to floating-point noise, is not flagged.
        let flagged = below > threshold + 1e-9
        return Absorption(flagged: flagged, percentBelow: Int(below.rounded(.toNearestOrAwayFromZero)), robust: robust)
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
        let (q1, q3) = Selection.pair(hours, hours.count / 4, 3 * hours.count / 4)
        return q1 - 1.5 * (q3 - q1)
    }

    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The middle value; for an even count, the mean of the two middle values.
    public static func median(_ values: [Double]) -> Double? {
        Selection.median(values)
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
