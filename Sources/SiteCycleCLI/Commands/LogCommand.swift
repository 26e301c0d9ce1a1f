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
        options: [
            deviceOption,
            OptionSpec(["--note"], value: "TEXT", "a note for this site (\"bled on insertion\")"),
            OptionSpec(["--at"], value: "TIME", "when it happened (default: now)"),
            OptionSpec(["--previous-note"], value: "TEXT", "add to the note of the site being closed"),
            OptionSpec(["--replace-note"], "with --previous-note: replace that note"),
        ],
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
        options: [
            deviceOption,
            OptionSpec(["--at"], value: "TIME", "when it was taken out (default: now)"),
            OptionSpec(["--note"], value: "TEXT", "why (\"pump break\")"),
        ],
        positionals: 0...1,
        reportsJSON: true,
        run: { invocation in
            SiteChangeCommand(invocation: invocation).remove()
        })
}

extension CommandError {
    init(_ e: ServiceError) { self.init(e.message, help: e.help, usage: e.usage) }
}

/// `log` and `remove` on the command line: parse the arguments into a
/// request, hand it to `SiteChangeService`, render the outcome.
struct SiteChangeCommand {
    let invocation: Invocation

    /// Exit status when the picker is cancelled (as a shell's Ctrl-C).
    static let cancelled: Int32 = 130

    func log() -> Int32 {
        var picked: (location: String, note: String?)?
        // `log sensor` with nothing after the device word picks too.
        let words = invocation.arguments.positionals
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
                at = try invocation.time(option: "--at", in: journal, now: now)
                device = try invocation.device(in: journal, given: invocation.arguments.positionals.first)
            } catch {
                return invocation.fail(error)
            }
            var sheet = SitePicker(recommendation: Recommender.recommend(journal, device: device, now: at), now: at,
                                   zone: journal.zone, device: device)
            sheet.asksForNote = !invocation.arguments.has("--note")
            invocation.environment.stdout.flush()
            guard let choice = picker(sheet) else { return SiteChangeCommand.cancelled }
            picked = choice
        }
        return invocation.change({ journal, now throws(CommandError) in
            let args = invocation.arguments
            if picked == nil, words.count == 1, words[0] == Device.pumpName || journal.deviceIndex(words[0]) != nil {
                throw CommandError(missing.message, help: missing.help, usage: true)
            }
            let (device, words) = try SiteChangeCommand.device(args.positionals, in: journal, invocation: invocation)
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
                location: location.name, at: try invocation.time(option: "--at", in: journal, now: now),
                note: try EntryWriter.cleanNote(args.value("--note") ?? picked?.note, option: "--note"))
            if let text = args.value("--previous-note") {
                request.previousNote = try EntryWriter.cleanNote(text, option: "--previous-note") ?? ""
                request.replaceNote = args.flag("--replace-note")
            } else if args.flag("--replace-note") {
                throw CommandError("--replace-note goes with --previous-note", usage: true)
            }
            request.device = device
            do throws(ServiceError) { return try SiteChangeService.log(request, in: journal) } catch { throw CommandError(error) }
        }, render: render)
    }

    /// The device an entry is for: `--device`, or a first word that names
    /// a declared device (`log sensor Left Arm`); and the words after it.
    static func device(_ words: [String], in journal: Journal, invocation: Invocation) throws(CommandError) -> (String, [String]) {
        if let first = words.first, journal.deviceIndex(first) != nil, first != Device.pumpName || words.count > 1 {
            if let given = invocation.arguments.value("--device"), given != first {
                throw CommandError("`\(first)` and --device \(given) name two devices", usage: true)
            }
            return (first, Array(words.dropFirst()))
        }
        return (try invocation.device(in: journal), words)
    }

    func render(_ o: SiteChangeService.LogOutcome) {
        let writer = EntryWriter(journal: o.journal)
        if invocation.json {
            invocation.out(JSON.object([
                ("logged", writer.entryJSON(o.logged)),
                ("previous", o.closed.map(writer.entryJSON) ?? .null),
                ("recentlyUsed", .bool(o.recentlyUsed != nil)),
            ]).rendered())
            return
        }
        warnAboutLongSessions(o.longSessions, in: o.journal)
        if let (why, alternatives) = o.restriction {
            invocation.warn("\(o.journal.name(of: o.logged)!) is " + RecommendReport.describe(why, zone: o.journal.zone),
                            help: alternatives.isEmpty ? nil : "recommended instead: \(alternatives.joined(separator: ", "))")
        }
        let device = o.journal.hasDevices ? " (\(o.journal.deviceNames[Int(o.logged.device)]))" : ""
        invocation.out("Logged \(o.journal.name(of: o.logged)!)\(device) at \(displayStart(o.logged)).\n")
        if let closed = o.closed, let hours = closed.durationHours {
            invocation.out("Closed \(o.journal.name(of: closed)!) after \(formatHours(hours)) h (in since \(displayStart(closed))).\n")
        }
        switch o.previousNote {
        case .added(let c)?:
            invocation.out("Added a line to the note of \(o.journal.name(of: c)!) (\(displayStart(c))).\n")
        case .replaced(let c, let was)?:
            invocation.out("Replaced the note of \(o.journal.name(of: c)!) (was: \(was)).".terminalSafeMessage + "\n")
        case nil:
            break
        }
        if let (last, alternatives) = o.recentlyUsed {
            invocation.out(TextWrap.wrap("Note: \(o.journal.name(of: o.logged)!) was used recently (\(displayStart(last)), "
                           + "\(daysAgo(last.start, now: o.logged.start, zone: o.journal.zone)))."
                           + (alternatives.isEmpty ? "" : " Rested longest: \(alternatives.joined(separator: ", ")).")
                           , indent: "  ") + "\n")
        }
    }

    func remove() -> Int32 {
        var asOf: Instant?
        return invocation.change({ journal, now throws(CommandError) in
            asOf = now
            let (device, rest) = try SiteChangeCommand.device(invocation.arguments.positionals, in: journal,
                                                               invocation: invocation)
            guard rest.isEmpty else { throw CommandError("unexpected argument `\(rest[0])`", usage: true) }
            let request = SiteChangeService.RemoveRequest(
                at: try invocation.time(option: "--at", in: journal, now: now),
                note: try EntryWriter.cleanNote(invocation.arguments.value("--note"), option: "--note"), device: device)
            do throws(ServiceError) { return try SiteChangeService.remove(request, in: journal) } catch { throw CommandError(error) }
        }, render: { o in
            let writer = EntryWriter(journal: o.journal)
            if invocation.json {
                invocation.out(JSON.object([("removed", writer.entryJSON(o.removal)),
                                            ("previous", writer.entryJSON(o.closed))]).rendered())
                return
            }
            warnAboutLongSessions(o.longSessions, in: o.journal)
            let site = o.journal.name(of: o.closed)!, hours = formatHours(o.closed.durationHours ?? 0)
            guard o.journal.hasDevices else {
                invocation.out("Removed \(site) at \(displayStart(o.removal)) after \(hours) h.\n")
                invocation.out("No site is active now; log the next one with `sitecycle log LOCATION`.\n")
                return
            }
            // The body as it is now: what the other devices still occupy.
            let device = o.journal.deviceNames[Int(o.removal.device)]
            let now = max(asOf ?? o.removal.start, o.removal.start)
            let others = Occupancy.compute(o.journal, now: now).sites.flatMap { s in
                s.occupiedBy.filter { $0 != device }.map { (device: $0, at: s.location.name) }
            }.sorted { o.journal.deviceIndex($0.device) ?? 0 < o.journal.deviceIndex($1.device) ?? 0 }
            var message = "Removed the \(device) from \(site) after \(hours) h (at \(displayStart(o.removal)))"
            message += others.isEmpty ? "; no site is in now. Log the next one with "
                + "`sitecycle log \(device == Device.pumpName ? "" : device + " ")LOCATION`."
                : "; " + others.map { "the \($0.device) is still in at \($0.at)" }.joined(separator: ", ") + "."
            invocation.out(TextWrap.wrap(message) + "\n")
        })
    }

    /// A session this write ended (or a backdated line started) that lasted
    /// far past the target is most likely a change that was never logged.
    func warnAboutLongSessions(_ sessions: [SiteChange], in journal: Journal) {
        for c in sessions {
            invocation.warn("\(journal.name(of: c)!) was in for \(Int(((c.durationHours ?? 0) / 24).rounded())) days, over "
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
            let options = candidates.map { "`\(matcher.shortForm(of: $0))` (\($0.name))" }
            throw CommandError("\"\(typed)\" could be \(candidates.map { "\"\($0.name)\"" }.joined(separator: ", "))",
                               help: "type \(orList(options))", usage: true)
        case .disabled(let location):
            throw CommandError("\"\(location.name)\" is disabled",
                               help: "enable it with `sitecycle locations enable \"\(location.name)\"`")
        case .notFound(let guess):
            // A zone is the place without its side: say which sides it has.
            let zones = matcher.zones(matching: typed)
            if let first = zones.first?.locations.first {
                let which = zones.map { "\($0.zone) is " + orList($0.locations.map(\.name)) }.joined(separator: "; ")
                throw CommandError(which, help: "say which side, e.g. `sitecycle log \(matcher.shortForm(of: first))`",
                                   usage: true)
            }
            let slips = matcher.initialsOneLetterOff(typed)
            if !slips.isEmpty {
                let options = slips.map { "`\(matcher.shortForm(of: $0))` (\($0.name))" }
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
