import SiteCycleKit

/// One `locations` change as typed, read into the Kit's query before any
/// file is read: its name joined and tidied, a device list split, a pause's
/// end and reason, a move's placement. Which locations a name means, and
/// today, are read on the journal under the lock (`LocationsService.Query`).
extension LocationsService.Query {
    static let pauseUsage = "locations pause NAME --until DATE | --for Nd [--reason TEXT]"

    init(_ options: LocationsOptions) throws(CommandError) {
        let words = options.words, sub = options.subcommand
        switch sub {
        case "add":
            let name = try Self.checkNewName(try Self.name(words, usage: "locations add NAME [--sides]"))
            var request = LocationsService.AddRequest(name: name, sides: options.sides)
            if let list = options.forText {
                request.devices = LocationsOptions.devices(list)
                request.devicesAsTyped = list
            }
            self = .add(request)
        case "for":
            guard words.count >= 2, let list = words.last else {
                throw CommandError("for takes a name and a list of devices", help: "sitecycle locations for \"Left Back Arm\" "
                                       + "pump,sensor", usage: true)
            }
            self = .devices(name: try Self.name(Array(words.dropLast()), usage: "locations for NAME DEV,…"),
                            devices: LocationsOptions.devices(list), typed: list)
        case "rename":
            guard words.count == 2 else {
                throw CommandError("rename takes two names: OLD and NEW (quote names with spaces)",
                                   help: "sitecycle locations rename \"Left Hip\" \"Left Flank\"", usage: true)
            }
            self = .rename(from: words[0], to: try Self.checkNewName(LocationsOptions.collapse(words[1])))
        case "enable": self = .enable(try Self.name(words, usage: "locations enable NAME"))
        case "disable": self = .disable(try Self.name(words, usage: "locations disable NAME"))
        case "remove": self = .remove(try Self.name(words, usage: "locations remove NAME"))
        case "resume": self = .resume(try Self.name(words, usage: "locations resume NAME"))
        case "sides":
            guard let last = words.last, ["on", "off"].contains(last.lowercased()), words.count >= 2 else {
                throw CommandError("sides takes a zone and on or off", help: "sitecycle locations sides \"Upper Arm\" on",
                                   usage: true)
            }
            self = .sides(LocationsService.SidesRequest(zone: LocationsOptions.collapse(words.dropLast().joined(separator: " ")),
                                                        on: last.lowercased() == "on"))
        case "pause":
            let name = try Self.name(words, usage: Self.pauseUsage)
            let end = try options.pauseEnd(usage: Self.pauseUsage)
            self = .pause(name, end, reason: try options.reason.map { r throws(CommandError) in
                try EntryWriter.cleanNote(r, option: "--reason") ?? ""
            })
        default:
            let name = try Self.name(words, usage: "locations move NAME --before OTHER")
            let (placement, anchor) = try options.placement()
            self = .move(name, placement, anchor: anchor)
        }
    }

    /// A new name's form, checked before the journal is read (whether it
    /// starts with one of the journal's device words is judged on it).
    static func checkNewName(_ name: String) throws(CommandError) -> String {
        if let problem = LocationName.problem(with: name) {
            throw CommandError(ServiceError(.invalidLocationName(problem: problem)))
        }
        return name
    }

    /// NAME: the words joined, refused when there are none.
    static func name(_ words: [String], usage: String) throws(CommandError) -> String {
        let name = LocationsOptions.collapse(words.joined(separator: " "))
        guard !name.isEmpty else { throw CommandError("missing NAME", help: "sitecycle \(usage)", usage: true) }
        return name
    }
}
