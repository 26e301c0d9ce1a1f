import SiteCycleKit

/// What `report` was asked for.
struct ReportOptions {
    static let specs = [
        DeviceOption.spec("only this device (default: every device)"),
    ] + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var output: OutputOption

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        period = try PeriodOptions(arguments)
        output = OutputOption(arguments)
    }
}
