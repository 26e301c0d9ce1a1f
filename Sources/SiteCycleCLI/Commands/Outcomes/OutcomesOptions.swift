import SiteCycleKit

/// What `outcomes` was asked for.
struct OutcomesOptions {
    static let specs = [
        OptionSpec(["--cgm"], value: "FILE", "the CGM export: Clarity CSV, LibreView CSV, Nightscout entries.json",
                   repeatable: true),
        DeviceOption.spec("whose sites readings go to: pump (default) or a declared device"),
        OptionSpec(["--by"], value: "GROUP", "site (default) or wear-day"),
        OptionSpec(["--units"], value: "UNIT", "mg/dL or mmol/L (default: the file's)"),
        OptionSpec(["--cgm-zone"], value: "ZONE", "read the export's local times in ZONE (default: the journal's)"),
        OptionSpec(["--date-order"], value: "ORDER", "LibreView dates: dmy (27-03-2026) or mdy (03-27-2026)"),
    ] + PeriodOptions.readingSpecs

    enum Grouping: String { case site, wearDay = "wear-day" }

    static let maximumFiles = 1_000

    var files: [String]
    var device: DeviceOption
    var grouping: Grouping
    var units: GlucoseUnit?
    var zone: String?
    var dateOrder: DateOrder?
    var period: PeriodOptions

    init(_ arguments: ParsedArguments) throws(CommandError) {
        // More exports may follow the first as plain arguments
        // (`--cgm old.csv new.csv`), as a shell glob gives them.
        files = arguments.allValues("--cgm") + arguments.positionals
        guard files.count <= Self.maximumFiles else {
            throw CommandError("at most \(Self.maximumFiles) exports at a time", usage: true)
        }
        guard !files.isEmpty else {
            throw CommandError("outcomes needs the CGM's export: --cgm FILE",
                               help: "download it from Dexcom Clarity, LibreView or Nightscout (`sitecycle help outcomes`)",
                               usage: true)
        }
        device = DeviceOption(arguments)
        let by = arguments.value("--by") ?? "site"
        guard let grouping = Grouping(rawValue: by) else {
            throw CommandError("--by takes site or wear-day, not `\(by)`", usage: true)
        }
        self.grouping = grouping
        if let u = arguments.value("--units") {
            // `mmol` and `mgdl` too: what people type.
            let spellings: [String: GlucoseUnit] = ["mg/dl": .mgdl, "mgdl": .mgdl, "mg": .mgdl, "mmol/l": .mmol, "mmol": .mmol]
            guard let unit = spellings[u.lowercased()] else {
                throw CommandError("--units takes mg/dL or mmol/L, not `\(u)`", usage: true)
            }
            units = unit
        }
        zone = arguments.value("--cgm-zone")
        if let d = arguments.value("--date-order") {
            guard let order = DateOrder(rawValue: d.lowercased()) else {
                throw CommandError("--date-order takes dmy or mdy, not `\(d)`", usage: true)
            }
            dateOrder = order
        }
        period = try PeriodOptions(arguments)
    }

    /// `--cgm-zone`, else the journal's zone.
    func zone(for journal: Journal) throws(CommandError) -> ZoneRules {
        guard let zone else { return journal.zone }
        guard let rules = ZoneRules.named(zone) else {
            throw CommandError("unknown time zone `\(zone)` for --cgm-zone", help: unknownZoneHelp(for: zone), usage: true)
        }
        return rules
    }
}
