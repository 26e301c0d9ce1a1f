import SiteCycleKit

extension CommandRegistry {
    static let outcomes = Command(
        name: "outcomes",
        summary: "glucose per site and per day of wear, from the CGM's export",
        usage: "sitecycle outcomes --cgm FILE [--device NAME] [--by site|wear-day] [--units mg/dL|mmol/L] "
            + "[--cgm-zone ZONE] [--date-order dmy|mdy] [--from TIME] [--to TIME] [--last Nd]",
        details: OutcomesHelp.details,
        options: OutcomesOptions.specs,
        positionals: 0...CGMOptions.maximumFiles,
        reportsJSON: true,
        run: { invocation in
            // Options are checked before the journal is read (a wrong flag
            // is named even when the journal is missing).
            invocation.report(options: { () throws(CommandError) in try OutcomesOptions(invocation.arguments) }) {
                options, journal, now throws(CommandError) in
                let device = try options.device.name(in: journal)
                let zone = try options.cgm.zone(for: journal)
                let export = try options.cgm.read(for: journal, invocation)
                let selection = try options.period.selection(invocation, in: journal, now: now)
                let outcomes = GlucoseOutcomes.compute(journal.rotation(device), export: export, from: selection.from,
                                                       to: options.period.to == nil ? nil : selection.to)
                // Beside the wear days: how long sets lasted at each site (`stats`).
                let rotation = journal.rotation(device)
                let durations = options.grouping == .wearDay
                    ? Statistics.compute(rotation, selection: selection, now: now, robust: nil,
                                         body: Occupancy.compute(journal, now: now)) : nil
                var report = OutcomesReport(style: invocation.renderStyle, outcomes: outcomes, export: export, device: device,
                                            zone: zone, units: options.units ?? export.unit, grouping: options.grouping,
                                            durations: durations)
                // Within the period asked for: the sets that ended in it.
                report.failures = GlucoseFailures.compute(rotation, export: export, now: now).filter { c in
                    (selection.from.map { c.end! >= $0 } ?? true) && c.end! <= selection.to
                }
                report.rotation = rotation
                invocation.out(invocation.json ? report.json().rendered() : report.text())
            }
        })
}
