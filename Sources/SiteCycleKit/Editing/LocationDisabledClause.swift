extension JournalEditor {
    /// Writes the `disabled` clause at the end of a `location` line's
    /// clauses, or takes it away; the name, the other clauses and the
    /// comment stay as written. False, and nothing edited, when the line
    /// already reads that way or is not a `location` line.
    @discardableResult
    package mutating func setDisabled(_ disabled: Bool, locationLine line: Int, in syntax: JournalSyntax) -> Bool {
        guard let parts = syntax.locationParts(atLine: line) else { return false }
        if disabled {
            guard parts.disabled == nil else { return false }
            replace(parts.end..<parts.end, with: "  " + LocationLine.disabledClause)
        } else {
            guard let flag = parts.disabled else { return false }
            replace(flag, with: "")
        }
        return true
    }
}
