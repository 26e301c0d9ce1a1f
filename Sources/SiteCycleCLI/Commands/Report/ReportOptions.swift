import SiteCycleKit

/// What `report` was asked for.
struct ReportOptions {
    static let specs = [
        DeviceOption.spec("only this device (default: every device)"),
        OptionSpec(["--patient"], value: "NAME", "the patient's name, printed in the header"),
    ] + CGMOptions.specs(cgm: "add the pump's glucose by site from a CGM export (`help outcomes`)")
        + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var output: OutputOption
    var cgm: CGMOptions
    /// Printed in the header: the report leaves the building with it.
    var patient: String?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        if let name = arguments.value("--patient") {
            let trimmed = name.trimmingBlanks()
            guard !trimmed.isEmpty else { throw CommandError("--patient takes a name", usage: true) }
            patient = trimmed
        }
        period = try PeriodOptions(arguments)
        output = OutputOption(arguments)
        cgm = try CGMOptions(arguments)
    }

    /// `--cgm`: the exports as `outcomes` reads them; nil without one.
    func glucose(for journal: Journal) throws(CommandError) -> ClinicReport.Glucose? {
        cgm.files.isEmpty ? nil : ClinicReport.Glucose(try cgm.read(for: journal))
    }
}
