import SiteCycleKit

extension CommandRegistry {
    static let entryHelp = """
        ENTRY is `last` (the newest change up to now), a start time as the
        journal shows it (`2026-02-07 08:15`), or a line number as `history`
        shows it. It is looked for in one device's rotation: the pump's, or
        the one --device names (`delete last --device sensor` deletes the
        sensor's newest entry).
        """

    static let amend = Command(
        name: "amend",
        summary: "correct a site change: location, start, end or note",
        usage: "sitecycle amend ENTRY [--device NAME] [--location NAME] [--at TIME] [--end TIME] [--note TEXT]",
        details: entryHelp + """


            --location and --note rewrite that part of the line; the rest stays
            as written (an empty --note removes the note; a device word before
            the location stays). --at moves the start
            (the line moves too if the order changes). --end says when the site
            came out: the next `removed` line is moved there, or a `removed`
            line is added when the next site went in later. An end after the
            next site's start is refused: amend that one instead.
            """,
        options: CorrectionOptions.amendSpecs,
        positionals: 1...1,
        run: { invocation in
            CorrectionCommand(invocation: invocation).amend()
        })

    static let delete = Command(
        name: "delete",
        summary: "delete a site change (and its note lines)",
        usage: "sitecycle delete ENTRY [--device NAME]",
        details: entryHelp,
        options: DeviceOption.specs,
        positionals: 1...1,
        run: { invocation in
            CorrectionCommand(invocation: invocation).delete()
        })
}

/// What `amend` and `delete` were asked for.
struct CorrectionOptions {
    static let amendSpecs = DeviceOption.specs + [
        OptionSpec(["--location"], value: "NAME", "the right location"),
        PastTimeOption.spec("the right start"),
        PastTimeOption.spec("--end", "when the site came out"),
        OptionSpec(["--note"], value: "TEXT", "the right note (empty to remove)"),
    ]

    /// ENTRY as typed: `last`, a start time or a line number.
    var entry: String
    var device: DeviceOption
    var location: String?
    var start: PastTimeOption
    var end: PastTimeOption
    /// `--note TEXT`; an empty one removes the note.
    var note: String?

    init(_ arguments: ParsedArguments) {
        entry = arguments.positionals[0]
        device = DeviceOption(arguments)
        location = arguments.value("--location")
        start = PastTimeOption(arguments)
        end = PastTimeOption("--end", arguments)
        note = arguments.value("--note")
    }
}

/// `amend` and `delete` on the command line: read ENTRY and the options
/// into a request, hand it to `CorrectionService`, render the outcome.
struct CorrectionCommand {
    let invocation: Invocation
    let options: CorrectionOptions

    init(invocation: Invocation) {
        self.invocation = invocation
        options = CorrectionOptions(invocation.arguments)
    }

    /// The rotation --device names and the entry ENTRY names in it.
    func entry(in journal: Journal, now: Instant) throws(CommandError) -> (device: String, entry: CorrectionService.Entry) {
        let device = try options.device.name(in: journal)
        let text = options.entry
        if text == "last" { return (device, .last(upTo: now)) }
        if let number = Int(text) { return (device, .line(number)) }
        switch invocation.readTime(text, zone: journal.zone, now: now) {
        case .failure:
            throw CommandError("`\(text)` is not an entry", help: "give `last`, a start time or a line number", usage: true)
        case .success(let t):
            return (device, .start(t))
        }
    }

    func delete() -> Int32 {
        invocation.change({ journal, now throws(CommandError) in
            let (device, entry) = try self.entry(in: journal, now: now)
            let request = CorrectionService.DeleteRequest(entry: entry, device: device)
            do throws(ServiceError) { return try CorrectionService.delete(request, in: journal) } catch { throw CommandError(error) }
        }, render: { o in
            invocation.out("Deleted line \(o.deleted.line):\n\(CorrectionCommand.text(o.lines))\n")
        })
    }

    func amend() -> Int32 {
        invocation.change({ journal, now throws(CommandError) in
            let (device, entry) = try self.entry(in: journal, now: now)
            var request = CorrectionService.AmendRequest(entry: entry, device: device)
            if options.start.isGiven { request.start = try options.start.instant(invocation, in: journal, now: now) }
            if let typed = options.location {
                let found = try LocationResolver.locations(typed, in: journal.rotation(device))
                guard found.count == 1 else { throw CommandError("\"\(typed)\" is a zone; give one location", usage: true) }
                request.location = found[0].name
            }
            if let note = options.note {
                request.note = try EntryWriter.cleanNote(note, option: "--note").map(NoteChange.replace) ?? .remove
            }
            if options.end.isGiven { request.end = try options.end.instant(invocation, in: journal, now: now) }
            do throws(ServiceError) { return try CorrectionService.amend(request, in: journal) } catch { throw CommandError(error) }
        }, render: { o in
            invocation.out("Amended line \(o.amended.line):\n\(CorrectionCommand.text(o.lines))\n")
        })
    }

    /// An entry's lines for the terminal.
    static func text(_ lines: [String]) -> String {
        lines.map(\.terminalSafe).joined(separator: "\n")
    }
}
