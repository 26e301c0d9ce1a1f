import SiteCycleKit

/// What `locations` was asked for: the subcommand, its words, and the
/// options each subcommand reads.
struct LocationsOptions {
    static let specs = [
        OptionSpec(["--sides"], "add: declare a Left and a Right location"),
        OptionSpec(["--for"], value: "DEV,…|Nd", "add: the devices it is for; pause: how many days"),
        OptionSpec(["--until"], value: "DATE", "pause: the day it is back in rotation"),
        OptionSpec(["--reason"], value: "TEXT", "pause: why, written as the line's comment"),
        OptionSpec(["--before"], value: "OTHER", "move: put it before OTHER"),
        OptionSpec(["--after"], value: "OTHER", "move: put it after OTHER"),
    ]
    static let subcommands = ["list", "add", "for", "rename", "pause", "resume", "enable", "disable", "remove", "move",
                              "sides"]

    /// `list` when none is given.
    var subcommand: String
    /// The words after the subcommand.
    var words: [String]
    var sides: Bool
    /// `--for`: devices for `add`, days for `pause`.
    var forText: String?
    var until: String?
    var reason: String?
    var before: String?
    var after: String?

    init(_ arguments: ParsedArguments) {
        subcommand = arguments.positionals.first ?? "list"
        words = Array(arguments.positionals.dropFirst())
        sides = arguments.flag("--sides")
        forText = arguments.value("--for")
        until = arguments.value("--until")
        reason = arguments.value("--reason")
        before = arguments.value("--before")
        after = arguments.value("--after")
    }

    /// `list` and anything that is not a subcommand are refused before the
    /// journal is read; the rest are changes.
    func unknownSubcommand() -> UsageError? {
        guard !Self.subcommands.dropFirst().contains(subcommand) else { return nil }
        let guess = suggestion(for: subcommand, among: Self.subcommands)
        return UsageError("unknown subcommand `locations \(subcommand)`",
                          help: guess.map { "did you mean `locations \($0)`?" }
                              ?? "subcommands: " + Self.subcommands.joined(separator: ", "))
    }

    /// When a pause ends: `--until DATE`, or `--for Nd` from today (journal
    /// time, read under the lock: a DATE not after today is refused there).
    func pauseEnd(usage: String) throws(CommandError) -> LocationsService.PauseEnd {
        switch (until, forText) {
        case (let text?, nil):
            guard let date = SettingValues.date(text) else {
                throw CommandError("--until takes a date like 2026-03-15, not `\(text)`", usage: true)
            }
            return .until(date, typed: text)
        case (nil, let text?):
            var digits = Substring(text.lowercased())
            if digits.hasSuffix("d") { digits = digits.dropLast() }
            guard let days = Int(digits), days >= 1, days <= 3660 else {
                throw CommandError("--for takes a number of days like `30d`, not `\(text)`", usage: true)
            }
            return .days(days)
        default:
            throw CommandError("pause needs exactly one of --until DATE or --for Nd", help: "sitecycle \(usage)", usage: true)
        }
    }

    /// `--before OTHER` or `--after OTHER`, exactly one.
    func placement() throws(CommandError) -> (LocationsService.Placement, anchor: String) {
        switch (before, after) {
        case (let other?, nil): return (.before, other)
        case (nil, let other?): return (.after, other)
        default: throw CommandError("move needs exactly one of --before OTHER or --after OTHER", usage: true)
        }
    }

    /// A name as typed, its runs of spaces and tabs made one space.
    static func collapse(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// `for`'s and `add --for`'s list of devices.
    static func devices(_ list: String) -> [String] {
        list.split(separator: ",", omittingEmptySubsequences: false).map { collapse(String($0)) }
    }
}
