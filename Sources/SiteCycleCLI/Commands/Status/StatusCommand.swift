import SiteCycleKit

extension CommandRegistry {
    static let status = Command(
        name: "status",
        summary: "the site in now, how long, when it is due, where next",
        usage: "sitecycle status [--device NAME] [--check|--short] [--within HOURS] [--cgm FILE]",
        details: """
            Shows the active site, when it went in, the hours since (real hours,
            DST-correct), a bar towards the target, the state, when the change
            is due, the site's note, and the top recommendation: never a site
            flagged by its recent sets while another is free (`sitecycle help
            recommend`; with --cgm FILE or the journal's `cgm` line, by its
            glucose too; an export that cannot be read is a warning). States: ok
            below 80 % of the target, due-soon from 80 % to 100 %, grace past
            the target while the device's grace lasts (`device sensor 10d
            grace 12h`: "in grace, 3.0 h left"), overdue beyond it; more than
            48 h overdue reads in days ("overdue by 3 days 4 h"). The bar is
            full only at or past the target.

            --check prints one line per device and exits 0 when no site is
            active or every site is below its target, and 3 when one is due:
            at or past its target, in grace or overdue alike (the line says
            which) — for cron, shell prompts and notifiers. With --within
            HOURS it also exits 3 when a target is at most HOURS away. 1 is a
            journal error, 2 a usage error.

            --short prints one line for a shell prompt, tmux or a status bar:
            `L Front Abdomen 53h/72h`, `L Front Abdomen due in 9h`, `L Front
            Abdomen overdue 5h`, `L Back Arm in grace 3h` (every device,
            joined by ` · `, or ` | ` outside a UTF-8 locale), with the exit
            status of --check. Under an hour either way reads in minutes (`due
            in 29 min`, `overdue 12 min`). Its whole hours are the full
            report's tenths rounded (17.0 h is 17h), days whole days worn.

            A device besides the pump with no site now and none in the last
            30 days (a backup) is quiet: one line in the report ("Libre: no
            site since …; quiet until you log one."), nothing in --short.
            --device NAME shows it whole; --check and --json show it as ever.

            --json prints one shape, with or without devices: {"device",
            "active","next","nextFlags","noneBecause","devices":[…]}, where
            each of "devices" (every device, the pump first, or the --device
            one) is {"device","active":{"location","start","elapsedHours",
            "targetHours","progress","due","state"}|null,"next":LOCATION|null,
            "nextFlags","noneBecause"}, and the top level repeats the first of
            them, as older scripts read it. nextFlags: the next site's flags,
            the very objects of its `recommend --json` row ([{"kind":"early"|
            "duration"|"glucose"|"failures","text"}]); [] when it has none or
            there is no next site, so a script need not know. A flagged site is
            next only when no unflagged one is free and rested. noneBecause:
            with no next site, why (as "Next: none now (…)" says it, and
            `recommend --json`); else null.
            state is ok, due-soon, grace or overdue; a device with a grace
            adds "graceHours" and "overdueAt" to "active".
            """,
        options: StatusOptions.specs,
        reportsJSON: true,
        run: { invocation in
            var exitCode = ExitCode.ok
            let result = invocation.report(options: { () throws(CommandError) in try StatusOptions(invocation.arguments) }) {
                options, journal, now throws(CommandError) in
                // Every device, the pump first, unless --device asks for one.
                let names = journal.hasDevices && options.device.given == nil
                    ? journal.deviceNames : [try options.device.name(in: journal)]
                // The export is read once; each device's verdict from it.
                let export = options.glucose.export(journal, invocation)
                let devices = names.map { device in
                    // Recommendations see the whole journal: recency and
                    // occupied sites span devices.
                    var d = DeviceStatus(journal, device: device, now: now, dueWithin: options.within,
                                         next: Recommender.recommend(journal, device: device,
                                                                     verdict: export.map { options.glucose.verdict(journal, device: device, now: now, export: $0) },
                                                                     now: now))
                    // A backup not worn lately, unless asked for by name.
                    if options.device.given == nil, journal.isQuiet(device, now: now) {
                        d.quiet = true
                        d.lastEnd = journal.lastSiteEnd(of: device, now: now)
                    }
                    return d
                }
                let render = DeviceStatusList(style: invocation.renderStyle, now: now, devices: devices)
                invocation.out(invocation.json ? render.json().rendered() : render.text(options.mode))
                if options.mode != .full && devices.contains(where: \.due) { exitCode = ExitCode.due }
            }
            return result == ExitCode.ok ? exitCode : result
        })
}
