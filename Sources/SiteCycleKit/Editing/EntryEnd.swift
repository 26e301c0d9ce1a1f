/// The end of one site: `amend --end`'s edit of the journal.
extension EntryWriter {
    /// Ends the site at `end`: moves the `removed` line that follows, or
    /// adds one before the next site (or at the end).
    /// The next change in that device's rotation counts; a `removed` line is
    /// written with the device word and goes where its time puts it.
    package func setEnd(of entry: SiteChange, to end: Instant, start: Instant,
                        in editor: inout JournalEditor) throws(ServiceError) {
        guard !entry.isRemoval else { throw ServiceError(.removalHasNoEnd) }
        guard end > start else { throw ServiceError(.endNotAfterStart) }
        let rotation = journal.rotation(journal.deviceNames[Int(entry.device)])
        let later = rotation.changes.filter { $0.start > entry.start }
        let removed = EntryLayout(learningFrom: journal.syntax)
            .lines(timestamp: timestampText(end), location: field(EntrySyntax.removedKeyword, device: entry.device),
                   note: nil)
        // After the last entry (of any device) before the end.
        func insertRemoved() {
            let before = journal.changes.last { $0.start < end && $0.start >= entry.start }
            editor.insert(removed, afterLine: lastLineOfEntry(before?.line ?? entry.line))
        }
        if let next = later.first, next.isRemoval {
            if let after = later.dropFirst().first, end >= after.start {
                throw ServiceError(.endAfterNextSite(line: after.line, time: displayStart(after)))
            }
            // Re-timed like any amended start: note, continuation lines and
            // offset stay; it moves only if another entry now lies between.
            guard end != next.start, let lines = replacedLines(ofEntryOn: next.line, start: end) else { return }
            replaceEntry(next, with: lines, startingAt: end, in: &editor)
        } else if let next = later.first {
            guard end <= next.start else {
                throw ServiceError(.endAfterNextSite(line: next.line, time: displayStart(next)))
            }
            if end < next.start { insertRemoved() }
        } else {
            insertRemoved()
        }
    }
}
