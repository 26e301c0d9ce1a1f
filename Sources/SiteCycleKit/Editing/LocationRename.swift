extension JournalEditor {
    /// Renames `location` to `name`: its `location` line, and exactly the
    /// entry lines that name it. On an entry, a device word before the name
    /// stays, and a note keeps its column when the new name leaves room.
    /// Returns how many entry lines were rewritten.
    package mutating func rename(_ location: Location, to name: String, in journal: Journal) -> Int {
        let syntax = journal.syntax
        if let parts = syntax.locationParts(atLine: location.line) { replace(parts.name, with: name) }
        var entries = 0
        for change in journal.changes where journal.name(of: change) == location.name {
            if case .entry(let e) = syntax.lines[change.line - 1].kind {
                replace(renamedRange(e, in: journal), with: renamedText(e, to: name, in: journal))
                entries += 1
            }
        }
        return entries
    }

    /// The name (after any device word, which stays), and on a line with a
    /// note the blanks up to its `;`: the note keeps the column it was in.
    private func renamedRange(_ e: EntrySyntax, in journal: Journal) -> Range<Int> {
        let start = EntryWriter(journal: journal).nameStart(of: e)
        guard let semicolon = e.semicolon, semicolon >= e.locationRange.upperBound else {
            return start..<e.locationRange.upperBound
        }
        return start..<semicolon
    }

    private func renamedText(_ e: EntrySyntax, to name: String, in journal: Journal) -> String {
        let range = renamedRange(e, in: journal)
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
}
