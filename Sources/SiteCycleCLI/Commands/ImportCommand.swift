import SiteCycleKit

extension CommandRegistry {
    static let importCommand = Command(
        name: "import",
        summary: "merge history from the app's CSV, our JSON or Nightscout",
        usage: "sitecycle import FILE [--format auto|csv|json|nightscout] [--map \"FROM=TO\"]... [--dry-run]",
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
                          were.
              json        `sitecycle export --format json`, including `removed`
                          entries, disabled locations and (where the journal has
                          none) the header settings.
              nightscout  treatments downloaded from Nightscout: "Site Change"
                          entries (others are ignored), the site from AndroidAPS's
                          `location`, else from `notes`.

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
            OptionSpec(["--map"], value: "FROM=TO", "use location TO for the source's FROM", repeatable: true),
            OptionSpec(["--dry-run"], "show what would change; change nothing"),
        ],
        positionals: 1...1,
        reportsJSON: true,
        run: { ImportService(invocation: $0).run() })
}

extension ExitCode {
    /// `import`: some rows were rejected (the good ones were imported).
    public static let rowsRejected: Int32 = 4
}

struct ImportService {
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
        let source: ImportSource
        switch ImportReaders.read(text, as: format) {
        case .success(let s): source = s
        case .failure(let e): return invocation.fail("cannot read \(file) as \(format.rawValue): \(e.message)")
        }
        var maps: [(String, String)] = []
        for m in invocation.arguments.allValues("--map") {
            let parts = m.split(separator: "=", maxSplits: 1).map { String($0).trimmingBlanks() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                return invocation.usageError(UsageError("--map takes FROM=TO, not `\(m)`"))
            }
            maps.append((parts[0], parts[1]))
        }
        var rejected = false
        let code = invocation.changeJournal { journal, _ throws(CommandError) in
            let plan = ImportPlan.make(journal, source, maps: maps.map { (from: $0.0, to: $0.1) })
            rejected = !plan.rejected.isEmpty
            for (_, to) in maps where LocationName.problem(with: to) != nil {
                throw CommandError("--map target \"\(to)\" is not a valid location name", usage: true)
            }
            let dryRun = invocation.arguments.flag("--dry-run")
            let editor = dryRun || !plan.changesSomething ? JournalEditor(source: journal.source) : edit(journal, plan)
            return PlannedEdit(editor: editor) { _ in
                invocation.out(invocation.json ? json(plan, source: source, dryRun: dryRun).rendered()
                               : report(plan, source: source, file: file, dryRun: dryRun).terminalSafeMessage)
            }
        }
        return code == ExitCode.ok && rejected ? ExitCode.rowsRejected : code
    }

    /// Settings, then declarations, then entries, each where it belongs.
    func edit(_ journal: Journal, _ plan: ImportPlan) -> JournalEditor {
        var editor = JournalEditor(source: journal.source)
        let syntax = journal.syntax
        editor.insertHeader(plan.settings.map { "\($0.0.rawValue) \($0.1)" }, as: .setting, in: syntax)
        editor.insertHeader(plan.newDevices.map { "device \($0.name) \($0.target)" }, as: .device, in: syntax)
        editor.insertHeader(plan.newLocations.map { l in
            "location \(l.name)" + (plan.newLocationDevices[l.name].map { "  for " + $0.joined(separator: ",") } ?? "")
                + (l.enabled ? "" : "  disabled")
        }, as: .location, in: syntax)
        let newZone = plan.settings.first { $0.0 == .timezone }.flatMap { ZoneRules(identifier: $0.1) }
        let writer = EntryWriter(journal: journal, zone: newZone)
        let layout = EntryLayout(learningFrom: syntax)
        if journal.changes.isEmpty && !plan.additions.isEmpty && syntax.firstEntryLine == nil {
            editor.append([""])
        }
        // New lines grouped by the existing line they follow.
        var groups: [(anchor: Int?, lines: [String])] = []
        for a in plan.additions.sorted(by: { $0.start < $1.start }) {
            let anchor = journal.changes.last { $0.start < a.start }.map { writer.lastLineOfEntry($0.line) }
            var stamp = writer.timestampText(a.start)
            if let offset = a.offset, offset != writer.zone.offset(at: a.start) {
                stamp = CivilDateTime(secondsAsIfUTC: a.start.seconds + Int64(offset)).journalText + " " + formatOffset(offset)
            }
            // Another device's entry names its device first, as `log` writes it.
            let field = a.location ?? EntrySyntax.removedKeyword
            let lines = layout.lines(timestamp: stamp, location: a.device == Device.pumpName ? field : a.device + "  " + field,
                                     note: a.note)
            if let last = groups.last, last.anchor == anchor { groups[groups.count - 1].lines += lines } else { groups.append((anchor, lines)) }
        }
        for g in groups {
            if let anchor = g.anchor {
                editor.insert(g.lines, afterLine: anchor)
            } else if let first = journal.changes.first {
                editor.insert(g.lines, beforeLine: first.line)
            } else {
                editor.append(g.lines)
            }
        }
        return editor
    }

    func json(_ plan: ImportPlan, source: ImportSource, dryRun: Bool) -> JSON {
        func rows(_ list: [(row: Int, reason: String)]) -> JSON {
            .array(list.map { .object([("row", .int($0.row)), ("reason", .string($0.reason))]) })
        }
        let markers = plan.additions.filter { $0.location == nil }.count
        return .object([
            ("format", .string(source.format.rawValue)),
            ("rows", .int(source.records.count + source.rejected.count)),
            ("dryRun", .bool(dryRun)),
            ("added", .int(plan.additions.count - markers)),
            ("removedMarkers", .int(markers)),
            ("skipped", .int(plan.skipped.count)),
            ("conflicts", rows(plan.conflicts)),
            ("rejected", rows(plan.rejected)),
            ("newLocations", .array(plan.newLocations.map { .string($0.name) })),
            ("settingsAdded", .array((plan.settings.map { "\($0.0.rawValue) \($0.1)" }
                                      + plan.newDevices.map { "device \($0.name) \($0.target)" }).map { .string($0) })),
        ])
    }

    func report(_ plan: ImportPlan, source: ImportSource, file: String, dryRun: Bool) -> String {
        let kind = ["csv": "CSV", "json": "sitecycle JSON", "nightscout": "Nightscout treatments"][source.format.rawValue]!
        var out = "Read \(file) as \(kind): \(source.records.count + source.rejected.count) rows"
            + (source.ignored > 0 ? " (\(source.ignored) not site changes, ignored)" : "") + ".\n"
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
            out += "Settings\(dryRun ? " to add" : " added"): " + plan.settings.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ") + "\n"
        }
        for d in plan.newDevices {
            out += TextWrap.wrap("Device\(dryRun ? " to add" : " added"): `device \(d.name) \(d.target)` "
                                 + "(a 10-day sensor; change it with `sitecycle set device \(d.name) DURATION`).") + "\n"
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
        list("Rejected rows (not imported)", plan.rejected.map { ($0.row, $0.reason) })
        let markers = plan.additions.filter { $0.location == nil }.count
        let sites = plan.additions.count - markers
        let summary = (dryRun ? "Would add" : "Added") + " \(sites) site change\(sites == 1 ? "" : "s")"
            + (markers > 0 ? " and \(markers) removed marker\(markers == 1 ? "" : "s")" : "")
            + "; \(plan.skipped.count) already there, \(plan.conflicts.count) conflict\(plan.conflicts.count == 1 ? "" : "s"), "
            + "\(plan.rejected.count) rejected."
        out += TextWrap.wrap(summary, indent: "  ") + "\n"
        if dryRun { out += "Nothing was changed (--dry-run).\n" } else if !plan.changesSomething { out += "The journal was not changed.\n" }
        return out
    }
}
