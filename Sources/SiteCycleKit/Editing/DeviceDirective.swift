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
    /// Sets the duration of device `name` to `text`: rewrites the last word
    /// of its `device` line (the rest stays as written), or adds
    /// `device NAME text` where the header rule puts a device (after the
    /// other `device` lines, else as a setting).
    package mutating func setDevice(_ name: String, to text: String, in journal: Journal) {
        let syntax = journal.syntax
        if let line = journal.deviceLine(named: name), case .directive(let d) = syntax.lines[line - 1].kind {
            // The duration is the argument's last word.
            var start = d.argument.upperBound
            while start > d.argument.lowerBound, !isBlank(journal.source.bytes[start - 1]) { start -= 1 }
            replace(start..<d.argument.upperBound, with: text)
        } else {
            insertHeader(["device \(name) \(text)"], as: .device, in: syntax)
        }
    }
}
