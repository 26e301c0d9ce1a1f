/// Times as reports show them, in the journal's words.

/// `2026-02-07 08:15` in the journal's zone.
package func displayTime(_ instant: Instant, in zone: ZoneRules) -> String {
    zone.civil(instant).journalText
}

/// How a site change's start reads: as written (with its own offset).
package func displayStart(_ change: SiteChange) -> String {
    CivilDateTime(secondsAsIfUTC: change.start.seconds + Int64(change.offset)).journalText
}

/// ISO-8601 with the offset in force in the journal's zone.
package func isoTime(_ instant: Instant, in zone: ZoneRules) -> String {
    formatISO8601(instant, offsetSeconds: zone.offset(at: instant))
}

/// `today`, `yesterday`, `4 days ago`.
package func daysAgo(_ instant: Instant, now: Instant, zone: ZoneRules) -> String {
    let days = calendarDays(from: instant, to: now, zone: zone)
    switch days {
    case ..<0: return "in the future"
    case 0: return "today"
    case 1: return "yesterday"
    default: return "\(days) days ago"
    }
}
