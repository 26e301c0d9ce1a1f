extension EntryWriter {
    /// The entry's lines as they are in the file: its line and the
    /// continuation lines of its note.
    package func lines(of change: SiteChange) -> [String] {
        (change.line...lastLineOfEntry(change.line)).map { journal.source.lineText($0) }
    }

    /// Deletes the entry: its line and the continuation lines of its note,
    /// so no orphaned note line is left to join the entry above.
    package func delete(_ change: SiteChange, in editor: inout JournalEditor) {
        editor.deleteLines(change.line, through: lastLineOfEntry(change.line))
    }
}
