import SiteCycleKit

extension CommandRegistry {
    static let export = Command(
        name: "export",
        summary: "export as CSV (the app's format), JSON, Nightscout or iCalendar",
        usage: "sitecycle export [--format csv|json|nightscout|ics] [--from TIME] [--to TIME] [--last Nd] [-o FILE|DIR]",
        details: """
            Writes to standard output (also `-o -` or `-o /dev/stdout`), or to
            FILE, or into DIR as sitecycle-export-YYYY-MM-DD.EXT (today's date in
            the journal's zone). Files are written privately (mode 0600) and
            replaced whole; a device or FIFO given as FILE is written into, never
            replaced. --from/--to/--last select site changes by start, as in
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
                        puts them back in that rotation, never the pump's.
            json        the whole journal, so that `import` into an empty file
                        rebuilds one with the same meaning:
                        {"format":"sitecycle-journal","version":1,
                         "settings":{"timezone","targetHours",
                          "absorptionThresholdPercent","absorptionMode","strategy",
                          "restHours","graceHours"},
                         "devices":[{"device","targetHours","graceHours"}],
                         "locations":[{"name","zone","side","bodyPart","enabled",
                          "order","devices","pausedUntil","note"}],
                         "entries":[{"location","start","end","durationHours",
                          "note","device","future"}]}
                        times ISO-8601 with offset; hours to one decimal, as
                        everywhere; location null for `removed`; a location's
                        note is its line's comment (a pause's reason); devices
                        beyond the pump; an entry's device `pump` or a device's
                        name. An entry has the shape of `history --json`.
            nightscout  an array of careportal treatments (eventType "Site Change",
                        for a sensor "Sensor Change"; other devices have none),
                        created_at in UTC, enteredBy "sitecycle", notes with the
                        location and note, location in AndroidAPS wording where it
                        has one), ready to POST to /api/v1/treatments.
            ics         an iCalendar file: one event per site session and one, with
                        an alarm, for the next change due of each device.
            """,
        options: ExportOptions.specs,
        run: { invocation in
            invocation.report { full, now throws(CommandError) in
                let options = try ExportOptions(invocation.arguments)
                // CSV is the app's format, one rotation: the pump unless
                // --device names another. The others cover every device
                // unless --device names one.
                let device = try options.device.name(in: full)
                let whole = options.format != .csv && options.device.given == nil
                let journal = whole ? full : full.rotation(device)
                let changes = try options.period.selection(invocation, in: journal, now: now, throughFuture: true)
                    .apply(journal.changes)
                let text: String
                switch options.format {
                case .csv: text = Exporters.csv(journal, changes, now: now, device: device)
                case .json: text = Exporters.json(journal, changes, now: now).rendered()
                case .nightscout: text = Exporters.nightscout(journal, changes).rendered()
                case .ics:
                    text = Exporters.ics(full, changes, now: now, devices: whole ? nil : [device]) { device in
                        Recommender.recommend(full, device: device, now: now).recommended.first?.location.name
                    }
                }
                guard let output = options.output.path else {
                    invocation.out(text)
                    return
                }
                let ext = options.format == .nightscout ? "json" : options.format.rawValue
                guard let path = try invocation.writeOutput(
                    text, to: output, fileInFolder: "sitecycle-export-\(journal.zone.civil(now).date.iso).\(ext)") else { return }
                let rows = changes.filter { !$0.isRemoval }.count
                invocation.out("Wrote \(rows) site change\(rows == 1 ? "" : "s") to \(path).\n")
            }
        })
}

/// What `export` was asked for.
struct ExportOptions {
    enum Format: String, CaseIterable { case csv, json, nightscout, ics }

    static let specs = DeviceOption.specs + [OptionSpec(["--format"], value: "FORMAT", "csv (default), json, nightscout or ics")]
        + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var format: Format
    var output: OutputOption

    init(_ arguments: ParsedArguments) throws(CommandError) {
        output = OutputOption(arguments)
        let name = try exportFormat(given: arguments.value("--format"), output: output.path)
        guard let format = Format(rawValue: name) else {
            let guess = suggestion(for: name, among: Format.allCases.map(\.rawValue))
            throw CommandError("unknown format `\(name)`",
                               help: guess.map { "did you mean `\($0)`?" } ?? "use csv, json, nightscout or ics", usage: true)
        }
        self.format = format
        device = DeviceOption(arguments)
        period = try PeriodOptions(arguments)
    }
}

/// The format asked for, or the one FILE's extension names: `-o sites.json`
/// writes JSON, not CSV under a .json name. Nightscout is JSON too.
func exportFormat(given: String?, output: String?) throws(CommandError) -> String {
    var implied: [String]?
    if let output, case .file = OutputTarget.classify(output),
       let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
        implied = ["csv": ["csv"], "json": ["json", "nightscout"], "ics": ["ics"]][output[output.index(after: dot)...].lowercased()]
    }
    guard let given else { return implied?.first ?? "csv" }
    if let implied, ["csv", "json", "nightscout", "ics"].contains(given), !implied.contains(given) {
        throw CommandError("--format \(given) contradicts the file name \(output!)",
                           help: "drop --format to write \(implied[0]), or name the file .\(given == "nightscout" ? "json" : given)",
                           usage: true)
    }
    return given
}
