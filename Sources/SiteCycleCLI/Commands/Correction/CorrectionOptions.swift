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

    /// ENTRY's form, checked before the journal is read: `last`, a line
    /// number (from 1), or a start time.
    func checkEntry(clock: RunClock) throws(CommandError) {
        if entry == "last" { return }
        if let number = Int(entry) {
            guard number >= 1 else { throw CommandError(ServiceError(.notASiteChange(line: number))) }
            return
        }
        if TimeArgument.formProblem(entry, now: clock.clock) != nil {
            throw CommandError(ServiceError(.entryUnreadable(typed: entry)))
        }
    }

    /// What `delete` asks the Kit for: ENTRY and --device as typed, read
    /// on the journal under the lock.
    func deleteQuery(clock: RunClock) throws(CommandError) -> CorrectionService.DeleteQuery {
        try checkEntry(clock: clock)
        return .init(entry: entry, device: device.given)
    }

    /// What `amend` asks the Kit for, each option read and checked before
    /// any file is read; ENTRY, the location and the times are read on the
    /// journal under the lock (`CorrectionService.AmendQuery`).
    func amendQuery(clock: RunClock) throws(CommandError) -> CorrectionService.AmendQuery {
        try checkEntry(clock: clock)
        var query = CorrectionService.AmendQuery(entry: entry, device: device.given)
        query.start = try start.query(clock)
        if let location, location.trimmingBlanks().isEmpty {
            throw CommandError("--location takes a location name", help: "`sitecycle locations` lists them", usage: true)
        }
        query.location = location
        if let note {
            query.note = try EntryWriter.cleanNote(note, option: "--note").map(NoteChange.replace) ?? .remove
        }
        query.end = try end.query(clock)
        if let reason { query.reason = try ReasonOption.change(reason, option: "--reason") }
        if let lot { query.lot = lot.isEmpty ? .remove : .set(try ReasonOption.lot(lot)) }
        return query
    }
}
