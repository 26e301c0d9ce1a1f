import SiteCycleKit

/// What `stats` was asked for.
struct StatsOptions {
    static let specs = DeviceOption.specs + [
        OptionSpec(["--robust"], "set aside failed and outlier sessions; compare medians"),
        OptionSpec(["--mean"], "compare means, whatever the header says"),
        GlucoseEvidence.spec,
    ] + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    /// `--robust` (true) or `--mean` (false); nil: the header's
    /// `absorption-mode`.
    var robust: Bool?
    /// `--cgm FILE`, else the journal's `cgm`.
    var glucose: GlucoseEvidence

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        glucose = GlucoseEvidence(arguments)
        period = try PeriodOptions(arguments)
        switch (arguments.flag("--robust"), arguments.flag("--mean")) {
        case (true, true): throw CommandError("give --robust or --mean, not both", usage: true)
        case (true, false): robust = true
        case (false, true): robust = false
        case (false, false): robust = nil
        }
    }
}
