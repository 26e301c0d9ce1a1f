import SiteCycleKit

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

            --previous-note adds a note to the site this change closes: after
            the note it has, as a continuation line, so nothing written before
            is lost (--replace-note replaces it instead, and says what it was).
            Notes keep `;`, line breaks and surrounding spaces.
            --json prints {"logged":{…},"previous":{…}|null,"recentlyUsed":bool}.
            """,
        options: [
            OptionSpec(["--note"], value: "TEXT", "a note for this site (\"bled on insertion\")"),
            OptionSpec(["--at"], value: "TIME", "when it happened (default: now)"),
            OptionSpec(["--previous-note"], value: "TEXT", "add to the note of the site being closed"),
            OptionSpec(["--replace-note"], "with --previous-note: replace that note"),
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
    var writer: EntryWriter { EntryWriter(journal: journal) }

    func log() throws(CommandError) -> PlannedEdit {
        let typed = invocation.arguments.positionals.joined(separator: " ")
        let location = try LocationResolver.enabledLocation(typed, in: journal)
        let at = try invocation.time(option: "--at", in: journal, now: now)
        let note = try EntryWriter.cleanNote(invocation.arguments.value("--note"), option: "--note")
        let before = Recommender.recommend(journal, now: at)
        var editor = try writer.insertion(location: location.name, at: at, note: note)
        var previousNoteChange: String?
        let previous = journal.changes.last { $0.start < at }
        if let text = invocation.arguments.value("--previous-note") {
            guard let previous, !previous.isRemoval else {
                throw CommandError("no site was active at \(displayTime(at, in: zone)) to take --previous-note")
            }
            let added = try EntryWriter.cleanNote(text, option: "--previous-note")
            let replace = invocation.arguments.flag("--replace-note")
            // Adding to a note never loses what was written before; replacing
            // it is asked for by name.
            let combined = replace ? added : [previous.note, added].compactMap { $0 }.joined(separator: "\n")
            writer.setNote(of: previous, to: combined.flatMap { $0.isEmpty ? nil : $0 }, in: &editor)
            if let old = previous.note, added != nil {
                previousNoteChange = replace ? "Replaced the note of \(previous.location!) (was: \(old))."
                    : "Added a line to the note of \(previous.location!) (\(displayStart(previous)))."
            }
        } else if invocation.arguments.flag("--replace-note") {
            throw CommandError("--replace-note goes with --previous-note", usage: true)
        }
        let recentlyUsed = before.tag(of: location.name) == .avoid
        var planned = PlannedEdit(editor: editor) { updated in
            let logged = updated.changes.first { $0.start == at }!
            let closed = updated.changes.last { $0.start < at }.flatMap { $0.isRemoval ? nil : $0 }
            if invocation.json {
                invocation.out(JSON.object([
                    ("logged", writer.entryJSON(logged)),
                    ("previous", closed.map(writer.entryJSON) ?? .null),
                    ("recentlyUsed", .bool(recentlyUsed)),
                ]).rendered())
                return
            }
            warnAboutLongSessions([closed, logged], in: updated)
            invocation.out("Logged \(location.name) at \(displayStart(logged)).\n")
            if let closed, let hours = closed.durationHours {
                invocation.out("Closed \(closed.location!) after \(formatHours(hours)) h (in since \(displayStart(closed))).\n")
            }
            if let previousNoteChange { invocation.out(previousNoteChange.terminalSafeMessage + "\n") }
            if recentlyUsed, let last = before.avoid.first(where: { $0.location.name == location.name })?.lastUse {
                let alternatives = before.recommended.map(\.location.name).joined(separator: ", ")
                invocation.out(TextWrap.wrap("Note: \(location.name) was used recently (\(displayStart(last)), "
                               + "\(daysAgo(last.start, now: at, zone: zone)))."
                               + (alternatives.isEmpty ? "" : " Rested longest: \(alternatives)."), indent: "  ") + "\n")
            }
        }
        planned.reportNeedsOnlyChanges = true
        return planned
    }

    func remove() throws(CommandError) -> PlannedEdit {
        let at = try invocation.time(option: "--at", in: journal, now: now)
        guard let active = journal.activeChange(at: at), active.start < at else {
            throw CommandError("no site is active at \(displayTime(at, in: zone)); nothing to remove",
                               help: "log the next site with `sitecycle log LOCATION`")
        }
        let note = try EntryWriter.cleanNote(invocation.arguments.value("--note"), option: "--note")
        let editor = try writer.insertion(location: EntrySyntax.removedKeyword, at: at, note: note)
        var planned = PlannedEdit(editor: editor) { updated in
            let closed = updated.changes.last { $0.start < at }!
            let removal = updated.changes.first { $0.start == at }!
            if invocation.json {
                invocation.out(JSON.object([("removed", writer.entryJSON(removal)), ("previous", writer.entryJSON(closed))]).rendered())
                return
            }
            warnAboutLongSessions([closed], in: updated)
            invocation.out("Removed \(closed.location!) at \(displayStart(removal)) after \(formatHours(closed.durationHours ?? 0)) h.\n")
            invocation.out("No site is active now; log the next one with `sitecycle log LOCATION`.\n")
        }
        planned.reportNeedsOnlyChanges = true
        return planned
    }
}

extension SiteChangeService {
    /// A session this write ended (or a backdated line started) that lasted
    /// far past the target is most likely a change that was never logged.
    func warnAboutLongSessions(_ sessions: [SiteChange?], in updated: Journal) {
        let limit = updated.settings.targetHours * Double(SiteChange.longSessionFactor)
        for case let c? in sessions {
            guard let name = c.location, let hours = c.durationHours, hours > limit else { continue }
            invocation.warn("\(name) was in for \(Int((hours / 24).rounded())) days, over "
                            + "\(SiteChange.longSessionFactor)× the target",
                            help: "a change missing? `sitecycle log LOCATION --at TIME` adds it")
        }
    }
}

/// Turns what was typed into a location, or a refusal that says how to fix it.
enum LocationResolver {
    static func enabledLocation(_ typed: String, in journal: Journal) throws(CommandError) -> Location {
        guard !typed.trimmingBlanks().isEmpty else { throw CommandError("which location?", help: "sitecycle log LOCATION", usage: true) }
        let matcher = LocationMatcher(locations: journal.locations)
        switch matcher.match(typed) {
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
            // A zone is the place without its side: say which sides it has.
            let zones = matcher.zones(matching: typed)
            if let first = zones.first?.locations.first {
                let which = zones.map { "\($0.zone) is " + orList($0.locations.map(\.name)) }.joined(separator: "; ")
                throw CommandError(which, help: "say which side, e.g. `sitecycle log \(LocationMatcher.initials(first.name))`",
                                   usage: true)
            }
            let slips = matcher.initialsOneLetterOff(typed)
            if !slips.isEmpty {
                let options = slips.map { "`\(LocationMatcher.initials($0.name))` (\($0.name))" }
                throw CommandError("no location \"\(typed)\"", help: "did you mean \(orList(options))?", usage: true)
            }
            throw CommandError("no location \"\(typed)\"",
                               help: guess.map { "did you mean \"\($0)\"?" }
                                   ?? "see `sitecycle locations`, or add it with `sitecycle locations add \"\(typed)\"`",
                               usage: true)
        }
    }

    /// "A", "A or B", "A, B or C".
    static func orList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    /// A zone's locations or one location, disabled ones included: for
    /// filtering and correcting history, where retired sites still count.
    static func locations(_ typed: String, in journal: Journal) throws(CommandError) -> [Location] {
        let matcher = LocationMatcher(locations: journal.locations)
        if let exact = matcher.zoneOrLocation(typed) { return exact }
        switch matcher.match(typed) {
        case .found(let l), .disabled(let l): return [l]
        case .ambiguous(let candidates):
            throw CommandError("\"\(typed)\" could be \(candidates.map { "\"\($0.name)\"" }.joined(separator: ", "))",
                               help: "give the full name in quotes", usage: true)
        case .notFound(let guess):
            throw CommandError("no location or zone \"\(typed)\"",
                               help: guess.map { "did you mean \"\($0)\"?" } ?? "`sitecycle locations` lists them", usage: true)
        }
    }
}
