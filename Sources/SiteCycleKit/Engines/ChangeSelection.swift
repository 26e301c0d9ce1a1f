/// The site changes a report looks at, by start: those in a period, at some
/// locations. Nothing after now unless `throughFuture` (history and export
/// list every line, so a backup never drops one). Shared by history, stats,
/// export and the clinic report; built from plain values, so it knows
/// nothing of how they were typed.
public struct ChangeSelection: Equatable, Sendable {
    /// The earliest start kept; nil for the journal's beginning.
    public var from: Instant?
    /// The latest start kept.
    public var to: Instant
    /// The chosen locations' indexes (a change's `locationIndex`); nil for
    /// every location, `removed` lines included.
    public var locations: Set<UInt16>?

    /// `from` and `to` include both ends; `lastDays` keeps the last N
    /// whole days in `zone` instead of `from` (`lastDaysStart`).
    public init(from: Instant? = nil, to: Instant? = nil, lastDays: Int? = nil, locations: Set<UInt16>? = nil,
                now: Instant, zone: ZoneRules = .utc, throughFuture: Bool = false) {
        self.from = lastDays.map { ChangeSelection.lastDaysStart($0, through: zone.civil(now).date, zone: zone) } ?? from
        self.to = throughFuture ? to ?? Instant(seconds: .max) : min(to ?? now, now)
        self.locations = locations
    }

    /// Where "the last N days" up to `day` starts: the midnight in `zone`
    /// that begins the N calendar days ending with `day` (`day` and the
    /// N − 1 before it), so a period is whole days, also across a DST
    /// change. The one rule of `--last Nd` (history, stats, export,
    /// outcomes, report) and of the report's default period; the same days
    /// `timeline` draws for its last N.
    public static func lastDaysStart(_ days: Int, through day: CivilDate, zone: ZoneRules) -> Instant {
        TimeArgument.startOfDay(day.adding(days: -(max(1, days) - 1)), zone: zone)
    }

    /// Whether every change up to `now` is in the selection.
    public func selectsAll(until now: Instant) -> Bool { from == nil && locations == nil && to >= now }

    public func includes(_ change: SiteChange) -> Bool {
        if let from, change.start < from { return false }
        if change.start > to { return false }
        if let locations { return !change.isRemoval && locations.contains(change.locationIndex) }
        return true
    }

    /// Oldest first, as in the model.
    public func apply(_ changes: [SiteChange]) -> [SiteChange] {
        guard from == nil, locations == nil else { return changes.filter(includes) }
        // Only the end is given: the model is in time order, so the
        // selection is a prefix (the whole history, uncopied, as a rule).
        var lo = 0, hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].start <= to { lo = mid + 1 } else { hi = mid }
        }
        return lo == changes.count ? changes : Array(changes[..<lo])
    }
}
