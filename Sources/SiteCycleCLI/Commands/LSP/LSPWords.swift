import SiteCycleKit

/// The language server's words: hover text and the directives' help, from
/// the same sources as the rest of the command line (`BodyWords`,
/// `help journal`), so an editor says what `status` and `help` say.
enum LSPWords {
    static func hover(_ fact: JournalAssist.Hover, journal: Journal, now: Instant, markup: LSPMarkup) -> String {
        switch fact {
        case .entry(let change, let device, let status, let next, let site, let restedDays):
            return markup.lines(entry(change, device: device, status: status, next: next, site: site,
                                      restedDays: restedDays, journal: journal, markup: markup))
        case .location(let location, let uses, let site, let restedDays):
            var lines = [markup.strong(markup.text(location.name))]
            let last = site?.lastChange.map { " · last used \(displayStart($0))" } ?? ""
            lines.append("Uses: \(uses)\(last)")
            if let site, site.lastChange != nil {
                lines.append("Now: " + state(site, restedDays, journal))
            } else {
                lines.append("Now: never used")
            }
            if let until = location.pausedUntil { lines.append("Paused until \(until.iso)") }
            if !location.isEnabled { lines.append("Disabled: kept for its history, out of rotation") }
            lines.append("Devices: " + markup.text(location.devices.joined(separator: ", ")))
            // The site's verdict for each device it serves, as recommend shows it.
            for device in location.devices where journal.deviceNames.contains(device) {
                let flags = SiteVerdict.compute(journal, device: device, now: now).flags(of: location.name)
                let whose = location.devices.count > 1 ? " (\(markup.text(device)))" : ""
                lines += flags.map { "⚠ Flagged\(whose): " + markup.text(VerdictText.long($0)) }
            }
            return markup.lines(lines)
        case .directive(let keyword):
            return directiveHelp(keyword).map(markup.verbatim) ?? keyword.rawValue
        }
    }

    /// An entry's lines.
    private static func entry(_ change: SiteChange, device: String, status: SiteStatus?, next: SiteChange?,
                              site: Occupancy.Site?, restedDays: Int?, journal: Journal, markup: LSPMarkup) -> [String] {
        let name = journal.name(of: change) ?? EntrySyntax.removedKeyword
        var lines = [markup.strong("\(displayStart(change))  \(markup.text(name))") + (journal.hasDevices ? " (\(markup.text(device)))" : "")]
        if change.isRemoval {
            if let hours = change.durationHours { lines.append("No site for \(formatHours(hours)) h") }
            return lines
        }
        let target = journal.targetHours(of: device)
        if let status {
            let left = status.hoursLeft
            lines.append("In for \(formatHours(status.elapsedHours)) h of \(formatHours(target)) h")
            lines.append(left >= 0 ? "Due \(displayTime(status.due, in: journal.zone)) (in \(formatHours(left)) h)"
                : "Due since \(displayTime(status.due, in: journal.zone)) (\(formatHours(-left)) h ago)")
        } else if let hours = change.durationHours {
            lines.append("Lasted \(formatHours(hours)) h (target \(formatHours(target)) h)")
        } else {
            lines.append("Not started yet: dated after now")
        }
        if let next, let end = change.end {
            let days = max(0, calendarDays(from: end, to: next.start, zone: journal.zone))
            lines.append("Rested \(days) day\(days == 1 ? "" : "s") before its next use here, \(displayStart(next))")
        } else if let site, status == nil {
            lines.append("Since: " + state(site, restedDays, journal))
        }
        if let note = journal.note(of: change) {
            lines += note.split(separator: "\n", omittingEmptySubsequences: false).map { "; " + markup.text(String($0)) }
        }
        return lines
    }

    /// Why the server's copy of a document is no longer the editor's.
    static func outOfStep(change: Int?, _ reason: String) -> String {
        (change.map { "change \($0) of a didChange" } ?? "a didChange") + " could not be applied (\(reason)), so"
            + " sitecycle's copy of this file is no longer the editor's and is not checked;"
            + " close and reopen the file (or send its whole text) to check it again"
    }

    /// `rested 6 days`, `in use`, `in use (sensor)` (the device named only
    /// when the journal has more than the pump).
    private static func state(_ site: Occupancy.Site, _ restedDays: Int?, _ journal: Journal) -> String {
        guard !site.occupiedBy.isEmpty else { return BodyWords.rested(restedDays) }
        return journal.hasDevices ? "in use (\(site.occupiedBy.joined(separator: ", ")))" : "in use"
    }

    /// A directive's entry in `help journal` (its DIRECTIVES list), as the
    /// screen shows it: its lines.
    static func directiveHelp(_ keyword: DirectiveSyntax.Keyword) -> [String]? {
        let lines = HelpTopic.journal.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let section = lines.firstIndex(where: { $0.hasPrefix("DIRECTIVES") }) else { return nil }
        let entryStart = "  " + keyword.rawValue + " "
        guard let first = lines[section...].firstIndex(where: { $0.hasPrefix(entryStart) }) else { return nil }
        var block = [String(lines[first].dropFirst(2))]
        for line in lines[(first + 1)...] {
            // The next entry starts at the same indent; the section ends at a blank line.
            guard line.hasPrefix("   "), line.contains(where: { $0 != " " }) else { break }
            block.append(String(line.dropFirst(2)))
        }
        return block
    }

    /// The first line of a directive's description, for a completion's
    /// detail: the text in the help's description column (24 once the
    /// entry's two-space indent is gone; read at 22, inside the blanks
    /// before it, every detail said only "directive").
    static func directiveSummary(_ keyword: DirectiveSyntax.Keyword) -> String {
        guard let help = directiveHelp(keyword) else { return "directive" }
        let column = 24
        for line in help where line.count > column {
            let text = String(line.dropFirst(column))
            if line.dropFirst(column - 1).first == " ", text.first != " " { return text }
        }
        return "directive"
    }
}
