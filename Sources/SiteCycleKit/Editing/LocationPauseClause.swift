extension JournalEditor {
    /// Writes `paused until DATE` on a `location` line, in place of a pause
    /// it has, else after its clauses; with nil, takes the clause away. The
    /// rest of the line stays as written. False, and nothing edited, when
    /// there is no pause to take away or the line is not a `location` line.
    @discardableResult
    package mutating func setPause(until date: CivilDate?, locationLine line: Int, in syntax: JournalSyntax) -> Bool {
        guard let parts = syntax.locationParts(atLine: line) else { return false }
        guard let date else {
            guard let old = parts.paused else { return false }
            replace(old, with: "")
            return true
        }
        let clause = "  " + LocationLine.pauseClause(date)
        if let old = parts.paused {
            replace(old, with: clause)
        } else {
            replace(parts.end..<parts.end, with: clause)
        }
        return true
    }
}
