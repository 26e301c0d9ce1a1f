import SiteCycleKit

/// What `amend` and `delete` were asked for.
struct CorrectionOptions {
    static let amendSpecs = DeviceOption.specs + [
        OptionSpec(["--location"], value: "NAME", "the right location"),
        PastTimeOption.spec("the right start"),
        PastTimeOption.spec("--end", "when the site came out"),
        OptionSpec(["--note"], value: "TEXT", "the right note (empty to remove)"),
        ReasonOption.spec("why the site ended; `none` removes it"),
        OptionSpec(["--lot"], value: "TEXT", "the right lot (empty to remove)"),
    ]

    /// ENTRY as typed: `last`, a start time or a line number.
    var entry: String
    var device: DeviceOption
    var location: String?
    var start: PastTimeOption
    var end: PastTimeOption
    /// `--note TEXT`; an empty one removes the note.
    var note: String?
    var reason: String?
    var lot: String?

    init(_ arguments: ParsedArguments) {
        entry = arguments.positionals[0]
        device = DeviceOption(arguments)
        location = arguments.value("--location")
        start = PastTimeOption(arguments)
        end = PastTimeOption("--end", arguments)
        note = arguments.value("--note")
        reason = arguments.value("--reason")
        lot = arguments.value("--lot")
    }

    /// The rotation --device names and the entry ENTRY names in it.
    func entry(_ invocation: Invocation, in journal: Journal, now: Instant) throws(CommandError)
        -> (device: String, entry: CorrectionService.Entry) {
        let device = try self.device.name(in: journal)
        if entry == "last" { return (device, .last(upTo: now)) }
        if let number = Int(entry) {
            // A line number is unambiguous: its own device, unless --device says otherwise.
            let own = self.device.given == nil ? CorrectionService.device(ofLine: number, in: journal) : nil
            return (own ?? device, .line(number))
        }
        switch invocation.readTime(entry, zone: journal.zone, now: now) {
        case .failure:
            throw CommandError("`\(entry)` is not an entry", help: "give `last`, a start time or a line number", usage: true)
        case .success(let t):
            return (device, .start(t))
        }
    }

    /// A location the device's rotation lacks because it is declared for
    /// other devices: said so, with `check`'s fix, rather than "no location".
    static func notForDevice(_ typed: String, _ device: String, in journal: Journal) -> CommandError? {
        guard case .found(let all) = LocationMatcher(locations: journal.locations).select(typed), all.count == 1,
              !all[0].isFor(device) else { return nil }
        let l = all[0]
        return CommandError("\(l.name) is not a site for the \(device)",
                            help: Diagnostic.Help.addDeviceToLocation(device: device, location: l.name, devices: l.devices + [device]).words)
    }

    /// What `amend` asks `CorrectionService` for: the entry and each part
    /// given, in the order they are checked.
    func amendRequest(_ invocation: Invocation, in journal: Journal, now: Instant) throws(CommandError)
        -> CorrectionService.AmendRequest {
        let (device, entry) = try self.entry(invocation, in: journal, now: now)
        var request = CorrectionService.AmendRequest(entry: entry, device: device)
        if start.isGiven { request.start = try start.instant(invocation, in: journal, now: now) }
        if let typed = location {
            let found: [Location]
            do throws(CommandError) { found = try LocationResolver.locations(typed, in: journal.rotation(device)) } catch {
                throw Self.notForDevice(typed, device, in: journal) ?? error
            }
            guard found.count == 1 else { throw CommandError("\"\(typed)\" is a zone; give one location", usage: true) }
            request.location = found[0].name
        }
        if let note {
            request.note = try EntryWriter.cleanNote(note, option: "--note").map(NoteChange.replace) ?? .remove
        }
        if end.isGiven { request.end = try end.instant(invocation, in: journal, now: now) }
        if let reason { request.reason = try ReasonOption.change(reason, option: "--reason") }
        if let lot { request.lot = lot.isEmpty ? .remove : .set(try ReasonOption.lot(lot)) }
        return request
    }
}
