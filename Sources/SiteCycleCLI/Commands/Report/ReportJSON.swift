import SiteCycleKit

/// The report's figures: each device's stats over the period, as `stats
/// --json` gives them (the same numbers the page shows).
func reportJSON(_ journal: Journal, device: String?, period given: ClinicReport.Period, now: Instant) -> JSON {
    let figures = ClinicReport.Figures(journal, device: device, period: given, now: now)
    let devices = figures.devices.map { d -> JSON in
        .object([("device", .string(d.name)),
                 ("stats", StatsReport(style: .plain, stats: d.stats, endings: d.endings).json())])
    }
    return .object([("period", .object([("from", .string(isoTime(figures.period.from, in: journal.zone))),
                                        ("to", .string(isoTime(figures.period.to, in: journal.zone)))])),
                     ("devices", .array(devices))])
}
