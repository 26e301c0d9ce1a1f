import SiteCycleKit

extension CommandRegistry {
    static let locations = Command(
        name: "locations",
        summary: "list, add, rename, pause, disable, remove or move locations",
        usage: "sitecycle locations [list | add NAME [--sides] [--for DEV,…] | rename OLD NEW | pause NAME --until DATE|--for Nd [--reason TEXT] | resume NAME | enable NAME | disable NAME | remove NAME | move NAME --before|--after OTHER | sides ZONE on|off]",
        details: """
            With no subcommand, lists every location in header order: name,
            zone, side, enabled, uses, last used (--json for a list of objects).
            In a journal with devices or a paused location, the list shows
            instead which devices each location is for and whether it is in
            rotation: yes, no (disabled), or from the day its pause ends.

              add NAME [--sides] [--for DEV,…]
                                   declare NAME, or with --sides `Left NAME` and
                                   `Right NAME`, after the last location line;
                                   --for lists the devices that may use it
                                   (`for pump,sensor`; without it, the pump)
              rename OLD NEW       rewrite the declaration and exactly the entry
                                   lines that name it (a device word stays)
              pause NAME --until DATE | --for Nd [--reason TEXT]
                                   keep NAME out of recommendations until DATE
                                   (midnight, journal time), or for N days
                                   from today: writes `paused until DATE` on
                                   its line, the reason as the line's comment
                                   (Medtronic advises about a month for a
                                   hard, lumpy site)
              resume NAME          end a pause now: removes `paused until`
              enable NAME          put it back into rotation
              disable NAME         keep its history, take it out of rotation
              remove NAME          delete it when it has no history; disable it
                                   (soft delete) when it has; says which
              move NAME --before OTHER | --after OTHER
                                   change the header order (the sort order)
              sides ZONE on|off    give a zone a Left and a Right location, or
                                   make it one location again (the app's
                                   laterality switch); what it replaces is
                                   disabled, so its history stays

            Names that differ only in case are one name: `add hip` is refused
            while `Hip` is declared, or while the zone Hip has Left Hip and
            Right Hip (`sides Hip off` makes it one location). `add NAME
            --sides` on a declared unsided NAME is `sides NAME on`.

            NAME may be a zone (`Front Abdomen`): the command then acts on both
            sides. Disabling or removing the last enabled location is refused.
            Each change is one small edit of the header (and, for rename, of the
            entries naming it); everything else in the file stays as it was.
            """,
        options: [
            OptionSpec(["--sides"], "add: declare a Left and a Right location"),
            OptionSpec(["--for"], value: "DEV,…|Nd", "add: the devices it is for; pause: how many days"),
            OptionSpec(["--until"], value: "DATE", "pause: the day it is back in rotation"),
            OptionSpec(["--reason"], value: "TEXT", "pause: why, written as the line's comment"),
            OptionSpec(["--before"], value: "OTHER", "move: put it before OTHER"),
            OptionSpec(["--after"], value: "OTHER", "move: put it after OTHER"),
        ],
        positionals: 0...20,
        reportsJSON: true,
        run: { invocation in
            let words = invocation.arguments.positionals
            let sub = words.first ?? "list"
            let rest = Array(words.dropFirst())
            if sub == "list" {
                guard rest.isEmpty else { return invocation.usageError(UsageError("`locations list` takes no name")) }
                return invocation.report { journal, now throws(CommandError) in
                    LocationsService(invocation: invocation, journal: journal).list(now: now)
                }
            }
            let subcommands = ["list", "add", "rename", "pause", "resume", "enable", "disable", "remove", "move", "sides"]
            guard subcommands.dropFirst().contains(sub) else {
                let guess = suggestion(for: sub, among: subcommands)
                return invocation.usageError(UsageError("unknown subcommand `locations \(sub)`",
                                                        help: guess.map { "did you mean `locations \($0)`?" }
                                                            ?? "subcommands: " + subcommands.joined(separator: ", ")))
            }
            return invocation.changeJournal { journal, now throws(CommandError) in
                let service = LocationsService(invocation: invocation, journal: journal)
                switch sub {
                case "add": return try service.add(rest)
                case "rename": return try service.rename(rest)
                case "pause": return try service.pause(rest, now: now)
                case "resume": return try service.resume(rest, now: now)
                case "enable": return try service.setEnabled(rest, true)
                case "disable": return try service.setEnabled(rest, false)
                case "remove": return try service.remove(rest)
                case "sides": return try service.sides(rest)
                default: return try service.move(rest)
                }
            }
        })
}

struct LocationsService {
    let invocation: Invocation
    let journal: Journal

    var syntax: JournalSyntax { journal.syntax }

    func list(now: Instant) {
        var uses: [String: Int] = [:]
        var last: [String: SiteChange] = [:]
        for change in journal.changes where change.start <= now {
            guard let name = change.location else { continue }
            uses[name, default: 0] += 1
            last[name] = change
        }
        // Devices and pauses show only where the journal has them, so an
        // older journal lists exactly as before.
        let showDevices = journal.hasDevices || journal.locations.contains { $0.pausedUntil != nil }
        let today = journal.zone.civil(now).date
        if invocation.json {
            invocation.out(JSON.array(journal.locations.map { l in
                var fields: [(String, JSON)] = [
                    ("location", .string(l.name)), ("zone", .string(l.zone)), ("side", .optional(l.side?.rawValue)),
                    ("bodyPart", .string(l.bodyPart)), ("enabled", .bool(l.isEnabled)), ("order", .int(l.order + 1)),
                    ("uses", .int(uses[l.name] ?? 0)),
                    ("lastUsed", last[l.name].map { .string(formatISO8601($0.start, offsetSeconds: $0.offset)) } ?? .null),
                ]
                if showDevices {
                    fields += [("devices", .array(l.devices.map { .string($0) })), ("pausedUntil", .optional(l.pausedUntil?.iso))]
                }
                return .object(fields)
            }).rendered())
            return
        }
        guard !journal.locations.isEmpty else {
            invocation.out("No locations declared. Add one with `sitecycle locations add NAME [--sides]`.\n")
            return
        }
        if showDevices {
            let rows = [["Location", "For", "In rotation", "Uses", "Last used"]] + journal.locations.map { l in
                let state = !l.isEnabled ? "no" : l.pausedUntil.map { today < $0 ? "from \($0.iso)" : "yes" } ?? "yes"
                return [l.name, l.devices.joined(separator: ","), state, String(uses[l.name] ?? 0),
                        last[l.name].map(displayStart) ?? "never"]
            }
            invocation.out(table(rows, rightAligned: [3]))
            return
        }
        let rows = [["Location", "Zone", "Side", "Enabled", "Uses", "Last used"]] + journal.locations.map { l in
            [l.name, l.zone, l.side?.rawValue ?? "-", l.isEnabled ? "yes" : "no", String(uses[l.name] ?? 0),
             last[l.name].map(displayStart) ?? "never"]
        }
        invocation.out(table(rows, rightAligned: [4]))
    }

    // MARK: Edits

    func add(_ words: [String]) throws(CommandError) -> PlannedEdit {
        let name = try joinedName(words, what: "NAME", usage: "locations add NAME [--sides]")
        let sides = invocation.arguments.flag("--sides")
        if sides, Location.split(name).side != nil {
            throw CommandError("\"\(name)\" already has a side; --sides adds `Left` and `Right` to a zone", usage: true)
        }
        let zoneWords = LocationMatcher.words(name)
        if sides, journal.locations.contains(where: { $0.side == nil && LocationMatcher.words($0.name) == zoneWords }) {
            return try setSides(name, on: true)
        }
        if !sides, Location.split(name).side == nil {
            let sided = journal.locations.filter { $0.side != nil && LocationMatcher.words($0.zone) == zoneWords }
            if let first = sided.first {
                throw CommandError("\(first.zone) is a zone: " + sided.map(\.name).joined(separator: " and "),
                                   help: "log one of them, or make it one location with "
                                       + "`sitecycle locations sides \"\(first.zone)\" off`")
            }
        }
        let names = sides ? ["Left \(name)", "Right \(name)"] : [name]
        for n in names { try checkNewName(n, replacing: []) }
        var clause = ""
        if let list = invocation.arguments.value("--for") {
            let devices = list.split(separator: ",", omittingEmptySubsequences: false).map { collapse(String($0)) }
            for device in devices where journal.deviceIndex(device) == nil {
                throw CommandError("--for \(list): no device `\(device)` in \(journal.source.path)",
                                   help: "declared: \(journal.deviceNames.joined(separator: ", ")); add one with "
                                       + "`sitecycle set device NAME DURATION`", usage: true)
            }
            var unique: [String] = []
            for d in devices where !unique.contains(d) { unique.append(d) }
            // The pump alone is what no `for` means: nothing to write.
            if unique != [Device.pumpName] { clause = "  for " + unique.joined(separator: ",") }
        }
        var editor = JournalEditor(source: journal.source)
        editor.insertHeader(names.map { "location \($0)\(clause)" }, as: .location, in: syntax)
        let devices = clause.isEmpty ? "" : " (for \(clause.dropFirst(6).replacingOccurrences(of: ",", with: ", ")))"
        return done(editor, "Added \(names.joined(separator: " and "))\(devices).")
    }

    func rename(_ words: [String]) throws(CommandError) -> PlannedEdit {
        guard words.count == 2 else {
            throw CommandError("rename takes two names: OLD and NEW (quote names with spaces)",
                               help: "sitecycle locations rename \"Left Hip\" \"Left Flank\"", usage: true)
        }
        let targets = try find(words[0])
        let newName = collapse(words[1])
        let typedWords = LocationMatcher.words(words[0])
        let isZone = targets.allSatisfy { $0.side != nil && LocationMatcher.words($0.zone) == typedWords }
            && !targets.contains { LocationMatcher.words($0.name) == typedWords }
        let pairs: [(Location, String)]
        if isZone {
            guard Location.split(newName).side == nil else {
                throw CommandError("\"\(words[0])\" is a zone; give the new zone name without Left/Right", usage: true)
            }
            pairs = targets.map { ($0, "\($0.side == .left ? "Left" : "Right") \(newName)") }
        } else {
            pairs = [(targets[0], newName)]
        }
        for (_, n) in pairs { try checkNewName(n, replacing: targets) }
        var editor = JournalEditor(source: journal.source)
        var entries = 0
        for (location, n) in pairs {
            if let parts = syntax.locationParts(atLine: location.line) { editor.replace(parts.name, with: n) }
            for change in journal.changes where change.location == location.name {
                if case .entry(let e) = syntax.lines[change.line - 1].kind {
                    editor.replace(renamedRange(e), with: renamedText(e, to: n))
                    entries += 1
                }
            }
        }
        let what = pairs.map { "\($0.0.name) to \($0.1)" }.joined(separator: ", ")
        return done(editor, TextWrap.wrap("Renamed \(what) (\(entries) site change\(entries == 1 ? "" : "s") rewritten)."))
    }

    /// The name (after any device word, which stays), and on a line with a
    /// note the blanks up to its `;`: the note keeps the column it was in.
    func renamedRange(_ e: EntrySyntax) -> Range<Int> {
        let start = EntryWriter(journal: journal).nameStart(of: e)
        guard let semicolon = e.semicolon, semicolon >= e.locationRange.upperBound else {
            return start..<e.locationRange.upperBound
        }
        return start..<semicolon
    }

    func renamedText(_ e: EntrySyntax, to name: String) -> String {
        let range = renamedRange(e)
        let nameRange = range.lowerBound..<e.locationRange.upperBound
        guard range != nameRange else { return name }
        let old = String(decoding: journal.source.bytes[range], as: UTF8.self)
        let gap = old.unicodeScalars.count - String(decoding: journal.source.bytes[nameRange], as: UTF8.self)
            .unicodeScalars.count
        // Same column for the `;` when the new name leaves room; else the
        // file's usual two spaces (or the one it had).
        let width = old.unicodeScalars.count - name.unicodeScalars.count
        return name + String(repeating: " ", count: max(min(2, gap), width))
    }

    func setEnabled(_ words: [String], _ enable: Bool) throws(CommandError) -> PlannedEdit {
        let targets = try find(try joinedName(words, what: "NAME", usage: "locations \(enable ? "enable" : "disable") NAME"))
        if !enable { try keepOneEnabled(without: targets) }
        var editor = JournalEditor(source: journal.source)
        var changed: [String] = [], unchanged: [String] = []
        for location in targets {
            guard location.isEnabled != enable, let d = syntax.locationParts(atLine: location.line) else {
                unchanged.append(location.name)
                continue
            }
            if enable, let flag = d.disabled {
                editor.replace(flag, with: "")
            } else {
                editor.replace(d.end..<d.end, with: "  disabled")
            }
            changed.append(location.name)
        }
        var message = changed.isEmpty ? "" : "\(enable ? "Enabled" : "Disabled") \(changed.joined(separator: " and "))."
        if !unchanged.isEmpty {
            message += (message.isEmpty ? "" : " ") + "\(unchanged.joined(separator: " and ")) "
                + "\(unchanged.count == 1 ? "was" : "were") already \(enable ? "enabled" : "disabled")."
        }
        return done(editor, message)
    }

    func remove(_ words: [String]) throws(CommandError) -> PlannedEdit {
        let targets = try find(try joinedName(words, what: "NAME", usage: "locations remove NAME"))
        try keepOneEnabled(without: targets)
        var editor = JournalEditor(source: journal.source)
        var messages: [String] = []
        for location in targets {
            let uses = journal.changes.filter { $0.location == location.name }.count
            if uses == 0 {
                editor.deleteLines(location.line, through: location.line)
                messages.append("Removed \(location.name) (it had no site changes).")
            } else if location.isEnabled, let d = syntax.locationParts(atLine: location.line) {
                editor.replace(d.end..<d.end, with: "  disabled")
                messages.append("Disabled \(location.name): its \(uses) site change\(uses == 1 ? " stays" : "s stay") in "
                                + "the history (`locations enable` brings it back).")
            } else {
                messages.append("\(location.name) is already disabled and keeps its \(uses) site change\(uses == 1 ? "" : "s").")
            }
        }
        return done(editor, messages.joined(separator: "\n"))
    }

    func sides(_ words: [String]) throws(CommandError) -> PlannedEdit {
        guard let last = words.last, ["on", "off"].contains(last.lowercased()), words.count >= 2 else {
            throw CommandError("sides takes a zone and on or off", help: "sitecycle locations sides \"Upper Arm\" on",
                               usage: true)
        }
        return try setSides(collapse(words.dropLast().joined(separator: " ")), on: last.lowercased() == "on")
    }

    /// The laterality switch: the zone's unsided location and its Left and
    /// Right ones trade places. What is switched away from is disabled, not
    /// removed, so every past site change keeps its name.
    func setSides(_ typed: String, on: Bool) throws(CommandError) -> PlannedEdit {
        let zoneWords = LocationMatcher.words(typed)
        let unsided = journal.locations.first { $0.side == nil && LocationMatcher.words($0.name) == zoneWords }
        let sided = journal.locations.filter { $0.side != nil && LocationMatcher.words($0.zone) == zoneWords }
        guard unsided != nil || !sided.isEmpty else {
            throw CommandError("no zone \"\(typed)\"", help: "`sitecycle locations` lists them", usage: true)
        }
        let zone = unsided?.name ?? sided[0].zone
        let keep = on ? sided : unsided.map { [$0] } ?? []
        let retire = on ? unsided.map { [$0] } ?? [] : sided
        var editor = JournalEditor(source: journal.source)
        var added: [String] = []
        if keep.isEmpty {
            added = on ? ["Left \(zone)", "Right \(zone)"] : [zone]
            for n in added { try checkNewName(n, replacing: []) }
            editor.insert(added.map { "location \($0)" }, afterLine: retire.map(\.line).max()!)
        }
        var enabled: [String] = []
        for location in keep where !location.isEnabled {
            if let flag = syntax.locationParts(atLine: location.line)?.disabled { editor.replace(flag, with: "") }
            enabled.append(location.name)
        }
        var disabled: [String] = []
        for location in retire where location.isEnabled {
            if let d = syntax.locationParts(atLine: location.line) {
                editor.replace(d.end..<d.end, with: "  disabled")
            }
            disabled.append(location.name)
        }
        guard !added.isEmpty || !enabled.isEmpty || !disabled.isEmpty else {
            return done(editor, "\(zone) already \(on ? "has sides" : "is one location").")
        }
        var message = "\(zone) " + (on ? "now has sides" : "is one location again") + ":"
        if !added.isEmpty { message += " added \(added.joined(separator: " and "));" }
        if !enabled.isEmpty { message += " enabled \(enabled.joined(separator: " and "));" }
        if !disabled.isEmpty {
            message += " disabled \(disabled.joined(separator: " and ")), kept for its history;"
        }
        return done(editor, TextWrap.wrap(String(message.dropLast()) + "."))
    }

    /// `paused until DATE` on each location's line (replacing a pause it
    /// has), with --reason as the line's comment.
    func pause(_ words: [String], now: Instant) throws(CommandError) -> PlannedEdit {
        let usage = "locations pause NAME --until DATE | --for Nd [--reason TEXT]"
        let targets = try find(try joinedName(words, what: "NAME", usage: usage))
        let today = journal.zone.civil(now).date
        let args = invocation.arguments
        let until: CivilDate
        switch (args.value("--until"), args.value("--for")) {
        case (let text?, nil):
            guard let date = SettingValues.date(text) else {
                throw CommandError("--until takes a date like 2026-03-15, not `\(text)`", usage: true)
            }
            guard today < date else {
                throw CommandError("--until \(text) is not after today (\(today.iso))",
                                   help: "a pause ends at the start of DATE; give a later day", usage: true)
            }
            until = date
        case (nil, let text?):
            var digits = Substring(text.lowercased())
            if digits.hasSuffix("d") { digits = digits.dropLast() }
            guard let days = Int(digits), days >= 1, days <= 3660 else {
                throw CommandError("--for takes a number of days like `30d`, not `\(text)`", usage: true)
            }
            until = today.adding(days: days)
        default:
            throw CommandError("pause needs exactly one of --until DATE or --for Nd", help: "sitecycle \(usage)", usage: true)
        }
        var reason: String?
        if args.has("--reason") { reason = try EntryWriter.cleanNote(args.value("--reason"), option: "--reason") ?? "" }
        var editor = JournalEditor(source: journal.source)
        for location in targets {
            guard let parts = syntax.locationParts(atLine: location.line) else { continue }
            let clause = "  paused until \(until.iso)"
            if let old = parts.paused {
                editor.replace(old, with: clause)
            } else {
                editor.replace(parts.end..<parts.end, with: clause)
            }
            if let reason {
                let span = syntax.lines[location.line - 1].span
                editor.replace(parts.end..<span.contentEnd, with: reason.isEmpty ? "" : "  ; " + reason)
            }
        }
        let names = targets.map(\.name).joined(separator: " and ")
        return done(editor, TextWrap.wrap("Paused \(names) until \(until.iso): not recommended before then."))
    }

    /// Removes the `paused until` clause: back in rotation now.
    func resume(_ words: [String], now: Instant) throws(CommandError) -> PlannedEdit {
        let targets = try find(try joinedName(words, what: "NAME", usage: "locations resume NAME"))
        let today = journal.zone.civil(now).date
        var editor = JournalEditor(source: journal.source)
        var resumed: [String] = [], notPaused: [String] = []
        for location in targets {
            guard let clause = syntax.locationParts(atLine: location.line)?.paused else {
                notPaused.append(location.name)
                continue
            }
            editor.replace(clause, with: "")
            // A pause that has ended is tidied away but was not in force.
            if let until = location.pausedUntil, today < until { resumed.append(location.name) } else { notPaused.append(location.name) }
        }
        guard !editor.isEmpty else {
            throw CommandError("\(notPaused.joined(separator: " and ")) \(notPaused.count == 1 ? "is" : "are") not paused")
        }
        var message = resumed.isEmpty ? "" : "Resumed \(resumed.joined(separator: " and ")): back in rotation."
        if !notPaused.isEmpty {
            message += (message.isEmpty ? "" : " ") + "\(notPaused.joined(separator: " and ")) "
                + "\(notPaused.count == 1 ? "was" : "were") not paused."
        }
        return done(editor, TextWrap.wrap(message))
    }

    func move(_ words: [String]) throws(CommandError) -> PlannedEdit {
        let targets = try find(try joinedName(words, what: "NAME", usage: "locations move NAME --before OTHER"))
        let before = invocation.arguments.value("--before"), after = invocation.arguments.value("--after")
        guard (before == nil) != (after == nil) else {
            throw CommandError("move needs exactly one of --before OTHER or --after OTHER", usage: true)
        }
        let anchors = try find(before ?? after!)
        guard !anchors.contains(where: { a in targets.contains { $0.name == a.name } }) else {
            throw CommandError("cannot move a location relative to itself", usage: true)
        }
        var editor = JournalEditor(source: journal.source)
        let texts = targets.sorted { $0.line < $1.line }.map { journal.source.lineText($0.line) }
        if let before, !before.isEmpty {
            editor.insert(texts, beforeLine: anchors.map(\.line).min()!)
        } else {
            editor.insert(texts, afterLine: anchors.map(\.line).max()!)
        }
        for location in targets { editor.deleteLines(location.line, through: location.line) }
        let anchorName = anchors.count == 1 ? anchors[0].name : (before ?? after!)
        return done(editor, "Moved \(targets.map(\.name).joined(separator: " and ")) "
                    + "\(before != nil ? "before" : "after") \(anchorName).")
    }

    // MARK: Helpers

    func done(_ editor: JournalEditor, _ message: String) -> PlannedEdit {
        PlannedEdit(editor: editor) { updated in
            if invocation.json {
                LocationsService(invocation: invocation, journal: updated).list(now: Instant(seconds: .max))
            } else {
                invocation.out(message + "\n")
            }
        }
    }

    func find(_ typed: String) throws(CommandError) -> [Location] {
        try LocationResolver.locations(typed, in: journal)
    }

    func joinedName(_ words: [String], what: String, usage: String) throws(CommandError) -> String {
        let name = collapse(words.joined(separator: " "))
        guard !name.isEmpty else { throw CommandError("missing \(what)", help: "sitecycle \(usage)", usage: true) }
        return name
    }

    func collapse(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// A new name must be valid and not clash with another location
    /// (ignoring case); `replacing` may keep theirs (for a case-only rename).
    func checkNewName(_ name: String, replacing: [Location]) throws(CommandError) {
        if let problem = LocationName.problem(with: name) { throw CommandError(problem, usage: true) }
        let lower = name.lowercased()
        if let clash = journal.locations.first(where: { $0.name.lowercased() == lower }),
           !replacing.contains(where: { $0.name == clash.name }) {
            throw CommandError("\"\(clash.name)\" is already declared (line \(clash.line))")
        }
    }

    func keepOneEnabled(without targets: [Location]) throws(CommandError) {
        let left = journal.enabledLocations.filter { l in !targets.contains { $0.name == l.name } }
        if left.isEmpty {
            throw CommandError("that would leave no enabled location",
                               help: "add or enable another location first")
        }
    }
}

/// Columns padded to their widest cell; `rightAligned` columns line up on the right.
func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
    guard let first = rows.first else { return "" }
    let widths = first.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    return rows.map { row in
        row.indices.map { c in
            let pad = String(repeating: " ", count: widths[c] - row[c].count)
            return rightAligned.contains(c) ? pad + row[c] : (c == row.count - 1 ? row[c] : row[c] + pad)
        }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
}
