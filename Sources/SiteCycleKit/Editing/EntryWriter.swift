/// Writes site-change lines the way the journal already writes them:
/// where a new line goes, how its time reads, how a note is laid out.
package struct EntryWriter {
    package let journal: Journal
    /// The zone new times are written in: the journal's, unless the same
    /// edit gives the journal its `timezone` (an import into a bare file).
    package var zone: ZoneRules

    package init(journal: Journal, zone: ZoneRules? = nil) {
        self.journal = journal
        self.zone = zone ?? journal.zone
    }

    /// One new line in time order: appended when newest, else right after
    /// the site change it follows (and that change's note lines).
    package func insertion(location: String, at: Instant, note: String?, device: UInt8 = 0) throws(ServiceError) -> JournalEditor {
        // Two changes at one instant are fine on two devices, not on one.
        if let same = journal.changes.first(where: { $0.start == at && $0.device == device }) {
            throw ServiceError(.startTaken(time: displayStart(same), line: same.line, newEntry: true))
        }
        // Another device's entry names its device first, aligned like a name.
        let lines = EntryLayout(learningFrom: journal.syntax)
            .lines(timestamp: timestampText(at), location: field(location, device: device), note: note)
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
    package func timestampText(_ at: Instant) -> String {
        let civil = zone.civil(at)
        if case .ambiguous(let earlier, _, _, _) = zone.resolve(civil), earlier != at {
            return civil.journalText + " " + formatOffset(zone.offset(at: at))
        }
        return civil.journalText
    }

    /// The time of `e`'s line re-timed to `at`: in the line's own offset
    /// when it writes one (logged while travelling), else as a new line's.
    package func timestampText(_ at: Instant, keepingOffsetOf e: EntrySyntax) -> String {
        guard let offset = e.offset, let range = e.offsetRange else { return timestampText(at) }
        let gap = isBlank(journal.source.bytes[range.lowerBound - 1]) ? " " : ""
        return CivilDateTime(secondsAsIfUTC: at.seconds + Int64(offset)).journalText + gap + journal.source.string(range)
    }

    /// Where the location (or `removed`) starts in an entry's field: after
    /// the device word and its white space when the line names a device.
    package func nameStart(of e: EntrySyntax) -> Int {
        let field = e.locationName
        guard let space = field.firstIndex(of: " "), journal.deviceNames.contains(String(field[..<space])) else {
            return e.locationRange.lowerBound
        }
        var start = e.locationRange.lowerBound + field[..<space].utf8.count
        while start < e.locationRange.upperBound, isBlank(journal.source.bytes[start]) {
            start += 1
        }
        return start
    }

    /// The field for a new line of `device`: the device word first, aligned
    /// like a name, for any device but the pump.
    package func field(_ location: String, device: UInt8) -> String {
        device == 0 ? location : journal.deviceNames[Int(device)] + "  " + location
    }

    /// The entry's line, or its last note-continuation line.
    package func lastLineOfEntry(_ number: Int) -> Int {
        var last = number
        while last < journal.syntax.lines.count, case .noteContinuation = journal.syntax.lines[last].kind { last += 1 }
        return last
    }

    /// Rewrites the parts of `change`'s lines given (its note, its
    /// `reason:` or `lot:`); the date, time, name and the rest stay as written.
    package func rewrite(_ change: SiteChange, note: NoteChange? = nil, reason: ClauseChange<EndReason>? = nil,
                         lot: ClauseChange<String>? = nil, in editor: inout JournalEditor) {
        guard let lines = replacedLines(ofEntryOn: change.line, note: note, reason: reason, lot: lot) else { return }
        editor.replaceLines(change.line, through: lastLineOfEntry(change.line), with: lines)
    }
}
