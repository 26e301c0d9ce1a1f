import SiteCycleKit

/// What `report` was asked for.
struct ReportOptions {
    static let specs = [
        DeviceOption.spec("only this device (default: every device)"),
    ] + CGMOptions.specs(cgm: "add the pump's glucose by site from a CGM export (`help outcomes`)")
        + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var output: OutputOption
    var cgm: CGMOptions

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        period = try PeriodOptions(arguments)
        output = OutputOption(arguments)
        cgm = try CGMOptions(arguments)
    }

    /// `--cgm`: the exports as `outcomes` reads them; nil without one.
    func glucose(for journal: Journal) throws(CommandError) -> ClinicReport.Glucose? {
        cgm.files.isEmpty ? nil : ClinicReport.Glucose(try cgm.read(for: journal))
    }
}
