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
            shaded when on some. The axis below gives the date of every
            labelled column (MM-DD).

            --json prints {"from","to","locations":[{"location","days":[dates]}]}.
            """,
        options: [deviceOption, OptionSpec(["--days"], value: "N", "how many days back (default 30)")],
        reportsJSON: true,
        run: { invocation in
            invocation.report { full, now throws(CommandError) in
                let journal = try invocation.rotation(full)
                var days = 30
                if let text = invocation.arguments.value("--days") {
                    guard let n = Int(text), (1...3660).contains(n) else {
                        throw CommandError("--days takes a number of days from 1 to 3660, not `\(text)`", usage: true)
                    }
                    days = n
                }
                let timeline = Timeline.compute(journal, days: days, now: now)
                let report = TimelineReport(invocation: invocation, timeline: timeline)
                invocation.out(invocation.json ? report.json().rendered() : report.text())
            }
        })
}

struct TimelineReport {
    let invocation: Invocation
    let timeline: Timeline
    static let width = 80
    /// However long the names, the chart keeps at least this many columns.
    static let minimumColumns = 10

    /// A name cut to `limit` characters, with `…` where it was cut.
    static func cut(_ name: String, to limit: Int) -> String {
        name.count <= limit ? name : String(name.prefix(max(1, limit - 1))) + "…"
    }

    func text() -> String {
        guard !timeline.rows.isEmpty else { return "No locations to chart.\n" }
        // Names give way to the chart: at least `minimumColumns` of it.
        let nameLimit = TimelineReport.width - 2 - TimelineReport.minimumColumns - 1
        let labelWidth = min(timeline.rows.map { $0.location.name.count + ($0.location.isEnabled ? 0 : 1) }.max() ?? 0,
                             nameLimit) + 2
        let available = TimelineReport.width - labelWidth
        let perColumn = (timeline.days + available - 1) / available
        let dates = timeline.dates
        let columns = stride(from: 0, to: dates.count, by: perColumn).map { Array(dates[$0..<min($0 + perColumn, dates.count)]) }
        let (full, some, none) = invocation.unicodeOutput ? ("█", "▒", "·") : ("#", "+", ".")
        let style = invocation.outStyle
        let scale = perColumn == 1 ? "one column per day" : "one column per \(perColumn) days"
        var out = style.bold("Last \(timeline.days) days") + ", \(timeline.first.iso) to \(dates.last!.iso) (\(scale))\n\n"
        for (location, worn) in timeline.rows {
            let cells = columns.map { group -> String in
                let n = group.filter(worn.contains).count
                return n == group.count ? full : n > 0 ? some : none
            }.joined()
            let name = TimelineReport.cut(location.name, to: labelWidth - 2 - (location.isEnabled ? 0 : 1))
                + (location.isEnabled ? "" : "*")
            out += name + String(repeating: " ", count: labelWidth - name.count) + style.green(cells) + "\n"
        }
        // Axis: a tick and the date of every k-th column, k keeping labels apart.
        let step = max(6, (7 + perColumn - 1) / perColumn)
        var ticks = String(repeating: " ", count: columns.count), labels = ""
        for c in stride(from: 0, to: columns.count, by: step) {
            let i = ticks.index(ticks.startIndex, offsetBy: c)
            ticks.replaceSubrange(i...i, with: "^")
            let date = columns[c][0]
            let label = "\(pad2(date.month))-\(pad2(date.day))"
            labels += String(repeating: " ", count: max(0, c - labels.count)) + label
        }
        let indent = String(repeating: " ", count: labelWidth)
        out += indent + ticks.trimmingBlanks() + "\n" + indent + labels + "\n"
        if timeline.rows.contains(where: { !$0.location.isEnabled }) { out += "* disabled\n" }
        return out
    }

    func json() -> JSON {
        .object([
            ("from", .string(timeline.first.iso)),
            ("to", .string(timeline.dates.last!.iso)),
            ("locations", .array(timeline.rows.map { row in
                .object([("location", .string(row.location.name)),
                         ("days", .array(row.worn.sorted().map { .string($0.iso) }))])
            })),
        ])
    }
}
