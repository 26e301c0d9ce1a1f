import SiteCycleKit

extension CommandRegistry {
    static let timeline = Command(
        name: "timeline",
        summary: "which site was worn on which days, as a chart",
        usage: "sitecycle timeline [--days 30|60|90|N]",
        details: """
            One row per enabled location (and any disabled one worn in the
            window), one column per day of the last N days up to today (default
            30), a mark on each day the site was in for any part of it; the
            active site counts up to now. Days are calendar days in the
            journal's zone. When N days do not fit in 80 columns, each column
            covers several days: full when the site was worn on all of them,
            shaded when on some. The chart is as wide as the terminal: COLUMNS
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
                let timeline = Timeline.compute(try options.device.rotation(full), days: options.days, now: now)
                let report = TimelineReport(style: invocation.renderStyle, timeline: timeline)
                invocation.out(invocation.json ? report.json().rendered() : report.text())
            }
        })
}

/// What `timeline` was asked for.
struct TimelineOptions {
    static let specs = DeviceOption.specs + [OptionSpec(["--days"], value: "N", "how many days back (default 30)")]

    var device: DeviceOption
    var days = 30

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        if let text = arguments.value("--days") {
            guard let n = Int(text), (1...3660).contains(n) else {
                throw CommandError("--days takes a number of days from 1 to 3660, not `\(text)`", usage: true)
            }
            days = n
        }
    }
}
