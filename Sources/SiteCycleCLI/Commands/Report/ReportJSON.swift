import SiteCycleKit

/// The report's figures: each device's stats over the period, as `stats
/// --json` gives them (the same numbers the page shows).
func reportJSON(_ journal: Journal, device: String?, period given: ClinicReport.Period, now: Instant,
                glucose: ClinicReport.Glucose? = nil, zone: ZoneRules? = nil) -> JSON {
    let figures = ClinicReport.Figures(journal, device: device, period: given, now: now)
    let devices = figures.devices.map { d -> JSON in
        .object([("device", .string(d.name)),
                 ("stats", StatsReport(style: .plain, stats: d.stats, endings: d.endings,
                                       verdict: SiteVerdict.compute(journal, device: d.name, now: now)).json())])
    }
    var pairs: [(String, JSON)] = [("period", .object([("from", .string(isoTime(figures.period.from, in: journal.zone))),
                                                       ("to", .string(isoTime(figures.period.to, in: journal.zone)))])),
                                   ("devices", .array(devices))]
    // `report --cgm`: the pump's glucose by site, as `outcomes --json --by wear-day` gives it for the period.
    if let glucose, let pump = figures.devices.first(where: { $0.name == Device.pumpName }) {
        let outcomes = GlucoseOutcomes.compute(pump.rotation, export: glucose.export, from: figures.period.from,
                                               to: figures.period.to)
        pairs.append(("glucose", OutcomesReport(style: .plain, outcomes: outcomes, export: glucose.export, device: pump.name,
                                                zone: zone ?? journal.zone, units: glucose.export.unit,
                                                grouping: .wearDay).json()))
    }
    return .object(pairs)
}
