import SiteCycleKit

/// What `stats` shows, and `report --json` per device.
struct StatsReport {
    let style: RenderStyle
    let stats: Statistics

    func hours(_ value: Double?) -> String { value.map(formatHours) ?? "-" }

    func text() -> String {
        let style = self.style.text
        let o = stats.overall
        var out = style.bold("Site changes \(o.changes)") + ", completed \(o.completed), "
        out += "average \(hours(o.averageHours)) h, median \(hours(o.medianHours)) h"
        if stats.robust {
            let set = stats.locations.map(\.excluded).reduce(0, +)
            out += "\nRobust: \(set) failed (< 12 h) or low-outlier sessions set aside; medians compared"
        }
        if o.longSessions > 0 {
            let n = o.longSessions
            out += "\n" + style.yellow("\(n) session\(n == 1 ? "" : "s") over \(SiteChange.longSessionFactor)× the target")
                + " counted (a change missing? see `sitecycle check`)"
        }
        out += "\n\n"
        var rows = [["Location", "Uses", "Mean", "Median", "Min", "Max", "Last used", "Days"]]
        if stats.robust { rows[0].append("Aside") }  // "set aside"; in 80 columns
        for l in stats.locations {
            var row = [l.location.name + (l.location.isEnabled ? "" : " disabled"), String(l.uses), hours(l.average), hours(l.median), hours(l.shortest),
                       hours(l.longest), l.lastUse.map { String(displayStart($0).prefix(10)) } ?? "never",
                       l.daysSinceLastUse.map(String.init) ?? "-"]
            if stats.robust { row.append(String(l.excluded)) }
            rows.append(row)
        }
        let table = table(rows, rightAligned: Set(1...(rows[0].count - 1)).subtracting([6]))
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        out += style.bold(String(lines[0])) + "\n" + lines.dropFirst().joined(separator: "\n")

        let flagged = stats.locations.filter { $0.absorption?.flagged == true }
        let measure = stats.robust ? "median" : "mean"
        // The figure every site is compared against, when there is one.
        let reference = stats.referenceHours.map { "the overall \(measure) of \(formatHours($0)) h" } ?? "overall"
        out += "\n" + style.bold("Absorption") + " (flagged: \(measure) more than "
            + "\(SettingValues.formatPercent(stats.thresholdPercent)) below \(reference))\n"
        var basis = "Only sites with \(Statistics.absorptionMinimumSessions) or more completed sessions are judged."
        if o.endedByRemoval > 0 {
            let n = o.endedByRemoval
            basis += " \(n) session\(n == 1 ? "" : "s") ended by `removed` (a break, not a failed site) "
                + "\(n == 1 ? "is" : "are") left out of the comparison."
        }
        for line in TextWrap.lines(basis, width: 78, start: 2, indent: "  ") { out += "  " + line + "\n" }
        if flagged.isEmpty {
            out += "  No site stands out.\n"
        } else {
            let mark = self.style.unicode ? "⚠" : "!"
            for l in flagged {
                out += style.yellow("  \(mark) \(l.location.name)") + "\n"
                for line in TextWrap.lines(StatisticsText.absorption(l.absorption!)!, width: 78, start: 4, indent: "    ") {
                    out += "    " + line + "\n"
                }
            }
        }
        out += "\n" + distribution()
        out += "\nRotation balance: " + (stats.balance.map { "\(Int($0.rounded())) / 100" } ?? "-")
            + " (100 = even use of all enabled sites)\n"
        return out
    }

    /// One bar per enabled location, scaled to the largest share, with `|`
    /// where an equal share would end.
    func distribution() -> String {
        let rows = stats.locations.filter(\.location.isEnabled)
        let total = rows.map(\.uses).reduce(0, +)
        let k = rows.count
        guard k > 0 else { return style.text.bold("Usage distribution") + "\n  No enabled locations.\n" }
        let equal = 1.0 / Double(k)
        let shares = rows.map { total > 0 ? Double($0.uses) / Double(total) : 0 }
        let width = 30
        let top = max(shares.max() ?? 0, equal)
        let equalColumn = min(width - 1, Int((equal / top * Double(width)).rounded()))
        let (on, off) = style.unicode ? ("█", "·") : ("#", ".")
        let nameWidth = rows.map(\.location.name.count).max() ?? 0
        var out = style.text.bold("Usage distribution") + " (| marks an equal share, \(formatShare(equal)))\n"
        for (l, share) in zip(rows, shares) {
            let filled = Int((share / top * Double(width)).rounded())
            var bar = (0..<width).map { $0 < filled ? on : off }
            bar[equalColumn] = "|"
            out += "  " + l.location.name + String(repeating: " ", count: nameWidth - l.location.name.count) + "  "
                + bar.joined() + "  " + String(repeating: " ", count: max(0, 4 - String(l.uses).count)) + "\(l.uses)  "
                + formatShare(share) + "\n"
        }
        return out
    }

    func json() -> JSON {
        func rounded(_ v: Double?) -> JSON { v.map { .double(roundedHours($0)) } ?? .null }
        let total = stats.locations.map(\.uses).reduce(0, +)
        let o = stats.overall
        return .object([
            ("overall", .object([("changes", .int(o.changes)), ("completed", .int(o.completed)),
                                 ("averageHours", rounded(o.averageHours)), ("medianHours", rounded(o.medianHours)),
                                 ("longSessions", .int(o.longSessions)), ("endedByRemoval", .int(o.endedByRemoval)),
                                 ("comparedHours", rounded(stats.referenceHours))])),
            ("locations", .array(stats.locations.map { l in
                .object([
                    ("location", .string(l.location.name)), ("enabled", .bool(l.location.isEnabled)),
                    ("uses", .int(l.uses)),
                    ("averageHours", rounded(l.average)), ("medianHours", rounded(l.median)),
                    ("minHours", rounded(l.shortest)), ("maxHours", rounded(l.longest)),
                    ("lastUsed", l.lastUse.map { .string(formatISO8601($0.start, offsetSeconds: $0.offset)) } ?? .null),
                    ("daysSinceLastUse", l.daysSinceLastUse.map(JSON.int) ?? .null),
                    ("excluded", .int(l.excluded)),
                    ("absorption", .object([
                        ("flagged", .bool(l.absorption?.flagged ?? false)),
                        ("percentBelow", l.absorption.map { .int($0.percentBelow) } ?? .null),
                        ("comparedHours", rounded(l.absorption?.referenceHours)),
                        ("message", .optional(l.absorption.flatMap(StatisticsText.absorption))),
                    ])),
                ])
            })),
            ("distribution", .array(stats.locations.filter(\.location.isEnabled).map { l in
                .object([("location", .string(l.location.name)), ("uses", .int(l.uses)),
                         ("share", total > 0 ? .double((Double(l.uses) / Double(total) * 1000).rounded() / 1000) : .null)])
            })),
            ("balance", rounded(stats.balance)),
        ])
    }
}
