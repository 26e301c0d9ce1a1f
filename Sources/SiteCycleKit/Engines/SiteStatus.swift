/// The home screen (spec §5.2): the site in now, how long it has been in,
/// and how close it is to the target.
public struct SiteStatus: Sendable {
    public enum State: String, Sendable {
        /// Below 80 % of the target.
        case ok
        /// From 80 % up to the target.
        case dueSoon = "due-soon"
        /// Past the target but within the device's grace (`grace 12h`): due,
        /// not yet overdue.
        case grace
        /// Beyond the target and any grace.
        case overdue
    }

    public var active: SiteChange
    public var elapsedHours: Double
    public var targetHours: Double
    /// Elapsed over target: 1.0 at the target.
    public var progress: Double
    public var due: Instant
    /// The grace past the target the device declares, if any.
    public var graceHours: Double?
    /// When the site is overdue: the due time plus any grace.
    public var overdueAt: Instant
    public var state: State

    public static let dueSoonFraction = 0.8

    /// Nil when no site is in at `now` (none logged yet, or `removed`).
    public init?(_ journal: Journal, now: Instant) {
        guard let active = journal.activeChange(at: now) else { return nil }
        self.active = active
        targetHours = journal.settings.targetHours
        elapsedHours = active.start.hours(until: now)
        progress = elapsedHours / targetHours
        due = active.start.adding(seconds: Int64((targetHours * 3600).rounded()))
        graceHours = journal.settings.graceHours
        overdueAt = due.adding(seconds: Int64(((graceHours ?? 0) * 3600).rounded()))
        state = now > overdueAt ? .overdue : progress > 1 ? .grace : progress >= SiteStatus.dueSoonFraction ? .dueSoon : .ok
    }

    /// Hours until the target (negative once past it).
    public var hoursLeft: Double { targetHours - elapsedHours }

    /// At or past the target, or at most `hours` from it: when `status
    /// --check` and `--short` say the change is due.
    public func isDue(within hours: Double = 0) -> Bool { hoursLeft <= hours }

    /// Hours until the site is overdue: the grace left while in grace.
    public var graceHoursLeft: Double { targetHours + (graceHours ?? 0) - elapsedHours }
}

/// Whole calendar days from `from` to `to` in `zone` (0 on the same day).
public func calendarDays(from: Instant, to: Instant, zone: ZoneRules) -> Int {
    Int(zone.civil(to).date.daysSinceEpoch - zone.civil(from).date.daysSinceEpoch)
}

/// A share (0–1) as a percentage to one decimal, `14.7%`, or whole where
/// a map cell has no room, `15%`: one rule for stats, the map and the report.
public func formatShare(_ share: Double, whole: Bool = false) -> String {
    if whole { return "\(Int((share * 100).rounded()))%" }
    let tenths = Int((share * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
}

/// Hours to one decimal, the way every report shows them: `71.3`. One rule
/// everywhere, the SiteCycle app's (`%.1f`: ties to even, so 60.25 h is
/// `60.2` in history, stats, status and the CSV alike).
/// Written by `ByteRow.hours`, the rule history and the CSV use row by row.
public func formatHours(_ hours: Double) -> String {
    var text = ByteText(capacity: 24)
    text.hours(hours)
    return text.string
}

/// Whole hours for a line with no room for tenths (`status --short`): the
/// tenths `formatHours` shows, rounded half up, so `17.0 h` is never `16h`
/// beside it.
public func wholeHours(_ hours: Double) -> Int {
    let tenths = Int((hours * 10).rounded(.toNearestOrEven))
    return tenths >= 0 ? (tenths + 5) / 10 : -((-tenths + 5) / 10)
}

/// Hours to one decimal as a number (JSON), by the same rule as `formatHours`.
public func roundedHours(_ hours: Double) -> Double {
    (hours * 10).rounded(.toNearestOrEven) / 10
}
