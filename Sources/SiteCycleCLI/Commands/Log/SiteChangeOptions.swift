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

    /// Whether the words are one device word and nothing else
    /// (`log sensor`): no location was given.
    func namesOnlyADevice(in journal: Journal) -> Bool {
        words.count == 1 && (words[0] == Device.pumpName || journal.deviceIndex(words[0]) != nil)
    }

    /// The device an entry is for: `--device`, or a first word that names
    /// a declared device (`log sensor Left Arm`); and the words after it.
    func deviceAndWords(in journal: Journal) throws(CommandError) -> (String, [String]) {
        let (asked, rest) = try askedDeviceAndWords(in: journal)
        return (asked ?? Device.pumpName, rest)
    }

    /// As `deviceAndWords`, but nil when no device was named: `log` then
    /// takes the location's only device (`Journal.siteDevice`).
    func askedDeviceAndWords(in journal: Journal) throws(CommandError) -> (String?, [String]) {
        if let first = words.first, journal.deviceIndex(first) != nil, first != Device.pumpName || words.count > 1 {
            if let given = device.given, given != first {
                throw CommandError("`\(first)` and --device \(given) name two devices", usage: true)
            }
            return (first, Array(words.dropFirst()))
        }
        guard let given = device.given else { return (nil, words) }
        return (try DeviceOption.declared(given, in: journal), words)
    }

    /// What `log` asks `SiteChangeService` for: the location typed (or
    /// `picked` on the terminal), when, for which device, and the notes.
    func logRequest(picked: PickedSite?, _ invocation: Invocation, in journal: Journal, now: Instant)
        throws(CommandError) -> SiteChangeService.LogRequest {
        let (device, words) = try askedDeviceAndWords(in: journal)
        let location: Location
        if let p = picked {
            guard let l = journal.location(named: p.location), l.isEnabled else {
                throw CommandError("\"\(p.location)\" is no longer an enabled location")
            }
            location = l
        } else {
            location = try LocationResolver.enabledLocation(words.joined(separator: " "), in: journal, device: device)
        }
        var request = SiteChangeService.LogRequest(
            location: location.name, at: try at.instant(invocation, in: journal, now: now),
            note: try EntryWriter.cleanNote(note ?? picked?.note, option: "--note"))
        if let text = previousNote {
            request.previousNote = try EntryWriter.cleanNote(text, option: "--previous-note") ?? ""
            request.replaceNote = replaceNote
        } else if replaceNote {
            throw CommandError("--replace-note goes with --previous-note", usage: true)
        }
        request.device = device
        if let reason { request.previousReason = try ReasonOption.reason(reason, option: "--previous-reason") }
        else if let picked = picked?.reason { request.previousReason = picked }
        if let lot { request.lot = try ReasonOption.lot(lot) }
        return request
    }

    /// What `remove` asks `SiteChangeService` for: the end of the active
    /// site of a device, and why.
    func removeRequest(_ invocation: Invocation, in journal: Journal, now: Instant)
        throws(CommandError) -> SiteChangeService.RemoveRequest {
        let (device, rest) = try deviceAndWords(in: journal)
        guard rest.isEmpty else { throw CommandError("unexpected argument `\(rest[0])`", usage: true) }
        var request = SiteChangeService.RemoveRequest(at: try at.instant(invocation, in: journal, now: now),
                                                      note: try EntryWriter.cleanNote(note, option: "--note"), device: device,
                                                      now: now)
        if let reason { request.reason = try ReasonOption.reason(reason, option: "--reason") }
        return request
    }
}

/// The location, note and previous site's reason chosen in the terminal's
/// site picker.
typealias PickedSite = (location: String, note: String?, reason: EndReason?)
