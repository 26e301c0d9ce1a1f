import SiteCycleKit

/// What `init` was asked for by flags. Any choice but `--sensor` means no
/// questions are asked: the flags (and defaults) make the journal.
struct InitOptions {
    static let specs = [
        OptionSpec(["--timezone"], value: "TZ", "IANA time zone for wall-clock times (default: the system's)"),
        OptionSpec(["--zones"], value: "LIST", "comma-separated default zones to keep"),
        OptionSpec(["--no-sides"], "one location per zone instead of Left and Right"),
        OptionSpec(["--target"], value: "HOURS", "hours a site is meant to stay in (default 72h)"),
        OptionSpec(["--sensor"], value: "SENSOR", "a CGM too: g7, g7-15, libre, libre3, libre3-plus, guardian, or 10d [grace 12h]"),
        OptionSpec(["--sensor-zones"], value: "LIST", "with --sensor: the zones it may use (default: as init asks)"),
    ]

    /// A known zone; nil for the system's.
    var timezone: String?
    var zones = DefaultZones.all
    var sides = true
    var targetHours: Double?
    /// `--sensor`, when given.
    var sensor: Onboarding.Sensor?
    /// `--sensor-zones`, when given.
    var sensorZones: [String]?
    /// A choice made by a flag, other than `--sensor`.
    var chosen: Bool

    init(_ arguments: ParsedArguments) throws(CommandError) {
        chosen = ["--zones", "--no-sides", "--timezone", "--target"].contains(where: arguments.has)
        if let given = arguments.value("--timezone") {
            guard ZoneRules(identifier: given) != nil else {
                throw CommandError("unknown time zone `\(given)`", help: unknownZoneHelp(for: given), usage: true)
            }
            timezone = given
        }
        if let list = arguments.value("--zones") { zones = try InitOptions.parseZones(list) }
        sides = !arguments.flag("--no-sides")
        if let target = arguments.value("--target") {
            switch SettingValues.hours(target) {
            case .success(let h): targetHours = h
            case .failure(let e): throw CommandError("invalid --target: \(e.message)", usage: true)
            }
        }
        if let text = arguments.value("--sensor") {
            switch Onboarding.Sensor.named(text) {
            case .success(let given)?: sensor = given
            case .failure(let e)?:
                throw CommandError("invalid --sensor: \(e.message)", help: "e.g. `--sensor g7` or `--sensor \"10d grace 12h\"`",
                                   usage: true)
            case nil:
                throw CommandError("invalid --sensor: `\(text)` is neither a sensor nor a wear time",
                                   help: "give g7, g7-15, libre, libre3, libre3-plus or guardian, or days like "
                                       + "`10d` or `\"10d grace 12h\"`", usage: true)
            }
        }
        if let list = arguments.value("--sensor-zones") {
            guard sensor != nil else { throw CommandError("--sensor-zones goes with --sensor", usage: true) }
            sensorZones = try InitOptions.parseZones(list)
            chosen = true
        }
    }

    /// On a terminal and without any choice made by flags, `init` asks
    /// (`--sensor` only says which sensor: the rest is still asked).
    func asks(_ environment: RunEnvironment) -> Bool {
        !chosen && environment.stdinIsTerminal && environment.stdoutIsTerminal
    }

    /// The journal the flags describe.
    func journal(systemZone: String) -> NewJournal {
        var journal = NewJournal(timezone: timezone ?? systemZone,
                                 locations: DefaultZones.locationNames(zones: zones, sides: sides))
        if let targetHours { journal.targetHours = targetHours }
        guard let sensor else { return journal }
        journal.sensorHours = sensor.hours
        journal.sensorGraceHours = sensor.graceHours
        journal.sensorComment = sensor.comment
        // The zones init would offer with Enter: Back Arm for a sensor
        // labelled for it, else every zone, shared with the pump.
        var choice = ZoneChoice(zones: zones)
        let sensorZones = sensorZones ?? (sensor.labelledForTheArm ? ["Back Arm"] : zones)
        choice.shared = Set(sensorZones.filter(zones.contains))
        let added = sensorZones.filter { !zones.contains($0) }
        choice.zones += added
        choice.sensorOnly = Set(added)
        if !sides { choice.unsided = Set(choice.zones) }
        journal.locations = choice.locationNames
        journal.devices = choice.devices(sensor: Device.sensorName)
        return journal
    }

    static func parseZones(_ list: String) throws(CommandError) -> [String] {
        var zones: [String] = []
        for raw in list.split(separator: ",") {
            let word = raw.trimmingBlanks()
            guard !word.isEmpty else { continue }
            let normalized = String(word.lowercased().map { $0 == "-" ? " " : $0 })
            guard let zone = DefaultZones.all.first(where: { $0.lowercased() == normalized }) else {
                let guess = suggestion(for: normalized, among: DefaultZones.all)
                throw CommandError("unknown zone `\(word)`",
                                   help: guess.map { "did you mean `\($0)`?" }
                                       ?? "the zones are: \(DefaultZones.all.joined(separator: ", "))", usage: true)
            }
            if !zones.contains(zone) { zones.append(zone) }
        }
        guard !zones.isEmpty else { throw CommandError("`--zones` names no zone", usage: true) }
        return DefaultZones.all.filter(zones.contains)
    }
}
