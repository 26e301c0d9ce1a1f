import SiteCycleKit

/// Reading the CGM exports a person names (`--cgm FILE`, and the journal's
/// `cgm` line through `GlucoseEvidence`): through the file system the
/// command was given, only read, never written; and the words every
/// command uses when one cannot be read.
enum CGMFiles {
    static func read(_ files: [String], zone: ZoneRules, dateOrder: DateOrder?, from fileSystem: FileSystem)
        throws(CommandError) -> CGMExport {
        var parts: [CGMExport] = []
        for file in files {
            let bytes: SourceBytes
            do throws(FileError) { bytes = try fileSystem.readInput(file, limit: nil) } catch {
                throw CommandError(error.message, help: error.hint)
            }
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
        case .wideWithoutBOM(let encoding):
            return CommandError("\(file.terminalSafe) is \(encoding) text without a byte order mark, which says so",
                                help: "save it as UTF-8 (or as \"Unicode\", which writes the mark) and try again")
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
