/// What an amendment does to an entry's note.
public enum NoteChange: Equatable, Sendable {
    /// The new note (line breaks become continuation lines).
    case replace(String)
    /// No note: the line ends after the location.
    case remove
}

/// What an amendment does to a `reason:` or `lot:` clause.
public enum ClauseChange<Value: Equatable & Sendable>: Equatable, Sendable {
    case set(Value)
    /// The clause goes; the line keeps everything else.
    case remove
}

extension EntryWriter {
    /// The lines of the entry on `line` with its start, location or note
    /// replaced and everything else as written, aligned like the file:
    /// - a new start keeps the location in its column (two spaces at least)
    ///   and the line's offset, if it writes one;
    /// - a new location keeps the device word (and its spacing) before it;
    /// - a new note is laid out at the journal's note column, its line
    ///   breaks as continuation lines; left alone, the rest of the line and
    ///   its continuation lines stay byte for byte.
    /// Nil when the line is not an entry.
    package func replacedLines(ofEntryOn line: Int, start: Instant? = nil, location: String? = nil,
                               note: NoteChange? = nil, reason: ClauseChange<EndReason>? = nil,
                               lot: ClauseChange<String>? = nil) -> [String]? {
        guard case .entry(let e) = journal.syntax.lines[line - 1].kind else { return nil }
        let source = journal.source
        let span = journal.syntax.lines[line - 1].span
        var head = source.string(span.start..<e.locationRange.lowerBound)
        if let start {
            let stamp = timestampText(start, keepingOffsetOf: e)
            head = stamp + String(repeating: " ", count: max(2, e.locationRange.lowerBound - span.start - stamp.utf8.count))
        }
        if let location {
            // The location starts after the device word, which stays.
            head += source.string(e.locationRange.lowerBound..<nameStart(of: e)) + location
        } else {
            head += source.string(e.locationRange)
        }
        var rest = source.string(e.fieldEnd..<span.contentEnd)
        if reason == nil && lot == nil {
            head += source.string(e.locationRange.upperBound..<e.fieldEnd)
        } else {
            let oldHead = head.utf8.count + e.fieldEnd - e.locationRange.upperBound
            head += clausesText(of: e, reason: reason, lot: lot)
            // A note keeps its column where the clauses leave room.
            let blanks = rest.prefix { $0 == " " || $0 == "\t" }
            if blanks.endIndex < rest.endIndex, rest[blanks.endIndex] == ";" {
                let column = oldHead + blanks.utf8.count
                rest = String(repeating: " ", count: max(2, column - head.utf8.count)) + rest[blanks.endIndex...]
            }
        }
        switch note {
        case .replace(let text)?:
            return EntryLayout(learningFrom: journal.syntax).lines(head: head, note: text)
        case .remove?:
            return EntryLayout(learningFrom: journal.syntax).lines(head: head, note: nil)
        case nil:
            let last = lastLineOfEntry(line)
            return [head + rest]
                + (line < last ? ((line + 1)...last).map { source.lineText($0) } : [])
        }
    }

    /// The clauses of `e` with `reason` and `lot` changed as asked and the
    /// others as they were, as the tool writes them (`  reason: pain`).
    package func clausesText(of e: EntrySyntax, reason: ClauseChange<EndReason>?, lot: ClauseChange<String>?) -> String {
        let bytes = journal.source.bytes
        let old = e.clauseRange.map { EntryClauses.scan(bytes, $0, headWords: 0) }
        var newReason = old?.value(.reason, in: bytes), newLot = old?.value(.lot, in: bytes)
        switch reason {
        case .set(let r)?: newReason = r.word
        case .remove?: newReason = nil
        case nil: break
        }
        switch lot {
        case .set(let l)?: newLot = l
        case .remove?: newLot = nil
        case nil: break
        }
        return EntryClauses.text(reason: newReason, lot: newLot)
    }

    /// Puts `lines` in place of `change`'s lines (its entry line and note
    /// lines), now starting at `start`: where it was while `start` keeps its
    /// place among the other entries, else moved to where `start` puts it
    /// (after the entry before it, with that entry's note lines). Returns
    /// whether the lines moved.
    @discardableResult
    package func replaceEntry(_ change: SiteChange, with lines: [String], startingAt start: Instant,
                              in editor: inout JournalEditor) -> Bool {
        let first = change.line, last = lastLineOfEntry(first)
        // Every other entry, of any device: the file is in time order.
        let others = journal.changes.filter { $0.line != change.line }
        let rank = { (t: Instant) in others.filter { $0.start < t }.count }
        guard rank(start) != rank(change.start) else {
            editor.replaceLines(first, through: last, with: lines)
            return false
        }
        editor.deleteLines(first, through: last)
        if let previous = others.last(where: { $0.start < start }) {
            editor.insert(lines, afterLine: lastLineOfEntry(previous.line))
        } else if let next = others.first {
            editor.insert(lines, beforeLine: next.line)
        }
        return true
    }
}
