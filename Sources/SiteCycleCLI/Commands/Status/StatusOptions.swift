import SiteCycleKit

/// What `status` was asked for.
struct StatusOptions {
    /// The whole report, `--check`'s line per device, or `--short`'s one line.
    enum Mode { case full, check, short }

    static let specs = DeviceOption.specs + [
        OptionSpec(["--check"], "one line; exit 3 when the change is due"),
        OptionSpec(["--short"], "one short line for prompts and status bars; exit as --check"),
        OptionSpec(["--within"], value: "HOURS", "with --check or --short: also exit 3 when due within HOURS"),
        GlucoseEvidence.spec,
    ]

    var device: DeviceOption
    var mode = Mode.full
    /// `--within HOURS` as hours (0 when not given).
    var within = 0.0
    /// `--cgm FILE`, else the journal's `cgm`.
    var glucose: GlucoseEvidence

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        glucose = GlucoseEvidence(arguments)
        switch (arguments.flag("--check"), arguments.flag("--short")) {
        case (true, true): throw CommandError("give --check or --short, not both", usage: true)
        case (true, false): mode = .check
        case (false, true): mode = .short
        case (false, false): mode = .full
        }
        if let text = arguments.value("--within") {
            guard mode != .full else { throw CommandError("--within goes with --check or --short", usage: true) }
            guard case .success(let h) = SettingValues.hours(text) else {
                throw CommandError("invalid --within: expected hours like `12h` or `12`, not `\(text)`", usage: true)
            }
            within = h
        }
    }
}

extension ExitCode {
    /// `status --check`: the site change is due.
    public static let due: Int32 = 3
}
