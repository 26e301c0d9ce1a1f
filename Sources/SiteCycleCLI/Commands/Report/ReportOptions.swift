import SiteCycleKit

/// What `report` was asked for.
struct ReportOptions {
    static let specs = [
        DeviceOption.spec("only this device (default: every device)"),
        OptionSpec(["--patient"], value: "NAME", "the patient's name, printed in the header"),
    ] + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var output: OutputOption
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
    }
}
