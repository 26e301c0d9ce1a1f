/// What must hold for any input whatsoever, checked by the fuzzer and by the
/// random-input test: reading never crashes, every unreadable line gets a
/// diagnostic, rendering works, formatting keeps the meaning and is stable,
/// and merging never crashes nor drops an entry. Returns the first broken
/// promise, or nil.
public enum JournalInvariants {
    public static func violation(in bytes: [UInt8]) -> String? {
        let source = SourceFile(path: "fuzz", bytes: bytes)
        guard source.reassembled() == bytes else { return "the syntax layer lost bytes" }
        let journal = JournalBuilder.load(source, defaultZone: .utc)
        for line in journal.syntax.lines {
            switch line.kind {
            case .invalid, .conflictMarker:
                if !journal.diagnostics.contains(where: { $0.line == line.number && $0.severity == .error }) {
                    return "line \(line.number) is unreadable but has no error"
                }
            default: break
            }
        }
        _ = DiagnosticRenderer(style: .plain).render(journal.diagnostics, in: journal.source)
        guard !journal.diagnostics.hasErrors else { return nil }
        let formatted = JournalFormatter(journal: journal).formatted()
        let again = JournalBuilder.load(SourceFile(path: "fmt", bytes: formatted), defaultZone: .utc)
        if again.diagnostics.hasErrors { return "fmt produced a journal with errors" }
        if !Journal.sameMeaning(journal, again) { return "fmt changed the meaning" }
        if JournalFormatter(journal: again).formatted() != formatted { return "fmt is not idempotent" }
        let merged = JournalMerge.merge(base: SourceFile(path: "b", bytes: []), ours: source, theirs: source, defaultZone: .utc)
        if merged.conflicts == 0 {
            let result = JournalBuilder.load(SourceFile(path: "m", bytes: merged.bytes), defaultZone: .utc)
            if result.changes.count != journal.changes.count { return "merging a journal with itself changed its entries" }
        }
        return nil
    }
}

extension Journal {
    /// Settings, locations and site changes (with notes) are all the same.
    public static func sameMeaning(_ a: Journal, _ b: Journal) -> Bool {
        func entries(_ j: Journal) -> [String] {
            j.changes.map { "\($0.start.seconds) \($0.offset) \($0.location ?? "-") \($0.note ?? "")" }
        }
        return a.settings == b.settings && a.locations.map { [$0.name, "\($0.isEnabled)"] } == b.locations.map { [$0.name, "\($0.isEnabled)"] }
            && entries(a) == entries(b)
    }
}
