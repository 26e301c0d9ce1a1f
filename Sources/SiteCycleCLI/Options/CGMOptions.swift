import SiteCycleKit

/// `--cgm FILE --cgm-zone ZONE --date-order dmy|mdy`: the CGM exports a
/// command reads and how their local times are read. Declared once for
/// `outcomes` and `report`; the files are read as `outcomes` reads them.
struct CGMOptions {
    static func specs(cgm summary: String) -> [OptionSpec] {
        [
            OptionSpec(["--cgm"], value: "FILE", summary, repeatable: true),
            OptionSpec(["--cgm-zone"], value: "ZONE", "read the export's local times in ZONE (default: the journal's)"),
            OptionSpec(["--date-order"], value: "ORDER", "LibreView dates: dmy (27-03-2026) or mdy (03-27-2026)"),
        ]
    }

    static let maximumFiles = 1_000

    /// As typed.
    var files: [String]
    var zone: String?
    var dateOrder: DateOrder?

    /// `extraFiles`: exports given after the first as plain arguments.
    init(_ arguments: ParsedArguments, extraFiles: [String] = []) throws(CommandError) {
        files = arguments.allValues("--cgm") + extraFiles
        guard files.count <= Self.maximumFiles else {
            throw CommandError("at most \(Self.maximumFiles) exports at a time", usage: true)
        }
        zone = arguments.value("--cgm-zone")
        if let d = arguments.value("--date-order") {
            guard let order = DateOrder(rawValue: d.lowercased()) else {
                throw CommandError("--date-order takes dmy or mdy, not `\(d)`", usage: true)
            }
            dateOrder = order
        }
    }

    /// `--cgm-zone`, else the journal's zone.
    func zone(for journal: Journal) throws(CommandError) -> ZoneRules {
        guard let zone else { return journal.zone }
        guard let rules = ZoneRules.named(zone) else {
            throw CommandError("unknown time zone `\(zone)` for --cgm-zone", help: unknownZoneHelp(for: zone), usage: true)
        }
        return rules
    }

    /// Every file, read and combined (each instant once). Rows that could
    /// not be read are said on standard error, in the same words for every
    /// command that reads exports: left out silently, a figure would look
    /// whole when it is not.
    func read(for journal: Journal, _ invocation: Invocation) throws(CommandError) -> CGMExport {
        let export = try CGMFiles.read(files, zone: try zone(for: journal), dateOrder: dateOrder,
                                        from: invocation.fileSystem)
        if export.badRows > 0 {
            invocation.warn(unreadableRows(export), help: decimalCommaHint(export) ?? export.firstUnreadable.flatMap { row in
                row.export < files.count ? CGMFiles.unreadable(row: row, file: files[row.export]) : nil
            })
        }
        return export
    }

    /// How many rows were left out, and the first lines holding them.
    func unreadableRows(_ export: CGMExport) -> String {
        let n = export.badRows
        // Several files: each one's lines with its name.
        if files.count > 1, !export.badRowsByExport.isEmpty {
            let each = export.badRowsByExport.filter { $0.export < files.count }.map { part in
                let more = part.rows > part.lines.count ? ", …" : ""
                return "\(files[part.export].terminalSafe) line\(part.lines.count == 1 ? "" : "s") "
                    + part.lines.map(String.init).joined(separator: ", ") + more
            }
            return "\(n) row\(n == 1 ? "" : "s") could not be read and \(n == 1 ? "was" : "were") left out ("
                + each.joined(separator: "; ") + ")"
        }
        let lines = export.badLines.map(String.init).joined(separator: ", ")
        let more = n > export.badLines.count ? ", …" : ""
        return "\(n) row\(n == 1 ? "" : "s") of \(files.map(\.terminalSafe).joined(separator: ", ")) could not be read and "
            + "\(n == 1 ? "was" : "were") left out (line\(export.badLines.count == 1 ? "" : "s") \(lines)\(more))"
    }

    /// Why a row with `5,6` between commas was left out, and the fix.
    func decimalCommaHint(_ export: CGMExport) -> String? {
        guard let a = export.ambiguousDecimal, a.export < files.count else { return nil }
        return "\(files[a.export]):\(a.line): a decimal comma between commas (5,6) could also be two fields, so "
            + "the row is left out rather than guessed; quote such values (\"5,6\") or separate the fields with ;"
    }
}
