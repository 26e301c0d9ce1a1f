import SiteCycleKit

extension CommandRegistry {
    static let initCommand = Command(
        name: "init",
        summary: "create a journal with the default locations",
        usage: "sitecycle init [--timezone TZ] [--zones LIST] [--no-sides] [--target HOURS]",
        details: """
            Writes a new, commented journal (mode 0600, parent folders created)
            at the journal path and never overwrites an existing file.

            By default it declares the SiteCycle app's 14 locations: seven zones
            (Front Abdomen, Side Abdomen, Back Abdomen, Front Thigh, Side Thigh,
            Back Arm, Buttock), each as a Left and a Right location. On a
            terminal with no options it asks which zones to keep.

            --zones takes a comma-separated list of those zones (`front-abdomen`
            also works). --no-sides declares each zone once, without Left/Right.
            The time zone defaults to the system's ($TZ, else /etc/localtime).
            """,
        options: [
            OptionSpec(["--timezone"], value: "TZ", "IANA time zone for wall-clock times (default: the system's)"),
            OptionSpec(["--zones"], value: "LIST", "comma-separated default zones to keep"),
            OptionSpec(["--no-sides"], "one location per zone instead of Left and Right"),
            OptionSpec(["--target"], value: "HOURS", "hours a site is meant to stay in (default 72h)"),
        ],
        run: { InitService(invocation: $0).run() })
}

/// Gathers the choices for a new journal (flags, or questions on a terminal)
/// and writes it.
struct InitService {
    let invocation: Invocation

    func run() -> Int32 {
        let location = invocation.journalLocation
        if location.origin == .noHome {
            return invocation.fail(JournalLocation.noHomeMessage, help: JournalLocation.noHomeHint)
        }
        if let dangling = JournalFile.danglingJournalSymlink(location.path) {
            return invocation.fail(dangling.message, help: dangling.hint)
        }
        if JournalFile.exists(location.path) {
            return invocation.fail("\(location.path) already exists; init never overwrites a journal",
                                   help: "use it as it is, or pass -f with a new path")
        }
        do throws(UsageError) {
            var journal = NewJournal(timezone: try timezone(), locations: [])
            let zones = try chosenZones()
            journal.locations = DefaultZones.locationNames(zones: zones, sides: !invocation.arguments.flag("--no-sides"))
            if let target = invocation.arguments.value("--target") {
                switch SettingValues.hours(target) {
                case .success(let h): journal.targetHours = h
                case .failure(let e): throw UsageError("invalid --target: \(e.message)")
                }
            }
            do {
                try JournalFile.createPrivate(location.path, Array(journal.text.utf8))
            } catch {
                return invocation.fail(error.message)
            }
            invocation.out("Created \(location.path) with \(journal.locations.count) locations in \(journal.timezone).\n")
            invocation.out("Next: sitecycle log LOCATION   (see `sitecycle recommend`)\n")
            return ExitCode.ok
        } catch {
            return invocation.usageError(error)
        }
    }

    func timezone() throws(UsageError) -> String {
        guard let given = invocation.arguments.value("--timezone") else { return invocation.systemZone.identifier }
        guard ZoneRules(identifier: given) != nil else {
            let guess = suggestion(for: given, among: knownZoneIdentifiers())
            throw UsageError("unknown time zone `\(given)`",
                             help: guess.map { "did you mean `\($0)`?" } ?? "use an IANA name such as `Europe/Berlin` or `UTC`")
        }
        return given
    }

    func chosenZones() throws(UsageError) -> [String] {
        let args = invocation.arguments
        if let list = args.value("--zones") { return try InitService.parseZones(list) }
        let noFlags = !args.has("--no-sides") && !args.has("--timezone") && !args.has("--target")
        if noFlags && invocation.environment.stdinIsTerminal && invocation.environment.stdoutIsTerminal {
            return askForZones()
        }
        return DefaultZones.all
    }

    static func parseZones(_ list: String) throws(UsageError) -> [String] {
        var zones: [String] = []
        for raw in list.split(separator: ",") {
            let word = raw.trimmingBlanks()
            guard !word.isEmpty else { continue }
            let normalized = String(word.lowercased().map { $0 == "-" ? " " : $0 })
            guard let zone = DefaultZones.all.first(where: { $0.lowercased() == normalized }) else {
                let guess = suggestion(for: normalized, among: DefaultZones.all)
                throw UsageError("unknown zone `\(word)`",
                                 help: guess.map { "did you mean `\($0)`?" }
                                     ?? "the zones are: \(DefaultZones.all.joined(separator: ", "))")
            }
            if !zones.contains(zone) { zones.append(zone) }
        }
        guard !zones.isEmpty else { throw UsageError("`--zones` names no zone") }
        return DefaultZones.all.filter(zones.contains)
    }

    /// Asks on the terminal; Enter (or end of input) keeps every zone.
    func askForZones() -> [String] {
        var prompt = "Which zones do you use? Each gets a Left and a Right location.\n"
        for (i, zone) in DefaultZones.all.enumerated() { prompt += "  \(i + 1). \(zone)\n" }
        invocation.out(prompt)
        for _ in 0..<3 {
            invocation.out("Numbers to keep (e.g. 1 2 4), or Enter for all: ")
            guard let answer = invocation.environment.stdin.readLine() else { break }
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            if words.isEmpty { return DefaultZones.all }
            let numbers = words.compactMap { Int($0) }.filter { (1...DefaultZones.all.count).contains($0) }
            if numbers.count == words.count {
                return DefaultZones.all.enumerated().filter { numbers.contains($0.offset + 1) }.map(\.element)
            }
            invocation.out("Please type numbers from 1 to \(DefaultZones.all.count), separated by spaces.\n")
        }
        invocation.out("Keeping all zones.\n")
        return DefaultZones.all
    }
}

