extension Journal {
    /// The `device NAME DURATION` line that declares `name`, if any.
    package func deviceLine(named name: String) -> Int? {
        syntax.directiveLines(.device).first { line in
            guard case .directive(let d) = syntax.lines[line - 1].kind else { return false }
            return source.string(d.argument).split(separator: " ").first.map(String.init) == name
        }
    }
}

extension JournalEditor {
    /// Sets the duration of device `name` to `text`, and its grace to
    /// `grace` when given: rewrites those words of its `device` line (the
    /// rest, a grace not given included, stays as written), or adds
    /// `device NAME text [grace G]` where the header rule puts a device
    /// (after the other `device` lines, else as a setting).
    package mutating func setDevice(_ name: String, to text: String, grace: String? = nil, in journal: Journal) {
        let syntax = journal.syntax
        guard let line = journal.deviceLine(named: name), case .directive(let d) = syntax.lines[line - 1].kind else {
            insertHeader(["device \(name) \(text)" + (grace.map { " grace \($0)" } ?? "")], as: .device, in: syntax)
            return
        }
        // NAME DURATION [grace DURATION]: the words of the argument.
        let words = syntax.argumentWords(of: d)
        guard words.count >= 2 else { return }
        replace(words[1], with: text)
        guard let grace else { return }
        if words.count == 4 {
            replace(words[3], with: grace)
        } else {
            replace(words[1].upperBound..<words[1].upperBound, with: " grace \(grace)")
        }
    }
}
