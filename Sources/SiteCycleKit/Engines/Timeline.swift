/// The rotation timeline (spec §3.4.4): which location was worn on which
/// calendar days (in the journal's zone) over the last N days.
public struct Timeline: Sendable {
    public var first: CivilDate
    public var days: Int
    /// Enabled locations in header order, then any disabled one worn in the window.
    public var rows: [(location: Location, worn: Set<CivilDate>)]

    /// A site counts on every day it was in for any time: from its start to
    /// one second before its end (the next change, or now while active).
    public static func compute(_ journal: Journal, days: Int, now: Instant) -> Timeline {
        let last = journal.zone.civil(now).date
        return compute(journal, from: last.adding(days: -(days - 1)), now: now)
    }

    /// The days from `first` through the day of `now`; a site in at `now`
    /// counts up to it.
    public static func compute(_ journal: Journal, from first: CivilDate, now: Instant) -> Timeline {
        let zone = journal.zone
        let last = zone.civil(now).date
        let days = max(1, Int(last.daysSinceEpoch - first.daysSinceEpoch) + 1)
        var worn: [String: Set<CivilDate>] = [:]
        for change in journal.changes where !change.isRemoval && change.start <= now {
            let end = min(change.end ?? now, now)
            guard end > change.start else { continue }
            var day = max(zone.civil(change.start).date, first)
            let lastDay = min(zone.civil(end.adding(seconds: -1)).date, last)
            while day <= lastDay {
                worn[journal.name(of: change)!, default: []].insert(day)
                day = day.adding(days: 1)
            }
        }
        let rows = journal.locations.filter { $0.isEnabled || !(worn[$0.name]?.isEmpty ?? true) }
            .map { ($0, worn[$0.name] ?? []) }
        return Timeline(first: first, days: days, rows: rows)
    }

    public var dates: [CivilDate] { (0..<days).map { first.adding(days: $0) } }
}
