import SiteCycleKit

extension EntryWriter {
    /// Empty notes are no notes; control characters other than line breaks
    /// and tabs cannot be written into a text file safely.
    static func cleanNote(_ text: String?, option: String) throws(CommandError) -> String? {
        guard let text else { return nil }
        switch NoteText.clean(text) {
        case .success(let note): return note
        case .failure(let problem):
            throw CommandError("\(option): \(problem.message)", help: "type the note without it", usage: true)
        }
    }

    func entryJSON(_ change: SiteChange) -> JSON {
        .object([
            ("line", .int(change.line)),
            ("location", change.location.map(JSON.string) ?? .null),
            ("start", .string(formatISO8601(change.start, offsetSeconds: change.offset))),
            ("end", change.end.map { .string(isoTime($0, in: zone)) } ?? .null),
            ("durationHours", change.durationHours.map { .double(roundedHours($0)) } ?? .null),
            ("note", .optional(change.note)),
        ])
    }
}
