extension JournalEditor {
    /// Renames `location` to `name`: its `location` line, and exactly the
    /// entry lines that name it. On an entry, a device word before the name
    /// stays, and a note keeps its column when the new name leaves room.
    /// Returns how many entry lines were rewritten.
    package mutating func rename(_ location: Location, to name: String, in journal: Journal) -> Int {
        let syntax = journal.syntax
        if let parts = syntax.locationParts(atLine: location.line) { replace(parts.name, with: name) }
        var lines = journal.changes.filter { journal.name(of: $0) == location.name }.map(\.line)
        // An exact duplicate line is one change in the model but a line of
        // its own in the file: it is renamed with its twin, or the rename
        // would leave it naming a location that no longer exists.
        let renamed = Set(lines.map { trimmedBytes($0, in: journal.source) })
        for d in journal.diagnostics where d.code == .duplicateEntry {
            if renamed.contains(trimmedBytes(d.line, in: journal.source)) { lines.append(d.line) }
        }
        var entries = 0
        for line in lines {
            if case .entry(let e) = syntax.lines[line - 1].kind {
                replace(renamedRange(e, in: journal), with: renamedText(e, to: name, in: journal))
                entries += 1
            }
        }
        return entries
    }

    /// A line's text without its ending and trailing blanks, as the builder
    /// compares two lines for an exact duplicate.
    private func trimmedBytes(_ number: Int, in source: SourceFile) -> [UInt8] {
        let span = source.lines[number - 1]
        var end = span.contentEnd
        while end > span.start, isBlank(source.bytes[end - 1]) { end -= 1 }
        return source.bytes.array(span.start..<end)
    }

    /// The name (after any device word, which stays), and on a line with a
    /// note the blanks up to its `;`: the note keeps the column it was in.
    private func renamedRange(_ e: EntrySyntax, in journal: Journal) -> Range<Int> {
        let start = EntryWriter(journal: journal).nameStart(of: e)
        // Clauses after the name keep their place after the new one.
        guard e.clauseRange == nil, let semicolon = e.semicolon, semicolon >= e.locationRange.upperBound else {
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
