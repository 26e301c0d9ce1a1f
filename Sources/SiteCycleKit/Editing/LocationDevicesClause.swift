extension JournalEditor {
    /// Writes `for DEV,…` on a `location` line, in place of the clause it
    /// has, else right after the name; with the pump alone (what no `for`
    /// means), takes the clause away. The name, the other clauses and the
    /// comment stay as written. False, and nothing edited, when the line
    /// already says so or is not a `location` line.
    @discardableResult
    package mutating func setDevices(_ devices: [String], locationLine line: Int, in syntax: JournalSyntax) -> Bool {
        guard let parts = syntax.locationParts(atLine: line) else { return false }
        let words = LocationLine.devicesClause(devices)
        if let old = parts.devices {
            guard let words else {
                replace(old, with: "")
                return true
            }
            // The blanks before the clause stay as the file has them.
            var start = old.lowerBound
            while start < old.upperBound, isBlank(syntax.source.bytes[start]) { start += 1 }
            guard syntax.source.string(start..<old.upperBound) != words else { return false }
            replace(start..<old.upperBound, with: words)
        } else {
            guard let words else { return false }
            replace(parts.name.upperBound..<parts.name.upperBound, with: "  " + words)
        }
        return true
    }
}
