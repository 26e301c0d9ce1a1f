import SiteCycleKit

/// The `history` table and its JSON.
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
