/// One verdict per site and device: the evidence the journal (and a CGM
/// export, when one is known) holds against each location, and whether it
/// counts. Every view that advises or warns reads this, never a flag of
/// its own: `recommend`, `status`, the picker, completion, `log`, `stats`,
/// `map`, the clinic report and the language server's hover.
///
/// Only recent evidence counts, so a site that has healed is not condemned
/// for ever: at each location, its last `recentSets` completed sets or the
/// sets of the last `recentDays` days, whichever covers more.
///
/// A site is flagged by any of:
/// - **early**: at least `earlyMinimum` of its recent sets ended early
///   (`Journal.endedEarly`: before the target, with a reason) and at least
///   half of them did;
/// - **duration**: the absorption insight (`Statistics.Absorption`) on the
///   recent sets of every site;
/// - **glucose**: the flag `outcomes` raises for the site
///   (`GlucoseOutcomes.Site.flagged`), when an export is given;
/// - **failures**: probable glucose failures the CGM saw, when given.
public struct SiteVerdict: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case early, duration, glucose, failures }

    /// One piece of evidence that counts against a site.
    public enum Flag: Sendable, Equatable {
        /// Its recent sets that ended early, and why.
        case early(EarlyEndings.Tally)
        /// Its recent sets lasted less than every site's recent sets.
        case duration(Statistics.Absorption)
        /// Its time in range, and the whole period's, in percent.
        case glucose(inRange: Double, overall: Double)
        /// Recent sets the CGM saw end in prolonged hyperglycaemia.
        case failures(Int)

        public var kind: Kind {
            switch self {
            case .early: return .early
            case .duration: return .duration
            case .glucose: return .glucose
            case .failures: return .failures
            }
        }
    }

    public struct Site: Sendable, Equatable {
        public var location: Location
        /// The first start the recent evidence reaches back to; nil before
        /// any set at the site ended.
        public var since: Instant?
        /// Its recent completed sets, and those that ended early.
        public var endings = EarlyEndings.Tally()
        /// The absorption comparison of its recent sets, when judged.
        public var absorption: Statistics.Absorption?
        /// Its figures in the CGM export, when one is given and the site
        /// had a session in it.
        public var glucose: GlucoseOutcomes.Measures?
        /// Probable glucose failures among its recent sets; nil without an
        /// export.
        public var glucoseFailures: Int?
        /// What counts against it, in `Kind`'s order; empty when nothing.
        public var flags: [Flag] = []

        public var isFlagged: Bool { !flags.isEmpty }
    }

    public var device: String
    /// The device's locations (enabled or not) in header order.
    public var sites: [Site]

    public static let recentSets = 5
    public static let recentDays = 180
    /// Fewer sets ended early than this flag nothing: one is chance.
    public static let earlyMinimum = 2

    public init(device: String, sites: [Site]) {
        self.device = device
        self.sites = sites
    }

    public func site(named name: String) -> Site? { sites.first { $0.location.name == name } }

    public func flags(of name: String) -> [Flag] { site(named: name)?.flags ?? [] }

    public func isFlagged(_ name: String) -> Bool { site(named: name)?.isFlagged ?? false }

    public var flagged: [Site] { sites.filter(\.isFlagged) }

    /// The early-endings rule: at least `earlyMinimum` ended early, and at
    /// least half of the recent sets.
    public static func flagsEarly(_ t: EarlyEndings.Tally) -> Bool {
        t.endedEarly >= earlyMinimum && 2 * t.endedEarly >= t.completed
    }

    /// For `device` at `now`, from the journal alone or with the CGM's
    /// `glucose` (`GlucoseOutcomes` of the device's rotation) and the sets
    /// it saw fail (`GlucoseFailures`; the recent ones count).
    /// `occupancy`: the whole journal's body at `now`, when the caller has
    /// it (nil computes it).
    public static func compute(_ journal: Journal, device: String = Device.pumpName, now: Instant,
                               glucose: GlucoseOutcomes? = nil, failures: [SiteChange]? = nil,
                               occupancy: Occupancy? = nil) -> SiteVerdict {
        let rotation = journal.rotation(device)
        let since = recentStarts(rotation, now: now)
        let include: (SiteChange) -> Bool = { c in
            let i = Int(c.locationIndex)
            return i < since.count && since[i].map { c.start >= $0 } ?? false
        }
        // Only recent evidence counts: the tallies start at the earliest
        // change they can count (changes are in time order), not at the
        // first of a lifetime (issue 41 item 6: `log` reads the verdict).
        let earliest = since.compactMap { $0 }.min()
        var first = 0, past = rotation.changes.count
        if let earliest {
            while first < past {
                let mid = (first + past) / 2
                if rotation.changes[mid].start < earliest { first = mid + 1 } else { past = mid }
            }
        } else {
            first = past
        }
        let endings = EarlyEndings.compute(rotation, include: include, now: now, from: first)
        let failed = failures.map { GlucoseFailures.counts($0.filter(include), in: rotation) }
        let stats = Statistics.compute(rotation, include: include, now: now,
                                       robust: rotation.settings.robustStatistics,
                                       body: occupancy ?? Occupancy.compute(journal, now: now), from: first)
        var absorption: [String: Statistics.Absorption] = [:]
        for row in stats.locations { absorption[row.location.name] = row.absorption }
        var measures: [String: GlucoseOutcomes.Measures] = [:], glucoseFlag: Set<String> = []
        for site in glucose?.sites ?? [] {
            measures[site.location.name] = site.measures
            if site.flagged { glucoseFlag.insert(site.location.name) }
        }
        let sites = rotation.locations.filter { $0.isFor(device) }.map { location -> Site in
            let i = location.order
            var site = Site(location: location, since: i < since.count ? since[i] : nil)
            site.endings = endings.tally(of: location)
            site.absorption = absorption[location.name]
            site.glucose = measures[location.name]
            site.glucoseFailures = failed.map { $0[location.name] ?? 0 }
            if flagsEarly(site.endings) { site.flags.append(.early(site.endings)) }
            if let a = site.absorption, a.flagged { site.flags.append(.duration(a)) }
            if glucoseFlag.contains(location.name), let tir = site.glucose?.inRange,
               let overall = glucose?.overall.inRange {
                site.flags.append(.glucose(inRange: tir, overall: overall))
            }
            if let n = site.glucoseFailures, n > 0 { site.flags.append(.failures(n)) }
            return site
        }
        return SiteVerdict(device: device, sites: sites)
    }

    /// Per location order: the earliest start its recent evidence covers,
    /// the older of its `recentSets`-th newest completed set and
    /// `recentDays` before `now`; nil for a location with no completed set.
    static func recentStarts(_ rotation: Journal, now: Instant) -> [Instant?] {
        let cutoff = now.adding(seconds: -Int64(recentDays) * 86_400)
        var since = [Instant?](repeating: nil, count: rotation.locationNames.count)
        var seen = [Int](repeating: 0, count: since.count)
        // Once before the cutoff, only a location still short of its
        // recent sets reads on; with none left, nothing older counts.
        var short = since.count
        let changes = rotation.changes
        for k in changes.indices.reversed() {
            let c = changes[k]
            if c.start < cutoff && short == 0 { break }
            guard !c.isRemoval, c.start <= now else { continue }
            let i = Int(c.locationIndex)
            guard i < since.count, let end = c.end, end <= now else { continue }
            guard seen[i] < recentSets || c.start >= cutoff else { continue }
            seen[i] += 1
            if seen[i] == recentSets { short -= 1 }
            since[i] = c.start
        }
        return since
    }
}
