/// An entry of one version of the journal written again, as the merge
/// puts it in the result.
extension MergeVersion {
    /// The entry's lines with the UTC offset its time meant written after
    /// the time, unless the line already gives one.
    package func withOffset(_ lines: [String], _ key: Int64) -> [String] {
        guard let e = entries[key], e.offset == nil, let first = lines.first else { return lines }
        let span = journal.syntax.lines[e.firstLine - 1].span
        let cut = first.utf8.index(first.utf8.startIndex, offsetBy: e.syntax.timestampRange.upperBound - span.start)
        return [String(first[..<cut]) + " " + formatOffset(e.zoneOffset) + String(first[cut...])] + lines.dropFirst()
    }

    /// The entry's lines with a new location, note and clauses, laid out
    /// like the rest of this version (its date and time kept as written).
    package func render(_ key: Int64, location: String?, note: String?, clauses: String? = nil) -> [String] {
        guard let e = entries[key] else { return [] }
        if e.location == location && e.note == note && (clauses == nil || clauses == self.clauses(of: e.syntax)) { return lines(of: e) }
        let span = journal.syntax.lines[e.firstLine - 1].span
        // Another device's entry keeps its device word before the location.
        let device = e.device == 0 || Int(e.device) >= journal.deviceNames.count ? "" : journal.deviceNames[Int(e.device)] + "  "
        let head = journal.source.string(span.start..<e.syntax.locationRange.lowerBound) + device
            + (location ?? EntrySyntax.removedKeyword)
            + (clauses ?? journal.source.string(e.syntax.locationRange.upperBound..<e.syntax.fieldEnd))
        return EntryLayout(learningFrom: journal.syntax).lines(head: head, note: note)
    }
}
