/// The clinic report's tables: the per-site figures with the absorption
/// flag, the sites that ended early and why, and the notes of the period.
extension ClinicReport {
    /// The sites the verdict flags (`SiteVerdict`), each with its evidence
    /// from its recent sets; nothing when none is.
    static func flaggedSection(_ verdict: SiteVerdict, _ d: Part = .whole) -> String {
        let flagged = verdict.flagged
        guard !flagged.isEmpty else { return "" }
        var s = "<section id=\"flagged\(d.suffix)\">\n<h2>\(d.heading)Flagged sites</h2>\n"
        s += "<p>Recommended only after every other free site (the last \(SiteVerdict.recentSets) sets at a site or "
            + "its last \(SiteVerdict.recentDays) days, whichever covers more).</p>\n<ul>\n"
        for site in flagged {
            s += "<li><strong>\(escape(site.location.name))</strong>: "
                + escape(site.flags.map(VerdictText.long).joined(separator: "; ")) + "</li>\n"
        }
        return s + "</ul>\n</section>\n\n"
    }

    static func tableSection(_ stats: Statistics, body: Occupancy, _ d: Part = .whole, endings: EarlyEndings? = nil,
                             journal: Journal? = nil) -> String {
        let total = stats.locations.map(\.uses).reduce(0, +)
        var s = """
            <section id="sites\(d.suffix)" class="page">
            <h2>\(d.heading)Per-site figures</h2>
            <table class="sites">
            <thead><tr><th scope="col">Location</th><th scope="col">Uses</th><th scope="col">Share</th><th scope="col">Mean h</th><th scope="col">Median h</th><th scope="col">Min h</th><th scope="col">Max h</th><th scope="col">Last used</th><th scope="col">Rested (days)</th><th scope="col">Absorption</th></tr></thead>
            <tbody>

            """
        for l in stats.locations {
            let share = total > 0 ? formatShare(Double(l.uses) / Double(total)) : "–"
            let last = l.lastUse.map { String(displayStart($0).prefix(10)) } ?? "never"
            // The body's figure (`Occupancy`), the same as recommend's and the map's.
            let site = body.site(l.location.name)
            let rested = l.daysSinceLastUse.map(String.init) ?? (site?.isOccupied == true ? "in use" : "–")
            let insight = l.absorption.flatMap { StatisticsText.absorption($0, endings: endings?.tally(of: l.location)) }
            let flag = l.absorption?.flagged == true ? "<strong>Flagged.</strong> " + escape(insight ?? "") : "–"
            s += "<tr><td>\(escape(l.location.name))\(l.location.isEnabled ? "" : " (disabled)")</td><td class=\"n\">\(l.uses)</td><td class=\"n\">\(share)</td>"
                + "<td class=\"n\">\(hours(l.average))</td><td class=\"n\">\(hours(l.median))</td><td class=\"n\">\(hours(l.shortest))</td>"
                + "<td class=\"n\">\(hours(l.longest))</td><td>\(last)</td>"
                + "<td class=\"n\" data-rested=\"\(escape(l.location.name))\">\(rested)</td><td class=\"absorption\">\(flag)</td></tr>\n"
        }
        let o = stats.overall
        s += "</tbody>\n</table>\n<p>Overall: \(counted(o.changes, "site change")), \(counted(o.completed, "completed session")), mean \(hours(o.averageHours)) h, median \(hours(o.medianHours)) h. "
        s += "Absorption is judged only for sites with \(Statistics.absorptionMinimumSessions) or more completed sessions; a site is flagged when its \(stats.robust ? "median" : "mean") is more than \(SettingValues.formatPercent(stats.thresholdPercent)) below the overall one\(stats.referenceHours.map { " (\(hours($0)) h)" } ?? "")"
        // Two means, each said for what it counts (issue 31 item 9).
        if o.endedByRemoval > 0, stats.referenceHours != nil {
            s += ", which leaves out the \(counted(o.endedByRemoval, "session")) ended by `removed` (a break); the mean above counts every completed session"
        }
        s += ".</p>\n"
        // What `stats` says of a change logged twice, said here too.
        if let repeated = StatisticsText.repeatedChanges(o) { s += "<p>\(escape(repeated)).</p>\n" }
        s += endedEarlySection(stats, endings: endings, journal: journal)
        s += "</section>\n\n"
        return s
    }

    /// The most rows the ended-early table shows: it shares the per-site
    /// page, and the report keeps to its page budget.
    static let endedEarlyRows = 6

    /// The sites that ended early (before the target, with a reason) and
    /// why, most first: a short table under the per-site one. Nothing when
    /// the journal records no reasons.
    static func endedEarlySection(_ stats: Statistics, endings: EarlyEndings?, journal: Journal? = nil) -> String {
        guard let endings else { return "" }
        let rows = stats.locations.map { ($0.location, endings.tally(of: $0.location)) }.filter { $0.1.endedEarly > 0 }
            .sorted { $0.1.endedEarly > $1.1.endedEarly }
        guard !rows.isEmpty else { return "<p class=\"early\">No site ended early (before the target, with a reason).</p>\n" }
        var s = "<table class=\"early\">\n<caption>Ended early (before the target, with a reason)</caption>\n"
            + "<thead><tr><th scope=\"col\">Location</th><th scope=\"col\">Ended early</th><th scope=\"col\">Reasons</th>"
            + "<th scope=\"col\">Hours worn, lot</th></tr></thead>\n<tbody>\n"
        for (location, t) in rows.prefix(endedEarlyRows) {
            let reasons = t.sortedReasons.map { "\($0.count) \($0.reason.word)" }.joined(separator: ", ")
            // What a replacement claim asks for, set by set: how long it was
            // worn and its lot (`history --early` has the rest).
            let sets = endings.sessions.filter { $0.locationIndex == UInt16(clamping: location.order) }.map { c in
                "<span>" + hours(c.durationHours) + " h" + (journal?.lot(of: c).map { ", lot " + escape($0) } ?? "") + "</span>"
            }.joined(separator: "<br>")
            s += "<tr><td>\(escape(location.name))</td><td class=\"n\">\(t.endedEarly) of \(t.completed)</td><td>\(reasons)</td>"
                + "<td class=\"worn\">\(sets)</td></tr>\n"
        }
        s += "</tbody>\n</table>\n"
        if rows.count > endedEarlyRows {
            s += "<p class=\"early\">\(rows.count - endedEarlyRows) more sites ended early.</p>\n"
        }
        return s
    }

    static func notesSection(_ journal: Journal, include: (SiteChange) -> Bool) -> String {
        let noted = journal.changes.filter { include($0) && $0.hasNote }
        var s = "<section id=\"notes\" class=\"page\">\n<h2>Notes</h2>\n"
        guard !noted.isEmpty else { return s + "<p>No notes in this period.</p>\n</section>\n" }
        let devices = journal.hasDevices
        s += "<table class=\"notes\">\n<thead><tr><th scope=\"col\">Date</th>"
            + (devices ? "<th scope=\"col\">Device</th>" : "") + "<th scope=\"col\">Site</th><th scope=\"col\">Note</th></tr></thead>\n<tbody>\n"
        for c in noted {
            s += "<tr><td>\(escape(displayStart(c)))</td>"
                + (devices ? "<td>\(escape(journal.deviceNames[Int(c.device)]))</td>" : "")
                + "<td>\(escape(journal.name(of: c) ?? "removed"))</td><td class=\"note\">\(escape(journal.note(of: c) ?? ""))</td></tr>\n"
        }
        return s + "</tbody>\n</table>\n</section>\n"
    }

    static let style = """

        :root { color-scheme: light dark; --fg: #111; --bg: #fff; --muted: #555; --body: #eee; --line: #999; --bar: #2171b5; }
        @media (prefers-color-scheme: dark) { :root { --fg: #eee; --bg: #181818; --muted: #bbb; --body: #333; --line: #777; --bar: #6baed6; } }
        body { font-family: system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 2em auto; max-width: 60em; padding: 0 1em; line-height: 1.4; }
        h1 { margin-bottom: 0.2em; } h2 { border-bottom: 1px solid var(--line); padding-bottom: 0.2em; }
        dl { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; }
        dt { font-weight: bold; } dd { margin: 0; }
        table { border-collapse: collapse; margin: 0.5em 0; }
        th, td { border: 1px solid var(--line); padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        svg { width: 100%; height: auto; font-size: 13px; fill: var(--fg); }
        svg text { fill: var(--fg); }
        .body { fill: var(--body); stroke: var(--line); stroke-width: 1.5; }
        .site circle { stroke: var(--fg); stroke-width: 1.2; }
        .site .level0 { stroke-dasharray: 3 2; }
        .site .resting { fill: none; stroke-dasharray: 2 3; stroke-width: 2; }
        .site .paused { fill: none; stroke-width: 1.5; }
        svg text.key { font-weight: bold; fill: #111; } svg text.key.light { fill: #fff; }
        svg.bodymap { font-size: 16px; } svg text.label { font-size: 15px; }
        svg text.view { font-weight: bold; font-size: 17px; }
        svg text.small { font-size: 11px; }
        svg text.cellkey { font-size: 12px; font-weight: bold; fill: #111; }
        .bar { fill: var(--bar); } .equal { stroke: var(--fg); stroke-width: 1.5; stroke-dasharray: 5 3; }
        .empty { fill: none; stroke: var(--line); stroke-dasharray: 2 2; }
        .calendar { max-width: 24em; } svg.wear { max-width: 18em; }
        .mapwrap { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
        .figure { flex: 3 1 28em; } .side { flex: 1 1 14em; }
        .swatch { display: inline-block; width: 1em; height: 1em; border: 1px solid var(--line); vertical-align: middle; margin: 0 0.25em; }
        ul.legend { columns: 2; list-style: none; padding: 0; }
        * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        td, th, dd, li, text { white-space: nowrap; }
        td.note { white-space: pre-line; }  /* a note's own line breaks, as written */
        table.key td.now { white-space: normal; } .date { white-space: nowrap; }  /* "Now" wraps between words */
        td.absorption { white-space: normal; min-width: 12em; }  /* the insight wraps, never clipped */
        h2 { break-after: avoid; }
        @page { margin: 12mm; }
        @media print {
          :root { --fg: #111; --bg: #fff; --muted: #555; --body: #eee; --line: #999; --bar: #2171b5; }
          body { margin: 0; max-width: none; font-size: 8.5pt; line-height: 1.25; }
          h1 { font-size: 15pt; margin: 0 0 0.2em; } h2 { font-size: 11pt; margin: 0.6em 0 0.3em; }
          header dl { grid-template-columns: repeat(4, max-content auto); }
          section.device { break-before: page; }
          table, svg, li, p { break-inside: avoid; }
          tr { break-inside: avoid; }
          th, td { padding: 0.05em 0.35em; }
          .mapwrap { flex-wrap: nowrap; gap: 1em; }
          /* The key beside the map fits A4 and Letter portrait, never cut. */
          .figure { flex: 0 0 54%; } .side { flex: 1 1 auto; min-width: 0; }
          table.key { font-size: 92%; } table.key th { white-space: normal; }
          svg.bodymap { max-height: 7.5cm; }
          svg.bars { max-height: 6cm; } svg.wear { max-height: 3.2cm; }
          .calendar { max-width: 13em; float: left; margin-right: 1.5em; }
          ul.legend { columns: 3; margin: 0.3em 0; }
          section.page { clear: both; }
        }

        """
}
