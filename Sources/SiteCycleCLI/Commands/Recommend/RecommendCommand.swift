import SiteCycleKit

extension CommandRegistry {
    static let recommend = Command(
        name: "recommend",
        aliases: ["next"],
        summary: "where to put the next site: avoid, recommended, all",
        usage: "sitecycle recommend [--device NAME] [--strategy by-site|by-body-part|cooldown] [--cooldown N] [--cgm FILE]",
        details: """
            Avoid: the 3 most recently used enabled locations, newest first, but
            never all of them: with N locations for the device, Avoid holds at
            most N - 1, so the one rested longest (two arms: the other arm) is
            always recommended unless it is resting, paused or worn by another
            device, and then Recommended says why. The site the device is on
            now is its newest use, first in Avoid even beside another device's
            newer site, and never its own next site.
            Recommended: 3 of the rest, best first (never used before any used).
            All: every enabled location alphabetically, with its last use and tag.
            The lists never overlap; with fewer than 6 locations they shrink.

            Flagged sites: a site whose recent sets speak against it comes after
            every unflagged site that is free and rested; it is recommended only
            when too few others are left, and always with its flag under its row
            ("⚠ 3 of 3 ended early (2 occlusion)"). Recent: the last 5 completed
            sets at the site or those of the last 180 days, whichever covers
            more, so a site that has healed is not held against for ever. It is
            flagged when at least 2 of its recent sets ended early (before the
            target, with a `reason:`) and at least half of them did; when its
            recent sets last more than `absorption-threshold` less than every
            site's (the absorption insight of `stats`); when a CGM export shows
            its time in range 10 points or more below the whole period's (the
            flag of `outcomes`); or when the CGM saw sets there end in
            prolonged high glucose (`sitecycle help outcomes`). The export is the
            journal's `cgm PATH` line, or --cgm FILE for one run; one that
            cannot be read is a warning, and the advice reads the journal
            alone. Its readings are read once per version of the file and kept
            in $XDG_STATE_HOME/sitecycle/cgm/ (one private file per export, known
            by its size, times and inode); the figures are taken from them
            afresh each run, so an edited journal is never advised on from old
            figures. status's Next, remind, the picker,
            completion, log, stats, map, report and the editor's hover read the
            same verdict. --json rows carry "flags":[{"kind":"early"|
            "duration"|"glucose"|"failures","text"}], [] when none.

            Strategies (as in the SiteCycle app; default from the journal's
            `strategy`, else by-site):
              by-site       the least recently used sites, never used first
                            (ties in header order), oldest first.
              by-body-part  groups sites by body part and side (the zone's last
                            word: Left Abdomen holds Left Front and Left Side
                            Abdomen); walks the groups never used first, then
                            oldest, taking from each its longest-rested site not
                            in Avoid. At most one site per group, so it may list
                            fewer than 3.
              cooldown      the body parts (with side) of the last N site
                            changes are hot; cool sites first (never used, then
                            oldest), hot ones after. N is --cooldown (default 2,
                            clamped to 1–10); --cooldown alone picks this strategy.

            --json prints {"strategy","avoid":[{"location","lastUsed"}],
            "recommended":[…],"noneBecause","all":[{"location","lastUsed",
            "tag"}]}, lastUsed as ISO-8601 with offset or null, tag "avoid",
            "recommended" or null. noneBecause: when nothing is recommended,
            why, as the text says it after "(none:"; else null.

            With devices (`sitecycle help devices`), it lists the locations for
            --device (default pump). Recency counts every device's use. A site
            is resting until `rest` has passed since its last session ended,
            paused until its `paused until` date, occupied while another device
            is in it; none is recommended, and when fewer than 3 qualify,
            Recommended says why. Such a site says so where the days rested
            would be: "in use (sensor)", "resting until 2026-12-15", "paused
            until 2026-12-10" (in Avoid too), so every row fits 80 columns. In
            JSON, such a site in "all" carries "hold" ("resting" or "paused")
            and "until", an ISO time.

            Where the numbers come from (not medical advice; your labeling and
            care team come first): infusion sets 2-3 days, FDA labeling for
            insulin infusion sets and the ADA Standards of Care; CGM sensors
            10 days (Dexcom G7 user guide) or 14 days (FreeStyle Libre
            labeling); a sensor at least 3 in / 7.5 cm from an infusion set
            (Dexcom G7 user guide), at least 5 cm (Medtronic sensor user
            guide); a lumpy or hard site rests about a month (Medtronic).
            """,
        options: RecommendOptions.specs,
        reportsJSON: true,
        run: { invocation in
            invocation.report(options: { () throws(CommandError) in try RecommendOptions(invocation.arguments) }) {
                options, journal, now throws(CommandError) in
                let strategy = options.strategy(default: journal.settings.strategy)
                let device = try options.device.name(in: journal)
                let verdict = options.glucose.verdict(journal, device: device, now: now, invocation)
                let recommendation = Recommender.recommend(journal, device: device, strategy: strategy, verdict: verdict,
                                                           now: now)
                let report = RecommendReport(style: invocation.renderStyle, zone: journal.zone, now: now, device: device)
                invocation.out(invocation.json ? report.json(recommendation).rendered() : report.text(recommendation))
            }
        })
}
