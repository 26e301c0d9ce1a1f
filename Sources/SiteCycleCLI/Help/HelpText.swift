import SiteCycleKit

/// The text of `help`, `help COMMAND` and the first steps; the topics are
/// `HelpTopic`s, each in its own file beside this one.
enum HelpText {
    static func overview() -> String {
        var s = """
            sitecycle \(sitecycleVersion): rotate insulin pump sites, kept in a plain-text journal.

            usage: sitecycle [-f PATH] [--now TIME] [--json] [--color WHEN] COMMAND [ARGS]

            commands:

            """
        let listed = CommandRegistry.all.filter { !$0.hidden }
        let width = listed.map(\.name.count).max() ?? 0
        for c in listed {
            s += "  " + c.name + String(repeating: " ", count: width - c.name.count + 3)
                + TextWrap.wrap(c.summary, start: width + 5, indent: String(repeating: " ", count: width + 5)) + "\n"
        }
        s += "\noptions for every command:\n" + optionLines(globalOptions)
        s += "\ntopics (`sitecycle help TOPIC`):\n"
        let topicWidth = HelpTopic.all.map(\.name.count).max() ?? 0
        for t in HelpTopic.all {
            s += "  " + t.name + String(repeating: " ", count: topicWidth - t.name.count + 3)
                + TextWrap.wrap(t.summary, start: topicWidth + 5, indent: String(repeating: " ", count: topicWidth + 5))
                + "\n"
        }
        s += """

            The journal is -f PATH, else $SITECYCLE_FILE, else
            $XDG_DATA_HOME/sitecycle/sites.journal (~/.local/share/… when unset).
            `sitecycle help COMMAND` explains a command, `help TOPIC` a topic;
            `help --man` prints all of it as one man page.
            A bare `sitecycle` shows the status, or how to begin.

            """
        return s
    }

    /// What a bare `sitecycle` prints before there is a journal.
    static func gettingStarted(_ location: JournalLocation) -> String {
        var s = "sitecycle \(sitecycleVersion): rotate insulin pump sites, kept in a plain-text journal.\n\n"
        if location.origin != .noHome {
            s += TextWrap.wrap("No journal yet at \(location.path.terminalSafe) (\(location.explanation)).", indent: "  ") + "\n\n"
        }
        s += """
            Getting started:
              sitecycle init          a few questions, then the journal is created
              sitecycle recommend     where to put the next site
              sitecycle log lfa       log Left Front Abdomen, now
              sitecycle status        how long it has been in, when it is due
              sitecycle help          every command; `help journal`: the file format

            """
        return s
    }

    static func command(_ c: Command) -> String {
        var s = usage(c.usage) + "\n\n\(c.summary.prefix(1).uppercased() + c.summary.dropFirst()).\n"
        if !c.aliases.isEmpty { s += "Also called: \(c.aliases.joined(separator: ", ")).\n" }
        if !c.options.isEmpty { s += "\noptions:\n" + optionLines(c.options) }
        if !c.details.isEmpty { s += "\n" + c.details + "\n" }
        s += "\nGlobal options (-f, --now, --json, --color): see `sitecycle help`.\n"
        return s
    }

    static func optionLines(_ options: [OptionSpec]) -> String {
        let rows = options.map { o -> (String, String) in
            let names = o.names.sorted { $0.count < $1.count }.joined(separator: ", ")
            return (names + (o.valueName.map { " " + $0 } ?? ""), o.summary)
        }
        let width = rows.map(\.0.count).max() ?? 0
        let indent = String(repeating: " ", count: width + 5)
        return rows.map {
            "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 3)
                + TextWrap.wrap($0.1, start: width + 5, indent: indent) + "\n"
        }.joined()
    }

    /// `usage: sitecycle CMD …` in 80 columns: it breaks between top-level
    /// words, or before a `|` inside brackets, and continues under the first
    /// argument.
    static func usage(_ usage: String) -> String {
        // Several forms (`remind`): each its own line, each wrapped alike,
        // the later ones under the first's `sitecycle`.
        if usage.contains("\n") {
            return usage.split(separator: "\n").enumerated().map { i, form in
                let line = Self.usage(String(form.drop { $0 == " " }))
                return i == 0 ? line : "       " + String(line.dropFirst("usage: ".count))
            }.joined(separator: "\n")
        }
        let chars = Array(usage)
        var words: [String] = [], current = "", depth = 0
        for (i, ch) in chars.enumerated() {
            if ch == "[" { depth += 1 } else if ch == "]" { depth -= 1 }
            let beforeBar = i + 2 < chars.count && chars[i + 1] == "|" && chars[i + 2] == " "
            if ch == " " && (depth == 0 || beforeBar) {
                words.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        words.append(current)
        let lead = "usage: " + words.prefix(2).joined(separator: " ")
        guard words.count > 2 else { return lead }
        // Spaces inside a word are not places to break: hide them from the wrapper.
        let rest = words.dropFirst(2).map { $0.replacingAll(" ", with: "\u{0}") }.joined(separator: " ")
        let indent = String(repeating: " ", count: lead.count + 1)
        return lead + " " + TextWrap.wrap(rest, start: lead.count + 1, indent: indent)
            .replacingAll("\u{0}", with: " ")
    }
}
