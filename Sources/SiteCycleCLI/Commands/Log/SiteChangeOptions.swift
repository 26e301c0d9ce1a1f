import SiteCycleKit

/// What `log` and `remove` were asked for. Notes stay as typed until the
/// request is made: a note picked on the terminal is cleaned the same way.
struct SiteChangeOptions {
    static let logSpecs = DeviceOption.specs + [
        OptionSpec(["--note"], value: "TEXT", "a note for this site (\"bled on insertion\")"),
        PastTimeOption.spec("when it happened (default: now)"),
        OptionSpec(["--previous-note"], value: "TEXT", "add to the note of the site being closed"),
        OptionSpec(["--replace-note"], "with --previous-note: replace that note"),
        ReasonOption.spec("why the site being closed ended (`help journal`)", name: "--previous-reason"),
        ReasonOption.lotSpec,
    ]
    static let removeSpecs = DeviceOption.specs + [
        PastTimeOption.spec("when it was taken out (default: now)"),
        OptionSpec(["--note"], value: "TEXT", "why (\"pump break\")"),
        ReasonOption.spec("why the site ended (`help journal`)"),
    ]

    /// LOCATION's words, or for `remove` the DEVICE; a first word may name
    /// the device (`log sensor Left Arm`).
    var words: [String]
    var device: DeviceOption
    var at: PastTimeOption
    var note: String?
    var previousNote: String?
    var replaceNote: Bool
    /// `--previous-reason` for `log`, `--reason` for `remove`, as typed.
    var reason: String?
    var lot: String?

    init(_ arguments: ParsedArguments) {
        words = arguments.positionals
        device = DeviceOption(arguments)
        at = PastTimeOption(arguments)
        note = arguments.value("--note")
        previousNote = arguments.value("--previous-note")
        replaceNote = arguments.flag("--replace-note")
        reason = arguments.value("--previous-reason") ?? arguments.value("--reason")
        lot = arguments.value("--lot")
    }

    /// What `log` asks the Kit for, its options read and checked before
    /// any file is read: the location typed (or `picked` on the terminal),
    /// when, for which device, the notes, the reason and the lot. Which
    /// location and device the words name, and when `--at` is, are read on
    /// the journal under the lock (`SiteChangeService.LogQuery`).
    func logQuery(picked: PickedSite?, clock: RunClock) throws(CommandError) -> SiteChangeService.LogQuery {
        if picked == nil, !words.isEmpty, words.joined(separator: " ").trimmingBlanks().isEmpty {
            throw CommandError(ServiceError(.noLocationTyped))
        }
        var query = SiteChangeService.LogQuery(words: words, picked: picked?.location, device: device.given,
                                               at: try at.query(clock),
                                               note: try EntryWriter.cleanNote(note ?? picked?.note, option: "--note"))
        if let text = previousNote {
            query.previousNote = try EntryWriter.cleanNote(text, option: "--previous-note") ?? ""
            query.replaceNote = replaceNote
        } else if let text = picked?.previousNote {
            query.previousNote = try EntryWriter.cleanNote(text, option: "--previous-note")
        } else if replaceNote {
            throw CommandError("--replace-note goes with --previous-note", usage: true)
        }
        if let reason { query.previousReason = try ReasonOption.reason(reason, option: "--previous-reason") }
        else if let picked = picked?.reason { query.previousReason = picked }
        if let lot { query.lot = try ReasonOption.lot(lot) }
        return query
    }

    /// What `remove` asks the Kit for: the end of the active site of a
    /// device, and why.
    func removeQuery(clock: RunClock) throws(CommandError) -> SiteChangeService.RemoveQuery {
        SiteChangeService.RemoveQuery(words: words, device: device.given, at: try at.query(clock),
                                      note: try EntryWriter.cleanNote(note, option: "--note"),
                                      reason: try reason.map { r throws(CommandError) in try ReasonOption.reason(r, option: "--reason") })
    }
}

/// The location, note, previous site's reason and previous site's note
/// chosen in the terminal's site picker.
typealias PickedSite = (location: String, note: String?, reason: EndReason?, previousNote: String?)
