import SiteCycleKit

extension CommandRegistry {
    static let stats = Command(
        name: "stats",
        summary: "durations per site, absorption insight, usage and balance",
        usage: "sitecycle stats [--device NAME] [--from TIME] [--to TIME] [--last Nd] [--robust|--mean] [--cgm FILE]",
        details: """
            For each enabled location, in header order (and each disabled one
            used in the range, marked "disabled" as in the journal): uses (the
            active site counts), mean, median (even count: mean of the two
            middle values), min and max hours of completed sessions, last use
            and days since (all-time, calendar days in the journal's zone).
            Overall: site changes, completed sessions, mean and median over
            every row.
            --from/--to/--last select site changes by start; --last 30d is the
            last 30 whole days (today and the 29 before it, from midnight), the
            days `report --last 30d` covers. Sessions over 3× the target (a
            change never logged?) are counted on top.

            Absorption insight: a location whose mean is more than the
            `absorption-threshold` (default 20%) below the overall mean is
            flagged — "Average duration at this site is N% below your overall
            average of H h. This may indicate absorption issues." Exactly at the
            threshold is not flagged; N is rounded half away from zero. Only
            sites with 3 or more completed sessions are judged, and a session
            ended by `removed` (a planned break) is left out of the comparison
            on both sides; the report says how many were, and prints the
            overall figure compared against ("comparedHours" in JSON).

            --robust (or `absorption-mode robust` in the header; --mean undoes
            it) is the SiteCycle app's later refinement: sessions under 12 h are
            set aside as failed insertions and, with 4 or more left, those below
            Q1 − 1.5·IQR (Q1 = s[n/4], Q3 = s[3n/4] of all the sorted hours);
            medians are compared instead of means, and each location says how
            many of its sessions were set aside (they add up to the total).

            Usage distribution: a bar per enabled location with its count and
            share; `|` marks the equal share. Rotation balance =
            100 · H / ln k, where H = −Σ pᵢ·ln pᵢ over the k enabled locations'
            shares pᵢ: 100 for perfectly even use, 0 for every use on one;
            shown rounded down, so only even use reads 100.

            A session shorter than 1 h that ends in a change at the same location
            is that change logged twice (two computers, a retry): it is left out
            of every figure (neither a use nor a session), and stats and the
            report say how many ("repeatedChanges"). `check` warns only at
            those 15 minutes or less apart (a probable duplicate), so the line
            names `check` only when it has a warning to show.

            --json prints {"overall":{"changes","completed","averageHours",
            "medianHours","longSessions","endedByRemoval","comparedHours",
            "repeatedChanges"},
            "locations":[{"location","enabled","uses","averageHours",
            "medianHours","minHours","maxHours","lastUsed","daysSinceLastUse",
            "excluded","absorption":{"flagged","percentBelow","comparedHours",
            "message"}}],
            "distribution":[{"location","uses","share"}],"balance"} with
            nulls where a value does not exist. "percentBelow" has the digits
            the text shows (20.1 where it says "20.1% below").

            Flagged sites are today's verdict (`sitecycle help recommend`): from
            each site's recent sets (its last 5, or those of the last 180 days,
            whichever covers more), whatever period the figures cover; the
            absorption insight, then the other evidence ("3 of 3 ended early
            (2 occlusion, 1 pain)."). In JSON each location adds "flags":
            [{"kind","text"}] as `recommend --json` gives them, and
            "absorption" "flagged" is the verdict's duration flag.

            Ended early: a session that ended before its device's target with
            a reason (`reason:` on its line, see `sitecycle help journal`).
            In --json, "overall" and each location have "endedEarly": N and
            "reasons": {"occlusion": 2, …} (the reasons of those sessions,
            most frequent first, adding up to N; 0 and {} in a journal without
            reasons); a flagged site's insight names them ("3 of 5 ended early: 2
            occlusion, 1 high-glucose"), and the other sites that ended early
            are listed under the flagged ones. The text of a journal without
            reasons shows exactly what it showed before.
            """,
        options: StatsOptions.specs,
        reportsJSON: true,
        run: { invocation in
            invocation.report(options: { () throws(CommandError) in try StatsOptions(invocation.arguments) }) {
                options, full, now throws(CommandError) in
                let journal = try options.device.rotation(full)
                let selection = try options.period.selection(invocation, in: journal, now: now)
                let stats = Statistics.compute(journal, selection: selection, now: now, robust: options.robust,
                                               body: Occupancy.compute(full, now: now))
                let endings = journal.recordsEndings ? EarlyEndings.compute(journal, selection: selection, now: now) : nil
                let device = try options.device.name(in: full)
                let verdict = options.glucose.verdict(full, device: device, now: now, invocation)
                    ?? SiteVerdict.compute(full, device: device, now: now)
                let report = StatsReport(style: invocation.renderStyle, stats: stats, endings: endings, verdict: verdict)
                invocation.out(invocation.json ? report.json().rendered()
                               : (options.device.heading(in: full, style: invocation.renderStyle) ?? "") + report.text())
            }
        })
}
