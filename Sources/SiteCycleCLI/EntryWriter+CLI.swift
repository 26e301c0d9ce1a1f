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

    func entryJSON(_ change: SiteChange) -> JSON { change.json(in: journal) }
}
