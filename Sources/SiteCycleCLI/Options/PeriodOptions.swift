import SiteCycleKit

/// `--from TIME --to TIME --last Nd`: the period a report or an export
/// covers, selected by each change's start. Declared once (as
/// swift-argument-parser's `@OptionGroup`) for history, stats, export and
/// report, and read into a `ChangeSelection`.
struct PeriodOptions {
    static let specs = [
        OptionSpec(["--from"], value: "TIME", "site changes starting at or after TIME"),
        OptionSpec(["--to"], value: "TIME", "site changes starting at or before TIME"),
        OptionSpec(["--last"], value: "Nd", "site changes in the last N days (7d, 30d, 90d, …)"),
    ]

    /// The same three for `outcomes`, which selects glucose readings by
    /// their time rather than site changes by start.
    static let readingSpecs = [
        OptionSpec(["--from"], value: "TIME", "readings at or after TIME"),
        OptionSpec(["--to"], value: "TIME", "readings at or before TIME"),
        OptionSpec(["--last"], value: "Nd", "readings in the last N days (7d, 30d, 90d, …)"),
    ]

    /// As typed: they are read in the journal's zone, once it is known.
    var from: String?
    var to: String?
    /// `--last Nd`: N.
    var lastDays: Int?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        from = arguments.value("--from")
        to = arguments.value("--to")
        // Their form is checked before the journal is read; they are read
        // in its zone once it is known.
        for (option, text) in [("--from", from), ("--to", to)] {
            if let text, let e = TimeArgument.formProblem(text) {
                throw CommandError("invalid \(option): \(e.message)", help: ServiceError.timeHelp(e), usage: true)
            }
        }
        if let last = arguments.value("--last") {
            guard from == nil else { throw CommandError("give --last or --from, not both", usage: true) }
            let digits = last.hasSuffix("d") ? String(last.dropLast()) : last
            guard let days = Int(digits), days > 0, days <= 100_000 else {
                throw CommandError("--last takes a number of days like `30d`, not `\(last)`", usage: true)
            }
            lastDays = days
        }
    }

    /// What `--last Nd` counted, as a line above a listing: "Since
    /// 2026-11-19 00:00 (the last 3 days, today included)". Nil without it.
    func lastDaysLine(_ selection: ChangeSelection, zone: ZoneRules) -> String? {
        guard let lastDays, let from = selection.from else { return nil }
        return "Since \(displayTime(from, in: zone)) (the last \(counted(lastDays, "day"))"
            + (lastDays > 1 ? ", today included" : ": today") + ")\n"
    }

    /// The changes in the period (and at `locations`, when given), read in
    /// `journal`'s zone; nothing after now unless `throughFuture`.
    func selection(_ invocation: Invocation, in journal: Journal, now: Instant, location: LocationFilter? = nil,
                   throughFuture: Bool = false) throws(CommandError) -> ChangeSelection {
        func time(_ option: String, _ text: String?) throws(CommandError) -> Instant? {
            guard let text else { return nil }
            // A day alone as --to means all of that day.
            switch invocation.readTime(text, zone: journal.zone, now: now, end: option == "--to") {
            case .success(let t): return t
            case .failure(let e): throw CommandError("invalid \(option): \(e.message)", help: e.help, usage: true)
            }
        }
        let start = try time("--from", from), end = try time("--to", to)
        if let start, let end, start > end {
            throw CommandError("--from \(from!) is after --to \(to!)", help: "swap them", usage: true)
        }
        return ChangeSelection(from: start, to: end, lastDays: lastDays, locations: try location?.indexes(in: journal),
                               now: now, zone: journal.zone, throughFuture: throughFuture)
    }
}
