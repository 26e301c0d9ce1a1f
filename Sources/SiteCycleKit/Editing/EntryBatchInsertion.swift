/// A new site change (or `removed` line) among many added at once, as
/// `import` adds them: any device, a note, and the offset its source gave.
package struct NewEntry: Sendable {
    package var start: Instant
    /// The UTC offset to write the start with; ignored when it is the
    /// zone's own offset at that instant.
    package var offset: Int?
    /// `pump`, or another device's name, which the line then names first.
    package var device: String
    /// The location; nil for a `removed` line.
    package var location: String?
    package var note: String?
    /// Why the site ended and its lot, written as the line's clauses.
    package var reason: EndReason?
    package var lot: String?

    package init(start: Instant, offset: Int? = nil, device: String = Device.pumpName, location: String?, note: String? = nil,
                 reason: EndReason? = nil, lot: String? = nil) {
        self.reason = reason
        self.lot = lot
        self.start = start
        self.offset = offset
        self.device = device
        self.location = location
        self.note = note
    }
}

extension EntryWriter {
    /// Inserts `entries` each where its time puts it among the journal's
    /// changes: right after the change it follows (and that change's note
    /// lines), before the first change, or at the end. Entries that follow
    /// the same line go in one block, oldest first. A journal with no site
    /// change lines yet gets a blank line between its header and the first.
    ///
    /// Times are written in `zone` (which may be a zone the same edit gives
    /// the journal), with the entry's own offset where it differs.
    package func insertInTimeOrder(_ entries: [NewEntry], in editor: inout JournalEditor) {
        guard !entries.isEmpty else { return }
        let layout = EntryLayout(learningFrom: journal.syntax)
        if journal.changes.isEmpty && journal.syntax.firstEntryLine == nil {
            editor.append([""])
        }
        // New lines grouped by the existing line they follow.
        var groups: [(anchor: Int?, lines: [String])] = []
        for e in entries.sorted(by: { $0.start < $1.start }) {
            let anchor = journal.changes.last { $0.start < e.start }.map { lastLineOfEntry($0.line) }
            var stamp = timestampText(e.start)
            if let offset = e.offset, offset != zone.offset(at: e.start) {
                stamp = CivilDateTime(secondsAsIfUTC: e.start.seconds + Int64(offset)).journalText + " " + formatOffset(offset)
            }
            // Another device's entry names its device first, as `log` writes it.
            let field = (e.location ?? EntrySyntax.removedKeyword) + EntryClauses.text(reason: e.reason?.word, lot: e.lot)
            let lines = layout.lines(timestamp: stamp, location: e.device == Device.pumpName ? field : e.device + "  " + field,
                                     note: e.note)
            if let last = groups.last, last.anchor == anchor { groups[groups.count - 1].lines += lines } else { groups.append((anchor, lines)) }
        }
        for g in groups {
            if let anchor = g.anchor {
                editor.insert(g.lines, afterLine: anchor)
            } else if let first = journal.changes.first {
                editor.insert(g.lines, beforeLine: first.line)
            } else {
                editor.append(g.lines)
            }
        }
    }
}
