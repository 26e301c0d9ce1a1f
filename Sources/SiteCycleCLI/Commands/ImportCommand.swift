import SiteCycleKit

extension CommandRegistry {
    static let importCommand = Command(
        name: "import",
        summary: "merge history from the app's CSV, our JSON or Nightscout",
        usage: "sitecycle import FILE [--format auto|csv|json|nightscout] [--device NAME] [--map \"FROM=TO\"]... [--dry-run]",
        details: """
            Merges into the journal, never replacing it: entries already there
            stay; an identical entry (same start minute, same location) is
            skipped; a different location at the same minute is a conflict,
            reported and skipped. Run with --dry-run first: it shows everything
            below and changes nothing.

            Sources (--format auto tells them apart by content):
              csv         the SiteCycle app's export (date,location,duration_hours,
                          note; BOM and CRLF are fine). A duration that ends more
                          than 15 minutes before the next start (a pump break)
                          becomes a `removed` line, so durations come back as they
                          were. Rows go to the pump, or to --device NAME; a last
                          column `device` (what `export --device sensor` writes)
                          sends each row to the device it names, and a row naming
                          another device than --device is rejected.
              json        `sitecycle export --format json`: its entries (`removed`
                          ones too), its devices, and its locations with their
                          `for` devices, pause, comment and `disabled`; the
                          header settings (and `rest`) where the journal has
                          none. Into an empty file it rebuilds the journal.
              nightscout  treatments downloaded from Nightscout: "Site Change"
                          entries go to the pump, "Sensor Change" and "Sensor
                          Start" entries that name a site to the sensor (others are
                          ignored); the site from AndroidAPS's `location`, else
                          from `notes`. A sensor the journal lacks is declared
                          (`device sensor 10d`).

            Location names are matched to the journal's ignoring case; the app's
            style (`L Abdomen (Front)`) and AndroidAPS's (`Front Left Lower
            Abdomen`) are translated (`Left Front Abdomen`). A name that still
            matches nothing is declared as a new location, unless --map
            "FROM=TO" (repeatable) sends it to another name.

            Rows that cannot be read are reported with their row number and
            reason; the good rows are still imported. The journal is written
            once, atomically, and only if something is added. Exit status: 0, or
            4 when some rows were rejected.

            --json prints {"format","rows","dryRun","added","removedMarkers",
            "skipped","conflicts":[{"row","reason"}],"rejected":[{"row","reason"}],
            "newLocations":[…],"settingsAdded":[…]}.
            """,
        options: [
            OptionSpec(["--format"], value: "FORMAT", "auto (default), csv, json or nightscout"),
            OptionSpec(["--device"], value: "NAME", "csv: the rotation of rows that name none (default pump)"),
            OptionSpec(["--map"], value: "FROM=TO", "use location TO for the source's FROM", repeatable: true),
            OptionSpec(["--dry-run"], "show what would change; change nothing"),
        ],
        positionals: 1...1,
        reportsJSON: true,
        run: { ImportCommand(invocation: $0).run() })
}

extension ExitCode {
    /// `import`: some rows were rejected (the good ones were imported).
    public static let rowsRejected: Int32 = 4
}

/// `import` on the command line: read the file and `--map`, hand the
/// records to `ImportService`, render the outcome.
struct ImportCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let file = invocation.arguments.positionals[0]
        let bytes: [UInt8]
        let read: Result<[UInt8], FileError> = JournalFile.$readLimit.withValue(
            min(JournalFile.readLimit, JournalFile.importReadLimit)) {
            do throws(FileError) { return .success(try JournalFile.read(file)) } catch { return .failure(error) }
        }
        switch read {
        case .success(let b): bytes = b
        case .failure(let error):
            return invocation.fail(error.message, help: error.kind == .tooLarge
                                   ? "import at most 64 MB at a time: export or download a shorter period" : error.hint)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return invocation.fail("\(file) is not UTF-8 text", help: "save it as UTF-8 and try again")
        }
        let format: ImportSource.Format
        switch invocation.arguments.value("--format") ?? "auto" {
        case "auto": format = ImportReaders.detect(text)
        case let f: guard let known = ImportSource.Format(rawValue: f) else {
                return invocation.usageError(UsageError("unknown format `\(f)`", help: "use auto, csv, json or nightscout"))
            }
            format = known
        }
        let device = invocation.arguments.value("--device")
        if let device {
            guard format == .csv else {
                return invocation.usageError(UsageError("--device applies to CSV",
                                                        help: "JSON and Nightscout rows say their own device"))
            }
            if let problem = Device.problem(with: device) { return invocation.usageError(UsageError("--device \(device): \(problem)")) }
        }
        let source: ImportSource
        switch ImportReaders.read(text, as: format, device: device) {
        case .success(let s): source = s
        case .failure(let e): return invocation.fail("cannot read \(file) as \(format.rawValue): \(e.message)")
        }
        var maps: [(from: String, to: String)] = []
        for m in invocation.arguments.allValues("--map") {
            let parts = m.split(separator: "=", maxSplits: 1).map { String($0).trimmingBlanks() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                return invocation.usageError(UsageError("--map takes FROM=TO, not `\(m)`"))
            }
            maps.append((parts[0], parts[1]))
        }
        let request = ImportService.Request(source: source, maps: maps, dryRun: invocation.arguments.flag("--dry-run"))
        var rejected = false
        let code = invocation.change({ journal, _ throws(CommandError) in
            do throws(ServiceError) { return try ImportService.merge(request, into: journal) } catch { throw CommandError(error) }
        }, render: { o in
            rejected = !o.plan.rejected.isEmpty
            invocation.out(invocation.json ? json(o).rendered() : report(o, file: file).terminalSafeMessage)
        })
        return code == ExitCode.ok && rejected ? ExitCode.rowsRejected : code
    }

    func json(_ o: ImportService.Outcome) -> JSON {
        func rows(_ list: [(row: Int, reason: String)]) -> JSON {
            .array(list.map { .object([("row", .int($0.row)), ("reason", .string($0.reason))]) })
        }
        return .object([
            ("format", .string(o.format.rawValue)),
            ("rows", .int(o.rows)),
            ("dryRun", .bool(o.dryRun)),
            ("added", .int(o.sitesAdded)),
            ("removedMarkers", .int(o.removedMarkers)),
            ("skipped", .int(o.plan.skipped.count)),
            ("conflicts", rows(o.plan.conflicts)),
            ("rejected", rows(o.plan.rejected.map { ($0.row, $0.reason.words) })),
            ("newLocations", .array(o.plan.newLocations.map { .string($0.name) })),
            ("settingsAdded", .array((o.settingLines + o.deviceLines).map { .string($0) })),
        ])
    }

    func report(_ o: ImportService.Outcome, file: String) -> String {
        let plan = o.plan, dryRun = o.dryRun
        let kind = ["csv": "CSV", "json": "sitecycle JSON", "nightscout": "Nightscout treatments"][o.format.rawValue]!
        var out = "Read \(file) as \(kind): \(o.rows) row\(o.rows == 1 ? "" : "s")"
            + (o.ignored > 0 ? " (\(o.ignored) not site changes, ignored)" : "") + ".\n"
        let translated = plan.translations.filter { !$0.isNew }
        if !translated.isEmpty {
            out += "Names matched to your locations:\n" + translated.map { "  \($0.from.terminalSafe) → \($0.to)\n" }.joined()
        }
        if !plan.newLocations.isEmpty {
            out += "New locations\(dryRun ? " to declare" : " declared") (send a name elsewhere with --map \"FROM=TO\"):\n"
            for l in plan.newLocations {
                let from = plan.translations.first { $0.to == l.name && $0.from != l.name }.map { "\($0.from.terminalSafe) → " } ?? ""
                let devices = plan.newLocationDevices[l.name].map { " (for \($0.joined(separator: ", ")))" } ?? ""
                out += "  \(from)\(l.name)\(devices)\(l.enabled ? "" : " (disabled)")\n"
            }
        }
        if !plan.settings.isEmpty {
            out += "Settings\(dryRun ? " to add" : " added"): " + o.settingLines.joined(separator: ", ") + "\n"
        }
        for d in plan.newDevices {
            // Only the sensor a Nightscout or CSV row implied has a target we chose.
            let chosen = !o.plan.declaredBySource.contains(d.name)
            out += TextWrap.wrap("Device\(dryRun ? " to add" : " added"): `device \(d.name) \(d.target)` "
                                 + "(\(chosen ? "a 10-day sensor; " : "")change it with `sitecycle set device \(d.name) DURATION`).")
                + "\n"
        }
        // Conflicts and rejected rows are lists of their own, each under its
        // heading, never indented as if they belonged to the list above.
        func list(_ heading: String, _ rows: [(row: Int, reason: String)]) {
            guard !rows.isEmpty else { return }
            out += heading + ":\n"
            for r in rows {
                let lead = "  row \(r.row): "
                out += lead + TextWrap.wrap(r.reason.terminalSafe, start: lead.count, indent: "    ") + "\n"
            }
        }
        list("Conflicts (skipped; the journal's line stays)", plan.conflicts.map { ($0.row, $0.reason) })
        list("Rejected rows (not imported)", plan.rejected.map { ($0.row, $0.reason.words) })
        let markers = o.removedMarkers, sites = o.sitesAdded
        let summary = (dryRun ? "Would add" : "Added") + " \(sites) site change\(sites == 1 ? "" : "s")"
            + (markers > 0 ? " and \(markers) removed marker\(markers == 1 ? "" : "s")" : "")
            + "; \(plan.skipped.count) already there, \(plan.conflicts.count) conflict\(plan.conflicts.count == 1 ? "" : "s"), "
            + "\(plan.rejected.count) rejected."
        out += TextWrap.wrap(summary, indent: "  ") + "\n"
        if dryRun { out += "Nothing was changed (--dry-run).\n" } else if !plan.changesSomething { out += "The journal was not changed.\n" }
        return out
    }
}
