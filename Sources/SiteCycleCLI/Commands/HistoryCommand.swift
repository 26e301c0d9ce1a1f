import SiteCycleKit

extension CommandRegistry {
    static let history = Command(
        name: "history",
        summary: "site changes, newest first, with durations and notes",
        usage: "sitecycle history [--location NAME|ZONE] [--from TIME] [--to TIME] [--last Nd] [--limit N]",
        details: """
            Lists site changes newest first: the journal line (for amend and
            delete), the start, the location, the hours it stayed in (1 decimal)
            or "active", and the note. `removed` lines are listed too, unless
            filtering by location.

            Entries are selected by their start: --from and --to include both
            ends (a date alone as --from is the midnight that starts it; as
            --to, `--to 2026-02-07`, it is the whole day); --last Nd keeps
            starts at or after now − N×24 h (7d, 30d, 90d or any N).
            --location takes a location or a zone, disabled ones too.
            A line dated after now (--now) is listed too, marked `future` in
            place of its hours (`check` warns about it: often a mistyped year).

            --json prints a list of {"line","location","start","end",
            "durationHours","note"}; location is null for `removed`, end and
            durationHours are null while active; future is true for a line
            dated after now.
            """,
        options: [
            deviceOption,
            OptionSpec(["--location"], value: "NAME", "only this location or zone"),
            OptionSpec(["--limit"], value: "N", "at most N entries"),
        ] + periodOptions,
        reportsJSON: true,
        run: { invocation in
            invocation.report { full, now throws(CommandError) in
                let journal = try invocation.rotation(full)
                let selection = try HistorySelection(invocation, journal: journal, now: now, throughFuture: true)
                var changes = selection.apply(journal.changes)
                if let limit = invocation.arguments.value("--limit") {
                    guard let n = Int(limit), n > 0 else { throw CommandError("--limit takes a positive number", usage: true) }
                    changes = Array(changes.suffix(n))
                }
                let report = HistoryReport(style: invocation.renderStyle, journal: journal, now: now)
                invocation.out(invocation.json ? report.json(changes.reversed()).rendered() : report.text(oldestFirst: changes))
            }
        })
}

/// The site changes a report looks at: `--from`, `--to`, `--last`,
/// `--location`; nothing after now unless `throughFuture` (history and
/// export list every line, so a backup never drops one). Shared by history,
/// stats, export and report.
struct HistorySelection {
    var from: Instant?
    var to: Instant
    /// `--location`: the chosen locations' indexes (a change's
    /// `locationIndex`).
    var locations: Set<UInt16>?

    init(_ invocation: Invocation, journal: Journal, now: Instant, allowLocation: Bool = true,
         throughFuture: Bool = false) throws(CommandError) {
        let arguments = invocation.arguments
        func time(_ option: String) throws(CommandError) -> Instant? {
            guard let text = arguments.value(option) else { return nil }
            // A day alone as --to means all of that day.
            switch invocation.readTime(text, zone: journal.zone, now: now, end: option == "--to") {
            case .success(let t): return t
            case .failure(let e): throw CommandError("invalid \(option): \(e.message)", help: e.help, usage: true)
            }
        }
        from = try time("--from")
        let end = try time("--to")
        if let from, let end, from > end {
            throw CommandError("--from \(arguments.value("--from")!) is after --to \(arguments.value("--to")!)",
                               help: "swap them", usage: true)
        }
        to = throughFuture ? end ?? Instant(seconds: .max) : min(end ?? now, now)
        if let last = arguments.value("--last") {
            guard arguments.value("--from") == nil else { throw CommandError("give --last or --from, not both", usage: true) }
            let digits = last.hasSuffix("d") ? String(last.dropLast()) : last
            guard let days = Int(digits), days > 0, days <= 100_000 else {
                throw CommandError("--last takes a number of days like `30d`, not `\(last)`", usage: true)
            }
            from = now.adding(seconds: -Int64(days) * 86_400)
        }
        if allowLocation, let typed = arguments.value("--location") {
            locations = Set(try LocationResolver.locations(typed, in: journal).compactMap { l in
                journal.locationNames.firstIndex(of: l.name).map(UInt16.init)
            })
        }
    }

    /// Whether every change up to `now` is in the selection.
    func selectsAll(until now: Instant) -> Bool { from == nil && locations == nil && to >= now }

    func includes(_ change: SiteChange) -> Bool {
        if let from, change.start < from { return false }
        if change.start > to { return false }
        if let locations { return !change.isRemoval && locations.contains(change.locationIndex) }
        return true
    }

    /// Oldest first, as in the model.
    func apply(_ changes: [SiteChange]) -> [SiteChange] {
        guard from == nil, locations == nil else { return changes.filter(includes) }
        // Only the end is given: the model is in time order, so the
        // selection is a prefix (the whole history, uncopied, as a rule).
        var lo = 0, hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].start <= to { lo = mid + 1 } else { hi = mid }
        }
        return lo == changes.count ? changes : Array(changes[..<lo])
    }
}

struct HistoryReport {
    let style: RenderStyle
    let journal: Journal
    let now: Instant

    /// The table, newest first, from the changes oldest first (read
    /// backwards rather than copied reversed).
    func text(oldestFirst changes: [SiteChange]) -> String {
        guard !changes.isEmpty else { return "No site changes" + (journal.changes.isEmpty ? " yet.\n" : " match.\n") }
        // Rows are assembled as bytes in one buffer: a lifetime of changes
        // is thousands of rows, and a String per cell was most of the time.
        // Each location's cell is padded once, not once per row.
        // One cell per location index, the last for `removed`.
        let names = journal.locationNames
        var used = [Bool](repeating: false, count: names.count + 1)
        for c in changes { used[c.isRemoval ? names.count : Int(c.locationIndex)] = true }
        let labels = names + ["removed"]
        let nameWidth = max(8, labels.indices.filter { used[$0] }.map { labels[$0].count }.max() ?? 0)
        let cells = labels.indices.map { i -> [UInt8] in
            guard used[i] else { return [] }
            var cell = ByteText()
            cell.append(labels[i])
            cell.spaces(nameWidth - labels[i].count)
            return cell.bytes
        }
        let lineWidth = max(4, String(changes.map(\.line).max() ?? 0).utf8.count)
        func pad(_ s: String, _ w: Int, right: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, w - s.count))
            return right ? fill + s : s + fill
        }
        // The Hours column starts where its header does: hours end under the
        // `s` of "Hours", and `active` starts under its `H`.
        // Hours as tenths, written digit by digit (formatHours' rule);
        // `removal` and `active` mark the rows without a number.
        let removal = Int.min, active = Int.max, future = Int.max - 1
        let tenths = changes.map { c -> Int in
            if c.start > now { return future }
            if c.isRemoval { return removal }
            guard let end = c.end, end <= now else { return active }
            return Int((c.start.hours(until: end) * 10).rounded(.toNearestOrEven))
        }
        func width(_ t: Int) -> Int { (t < 0 ? 1 : 0) + ByteText.digitCount(abs(t) / 10) + 2 }
        let numberWidth = max(5, tenths.lazy.filter { $0 != active && $0 != removal && $0 != future }.map(width).max() ?? 0)
        let hoursWidth = max(numberWidth, tenths.contains(active) || tenths.contains(future) ? 6 : 5)
        let header = pad("Line", lineWidth, right: true) + "  Start             " + pad("Location", nameWidth) + "  "
            + pad("Hours", hoursWidth) + "  Note"
        var out = ByteText(capacity: changes.count * (lineWidth + nameWidth + hoursWidth + 40))
        out.append(style.text.bold(header) + "\n")
        let noteIndent = String(repeating: " ", count: lineWidth + 2 + 18 + nameWidth + 2 + hoursWidth + 2)
        for index in changes.indices.reversed() {
            let c = changes[index], t = tenths[index]
            let rowStart = out.bytes.count
            out.spaces(lineWidth - ByteText.digitCount(c.line))
            out.digits(c.line, width: 0)
            out.append("  ")
            out.stamp(CivilDateTime(secondsAsIfUTC: c.start.seconds + Int64(c.offset)), separator: 0x20, alwaysSeconds: false)
            out.append("  ")
            out.bytes += cells[c.isRemoval ? names.count : Int(c.locationIndex)]
            out.append("  ")
            if t == active || t == future {
                out.append(t == active ? "active" : "future")
                out.spaces(hoursWidth - 6)
            } else if t != removal {
                out.spaces(numberWidth - width(t))
                if t < 0 { out.append(byte: 0x2D) }
                out.digits(abs(t) / 10, width: 0)
                out.append(byte: 0x2E)
                out.digits(abs(t) % 10, width: 0)
                out.spaces(hoursWidth - numberWidth)
            } else {
                out.spaces(hoursWidth)
            }
            // Notes wrap at 80 columns, continuing under the Note column.
            var noteLines: [String] = []
            if let note = journal.note(of: c) {
                noteLines = note.utf8.contains(0x0A)
                    ? note.split(separator: "\n", omittingEmptySubsequences: false)
                        .flatMap { TextWrap.lines(String($0).terminalSafe, start: noteIndent.count, indent: noteIndent) }
                    : TextWrap.lines(note.terminalSafe, start: noteIndent.count, indent: noteIndent)
            }
            if let first = noteLines.first, !first.isEmpty {
                out.append("  ")
                out.append(first)
            }
            // A `removed` row has no hours: no blanks at its end.
            while out.bytes.count > rowStart, out.bytes.last == 0x20 { out.bytes.removeLast() }
            out.append(byte: 0x0A)
            for more in noteLines.dropFirst() {
                out.append(noteIndent)
                out.append(more)
                out.append(byte: 0x0A)
            }
        }
        return out.string
    }

    func json(_ changes: [SiteChange]) -> JSON {
        .array(changes.map { $0.json(in: journal, now: now) })
    }
}
