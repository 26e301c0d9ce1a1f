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
    public static func compute(_ journal: Journal, include: ((SiteChange) -> Bool)?, now: Instant, robust: Bool,
                               body: Occupancy? = nil) -> Statistics {
        let body = body ?? Occupancy.compute(journal, now: now)
        var rested: [String: Int] = [:]
        for site in body.sites { if let days = body.restedDays(site) { rested[site.location.name] = days } }
        // Two passes over the history and one array of session hours,
        // grouped by row, in time order within each row: copying site
        // changes around was most of the time on big journals, and a second
        // and third array of every session most of the memory. Rows are the
        // enabled locations, then disabled ones used in the selection
        // (their sessions count in the totals, so they are shown).
        let all = journal.locations
        // A change names its location by header order: an array lookup
        // rather than hashing a name per change.
        var slotByOrder = [Int](repeating: -1, count: max(journal.locationNames.count, (all.map(\.order).max() ?? -1) + 1))
        for (i, l) in all.enumerated() where l.order >= 0 { slotByOrder[l.order] = i }
        var usesAt = [Int](repeating: 0, count: all.count)
        var lastAt = [Int?](repeating: nil, count: all.count)
        var counts = [Int](repeating: 0, count: all.count)
        var selectedCount = 0, repeatedChanges = 0, probableDuplicates = 0
        let changes = journal.changes
        // Which changes are a completed session of the selection: a bit
        // each, so the second pass need not ask `include` again.
        var completedBits = [UInt64](repeating: 0, count: (changes.count + 63) / 64)
        // Read in place: copying each change was a third of this loop.
        changes.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                guard !buffer[i].isRemoval, buffer[i].start <= now else { continue }
                let order = Int(buffer[i].locationIndex)
                let s = order < slotByOrder.count ? slotByOrder[order] : -1
                guard s >= 0 else { continue }
                lastAt[s] = i  // "last used" is all-time: the range selects sessions only
                if let include, !include(buffer[i]) { continue }
                // The same change logged twice: one change, no session.
                if i + 1 < buffer.count, buffer[i + 1].start <= now, buffer[i].isRepeated(by: buffer[i + 1]) {
                    repeatedChanges += 1
                    if buffer[i + 1].isProbableDuplicate(of: buffer[i]) { probableDuplicates += 1 }
                    continue
                }
                selectedCount += 1
                usesAt[s] += 1
                guard let end = buffer[i].end, end <= now else { continue }
                counts[s] += 1
                completedBits[i >> 6] |= 1 << UInt64(i & 63)
            }
        }
        /// Each completed session of the selection, in time order.
        func forEachSession(_ body: (_ row: Int, _ hours: Double, _ index: Int) -> Void) {
            changes.withUnsafeBufferPointer { buffer in
                for (w, word) in completedBits.enumerated() where word != 0 {
                    var bits = word
                    while bits != 0 {
                        let i = w << 6 | bits.trailingZeroBitCount
                        bits &= bits - 1
                        body(slotByOrder[Int(buffer[i].locationIndex)], buffer[i].start.hours(until: buffer[i].end!), i)
                    }
                }
            }
        }
        // Row s's sessions are hours[rowStart[s] ..< rowStart[s + 1]], with
        // whether `removed` ended each beside them.
        var rowStart = [0]
        for n in counts { rowStart.append(rowStart[rowStart.count - 1] + n) }
        let total = rowStart[rowStart.count - 1]
        var hours = [Double](repeating: 0, count: total)
        var endedByBreak = [Bool](repeating: false, count: total)
        var next = rowStart
        let longLimit = journal.settings.targetHours * Double(SiteChange.longSessionFactor)
        var longSessions = 0
        var sumInTimeOrder = 0.0
        // Written through the buffers: a check of each array's ownership on
        // every write was most of this pass.
        hours.withUnsafeMutableBufferPointer { hoursOut in
            endedByBreak.withUnsafeMutableBufferPointer { endedOut in
                next.withUnsafeMutableBufferPointer { nextOut in
                    forEachSession { s, h, i in
                        let at = nextOut[s]
                        nextOut[s] = at + 1
                        hoursOut[at] = h
                        endedOut[at] = i + 1 < changes.count && changes[i + 1].isRemoval
                        if h > longLimit { longSessions += 1 }
                        sumInTimeOrder += h
                    }
                }
            }
        }
        // Robust mode sets sessions aside by one rule for the whole history,
        // so the rows add up to the overall figures. Without it every
        // session counts, and nothing is filtered (or copied) to say so.
        var fence = -Double.infinity
        if robust { fence = lowFence(hours.filter { $0 >= failedSessionHours }) }
        @inline(__always) func keep(_ h: Double) -> Bool { !robust || (h >= failedSessionHours && h >= fence) }
        // The overall mean sums in time order.
        var overallCount = total, overallSum = sumInTimeOrder
        if robust {
            overallCount = 0
            overallSum = 0
            forEachSession { _, h, _ in
                if keep(h) {
                    overallSum += h
                    overallCount += 1
                }
            }
        }
        // A session cut short by `removed` (a pump break) is no site failure:
        // the absorption comparison leaves it out, on both sides. Compared
        // row by row, each row in time order (the order of the sum).
        var compared: [Double] = []
        var comparedSum = 0.0, comparedCount = 0, endedByRemoval = 0
        for k in 0..<total where keep(hours[k]) {
            if endedByBreak[k] {
                endedByRemoval += 1
            } else if robust {
                compared.append(hours[k])
            } else {
                comparedSum += hours[k]
                comparedCount += 1
            }
        }
        let reference = robust ? median(compared) : (comparedCount == 0 ? nil : comparedSum / Double(comparedCount))
        let threshold = journal.settings.absorptionThresholdPercent
        let rows = all.indices.filter { all[$0].isEnabled || usesAt[$0] > 0 }
        let perLocation = rows.map { s -> PerLocation in
            let range = rowStart[s]..<rowStart[s + 1]
            // This row's sessions that count, in time order: their sum and
            // extremes, and those the comparison uses (their median when
            // robust, else their mean).
            var sum = 0.0, count = 0
            var shortest: Double?, longest: Double?
            var mine: [Double] = []
            var mineSum = 0.0, mineCount = 0
            for k in range where keep(hours[k]) {
                let h = hours[k]
                sum += h
                count += 1
                if shortest.map({ h < $0 }) ?? true { shortest = h }
                if longest.map({ h > $0 }) ?? true { longest = h }
                if !endedByBreak[k] {
                    if robust { mine.append(h) }
                    mineSum += h
                    mineCount += 1
                }
            }
            // The median selects in place within the row: its sums are done.
            let median: Double?
            if robust {
                var kept = hours[range].filter(keep)
                median = OrderStatistics.median(inPlace: &kept)
            } else {
                median = OrderStatistics.median(inPlace: &hours, in: range)
            }
            let last = lastAt[s].map { changes[$0] }
            var entry = PerLocation(
                location: all[s], uses: usesAt[s], completed: count, excluded: range.count - count, lastUse: last,
                daysSinceLastUse: rested[all[s].name], absorption: nil,
                average: count == 0 ? nil : sum / Double(count), median: median, shortest: shortest, longest: longest)
            entry.comparedSessions = mineCount
            if mineCount >= absorptionMinimumSessions,
               let value = robust ? Statistics.median(mine) : mineSum / Double(mineCount), let reference, reference > 0 {
                entry.absorption = absorption(value, reference, threshold: threshold, robust: robust)
            }
            return entry
        }
        // The overall median last, selecting across every row at once.
        let overallMedian: Double?
        if robust {
            var kept = hours.filter(keep)
            overallMedian = OrderStatistics.median(inPlace: &kept)
        } else {
            overallMedian = OrderStatistics.median(inPlace: &hours, in: 0..<total)
        }
        let overall = Summary(changes: selectedCount, completed: overallCount,
                              averageHours: overallCount == 0 ? nil : overallSum / Double(overallCount),
                              medianHours: overallMedian, longSessions: longSessions, endedByRemoval: endedByRemoval,
                              repeatedChanges: repeatedChanges, probableDuplicates: probableDuplicates)
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
