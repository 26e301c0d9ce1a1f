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
        let table = HistoryTable(journal: journal, changes: changes, now: now)
        var out = ByteText(capacity: changes.count * (table.noteColumn + 22))
        out.append(style.text.bold(table.header) + "\n")
        for index in changes.indices.reversed() { table.appendRow(index, to: &out) }
        return out.string
    }

    func json(_ changes: [SiteChange]) -> JSON {
        .array(changes.map { $0.json(in: journal, now: now) })
    }
}

/// The columns of the `history` table, measured once over the rows shown:
/// Line, Start, Location (each location's cell padded once, not once per
/// row), Hours and Note.
struct HistoryTable {
    let journal: Journal
    let changes: [SiteChange]
    /// One padded cell per location index, the last for `removed`.
    let cells: [[UInt8]]
    let lineWidth, nameWidth, numberWidth, hoursWidth: Int
    /// Hours as tenths (formatHours' rule), or a mark for the rows
    /// without a number.
    let tenths: [Int]
    let noteIndent: String
    var noteColumn: Int { noteIndent.utf8.count }
    /// Room for a row up to its note, whatever its numbers.
    let rowCapacity: Int

    static let removal = Int.min, active = Int.max, future = Int.max - 1

    init(journal: Journal, changes: [SiteChange], now: Instant) {
        self.journal = journal
        self.changes = changes
        let names = journal.locationNames
        var used = [Bool](repeating: false, count: names.count + 1)
        for c in changes { used[c.isRemoval ? names.count : Int(c.locationIndex)] = true }
        let labels = names + ["removed"]
        let nameWidth = max(8, labels.indices.filter { used[$0] }.map { labels[$0].count }.max() ?? 0)
        cells = labels.indices.map { i -> [UInt8] in
            guard used[i] else { return [] }
            var cell = ByteText()
            cell.append(labels[i])
            cell.spaces(nameWidth - labels[i].count)
            return cell.bytes
        }
        self.nameWidth = nameWidth
        lineWidth = max(4, String(changes.map(\.line).max() ?? 0).utf8.count)
        rowCapacity = max(lineWidth, 20) + ByteRow.stampCapacity + (cells.map(\.count).max() ?? 0) + 3 * 2 + 32
        tenths = changes.map { c -> Int in
            if c.start > now { return Self.future }
            if c.isRemoval { return Self.removal }
            guard let end = c.end, end <= now else { return Self.active }
            return Int((c.start.hours(until: end) * 10).rounded(.toNearestOrEven))
        }
        // The Hours column starts where its header does: hours end under the
        // `s` of "Hours", and `active` starts under its `H`.
        numberWidth = max(5, tenths.lazy.filter { $0 != Self.active && $0 != Self.removal && $0 != Self.future }
            .map(Self.width).max() ?? 0)
        hoursWidth = max(numberWidth, tenths.contains(Self.active) || tenths.contains(Self.future) ? 6 : 5)
        noteIndent = String(repeating: " ", count: lineWidth + 2 + 18 + nameWidth + 2 + hoursWidth + 2)
    }

    static func width(_ t: Int) -> Int { (t < 0 ? 1 : 0) + ByteText.digitCount(abs(t) / 10) + 2 }

    var header: String {
        func pad(_ s: String, _ w: Int, right: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, w - s.count))
            return right ? fill + s : s + fill
        }
        return pad("Line", lineWidth, right: true) + "  Start             " + pad("Location", nameWidth) + "  "
            + pad("Hours", hoursWidth) + "  Note"
    }

    /// One row, and the lines its note wraps onto.
    func appendRow(_ index: Int, to out: inout ByteText) {
        let c = changes[index]
        let rowStart = out.bytes.count
        out.row(capacity: rowCapacity + max(0, hoursWidth - 24)) { row in
            row.spaces(lineWidth - ByteText.digitCount(c.line))
            row.digits(c.line, width: 0)
            row.spaces(2)
            row.stamp(CivilDateTime(secondsAsIfUTC: c.start.seconds + Int64(c.offset)), separator: 0x20, alwaysSeconds: false)
            row.spaces(2)
            row.bytes(cells[c.isRemoval ? cells.count - 1 : Int(c.locationIndex)])
            row.spaces(2)
            writeHours(tenths[index], to: &row)
        }
        let noteLines = self.noteLines(c)
        if let first = noteLines.first, !first.isEmpty {
            out.spaces(2)
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

    /// `12.5` written digit by digit, right-aligned; `active` or `future`
    /// from the column's start; blanks for a removal.
    private func writeHours(_ t: Int, to row: inout ByteRow) {
        if t == Self.active || t == Self.future {
            row.text(t == Self.active ? "active" : "future")
            row.spaces(hoursWidth - 6)
        } else if t != Self.removal {
            row.spaces(numberWidth - Self.width(t))
            row.tenths(t)
            row.spaces(hoursWidth - numberWidth)
        } else {
            row.spaces(hoursWidth)
        }
    }

    /// The note, wrapped at 80 columns to continue under the Note column.
    private func noteLines(_ c: SiteChange) -> [String] {
        guard let note = journal.note(of: c) else { return [] }
        return TextWrap.note(note, start: noteColumn, indent: noteIndent)
    }
}
