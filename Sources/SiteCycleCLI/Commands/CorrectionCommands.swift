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
        options: [
            deviceOption,
            OptionSpec(["--location"], value: "NAME", "the right location"),
            OptionSpec(["--at"], value: "TIME", "the right start"),
            OptionSpec(["--end"], value: "TIME", "when the site came out"),
            OptionSpec(["--note"], value: "TEXT", "the right note (empty to remove)"),
        ],
        positionals: 1...1,
        run: { invocation in
            invocation.changeJournal { journal, now throws(CommandError) in
                try CorrectionService(invocation: invocation, journal: journal, now: now).amend()
            }
        })

    static let delete = Command(
        name: "delete",
        summary: "delete a site change (and its note lines)",
        usage: "sitecycle delete ENTRY [--device NAME]",
        details: entryHelp,
        options: [deviceOption],
        positionals: 1...1,
        run: { invocation in
            invocation.changeJournal { journal, now throws(CommandError) in
                let service = CorrectionService(invocation: invocation, journal: journal, now: now)
                return service.delete(try service.select(invocation.arguments.positionals[0]), verb: "Deleted")
            }
        })
}

struct CorrectionService {
    let invocation: Invocation
    let journal: Journal
    let now: Instant

    var writer: EntryWriter { EntryWriter(journal: journal) }
    var source: SourceFile { journal.source }

    /// The entry ENTRY names within the rotation --device names.
    func select(_ text: String) throws(CommandError) -> SiteChange {
        let device = try invocation.device(in: journal)
        let rotation = journal.rotation(device)
        let of = journal.hasDevices ? " of the \(device)" : ""
        if text == "last" {
            guard let last = rotation.changes.last(where: { $0.start <= now }) else {
                throw CommandError("there are no site changes\(of) yet")
            }
            return last
        }
        if let number = Int(text) {
            var line = number
            while line > 1, line <= journal.syntax.lines.count, case .noteContinuation = journal.syntax.lines[line - 1].kind {
                line -= 1
            }
            if let other = journal.changes.first(where: { $0.line == line }), !rotation.changes.contains(other) {
                let name = journal.deviceNames[Int(other.device)]
                throw CommandError("line \(number) is a site change of the \(name)", help: "add `--device \(name)`",
                                   usage: true)
            }
            guard let change = rotation.changes.first(where: { $0.line == line }) else {
                throw CommandError("line \(number) is not a site change", help: "`sitecycle history` shows each change's line",
                                   usage: true)
            }
            return change
        }
        switch TimeArgument.parse(text, zone: journal.zone, now: now) {
        case .failure:
            throw CommandError("`\(text)` is not an entry", help: "give `last`, a start time or a line number", usage: true)
        case .success(let t):
            guard let change = rotation.changes.first(where: { $0.start == t }) else {
                throw CommandError("no site change\(of) starts at \(displayTime(t, in: journal.zone))",
                                   help: "`sitecycle history\(device == Device.pumpName ? "" : " --device " + device)` "
                                       + "shows the start times")
            }
            return change
        }
    }

    /// The entry's text as lines, as they are in the file.
    func describe(_ change: SiteChange) -> String {
        (change.line...writer.lastLineOfEntry(change.line)).map { source.lineText($0).terminalSafe }.joined(separator: "\n")
    }

    func delete(_ change: SiteChange, verb: String) -> PlannedEdit {
        var editor = JournalEditor(source: source)
        editor.deleteLines(change.line, through: writer.lastLineOfEntry(change.line))
        let text = describe(change)
        return PlannedEdit(editor: editor) { _ in
            invocation.out("\(verb) line \(change.line):\n\(text)\n")
        }
    }

    func amend() throws(CommandError) -> PlannedEdit {
        let args = invocation.arguments
        let entry = try select(args.positionals[0])
        guard args.has("--location") || args.has("--at") || args.has("--end") || args.has("--note") else {
            throw CommandError("nothing to change", help: "give --location, --at, --end or --note", usage: true)
        }
        guard case .entry(let e) = journal.syntax.lines[entry.line - 1].kind else { throw CommandError("not an entry") }
        let first = entry.line, last = writer.lastLineOfEntry(first)
        let span = journal.syntax.lines[first - 1].span
        // Every other entry, for where the line goes; the same device's, for clashes.
        let others = journal.changes.filter { $0.line != entry.line }
        let rotation = journal.rotation(journal.deviceNames[Int(entry.device)])
        // The location starts after the device word, which stays.
        let nameStart = writer.nameStart(of: e)

        var start = entry.start
        var head = source.string(span.start..<e.locationRange.lowerBound)
        if args.has("--at") {
            start = try invocation.time(option: "--at", in: journal, now: now)
            if let clash = others.first(where: { $0.start == start && $0.device == entry.device }) {
                throw CommandError("a site change is already logged at \(displayStart(clash)) (line \(clash.line))")
            }
            let stamp = writer.timestampText(start)
            head = stamp + String(repeating: " ", count: max(2, e.locationRange.lowerBound - span.start - stamp.utf8.count))
        }
        if let typed = args.value("--location") {
            guard !entry.isRemoval else {
                throw CommandError("a `removed` line has no location", help: "delete it and log the site instead")
            }
            let found = try LocationResolver.locations(typed, in: rotation)
            guard found.count == 1 else { throw CommandError("\"\(typed)\" is a zone; give one location", usage: true) }
            head += source.string(e.locationRange.lowerBound..<nameStart) + found[0].name
        } else {
            head += source.string(e.locationRange)
        }
        var lines: [String]
        if args.has("--note") {
            let note = try EntryWriter.cleanNote(args.value("--note"), option: "--note")
            lines = EntryLayout(learningFrom: journal.syntax).lines(head: head, note: note)
        } else {
            lines = [head + source.string(e.locationRange.upperBound..<span.contentEnd)]
                + (first < last ? ((first + 1)...last).map { source.lineText($0) } : [])
        }

        var editor = JournalEditor(source: source)
        let rank = { (t: Instant) in others.filter { $0.start < t }.count }
        let moves = rank(start) != rank(entry.start)
        if moves {
            editor.deleteLines(first, through: last)
            if let previous = others.last(where: { $0.start < start }) {
                editor.insert(lines, afterLine: writer.lastLineOfEntry(previous.line))
            } else if let next = others.first {
                editor.insert(lines, beforeLine: next.line)
            }
        } else {
            editor.replaceLines(first, through: last, with: lines)
        }
        if args.has("--end") {
            guard !moves else { throw CommandError("change the start and the end in two steps", usage: true) }
            try setEnd(of: entry, start: start, within: rotation, in: &editor)
        }
        return PlannedEdit(editor: editor) { updated in
            let amended = updated.changes.first { $0.start == start && $0.device == entry.device }!
            let text = (amended.line...EntryWriter(journal: updated).lastLineOfEntry(amended.line))
                .map { updated.source.lineText($0).terminalSafe }.joined(separator: "\n")
            invocation.out("Amended line \(amended.line):\n\(text)\n")
        }
    }

    /// Ends the site at `--end`: moves the `removed` line that follows, or
    /// adds one before the next site (or at the end).
    /// The next change in that device's rotation counts; a `removed` line is
    /// written with the device word and goes where its time puts it.
    func setEnd(of entry: SiteChange, start: Instant, within rotation: Journal,
                in editor: inout JournalEditor) throws(CommandError) {
        guard !entry.isRemoval else { throw CommandError("a `removed` line has no end", usage: true) }
        let end = try invocation.time(option: "--end", in: journal, now: now)
        guard end > start else { throw CommandError("the end must be after the start", usage: true) }
        let later = rotation.changes.filter { $0.start > entry.start }
        let removed = EntryLayout(learningFrom: journal.syntax)
            .lines(timestamp: writer.timestampText(end), location: writer.field(EntrySyntax.removedKeyword, device: entry.device),
                   note: nil)
        // After the last entry (of any device, but not a moved removed line) before the end.
        func insertRemoved(skipping skipped: Int? = nil) {
            let before = journal.changes.last { $0.start < end && $0.line != skipped && $0.start >= entry.start }
            editor.insert(removed, afterLine: writer.lastLineOfEntry(before?.line ?? entry.line))
        }
        if let next = later.first, next.isRemoval {
            if let after = later.dropFirst().first, end >= after.start {
                throw CommandError("that end is after the next site went in (line \(after.line), \(displayStart(after)))",
                                   help: "amend that entry instead")
            }
            guard case .entry(let r) = journal.syntax.lines[next.line - 1].kind, end != next.start else { return }
            let (low, high) = (min(end, next.start), max(end, next.start))
            if journal.changes.contains(where: { $0.device != entry.device && $0.start > low && $0.start < high }) {
                // Another device's entry lies between: the line moves to keep time order.
                editor.deleteLines(next.line, through: writer.lastLineOfEntry(next.line))
                insertRemoved(skipping: next.line)
            } else {
                editor.replace(r.timestampRange, with: writer.timestampText(end))
            }
        } else if let next = later.first {
            guard end <= next.start else {
                throw CommandError("that end is after the next site went in (line \(next.line), \(displayStart(next)))",
                                   help: "amend that entry instead")
            }
            if end < next.start { insertRemoved() }
        } else {
            insertRemoved()
        }
    }
}
