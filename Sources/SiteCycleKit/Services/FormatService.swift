/// `fmt`: the journal in its canonical layout, written only when that
/// layout says exactly what the journal says.
public enum FormatService {
    public enum Outcome: Equatable, Sendable {
        case alreadyFormatted
        case formatted
    }

    public static func format(_ journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        if let line = journal.mistypedYearLine {
            throw ServiceError(.mistypedYear(path: journal.source.path, line: line))
        }
        let bytes = JournalFormatter(journal: journal).formatted()
        var editor = JournalEditor(source: journal.source)
        guard !journal.source.bytes.same(as: bytes) else { return PlannedChange(editor: editor) { _ in .alreadyFormatted } }
        let after = JournalBuilder.load(SourceFile(path: journal.source.path, bytes: bytes), defaultZone: journal.zone)
        guard Journal.sameMeaning(journal, after) else {
            throw ServiceError(.formatChangesMeaning)
        }
        editor.replaceAll(with: bytes)
        return PlannedChange(editor: editor) { _ in .formatted }
    }
}
