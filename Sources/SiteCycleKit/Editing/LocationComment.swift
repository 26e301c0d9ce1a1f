extension JournalEditor {
    /// Replaces the comment of a `location` line — everything after its
    /// clauses — with `  ; TEXT`, or with nothing for an empty text. The
    /// declaration itself stays as written. False when the line is not a
    /// `location` line.
    @discardableResult
    package mutating func setComment(_ text: String, locationLine line: Int, in syntax: JournalSyntax) -> Bool {
        guard let parts = syntax.locationParts(atLine: line) else { return false }
        let span = syntax.lines[line - 1].span
        replace(parts.end..<span.contentEnd, with: text.isEmpty ? "" : "  ; " + text)
        return true
    }
}
