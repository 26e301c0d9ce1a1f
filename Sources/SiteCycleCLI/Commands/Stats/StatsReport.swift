import SiteCycleKit

/// What `stats` shows, and `report --json` per device (`StatsJSON`).
struct StatsReport {
    let style: RenderStyle
    let stats: Statistics
    /// Which sites ended early and why; nil when the journal records no
    /// reason or lot, and then nothing about them is shown.
    var endings: EarlyEndings? = nil
    /// Today's verdict of each site (`SiteVerdict`): which are flagged,
    /// and why. The figures above are the period's; the flags are not
    /// computed here.
    var verdict: SiteVerdict? = nil

    /// What `stats` and the report show for a rotation: its statistics,
    /// and its early endings when the journal records any.
    init(style: RenderStyle, stats: Statistics, endings: EarlyEndings? = nil, verdict: SiteVerdict? = nil) {
        self.style = style
        self.stats = stats
        self.endings = endings
        self.verdict = verdict
    }

    /// Whether the verdict flags a site (without one: the period's
    /// absorption insight, as before verdicts).
    func isFlagged(_ l: Statistics.PerLocation) -> Bool {
        verdict.map { $0.isFlagged(l.location.name) } ?? (l.absorption?.flagged == true)
    }

    /// The duration flag of a site: the verdict's, else the period's.
    func durationFlagged(_ l: Statistics.PerLocation) -> Bool {
        guard let verdict else { return l.absorption?.flagged ?? false }
        return verdict.flags(of: l.location.name).contains { $0.kind == .duration }
    }

    /// The absorption insight for a flagged site, with the reasons its
    /// sessions ended early when there are any ("3 of 5 ended early: 2
    /// occlusion, 1 high-glucose").
    func insight(_ l: Statistics.PerLocation) -> String? {
        l.absorption.flatMap { StatisticsText.absorption($0, endings: endings?.tally(of: l.location)) }
    }

    func hours(_ value: Double?) -> String { value.map(formatHours) ?? "-" }

    func text() -> String {
        overall() + "\n\n" + locationTable() + "\n" + absorption() + "\n" + distribution() + "\n" + balance()
    }

    /// Changes, completed sessions, mean and median; what was set aside or
    /// counted on top.
    func overall() -> String {
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
        if let repeated = StatisticsText.repeatedChanges(o) { out += "\n" + TextWrap.wrap(repeated + checkWarns(o) + ".") }
        return out
    }

    /// Where `check` has a warning for those repeats: only at the ones 15
    /// minutes or less apart (a probable duplicate), so a longer repeat
    /// does not send anyone to a `check` that says nothing.
    func checkWarns(_ o: Statistics.Summary) -> String {
        let n = o.repeatedChanges, warned = o.probableDuplicates
        if warned == 0 { return "" }
        if warned == n { return "; `sitecycle check` warns at \(n == 1 ? "it" : "each")" }
        return "; `sitecycle check` warns at the \(warned) within \(SiteChange.probableDuplicateSeconds / 60) minutes"
    }

    /// One row per location, the header in bold.
    func locationTable() -> String {
        // "Rested" over "days" (the report's "Rested (days)"): the word
        // above may reach into the gap before the column, to fit 80 columns.
        var rows = [["Location", "Uses", "Mean", "Median", "Min", "Max", "Last used", "days"]]
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
        let header = String(lines[0])
        // The days column ends after the eight columns and their gaps.
        let daysEnd = (0..<8).map { c in rows.map { $0[c].count }.max() ?? 0 }.reduce(0, +) + 2 * 7
        let above = String(repeating: " ", count: max(0, daysEnd - 6)) + "Rested"
        return style.text.bold(above) + "\n" + style.text.bold(header) + "\n" + lines.dropFirst().joined(separator: "\n")
    }

    /// What a site is compared against, which sessions count, and the
    /// flagged sites.
    func absorption() -> String {
        let measure = stats.robust ? "median" : "mean"
        // The figure every site is compared against, when there is one.
        let reference = stats.referenceHours.map { "the overall \(measure) of \(formatHours($0)) h" } ?? "overall"
        var out = style.text.bold("Absorption") + " (flagged: \(measure) more than "
            + "\(SettingValues.formatPercent(stats.thresholdPercent)) below \(reference))\n"
        for line in TextWrap.lines(absorptionBasis(), width: 78, start: 2, indent: "  ") { out += "  " + line + "\n" }
        return out + flaggedSites() + endedEarly()
    }

    /// The sites that ended early, not flagged above, with their reasons;
    /// nothing when the journal records no reason.
    func endedEarly() -> String {
        guard let endings else { return "" }
        let rows = stats.locations.filter { !isFlagged($0) && endings.tally(of: $0.location).endedEarly > 0 }
        guard !rows.isEmpty else { return "" }
        var out = "  Ended early (before the target, with a reason):\n"
        for l in rows {
            let text = l.location.name + ": " + StatisticsText.endedEarly(endings.tally(of: l.location))!
            for line in TextWrap.lines(text, width: 78, start: 4, indent: "      ") { out += "    " + line + "\n" }
        }
        return out
    }

    /// Which sites are judged, and which sessions are left out.
    func absorptionBasis() -> String {
        var basis = "Only sites with \(Statistics.absorptionMinimumSessions) or more completed sessions are judged."
        let n = stats.overall.endedByRemoval
        if n > 0 {
            basis += " \(n) session\(n == 1 ? "" : "s") ended by `removed` (a break, not a failed site) "
                + "\(n == 1 ? "is" : "are") left out of the comparison"
                // Two figures, each said for what it counts (issue 31 item 9).
                + (stats.robust ? "." : ", so the overall mean compared against is not the average above, which "
                    + "counts every completed session.")
        }
        return basis
    }

    /// Each flagged site and why, or that none stands out.
    func flaggedSites() -> String {
        let flagged = stats.locations.filter(isFlagged)
        guard !flagged.isEmpty else { return "  No site stands out.\n" }
        let mark = style.warningSign
        var out = ""
        for l in flagged {
            out += style.text.yellow("  \(mark) \(l.location.name)") + "\n"
            for line in TextWrap.lines(why(l), width: 78, start: 4, indent: "    ") {
                out += "    " + line + "\n"
            }
        }
        return out
    }

    /// Why a flagged site is, from its recent sets: the absorption
    /// insight (naming why its sets ended early) when its duration is
    /// flagged, and the verdict's other evidence ("3 of 3 ended early (2
    /// occlusion).").
    func why(_ l: Statistics.PerLocation) -> String {
        guard let verdict, let site = verdict.site(named: l.location.name) else { return insight(l) ?? "" }
        let duration = site.flags.lazy.compactMap { flag -> Statistics.Absorption? in
            if case .duration(let a) = flag { return a } else { return nil }
        }.first
        var parts = duration.flatMap { StatisticsText.absorption($0, endings: site.endings) }.map { [$0] } ?? []
        for flag in site.flags where flag.kind != .duration && (duration == nil || flag.kind != .early) {
            let text = VerdictText.long(flag)
            parts.append(text.prefix(1).uppercased() + text.dropFirst() + ".")
        }
        return parts.joined(separator: " ")
    }
}
