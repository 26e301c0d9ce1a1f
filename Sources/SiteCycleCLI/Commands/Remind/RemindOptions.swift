import SiteCycleKit

/// What `remind` was asked for: a check now, or setting up (or removing)
/// the timer that runs it. Options of the one are refused with the other.
struct RemindOptions {
    static let specs = [
        OptionSpec(["--before"], value: "DURATION", "also remind once DURATION ahead (2h, 30m)"),
        OptionSpec(["--via"], value: "HOW", "auto (default), desktop, terminal or none"),
        OptionSpec(["--again"], "remind even if this due moment was already reminded of"),
        OptionSpec(["--repeat"], value: "DURATION", "remind again this often until a change is logged (4h; off)"),
        OptionSpec(["--snooze"], value: "DURATION", "silence the reminders of the sites in now for DURATION"),
        OptionSpec(["--pull"], "first fetch and merge the journal's git remote, as sync does, without pushing"),
        OptionSpec(["--install"], "run remind regularly (systemd user timer, or crontab)"),
        OptionSpec(["--every"], value: "DURATION", "with --install: how often (default 30m)"),
        OptionSpec(["--print"], "with --install: show the files, write nothing"),
        OptionSpec(["--uninstall"], "remove what --install set up"),
    ]

    enum Via: String { case auto, desktop, terminal, none }

    enum Setup: Equatable {
        /// Every this many seconds; `printOnly`: show the files, write nothing.
        case install(every: Int64, printOnly: Bool)
        case uninstall
    }

    var setup: Setup?
    var via = Via.auto
    /// `--before`: also remind when due within this many seconds.
    var beforeSeconds: Int64 = 0
    var again = false
    /// `--pull`: fetch and merge first, so the other computer's log counts.
    var pull = false
    /// `--repeat`: seconds between repeats after the due time; nil (`off`): once.
    var repeatSeconds: Int64? = Reminder.defaultRepeatSeconds
    /// `--snooze`: silence for this many seconds, send nothing.
    var snoozeSeconds: Int64?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        let args = arguments
        if args.flag("--install") || args.flag("--uninstall") {
            for option in ["--before", "--via", "--again", "--repeat", "--snooze", "--pull"] where args.has(option) {
                throw CommandError("\(option) does not go with --install or --uninstall", usage: true)
            }
            setup = args.flag("--install")
                ? .install(every: try RemindOptions.interval(args.value("--every")), printOnly: args.flag("--print"))
                : .uninstall
            return
        }
        for option in ["--every", "--print"] where args.has(option) {
            throw CommandError("\(option) goes with --install", usage: true)
        }
        guard let via = Via(rawValue: args.value("--via") ?? "auto") else {
            throw CommandError("--via takes auto, desktop, terminal or none, not `\(args.value("--via")!)`", usage: true)
        }
        self.via = via
        if let text = args.value("--before") {
            guard let seconds = TimeArgument.relativeSeconds(Substring(text)) else {
                throw CommandError("invalid --before: `\(text)` is not a duration",
                                   help: "give hours or minutes like `2h` or `30m`", usage: true)
            }
            beforeSeconds = seconds
        }
        again = args.flag("--again")
        pull = args.flag("--pull")
        if let text = args.value("--repeat") {
            if text == "off" {
                repeatSeconds = nil
            } else {
                guard let seconds = TimeArgument.relativeSeconds(Substring(text)), seconds >= 60 else {
                    throw CommandError("invalid --repeat: `\(text)` is not a duration of a minute or more",
                                       help: "give hours or minutes like `4h` or `90m`, or `off` to remind once", usage: true)
                }
                repeatSeconds = seconds
            }
        }
        if let text = args.value("--snooze") {
            guard let seconds = TimeArgument.relativeSeconds(Substring(text)), seconds > 0 else {
                throw CommandError("invalid --snooze: `\(text)` is not a duration",
                                   help: "give hours or minutes like `1h` or `30m`", usage: true)
            }
            for option in ["--again", "--before"] where args.has(option) {
                throw CommandError("\(option) does not go with --snooze", usage: true)
            }
            snoozeSeconds = seconds
        }
    }

    /// `--every`: how often the timer runs, in seconds (at least a minute).
    static func interval(_ text: String?) throws(CommandError) -> Int64 {
        guard let text else { return 30 * 60 }
        guard let seconds = TimeArgument.relativeSeconds(Substring(text)), seconds >= 60 else {
            throw CommandError("invalid --every: `\(text)` is not a duration of a minute or more",
                               help: "give minutes or hours like `30m` or `1h`", usage: true)
        }
        return seconds
    }
}
