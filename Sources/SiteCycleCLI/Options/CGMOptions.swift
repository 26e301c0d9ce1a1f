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

    /// Every file, read and combined (each instant once).
    func read(for journal: Journal) throws(CommandError) -> CGMExport {
        try OutcomesCommand.read(files, zone: try zone(for: journal), dateOrder: dateOrder)
    }
}
