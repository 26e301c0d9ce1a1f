import SiteCycleKit

/// The `timeline` chart and its JSON.
struct TimelineReport {
    let style: RenderStyle
    let timeline: Timeline
    /// "Last 30 days" (up to now or --to) rather than "31 days" (--from).
    var lastDays = true
    /// The chart's width: the screen's (`RenderStyle.width`, from COLUMNS),
    /// but never so narrow that a short name and the least chart do not fit.
    var width: Int { max(style.width, 2 + TimelineReport.minimumColumns + 12) }
    /// However long the names, the chart keeps at least this many columns.
    static let minimumColumns = 10

    /// A name cut to `limit` characters, with `…` where it was cut.
    static func cut(_ name: String, to limit: Int) -> String {
        name.count <= limit ? name : String(name.prefix(max(1, limit - 1))) + "…"
    }

    func text() -> String {
        guard !timeline.rows.isEmpty else { return "No locations to chart.\n" }
        // Names give way to the chart: at least `minimumColumns` of it.
        let width = self.width
        let nameLimit = width - 2 - TimelineReport.minimumColumns - 1
        let labelWidth = min(timeline.rows.map { $0.location.name.count + ($0.location.isEnabled ? 0 : 1) }.max() ?? 0,
                             nameLimit) + 2
        let available = width - labelWidth
        let perColumn = (timeline.days + available - 1) / available
        let dates = timeline.dates
        let columns = stride(from: 0, to: dates.count, by: perColumn).map { Array(dates[$0..<min($0 + perColumn, dates.count)]) }
        let (full, some, none) = self.style.unicode ? ("█", "▒", "·") : ("#", "+", ".")
        let style = self.style.text
        let scale = perColumn == 1 ? "one column per day" : "one column per \(perColumn) days"
        var out = style.bold((lastDays ? "Last " : "") + counted(timeline.days, "day")) + ", \(timeline.first.iso) to \(dates.last!.iso) (\(scale))\n\n"
        for (location, worn) in timeline.rows {
            let cells = columns.map { group -> String in
                let n = group.filter(worn.contains).count
                return n == group.count ? full : n > 0 ? some : none
            }.joined()
            let name = TimelineReport.cut(location.name, to: labelWidth - 2 - (location.isEnabled ? 0 : 1))
                + (location.isEnabled ? "" : "*")
            out += name + String(repeating: " ", count: labelWidth - name.count) + style.green(cells) + "\n"
        }
        let indent = String(repeating: " ", count: labelWidth)
        let (ticks, labels) = axis(columns, perColumn: perColumn)
        out += indent + ticks + "\n" + indent + labels + "\n"
        out += indent + (perColumn < 7 ? "| first of a month, ^ Monday (its date below)" : "| first of a month") + "\n"
        if timeline.rows.contains(where: { !$0.location.isEnabled }) { out += "* disabled\n" }
        return out
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Marks under the chart: `|` on the column holding the 1st of a month,
    /// with the month's name below; `^` on a column holding a Monday (when a
    /// column is less than a week), with its day of the month below where
    /// there is room. 1970-01-01 was a Thursday, so Mondays are day 4 mod 7.
    func axis(_ columns: [[CivilDate]], perColumn: Int) -> (String, String) {
        var ticks = Array(repeating: Character(" "), count: columns.count)
        var labels = Array(repeating: Character(" "), count: columns.count + 8)
        func place(_ text: String, at c: Int) {
            let end = c + text.count
            guard end <= labels.count, (max(0, c - 1)..<min(labels.count, end + 1)).allSatisfy({ labels[$0] == " " })
            else { return }
            for (i, ch) in text.enumerated() { labels[c + i] = ch }
        }
        var mondays: [(Int, CivilDate)] = []
        for (c, group) in columns.enumerated() {
            if let first = group.first(where: { $0.day == 1 }) {
                ticks[c] = "|"
                place(TimelineReport.months[first.month - 1] + (first.month == 1 ? " \(first.year)" : ""), at: c)
            } else if perColumn < 7, let monday = group.first(where: { ($0.daysSinceEpoch % 7 + 7) % 7 == 4 }) {
                ticks[c] = "^"
                mondays.append((c, monday))
            }
        }
        for (c, monday) in mondays { place(String(monday.day), at: c) }
        func trailingTrimmed(_ chars: [Character]) -> String {
            String(chars[..<(chars.lastIndex { $0 != " " }.map { $0 + 1 } ?? 0)])
        }
        return (trailingTrimmed(ticks), trailingTrimmed(labels))
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
