import SiteCycleKit

extension CommandRegistry {
    static let outcomes = Command(
        name: "outcomes",
        summary: "glucose per site and per day of wear, from the CGM's export",
        usage: "sitecycle outcomes --cgm FILE [--device NAME] [--by site|wear-day] [--units mg/dL|mmol/L] "
            + "[--cgm-zone ZONE] [--date-order dmy|mdy] [--from TIME] [--to TIME] [--last Nd]",
        details: OutcomesHelp.details,
        options: OutcomesOptions.specs,
        positionals: 0...CGMOptions.maximumFiles,
        reportsJSON: true,
        run: { invocation in
            // Options are checked before the journal is read (a wrong flag
            // is named even when the journal is missing).
            invocation.report(options: { () throws(CommandError) in try OutcomesOptions(invocation.arguments) }) {
                options, journal, now throws(CommandError) in
                let device = try options.device.name(in: journal)
                let zone = try options.cgm.zone(for: journal)
                let export = try options.cgm.read(for: journal, invocation)
                let selection = try options.period.selection(invocation, in: journal, now: now)
                let outcomes = GlucoseOutcomes.compute(journal.rotation(device), export: export, from: selection.from,
                                                       to: options.period.to == nil ? nil : selection.to)
                // Beside the wear days: how long sets lasted at each site (`stats`).
                let rotation = journal.rotation(device)
                let durations = options.grouping == .wearDay
                    ? Statistics.compute(rotation, selection: selection, now: now, robust: nil,
                                         body: Occupancy.compute(journal, now: now)) : nil
                var report = OutcomesReport(style: invocation.renderStyle, outcomes: outcomes, export: export, device: device,
                                            zone: zone, units: options.units ?? export.unit, grouping: options.grouping,
                                            durations: durations)
                // Within the period asked for: the sets that ended in it.
                report.failures = GlucoseFailures.compute(rotation, export: export, now: now).filter { c in
                    (selection.from.map { c.end! >= $0 } ?? true) && c.end! <= selection.to
                }
                report.rotation = rotation
                invocation.out(invocation.json ? report.json().rendered() : report.text())
            }
        })
}

/// Reading the exports: the file is only read, never written.
enum OutcomesCommand {
    static func read(_ files: [String], zone: ZoneRules, dateOrder: DateOrder?) throws(CommandError) -> CGMExport {
        var parts: [CGMExport] = []
        for file in files {
            let bytes: SourceBytes
            do { bytes = try JournalFile.readMapped(file) } catch { throw CommandError(error.message, help: error.hint) }
            let read = bytes.withUnsafeBufferPointer { CGMReader.read($0, zone: zone, dateOrder: dateOrder) }
            switch read {
            case .success(let export): parts.append(export)
            case .failure(let e): throw refusal(e, file: file)
            }
        }
        return CGMExport.combined(parts)
    }

    /// Why the first row left out did not read, naming its column and
    /// its value: `line 3: \`5/30/21 16:59\` (Device Timestamp) is not a
    /// date sitecycle reads`.
    static func unreadable(row: UnreadableRow, file: String) -> String {
        if row.reason == .duplicateKey {
            return "\(file.terminalSafe) line \(row.line): the key \"\(ControlCharacters.escaped(row.column))\" is given "
                + "twice in one entry; which value is meant is not guessed, so the entry is left out"
        }
        let what = switch row.reason {
        case .date: "is not a date sitecycle reads"
        case .glucose: "is not a glucose value sitecycle reads"
        case .duplicateKey: "has a key given twice"
        }
        return "\(file.terminalSafe) line \(row.line): `\(ControlCharacters.escaped(row.value))` (\(ControlCharacters.escaped(row.column))) \(what)"
    }

    static func refusal(_ e: CGMReadError, file: String) -> CommandError {
        switch e {
        case .unknownFormat:
            return CommandError("\(file.terminalSafe) is not a CGM export that sitecycle reads",
                                help: "give Dexcom Clarity's CSV export, LibreView's CSV export or Nightscout's "
                                    + "entries.json (`sitecycle help outcomes`)")
        case .noGlucoseColumn(let format):
            return CommandError("\(file.terminalSafe) looks like \(OutcomesReport.formatName(format)) but has no glucose column",
                                help: "export it again with glucose values included")
        case .dateOrderUnknown(let line, let column, let date):
            return CommandError("\(file.terminalSafe):\(line):\(column): LibreView dates like \(date) read as "
                                + "day-month or as month-day, and nothing in the file says which",
                                help: "say which with --date-order dmy (27-03-2026) or --date-order mdy (03-27-2026)",
                                usage: true)
        case .noReadings(let format, let unreadable, let lines, let first):
            let sought: String
            switch format {
            case .clarity: sought = "rows with Event Type EGV"
            case .libreview: sought = "rows of record type 0 (historic glucose)"
            case .nightscout: sought = "entries of type \"sgv\""
            }
            let bad = unreadable == 0 ? "" : "; \(unreadable) row\(unreadable == 1 ? "" : "s") could not be read (line"
                + (lines.count == 1 ? " " : "s ") + lines.map(String.init).joined(separator: ", ")
                + (unreadable > lines.count ? ", …" : "") + ")"
            return CommandError("\(file.terminalSafe) has no glucose readings: it is \(OutcomesReport.formatName(format)), "
                                + "and sitecycle looked for \(sought)\(bad)",
                                help: first.map { Self.unreadable(row: $0, file: file) }
                                    ?? "export it again with the glucose data (sensor readings) included")
        case .notNightscoutEntries(let status):
            let answered = status.map { $0 == 200 ? "" : " (Nightscout answered status \($0))" } ?? ""
            return CommandError("\(file.terminalSafe) is JSON but not Nightscout entries\(answered): sitecycle reads an array of "
                                + "entries ([{\"type\":\"sgv\",\"sgv\":…,\"date\":…},…]), or one wrapped as "
                                + "{\"entries\":[…]} or {\"status\":200,\"result\":[…]}",
                                help: "download /api/v1/entries.json (with the API secret) or "
                                    + "/api/v3/entries (`sitecycle help formats`)")
        case .dateOrderConflict(let dmy, let mdy):
            return CommandError("\(file.terminalSafe): line \(dmy) reads only as day-month, line \(mdy) only as month-day",
                                help: "give --date-order dmy or mdy to read every row one way; rows that do not "
                                    + "read that way are counted as unreadable")
        }
    }
}
