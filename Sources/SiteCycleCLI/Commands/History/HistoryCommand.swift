import SiteCycleKit

extension CommandRegistry {
    static let history = Command(
        name: "history",
        summary: "site changes, newest first, with durations and notes",
        usage: "sitecycle history [--device NAME] [--location NAME|ZONE] [--from TIME] [--to TIME] [--last Nd] [--limit N] [--early] [--cgm FILE]",
        details: """
            Lists site changes newest first: the journal line (for amend and
            delete), the start, the location, the hours it stayed in (1 decimal)
            or "active", and the note. `removed` lines are listed too, unless
            filtering by location.

            Entries are selected by their start: --from and --to include both
            ends (a date alone as --from is the midnight that starts it; as
            --to, `--to 2026-02-07`, it is the whole day); --last Nd keeps
            the last N whole days in the journal's zone: today and the N − 1
            days before it, from midnight (7d, 30d, 90d or any N; the same
            days in stats, export, outcomes and report).
            --location takes a location or a zone, disabled ones too.
            A line dated after now (--now) is listed too, marked `future` in
            place of its hours (`check` warns about it: often a mistyped year).

            --json prints a list of {"line","location","start","end",
            "durationHours","note","reason","lot","device","future"};
            location is null for `removed`, end and durationHours are null
            while active; future is true for a line dated after now. "reason"
            and "lot" are null where a line has none, in every journal
            (`sitecycle help journal`).

            --early lists only the sites that ended early (before their
            device's target, with a reason): what a manufacturer's replacement
            form asks for. Every device's, unless --device names one; --from,
            --to, --last and --location select them by start as above. For
            each: the line, the device, the location, when it went in and came
            out (the journal's zone), the hours worn of the target, the
            reason, the lot and the note. --json prints a list, newest first,
            of {"line","device","location","inserted","ended","hoursWorn",
            "targetHours","reason","lot","note"}.

            With a CGM export (the journal's `cgm` line or --cgm FILE), --early
            also lists the pump's sets that ended before the target in
            prolonged high glucose, reason typed or not, marked "probable
            failure: >300 mg/dL for the last 2 h" with the command that
            records it (`amend N --reason high-glucose`); JSON adds
            "probableGlucoseFailure" to each (`sitecycle help outcomes`).
            """,
        options: HistoryOptions.specs,
        reportsJSON: true,
        run: { invocation in
            invocation.report(options: { () throws(CommandError) in try HistoryOptions(invocation.arguments) }) {
                options, full, now throws(CommandError) in
                if options.early {
                    // Every device's early endings unless --device names one.
                    let journal = options.device.given == nil ? full : try options.device.rotation(full)
                    let selection = try options.period.selection(invocation, in: journal, now: now, location: options.location)
                    var early = EarlyEndings.compute(journal, selection: selection, now: now).sessions
                    // With a CGM export: the pump's sets it saw fail, typed reason or not.
                    var report = EarlyEndingsReport(style: invocation.renderStyle, journal: journal)
                    if let export = options.glucose.export(full, invocation) {
                        let device = options.device.given == nil ? Device.pumpName : try options.device.name(in: full)
                        let failed = GlucoseFailures.compute(full.rotation(device), export: export, now: now)
                            .filter { selection.includes($0) }
                        report.glucoseFailures = Set(failed.map(\.line))
                        let listed = Set(early.map(\.line))
                        early = (early + failed.filter { !listed.contains($0.line) }).sorted { $0.start < $1.start }
                    }
                    if let limit = options.limit { early = Array(early.suffix(limit)) }
                    invocation.out(invocation.json ? report.json(early.reversed()).rendered()
                                   : (options.period.lastDaysLine(selection, zone: journal.zone) ?? "") + report.text(early.reversed()))
                    return
                }
                let journal = try options.device.rotation(full)
                let selection = try options.period.selection(invocation, in: journal, now: now, location: options.location,
                                                             throughFuture: true)
                var changes = selection.apply(journal.changes)
                if let limit = options.limit { changes = Array(changes.suffix(limit)) }
                let report = HistoryReport(style: invocation.renderStyle, journal: journal, now: now)
                invocation.out(invocation.json ? report.json(changes.reversed()).rendered()
                               : (options.device.heading(in: full, style: invocation.renderStyle) ?? "")
                                   + (options.period.lastDaysLine(selection, zone: journal.zone) ?? "")
                                   + report.text(oldestFirst: changes))
            }
        })
}

/// What `history` was asked for.
struct HistoryOptions {
    static let specs = DeviceOption.specs + LocationFilter.specs
        + [OptionSpec(["--limit"], value: "N", "at most N entries"),
           OptionSpec(["--early"], "only sites that ended early, with what a replacement claim asks"),
           GlucoseEvidence.spec] + PeriodOptions.specs

    var device: DeviceOption
    var location: LocationFilter
    var period: PeriodOptions
    /// `--limit N`: the newest N.
    var limit: Int?
    /// `--early`: the sites that ended early, for a replacement claim.
    var early: Bool
    /// `--cgm FILE`, else the journal's `cgm`: sets the CGM saw fail.
    var glucose: GlucoseEvidence

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        glucose = GlucoseEvidence(arguments)
        location = LocationFilter(arguments)
        period = try PeriodOptions(arguments)
        early = arguments.flag("--early")
        if let text = arguments.value("--limit") {
            guard let n = Int(text), n > 0 else { throw CommandError("--limit takes a positive number", usage: true) }
            limit = n
        }
    }
}
