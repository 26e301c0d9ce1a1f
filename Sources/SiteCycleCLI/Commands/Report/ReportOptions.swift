import SiteCycleKit

/// What `report` was asked for.
struct ReportOptions {
    static let specs = [
        DeviceOption.spec("only this device (default: every device)"),
        OptionSpec(["--cgm"], value: "FILE", "add the pump's glucose by site from a CGM export (`help outcomes`)",
                   repeatable: true),
        OptionSpec(["--cgm-zone"], value: "ZONE", "read the export's local times in ZONE (default: the journal's)"),
        OptionSpec(["--date-order"], value: "ORDER", "LibreView dates: dmy (27-03-2026) or mdy (03-27-2026)"),
    ] + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var output: OutputOption
    /// `--cgm` files, `--cgm-zone`, `--date-order`.
    var cgm: [String]
    var cgmZone: String?
    var dateOrder: DateOrder?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        period = try PeriodOptions(arguments)
        output = OutputOption(arguments)
        cgm = arguments.allValues("--cgm")
        cgmZone = arguments.value("--cgm-zone")
        if let d = arguments.value("--date-order") {
            guard let order = DateOrder(rawValue: d.lowercased()) else {
                throw CommandError("--date-order takes dmy or mdy, not `\(d)`", usage: true)
            }
            dateOrder = order
        }
    }

    /// `--cgm`: the exports read in `--cgm-zone` (else the journal's zone),
    /// as `outcomes` reads them; nil without one.
    func glucose(for journal: Journal) throws(CommandError) -> ClinicReport.Glucose? {
        guard !cgm.isEmpty else { return nil }
        return ClinicReport.Glucose(try OutcomesCommand.read(cgm, zone: try zone(for: journal), dateOrder: dateOrder))
    }

    /// `--cgm-zone`, else the journal's zone.
    func zone(for journal: Journal) throws(CommandError) -> ZoneRules {
        guard let cgmZone else { return journal.zone }
        guard let rules = ZoneRules.named(cgmZone) else {
            throw CommandError("unknown time zone `\(cgmZone)` for --cgm-zone", help: unknownZoneHelp(for: cgmZone),
                               usage: true)
        }
        return rules
    }
}
