import SiteCycleKit

extension CommandRegistry {
    static let locations = Command(
        name: "locations",
        summary: "list, add, rename, pause, disable, remove or move locations",
        usage: "sitecycle locations [list | add NAME [--sides] [--for DEV,…] | for NAME DEV,… | rename OLD NEW | pause NAME --until DATE|--for Nd [--reason TEXT] | resume NAME | enable NAME | disable NAME | remove NAME | move NAME --before|--after OTHER | sides ZONE on|off]",
        details: """
            With no subcommand, lists every location in header order: name,
            zone, side, enabled, uses, last used. --json prints a list of
            locations in the shape `export --format json` writes them
            ({"name","zone","side","bodyPart","enabled","order","devices",
            "pausedUntil","note"}) with "short", "uses" and "lastUsed" added.
            In a journal with devices or a paused location, the list shows
            instead which devices each location is for and whether it is in
            rotation: yes, no (disabled), or from the day its pause ends.

              add NAME [--sides] [--for DEV,…]
                                   declare NAME, or with --sides `Left NAME` and
                                   `Right NAME`, after the last location line;
                                   --for lists the devices that may use it
                                   (`for pump,sensor`; without it, the pump);
                                   on a declared NAME, --for is `for NAME`
              for NAME DEV,…       which devices may use NAME: writes or
                                   replaces its `for` clause (`pump` alone
                                   removes it), e.g. `locations for
                                   "Left Back Arm" pump,sensor`
              rename OLD NEW       rewrite the declaration and exactly the entry
                                   lines that name it (a device word stays)
              pause NAME --until DATE | --for Nd [--reason TEXT]
                                   keep NAME out of recommendations until DATE
                                   (midnight, journal time), or for N days
                                   from today: writes `paused until DATE` on
                                   its line, the reason as the line's comment
                                   (Medtronic advises about a month for a
                                   hard, lumpy site)
              resume NAME          end a pause now: removes `paused until`
              enable NAME          put it back into rotation
              disable NAME         keep its history, take it out of rotation
              remove NAME          delete it when it has no history; disable it
                                   (soft delete) when it has; says which
              move NAME --before OTHER | --after OTHER
                                   change the header order (the sort order)
              sides ZONE on|off    give a zone a Left and a Right location, or
                                   make it one location again (the app's
                                   laterality switch); what it replaces is
                                   disabled, so its history stays

            Names that differ only in case are one name: `add hip` is refused
            while `Hip` is declared, or while the zone Hip has Left Hip and
            Right Hip (`sides Hip off` makes it one location). `add NAME
            --sides` on a declared unsided NAME is `sides NAME on`.

            NAME may be a zone (`Front Abdomen`): the command then acts on both
            sides. Disabling or removing the last enabled location is refused.
            Each change is one small edit of the header (and, for rename, of the
            entries naming it); everything else in the file stays as it was.
            """,
        options: LocationsOptions.specs,
        positionals: 0...20,
        reportsJSON: true,
        run: { invocation in
            let options = LocationsOptions(invocation.arguments)
            let sub = options.subcommand, rest = options.words
            if sub == "list" {
                guard rest.isEmpty else { return invocation.usageError(UsageError("`locations list` takes no name")) }
                return invocation.report { journal, now throws(CommandError) in
                    LocationsRenderer(invocation: invocation).list(journal, now: now)
                }
            }
            let subcommands = ["list", "add", "for", "rename", "pause", "resume", "enable", "disable", "remove", "move", "sides"]
            guard subcommands.dropFirst().contains(sub) else {
                let guess = suggestion(for: sub, among: subcommands)
                return invocation.usageError(UsageError("unknown subcommand `locations \(sub)`",
                                                        help: guess.map { "did you mean `locations \($0)`?" }
                                                            ?? "subcommands: " + subcommands.joined(separator: ", ")))
            }
            let command = LocationsCommand(invocation: invocation, options: options)
            return invocation.change({ journal, now throws(CommandError) in
                try command.plan(sub, rest, in: journal, now: now)
            }, render: LocationsRenderer(invocation: invocation).render)
        })
}

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
}

/// `locations` on the command line: parse the arguments into a request,
/// hand it to `LocationsService`, render the outcome (and the list).
struct LocationsCommand {
    let invocation: Invocation
    let options: LocationsOptions

    // MARK: Requests

    typealias Planned = PlannedChange<LocationsService.Outcome>

    /// The request for subcommand `sub`, planned by the service. What was
    /// typed is checked here, in the order the refusals have always come.
    func plan(_ sub: String, _ words: [String], in journal: Journal, now: Instant) throws(CommandError) -> Planned {
        switch sub {
        case "add":
            var request = LocationsService.AddRequest(
                name: try joinedName(words, what: "NAME", usage: "locations add NAME [--sides]"), sides: options.sides)
            if let list = options.forText {
                request.devices = list.split(separator: ",", omittingEmptySubsequences: false).map { collapse(String($0)) }
                request.devicesAsTyped = list
            }
            return try service { () throws(ServiceError) in try LocationsService.add(request, in: journal) }
        case "for":
            let usage = "locations for NAME DEV,…"
            guard words.count >= 2, let list = words.last else {
                throw CommandError("for takes a name and a list of devices", help: "sitecycle locations for \"Left Back Arm\" "
                                       + "pump,sensor", usage: true)
            }
            let name = try joinedName(Array(words.dropLast()), what: "NAME", usage: usage)
            let request = LocationsService.DevicesRequest(
                target: try target(name, in: journal),
                devices: list.split(separator: ",", omittingEmptySubsequences: false).map { collapse(String($0)) },
                devicesAsTyped: list)
            return try service { () throws(ServiceError) in try LocationsService.setDevices(request, in: journal) }
        case "rename":
            guard words.count == 2 else {
                throw CommandError("rename takes two names: OLD and NEW (quote names with spaces)",
                                   help: "sitecycle locations rename \"Left Hip\" \"Left Flank\"", usage: true)
            }
            let request = LocationsService.RenameRequest(from: try target(words[0], in: journal), to: collapse(words[1]))
            return try service { () throws(ServiceError) in try LocationsService.rename(request, in: journal) }
        case "enable", "disable":
            let target = try target(try joinedName(words, what: "NAME", usage: "locations \(sub) NAME"), in: journal)
            return try service { () throws(ServiceError) in
                sub == "enable" ? try LocationsService.enable(target, in: journal)
                    : try LocationsService.disable(target, in: journal)
            }
        case "remove":
            let target = try target(try joinedName(words, what: "NAME", usage: "locations remove NAME"), in: journal)
            return try service { () throws(ServiceError) in try LocationsService.remove(target, in: journal) }
        case "sides":
            guard let last = words.last, ["on", "off"].contains(last.lowercased()), words.count >= 2 else {
                throw CommandError("sides takes a zone and on or off", help: "sitecycle locations sides \"Upper Arm\" on",
                                   usage: true)
            }
            let request = LocationsService.SidesRequest(zone: collapse(words.dropLast().joined(separator: " ")),
                                                        on: last.lowercased() == "on")
            return try service { () throws(ServiceError) in try LocationsService.sides(request, in: journal) }
        case "pause":
            let request = try pauseRequest(words, in: journal, now: now)
            return try service { () throws(ServiceError) in try LocationsService.pause(request, in: journal) }
        case "resume":
            let request = LocationsService.ResumeRequest(
                target: try target(try joinedName(words, what: "NAME", usage: "locations resume NAME"), in: journal),
                today: journal.zone.civil(now).date)
            return try service { () throws(ServiceError) in try LocationsService.resume(request, in: journal) }
        default:
            let request = try moveRequest(words, in: journal)
            return try service { () throws(ServiceError) in try LocationsService.move(request, in: journal) }
        }
    }

    /// NAME and `--until DATE` or `--for Nd` (from today, journal time),
    /// and `--reason` for the line's comment.
    func pauseRequest(_ words: [String], in journal: Journal, now: Instant) throws(CommandError)
        -> LocationsService.PauseRequest {
        let usage = "locations pause NAME --until DATE | --for Nd [--reason TEXT]"
        let target = try target(try joinedName(words, what: "NAME", usage: usage), in: journal)
        let today = journal.zone.civil(now).date
        let until: CivilDate
        switch (options.until, options.forText) {
        case (let text?, nil):
            guard let date = SettingValues.date(text) else {
                throw CommandError("--until takes a date like 2026-03-15, not `\(text)`", usage: true)
            }
            guard today < date else {
                throw CommandError("--until \(text) is not after today (\(today.iso))",
                                   help: "a pause ends at the start of DATE; give a later day", usage: true)
            }
            until = date
        case (nil, let text?):
            var digits = Substring(text.lowercased())
            if digits.hasSuffix("d") { digits = digits.dropLast() }
            guard let days = Int(digits), days >= 1, days <= 3660 else {
                throw CommandError("--for takes a number of days like `30d`, not `\(text)`", usage: true)
            }
            until = today.adding(days: days)
        default:
            throw CommandError("pause needs exactly one of --until DATE or --for Nd", help: "sitecycle \(usage)", usage: true)
        }
        var request = LocationsService.PauseRequest(target: target, until: until)
        if let reason = options.reason { request.reason = try EntryWriter.cleanNote(reason, option: "--reason") ?? "" }
        return request
    }

    func moveRequest(_ words: [String], in journal: Journal) throws(CommandError) -> LocationsService.MoveRequest {
        let target = try target(try joinedName(words, what: "NAME", usage: "locations move NAME --before OTHER"), in: journal)
        let before = options.before, after = options.after
        guard (before == nil) != (after == nil) else {
            throw CommandError("move needs exactly one of --before OTHER or --after OTHER", usage: true)
        }
        // An empty OTHER names no location, so it never gets this far.
        return LocationsService.MoveRequest(target: target, before != nil ? .before : .after,
                                            anchor: try self.target(before ?? after!, in: journal))
    }

    /// What was typed, resolved to a location or a zone's locations.
    func target(_ typed: String, in journal: Journal) throws(CommandError) -> LocationsService.Target {
        LocationsService.Target(typed: typed, names: try LocationResolver.locations(typed, in: journal).map(\.name))
    }

    func service(_ body: () throws(ServiceError) -> Planned) throws(CommandError) -> Planned {
        do throws(ServiceError) { return try body() } catch { throw CommandError(error) }
    }

    func joinedName(_ words: [String], what: String, usage: String) throws(CommandError) -> String {
        let name = collapse(words.joined(separator: " "))
        guard !name.isEmpty else { throw CommandError("missing \(what)", help: "sitecycle \(usage)", usage: true) }
        return name
    }

    func collapse(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

/// Columns padded to their widest cell; `rightAligned` columns line up on the right.
func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
    guard let first = rows.first else { return "" }
    let widths = first.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    return rows.map { row in
        row.indices.map { c in
            let pad = String(repeating: " ", count: widths[c] - row[c].count)
            return rightAligned.contains(c) ? pad + row[c] : (c == row.count - 1 ? row[c] : row[c] + pad)
        }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
}
