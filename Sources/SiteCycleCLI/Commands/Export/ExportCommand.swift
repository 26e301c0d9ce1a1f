import SiteCycleKit

extension CommandRegistry {
    static let export = Command(
        name: "export",
        summary: "export as CSV (the app's format), JSON, Nightscout or iCalendar",
        usage: "sitecycle export [--device NAME] [--format csv|json|nightscout|ics] [--from TIME] [--to TIME] [--last Nd] [-o FILE|DIR]",
        details: """
            Writes to standard output (also `-o -` or `-o /dev/stdout`), or to
            FILE, or into DIR as sitecycle-export-YYYY-MM-DD.EXT (today's date in
            the journal's zone). A new file is private (mode 0600); an
            existing one is replaced whole and keeps its mode. A device or FIFO
            given as FILE is written into, never replaced. FILE is never
            followed if it is a symlink, and never the journal, its editor
            copies or its undo history ("that is the journal"): see `sitecycle
            help security`. --from/--to/--last select site changes by start, as in
            `history`. CSV covers one rotation, the pump's unless --device
            names another; the other formats cover every device unless
            --device names one.

            The format is --format, else the extension of FILE (.csv, .json,
            .ics), else csv. A --format that contradicts FILE's extension
            (`--format csv -o sites.json`) is refused, so a file never holds
            what its name says it does not.

            csv         exactly as the SiteCycle app writes it, for a care team or a
                        spreadsheet: date,location,duration_hours,note with the start
                        in UTC (2026-02-07T15:30:00Z), hours to one decimal (empty
                        for the active site), RFC 4180 quoting, oldest first, LF.
                        Another device's rows (--device sensor) carry a last
                        column, device: the app skips it, `import` reads it and
                        puts them back in that rotation, never the pump's. In a
                        journal that records why sites ended, those rows add
                        reason and lot columns (`sitecycle help formats`).
                        A `removed` line has no row, so its note cannot go
                        with it: a warning on stderr says how many were left out.
                        The pump's four columns have no reason or lot either:
                        one line on stderr counts those left out.
            json        the whole journal, so that `import` into an empty file
                        rebuilds one with the same meaning:
                        {"format":"sitecycle-journal","version":1,
                         "settings":{"patient","timezone","targetHours",
                          "absorptionThresholdPercent","absorptionMode","strategy",
                          "restHours","graceHours","cgm"},
                         "devices":[{"device","targetHours","graceHours"}],
                         "locations":[{"name","zone","side","bodyPart","enabled",
                          "order","devices","pausedUntil","note"}],
                         "entries":[{"location","start","end","durationHours",
                          "note","device","future"}]}
                        times ISO-8601 with offset; hours to one decimal, as
                        everywhere; location null for `removed`; a location's
                        note is its line's comment (a pause's reason); devices
                        beyond the pump; an entry's device `pump` or a device's
                        name. An entry has the shape of `history --json`,
                        "reason" and "lot" included (null where its line has
                        none).
                        "patient" is there only when the journal has a
                        `patient` line, "cgm" only when it has a `cgm` line
                        (the CGM export's path, relative to the journal's
                        folder, as written; the export itself is not in the
                        JSON). Importing the JSON writes the `cgm` line back
                        into a journal that has none, checked as the line is
                        (a path outside the folder is refused).
            nightscout  an array of careportal treatments (eventType "Site Change",
                        for a sensor "Sensor Change"; other devices have none),
                        created_at in UTC, enteredBy "sitecycle", notes with the
                        location, its reason and lot (`reason: occlusion lot:
                        A1`) and note, location in AndroidAPS wording where it
                        has one, and "sitecycle" with "location", "reason",
                        "lot" and "note" as the journal has them, which import
                        reads back exactly), ready to POST to
                        /api/v1/treatments.
            ics         an iCalendar file: one event per site session and one, with
                        an alarm, for the next change due of each device.
            """,
        options: ExportOptions.specs,
        run: { invocation in
            // Never a part of the journal: an export is a copy people keep.
            invocation.report(partial: false, options: { () throws(CommandError) in try ExportOptions(invocation.arguments) }) {
                options, full, now throws(CommandError) in
                // The period is read in the journal's zone, which every
                // rotation shares.
                let request = ExportService.Request(
                    format: options.format, device: try options.device.name(in: full), deviceNamed: options.device.given != nil,
                    selection: try options.period.selection(invocation, in: full, now: now, throughFuture: true))
                // Written as it is made: a lifetime of calendar events is
                // never held whole (`ICalendar`).
                var export: ExportService.Outcome?
                let name = ExportService.fileName(request, from: full, now: now)
                let written = try invocation.writeOutput(to: options.output.path ?? "-", fileInFolder: name) {
                    (sink: (String) throws(FileError) -> Void) throws(FileError) in
                    export = try ExportService.export(request, from: full, now: now, into: sink)
                }
                if let export, export.notesLeftOut > 0 {
                    let n = export.notesLeftOut
                    invocation.warn("\(n) note\(n == 1 ? "" : "s") of `removed` lines left out: CSV has a row per site "
                                    + "only", help: "`--format json` keeps \(n == 1 ? "it" : "them")")
                }
                if let export, export.reasonsLeftOut + export.lotsLeftOut > 0 {
                    // One line: what the app's four columns lost, and where it is kept.
                    let dropped = [(export.reasonsLeftOut, "reason"), (export.lotsLeftOut, "lot")].filter { $0.0 > 0 }
                        .map { counted($0.0, $0.1) }.joined(separator: ", ")
                    invocation.warn("CSV drops \(dropped): `--format json` keeps them")
                }
                guard let path = written, let export else { return }
                let rows = export.siteChanges
                invocation.out("Wrote \(rows) site change\(rows == 1 ? "" : "s") to \(path.terminalSafe).\n")
            }
        })
}
