extension CommandRegistry {
    static let log = Command(
        name: "log",
        summary: "record a site change; the previous site closes",
        usage: "sitecycle log LOCATION [--note TEXT] [--at TIME] [--previous-note TEXT]",
        details: """
            LOCATION is a declared, enabled location: its full name in any case
            (quotes optional: `log left front abdomen`), its slug
            (`left-front-abdomen`), its initials (`lfa`) or the start of its
            words (`left fr ab`, `lower`). When several fit, they are listed.

            The new line goes at the end of the journal, or in time order for a
            past --at, aligned like the lines around it; nothing else in the file
            changes. Any location may be chosen; one used recently gets a note.
            Refused: a time in the future, a time already logged, a local time
            that does not exist (daylight-saving gap).

            --previous-note sets (or replaces) the note of the site this change
            closes. Notes keep `;`, line breaks and surrounding spaces.
            --json prints {"logged":{…},"previous":{…}|null,"recentlyUsed":bool}.
            """,
        options: [
            OptionSpec(["--note"], value: "TEXT", "a note for this site (\"bled on insertion\")"),
            OptionSpec(["--at"], value: "TIME", "when it happened (default: now)"),
            OptionSpec(["--previous-note"], value: "TEXT", "set the note of the site being closed"),
        ],
        positionals: 1...20,
        reportsJSON: true,
        run: { invocation in
            invocation.changeJournal { journal, now throws(CommandError) in
                try SiteChangeService(invocation: invocation, journal: journal, now: now).log()
            }
        })

    static let remove = Command(
        name: "remove",
        summary: "end the active site without a new one (pump break)",
        usage: "sitecycle remove [--at TIME] [--note TEXT]",
        details: """
            Writes a `removed` line: the active site ends there and no site is
            active until the next `log`. Refused when no site is active.
            """,
        options: [
            OptionSpec(["--at"], value: "TIME", "when it was taken out (default: now)"),
            OptionSpec(["--note"], value: "TEXT", "why (\"pump break\")"),
        ],
        reportsJSON: true,
        run: { invocation in
            invocation.changeJournal { journal, now throws(CommandError) in
                try SiteChangeService(invocation: invocation, journal: journal, now: now).remove()
            }
        })
}

/// Plans the line for a new site change (or `removed`) and reports it.
struct SiteChangeService {
    let invocation: Invocation
    let journal: Journal
    let now: Instant

    var zone: ZoneRules { journal.zone }

    func log() throws(CommandError) -> PlannedEdit {
        let typed = invocation.arguments.positionals.joined(separator: " ")
        let location = try LocationResolver.enabledLocation(typed, in: journal)
        let at = try invocation.time(option: "--at", in: journal, now: now)
        let note = try cleanNote(invocation.arguments.value("--note"), option: "--note")
        let before = Recommender.recommend(journal, now: at)
        var editor = try insertion(location: location.name, at: at, note: note)
        let previous = journal.changes.last { $0.start < at }
        if let text = invocation.arguments.value("--previous-note") {
            guard let previous, !previous.isRemoval else {
                throw CommandError("no site was active at \(displayTime(at, in: zone)) to take --previous-note")
            }
            setNote(of: previous, to: try cleanNote(text, option: "--previous-note"), in: &editor)
        }
        let recentlyUsed = before.tag(of: location.name) == .avoid
        return PlannedEdit(editor: editor) { updated in
            let logged = updated.changes.first { $0.start == at }!
            let closed = updated.changes.last { $0.start < at }.flatMap { $0.isRemoval ? nil : $0 }
            if invocation.json {
                invocation.out(JSON.object([
                    ("logged", entryJSON(logged)),
                    ("previous", closed.map(entryJSON) ?? .null),
                    ("recentlyUsed", .bool(recentlyUsed)),
                ]).rendered())
                return
            }
            invocation.out("Logged \(location.name) at \(displayStart(logged)).\n")
            if let closed, let hours = closed.durationHours {
                invocation.out("Closed \(closed.location!) after \(formatHours(hours)) h (in since \(displayStart(closed))).\n")
            }
            if recentlyUsed, let last = before.avoid.first(where: { $0.location.name == location.name })?.lastUse {
                let alternatives = before.recommended.map(\.location.name).joined(separator: ", ")
                invocation.out("Note: \(location.name) was used recently (\(displayStart(last)), "
                               + "\(daysAgo(last.start, now: at, zone: zone)))."
                               + (alternatives.isEmpty ? "" : " Rested longest: \(alternatives).") + "\n")
            }
        }
    }

    func remove() throws(CommandError) -> PlannedEdit {
        let at = try invocation.time(option: "--at", in: journal, now: now)
        guard let active = journal.activeChange(at: at), active.start < at else {
            throw CommandError("no site is active at \(displayTime(at, in: zone)); nothing to remove",
                               help: "log the next site with `sitecycle log LOCATION`")
        }
        let note = try cleanNote(invocation.arguments.value("--note"), option: "--note")
        let editor = try insertion(location: EntrySyntax.removedKeyword, at: at, note: note)
        return PlannedEdit(editor: editor) { updated in
            let closed = updated.changes.last { $0.start < at }!
            let removal = updated.changes.first { $0.start == at }!
            if invocation.json {
                invocation.out(JSON.object([("removed", entryJSON(removal)), ("previous", entryJSON(closed))]).rendered())
                return
            }
            invocation.out("Removed \(closed.location!) at \(displayStart(removal)) after \(formatHours(closed.durationHours ?? 0)) h.\n")
            invocation.out("No site is active now; log the next one with `sitecycle log LOCATION`.\n")
        }
    }

    /// One new line in time order: appended when newest, else right after
    /// the site change it follows (and that change's note lines).
    func insertion(location: String, at: Instant, note: String?) throws(CommandError) -> JournalEditor {
        if let same = journal.changes.first(where: { $0.start == at }) {
            throw CommandError("a site change is already logged at \(displayStart(same)) (line \(same.line))",
                               help: "pick another --at time, or correct that line with an editor")
        }
        let lines = EntryLayout(learningFrom: journal.syntax)
            .lines(timestamp: timestampText(at), location: location, note: note)
        var editor = JournalEditor(source: journal.source)
        if let last = journal.changes.last, at < last.start {
            if let previous = journal.changes.last(where: { $0.start < at }) {
                editor.insert(lines, afterLine: lastLineOfEntry(previous.line))
            } else {
                editor.insert(lines, beforeLine: journal.changes[0].line)
            }
        } else {
            editor.append(lines)
        }
        return editor
    }

    /// The wall-clock time, with an offset only where the clock read the
    /// same twice (autumn fold) and this is the second time.
    func timestampText(_ at: Instant) -> String {
        let civil = zone.civil(at)
        if case .ambiguous(let earlier, _, _, _) = zone.resolve(civil), earlier != at {
            return civil.journalText + " " + formatOffset(zone.offset(at: at))
        }
        return civil.journalText
    }

    /// The entry's line, or its last note-continuation line.
    func lastLineOfEntry(_ number: Int) -> Int {
        var last = number
        while last < journal.syntax.lines.count, case .noteContinuation = journal.syntax.lines[last].kind { last += 1 }
        return last
    }

    /// Rewrites the note of `change` (its line from the end of the location
    /// on, and its continuation lines); the date, time and name stay as written.
    func setNote(of change: SiteChange, to note: String?, in editor: inout JournalEditor) {
        guard case .entry(let e) = journal.syntax.lines[change.line - 1].kind else { return }
        let head = journal.source.string(journal.syntax.lines[change.line - 1].span.start..<e.locationRange.upperBound)
        let lines = EntryLayout(learningFrom: journal.syntax).lines(head: head, note: note)
        editor.replaceLines(change.line, through: lastLineOfEntry(change.line), with: lines)
    }

    /// Empty notes are no notes; control characters other than line breaks
    /// and tabs cannot be written into a text file safely.
    func cleanNote(_ text: String?, option: String) throws(CommandError) -> String? {
        guard var text else { return nil }
        text = text.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            throw CommandError("\(option) cannot contain control characters", usage: true)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, first.trimmingBlanks().isEmpty { lines.removeFirst() }
        while let last = lines.last, last.trimmingBlanks().isEmpty { lines.removeLast() }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    func entryJSON(_ change: SiteChange) -> JSON {
        .object([
            ("line", .int(change.line)),
            ("location", change.location.map(JSON.string) ?? .null),
            ("start", .string(formatISO8601(change.start, offsetSeconds: change.offset))),
            ("end", change.end.map { .string(isoTime($0, in: zone)) } ?? .null),
            ("durationHours", change.durationHours.map { .double(($0 * 10).rounded() / 10) } ?? .null),
            ("note", .optional(change.note)),
        ])
    }
}

/// Turns what was typed into a location, or a refusal that says how to fix it.
enum LocationResolver {
    static func enabledLocation(_ typed: String, in journal: Journal) throws(CommandError) -> Location {
        guard !typed.trimmingBlanks().isEmpty else { throw CommandError("which location?", help: "sitecycle log LOCATION", usage: true) }
        switch LocationMatcher(locations: journal.locations).match(typed) {
        case .found(let location):
            return location
        case .ambiguous(let candidates):
            throw CommandError("\"\(typed)\" could be \(candidates.map { "\"\($0.name)\"" }.joined(separator: ", "))",
                               help: "type more of the name, or its slug, e.g. `\(LocationMatcher.slug(candidates[0].name))`",
                               usage: true)
        case .disabled(let location):
            throw CommandError("\"\(location.name)\" is disabled",
                               help: "enable it with `sitecycle locations enable \"\(location.name)\"`")
        case .notFound(let guess):
            throw CommandError("no location \"\(typed)\"",
                               help: guess.map { "did you mean \"\($0)\"?" }
                                   ?? "see `sitecycle locations`, or add it with `sitecycle locations add \"\(typed)\"`",
                               usage: true)
        }
    }
}
