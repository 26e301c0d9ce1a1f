/// A page of `sitecycle help TOPIC`: reference that belongs to no single
/// command (the journal format, times, syncing, security…). The same text
/// is a section of `help --man`, so the screen and the manual never differ.
struct HelpTopic: Sendable {
    /// What `help TOPIC` takes.
    var name: String
    /// Other words for it; never a command's name.
    var aliases: [String] = []
    /// One line for the list in `help`.
    var summary: String
    /// The man page's section heading.
    var manTitle: String
    /// The page, at most 80 columns a line.
    var text: String

    /// In the order `help` lists them and the man page prints them.
    static let all: [HelpTopic] = [
        journal, errors, time, devices, options, editing, reports, formats, reminders, completion, sync, security,
        performance, development,
    ]

    static func named(_ word: String) -> HelpTopic? {
        all.first { $0.name == word || $0.aliases.contains(word) }
    }
}
