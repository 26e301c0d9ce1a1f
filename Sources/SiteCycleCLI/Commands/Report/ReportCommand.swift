import SiteCycleKit

extension CommandRegistry {
    static let report = Command(
        name: "report",
        summary: "one HTML page for the clinic: map, charts, table, notes",
        usage: "sitecycle report [--device NAME] [--patient NAME | --no-patient] [--cgm FILE] [--cgm-zone ZONE] [--date-order dmy|mdy] [--from TIME] [--to TIME] [--last Nd] [-o FILE|DIR]",
        details: """
            Writes one self-contained HTML file to show a care team: no scripts,
            no fonts, nothing fetched from the network, so it opens from a USB
            stick in any browser, and the browser's Print → PDF gives clean A4
            or Letter pages, one section per page. Dark mode follows the
            system's.

            Sections: the period, when it was generated, the time zone and the
            journal's file name; the site in now, its hours and when it is due;
            a body map (front and back) with each known place shaded by uses in
            the period and labelled with uses and mean hours (a paused site has
            a double ring, a resting one a dashed ring, as ‖ and ◌ in `map`),
            and the locations with no known place listed beside it (see `help
            map`); the usage distribution with the equal share and the
            balance; a calendar of the period, one cell per day, coloured and
            lettered by location; the per-site table of `stats` with the
            absorption flag and a line on any session left out as a change
            logged twice; the notes written in the period. Every chart has a
            title and a description, and its numbers are also in a table.

            The period is whole days in the journal's zone: the last 90 days
            up to --to (default now), as --last 90d counts them (that day and
            the 89 before it, from midnight, also across a DST change), unless
            --from or --last say otherwise (site changes are selected by start,
            as in `stats`). A last day that is today runs through now: the
            header shows dates alone ("2026-10-22 to 2026-11-20"), and the time
            is the one beside "Generated"; a --from or --to given with a time
            of day is shown with it.
            Without -o the page goes to standard output; -o DIR writes
            DIR/sitecycle-report-YYYY-MM-DD.html (today in the journal's
            zone). A new file is private (mode 0600); an existing one keeps its
            mode. A symlink is never followed, and the journal is never
            written over ("that is the journal"; `sitecycle help security`).

            --cgm FILE (a Dexcom Clarity or LibreView CSV, or Nightscout's
            entries.json; --cgm-zone and --date-order as in `help outcomes`)
            adds, after the pump's per-site table, its sites by time in range
            and a small chart of time in range by day of wear (day 1, 2, 3,
            4+), over the report's period: the figures of `outcomes`. The
            export is only read; rows of it that could not be read are left
            out and counted on stderr, with their lines, as `outcomes` says
            it. It still prints on two pages for the pump. A report without
            the pump (--device sensor) has no glucose: --cgm then says so on
            stderr, and the export is not read.

            With devices (a pump and a CGM sensor), each device has its own
            map, distribution, calendar and per-site table with its own overall
            line: pump and sensor figures are never averaged together. The
            notes say which device each is from. --device NAME reports on one.
            A device besides the pump that wore no site in the period (a
            backup) has no section.
            "Rested" is the one figure of every view: days since any device
            last left the site (`help devices`).

            --json prints {"period":{"from","to"},"devices":[{"device",
            "stats":{…}}]}, each device's stats as `stats --json` gives them;
            with --cgm, "glucose" too, as `outcomes --json --by wear-day`
            gives it for the pump over the period. With -o the JSON is written
            as the page is (DIR/sitecycle-report-YYYY-MM-DD.json); a file named
            .html takes only the page and one named .json only the figures.

            The header names the patient when the journal has a `patient NAME`
            line (`help journal`); --patient NAME prints another name for one
            run (`report --patient "Ada Lovelace" -o /tmp`), and --no-patient
            none, for a page shared without a name. --json has no name.

            To print it: open the file in a browser and print (Ctrl-P) to
            paper or PDF; one device fits two A4 or Letter pages, two devices
            three. Headless, without the print date and file path on each
            page:
              chromium --headless --no-pdf-header-footer --print-to-pdf=r.pdf r.html

            Example: sitecycle -f examples/realistic.journal report -o /tmp
            """,
        options: ReportOptions.specs,
        reportsJSON: true,
        run: { invocation in
            invocation.report(options: { () throws(CommandError) in try ReportOptions(invocation.arguments) }) {
                options, journal, now throws(CommandError) in
                let selection = try options.period.selection(invocation, in: journal, now: now)
                guard let period = ClinicReport.Period(selection, zone: journal.zone) else {
                    throw CommandError("--from is after now: the period would be empty", usage: true)
                }
                // Every device unless --device names one.
                let device = options.device.given == nil ? nil : try options.device.name(in: journal)
                // Glucose goes with the pump's part: without one, --cgm is
                // said to have done nothing rather than silently dropped.
                let glucose = ClinicReport.devices(journal, device: device).contains(Device.pumpName)
                    ? try options.glucose(for: journal, invocation) : nil
                if !options.cgm.files.isEmpty && glucose == nil {
                    invocation.warn("--cgm: glucose goes with the pump's part of the report, and this one has none ("
                                    + (device.map { "--device \($0)" } ?? "no pump in the journal")
                                    + "); the export was not read")
                }
                // -o takes the JSON as it takes the page: a figure asked
                // for a file never lands on standard output instead.
                let text = invocation.json
                    ? reportJSON(journal, device: device, period: period, now: now,
                                 glucose: glucose,
                                 zone: try options.cgm.zone(for: journal)).rendered()
                    : ClinicReport.html(journal, device: device, period: period, now: now,
                                        glucose: glucose, patient: options.patient(for: journal))
                guard let output = options.output.path else {
                    invocation.out(text)
                    return
                }
                let name = ClinicReport.folderFileName(journal, now: now, json: invocation.json)
                guard let path = try invocation.writeOutput(text, to: output, fileInFolder: name) else { return }
                invocation.out("Wrote the report\(invocation.json ? "'s figures" : "") to \(path.terminalSafe).\n")
            }
        })
}
