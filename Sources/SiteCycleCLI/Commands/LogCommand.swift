import SiteCycleKit

extension CommandRegistry {
    static let log = Command(
        name: "log",
        summary: "record a site change; the previous site closes",
        usage: "sitecycle log LOCATION [--note TEXT] [--at TIME] [--previous-note TEXT]",
        details: """
            Without LOCATION, on a terminal, a picker opens under the prompt:
            Recommended first (the top one selected), then the other locations,
            longest rested first, then Avoid, each with its last use. ↑/↓ or
            Ctrl-P/Ctrl-N move (j/k too, until you type); typing filters by
            name or slug; Enter picks, then asks for an optional note (Enter
            alone: none). `sitecycle log` Enter Enter logs the top
            recommendation. Esc or Ctrl-C cancels: nothing is written, exit
            130. Without a terminal, LOCATION is required.

            LOCATION is a declared, enabled location: its full name in any case
            (quotes optional: `log left front abdomen`), its slug
            (`left-front-abdomen`), its initials (`lfa`), the start of each word
            run together (`lbab`, `lbar` where Back Abdomen and Back Arm share
            `lba`) or the start of its words (`left fr ab`, `lower`). When
            several fit, they are listed with what to type for each; the Abbr
            column of `sitecycle locations` gives every location's.

            The new line goes at the end of the journal, or in time order for a
            past --at, aligned like the lines around it; nothing else in the file
            changes. Any location may be chosen; one used recently gets a note.
            Refused: a time in the future, a time already logged, a local time
            that does not exist (daylight-saving gap).

            --previous-note adds a note to the site this change closes: after
            the note it has, as a continuation line, so nothing written before
            is lost (--replace-note replaces it instead, and says what it was).
            Notes keep `;`, line breaks and surrounding spaces.
            --json prints {"logged":{…},"previous":{…}|null,"recentlyUsed":bool}.
            """,
        options: SiteChangeOptions.logSpecs,
        positionals: 0...20,
        reportsJSON: true,
        run: { invocation in
            SiteChangeCommand(invocation: invocation).log()
        })

    static let remove = Command(
        name: "remove",
        summary: "end the active site without a new one (pump break)",
        usage: "sitecycle remove [DEVICE] [--at TIME] [--note TEXT]",
        details: """
            Writes a `removed` line: the active site ends there and no site is
            active until the next `log`. Refused when no site is active.
            """,
        options: SiteChangeOptions.removeSpecs,
        positionals: 0...1,
        reportsJSON: true,
        run: { invocation in
            SiteChangeCommand(invocation: invocation).remove()
        })
}

extension CommandError {
    init(_ e: ServiceError) { self.init(e.message, help: e.help, usage: e.usage) }
}

/// What `log` and `remove` were asked for. Notes stay as typed until the
/// request is made: a note picked on the terminal is cleaned the same way.
struct SiteChangeOptions {
    static let logSpecs = DeviceOption.specs + [
        OptionSpec(["--note"], value: "TEXT", "a note for this site (\"bled on insertion\")"),
        PastTimeOption.spec("when it happened (default: now)"),
        OptionSpec(["--previous-note"], value: "TEXT", "add to the note of the site being closed"),
        OptionSpec(["--replace-note"], "with --previous-note: replace that note"),
    ]
    static let removeSpecs = DeviceOption.specs + [
        PastTimeOption.spec("when it was taken out (default: now)"),
        OptionSpec(["--note"], value: "TEXT", "why (\"pump break\")"),
    ]

    /// LOCATION's words, or for `remove` the DEVICE; a first word may name
    /// the device (`log sensor Left Arm`).
    var words: [String]
    var device: DeviceOption
    var at: PastTimeOption
    var note: String?
    var previousNote: String?
    var replaceNote: Bool

    init(_ arguments: ParsedArguments) {
        words = arguments.positionals
        device = DeviceOption(arguments)
        at = PastTimeOption(arguments)
        note = arguments.value("--note")
        previousNote = arguments.value("--previous-note")
        replaceNote = arguments.flag("--replace-note")
    }

    /// The device an entry is for: `--device`, or a first word that names
    /// a declared device (`log sensor Left Arm`); and the words after it.
    func deviceAndWords(in journal: Journal) throws(CommandError) -> (String, [String]) {
        if let first = words.first, journal.deviceIndex(first) != nil, first != Device.pumpName || words.count > 1 {
            if let given = device.given, given != first {
                throw CommandError("`\(first)` and --device \(given) name two devices", usage: true)
            }
            return (first, Array(words.dropFirst()))
        }
        return (try device.name(in: journal), words)
    }
}

/// `log` and `remove` on the command line: parse the arguments into a
/// request, hand it to `SiteChangeService`, render the outcome.
struct SiteChangeCommand {
    let invocation: Invocation
    let options: SiteChangeOptions
    var renderer: SiteChangeRenderer { SiteChangeRenderer(invocation: invocation) }

    init(invocation: Invocation) {
        self.invocation = invocation
        options = SiteChangeOptions(invocation.arguments)
    }

    /// Exit status when the picker is cancelled (as a shell's Ctrl-C).
    static let cancelled: Int32 = 130

    func log() -> Int32 {
        var picked: (location: String, note: String?)?
        // `log sensor` with nothing after the device word picks too.
        let words = options.words
        let missing = UsageError("missing argument", help: "usage: \(invocation.command.usage)")
        // Only with a picker is the journal read out here, to tell a device
        // word from a location; without one, that is decided under the
        // lock, on the one reading of the journal.
        let picker = invocation.environment.picker
        let onlyADevice = picker != nil && words.count == 1 && Device.problem(with: words[0]) == nil
            && (words[0] == Device.pumpName || invocation.readJournalQuietly()?.deviceIndex(words[0]) != nil)
        if words.isEmpty || onlyADevice {
            guard let picker else { return invocation.usageError(missing) }
            guard let journal = invocation.loadJournal() else { return ExitCode.failure }
            let at: Instant, device: String
            do {
                let now = try invocation.now(for: journal)
                at = try options.at.instant(invocation, in: journal, now: now)
                device = try DeviceOption.declared(words.first ?? options.device.given ?? Device.pumpName, in: journal)
            } catch {
                return invocation.fail(error)
            }
            var sheet = SitePicker(recommendation: Recommender.recommend(journal, device: device, now: at), now: at,
                                   zone: journal.zone, device: device)
            sheet.asksForNote = options.note == nil
            invocation.environment.stdout.flush()
            guard let choice = picker(sheet) else { return SiteChangeCommand.cancelled }
            picked = choice
        }
        return invocation.change({ journal, now throws(CommandError) in
            if picked == nil, words.count == 1, words[0] == Device.pumpName || journal.deviceIndex(words[0]) != nil {
                throw CommandError(missing.message, help: missing.help, usage: true)
            }
            let (device, words) = try options.deviceAndWords(in: journal)
            let location: Location
            if let p = picked {
                guard let l = journal.location(named: p.location), l.isEnabled else {
                    throw CommandError("\"\(p.location)\" is no longer an enabled location")
                }
                location = l
            } else {
                location = try LocationResolver.enabledLocation(words.joined(separator: " "), in: journal)
            }
            var request = SiteChangeService.LogRequest(
                location: location.name, at: try options.at.instant(invocation, in: journal, now: now),
                note: try EntryWriter.cleanNote(options.note ?? picked?.note, option: "--note"))
            if let text = options.previousNote {
                request.previousNote = try EntryWriter.cleanNote(text, option: "--previous-note") ?? ""
                request.replaceNote = options.replaceNote
            } else if options.replaceNote {
                throw CommandError("--replace-note goes with --previous-note", usage: true)
            }
            request.device = device
            do throws(ServiceError) { return try SiteChangeService.log(request, in: journal) } catch { throw CommandError(error) }
        }, render: renderer.logged)
    }

    func remove() -> Int32 {
        var asOf: Instant?
        return invocation.change({ journal, now throws(CommandError) in
            asOf = now
            let (device, rest) = try options.deviceAndWords(in: journal)
            guard rest.isEmpty else { throw CommandError("unexpected argument `\(rest[0])`", usage: true) }
            let request = SiteChangeService.RemoveRequest(
                at: try options.at.instant(invocation, in: journal, now: now),
                note: try EntryWriter.cleanNote(options.note, option: "--note"), device: device)
            do throws(ServiceError) { return try SiteChangeService.remove(request, in: journal) } catch { throw CommandError(error) }
        }, render: { o in renderer.removed(o, asOf: asOf) })
    }
}
