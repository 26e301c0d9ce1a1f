import SiteCycleKit

extension CommandRegistry {
    static let timeline = Command(
        name: "timeline",
        summary: "which site was worn on which days, as a chart",
        usage: "sitecycle timeline [--device NAME] [--last Nd|--days N] [--from TIME] [--to TIME]",
        details: """
            One row per enabled location (and any disabled one worn in the
            window), one column per day of the last N days up to today (--last
            Nd, as every report takes it, or --days N; default 30), a mark on
            each day the site was in for any part of it; the active site
            counts up to now. --from and --to chart the days from one date to
            another instead (--to alone: the 30 days up to it; at most 3660).
            Days are calendar days in the journal's zone. When N days do not
            fit in 80 columns, each column covers several days: full when the
            site was worn on all of them, shaded when on some. The chart is as
            wide as the terminal: COLUMNS
            when set, else 80. Under it, `|` marks the first of each month
            (named below) and `^` each Monday (its day of the month below,
            where there is room; only while a column is less than a week).

            --json prints {"from","to","locations":[{"location","days":[dates]}]}.
            """,
        options: TimelineOptions.specs,
        reportsJSON: true,
        run: { invocation in
            invocation.report(options: { () throws(CommandError) in try TimelineOptions(invocation.arguments) }) {
                options, full, now throws(CommandError) in
                let rotation = try options.device.rotation(full)
                let timeline = try options.timeline(rotation, invocation: invocation, now: now)
                let report = TimelineReport(style: invocation.renderStyle, timeline: timeline, lastDays: options.period.from == nil)
                invocation.out(invocation.json ? report.json().rendered() : report.text())
            }
        })
}

/// What `timeline` was asked for: the period options every report takes,
/// and `--days N`, the same as `--last Nd`.
struct TimelineOptions {
    static let specs = DeviceOption.specs + PeriodOptions.specs
        + [OptionSpec(["--days"], value: "N", "the same as --last Nd (default 30)")]
    static let mostDays = 3660

    var device: DeviceOption
    var period: PeriodOptions
    var days = 30

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        period = try PeriodOptions(arguments)
        if let text = arguments.value("--days") {
            guard period.lastDays == nil else { throw CommandError("give --days or --last, not both", usage: true) }
            guard period.from == nil else { throw CommandError("give --days or --from, not both", usage: true) }
            guard let n = Int(text), (1...Self.mostDays).contains(n) else {
                throw CommandError("--days takes a number of days from 1 to \(Self.mostDays), not `\(text)`", usage: true)
            }
            days = n
        }
        if let n = period.lastDays {
            guard n <= Self.mostDays else {
                throw CommandError("--last takes at most \(Self.mostDays) days here, not \(n)", usage: true)
            }
            days = n
        }
    }

    /// The chart's days: the last N up to now (or up to --to), or --from
    /// through --to (or today).
    func timeline(_ journal: Journal, invocation: Invocation, now: Instant) throws(CommandError) -> Timeline {
        let selection = try period.selection(invocation, in: journal, now: now)
        let end = selection.to
        guard period.from != nil, let start = selection.from else { return Timeline.compute(journal, days: days, now: end) }
        let first = journal.zone.civil(start).date, last = journal.zone.civil(end).date
        guard last.daysSinceEpoch - first.daysSinceEpoch < Self.mostDays else {
            throw CommandError("the timeline charts at most \(Self.mostDays) days", help: "give a later --from", usage: true)
        }
        return Timeline.compute(journal, from: first, now: end)
    }
}
