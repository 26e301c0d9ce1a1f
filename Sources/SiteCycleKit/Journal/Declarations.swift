/// Where the parts of header lines are, for edits that touch one part only.
extension JournalSyntax {
    /// The 1-based line of each directive of a kind, in file order.
    public func directiveLines(_ keyword: DirectiveSyntax.Keyword) -> [Int] {
        lineNumbers(.directive).filter { n in
            if case .directive(let d) = lines[n - 1].kind { return d.keyword == keyword }
            return false
        }
    }

    /// Lines of settings directives (everything but `location`).
    public var settingLines: [Int] {
        lineNumbers(.directive).filter { n in
            if case .directive(let d) = lines[n - 1].kind { return d.keyword != .location && d.keyword != .device }
            return false
        }
    }

    public var firstEntryLine: Int? {
        kinds.firstIndex(of: .entry).map { $0 + 1 }
    }
}

/// The parts of a `location` line, as byte ranges: the name, and each
/// clause after it with the blanks before it, for edits of one part.
public struct LocationLineParts: Sendable {
    public var name: Range<Int>
    public var disabled: Range<Int>?
    /// `for DEV[,DEV…]`
    public var devices: Range<Int>?
    /// `paused until DATE`
    public var paused: Range<Int>?
    /// Where the clauses end (the argument's end, before any comment).
    public var end: Int

    /// The clauses a `location` line may end with, read from its end.
    public enum Clause: Sendable {
        case disabled, devices, paused
        var words: Int {
            switch self {
            case .disabled: 1
            case .devices: 2
            case .paused: 3
            }
        }
    }
    typealias Clauses = Set<Clause>

    /// The clause that the last words of a `location` line's `count` words
    /// form, if any, leaving at least one word of name before it; each
    /// clause is read once. The one rule of the parser and of which names
    /// may be declared, so a name is never read back as a name and a clause.
    static func trailingClause(of count: Int, found: Clauses, word: (Int) -> String) -> Clause? {
        let n = count
        if n >= 2, !found.contains(.disabled), word(n - 1) == "disabled" { return .disabled }
        if n >= 3, !found.contains(.devices), word(n - 2) == "for",
           word(n - 1).split(separator: ",")
               .allSatisfy({ Device.problem(with: String($0)) == nil }) {
            return .devices
        }
        if n >= 4, !found.contains(.paused), word(n - 3) == "paused", word(n - 2) == "until" { return .paused }
        return nil
    }

    /// A clause's bytes: from the end of the word before it to its last word.
    static func span(_ words: [Range<Int>], _ length: Int, end: Int) -> Range<Int> {
        words[end - length - 1].upperBound..<words[end - 1].upperBound
    }

    /// The clause a name would be read as ending with, in the journal's
    /// words (`disabled`, `for pump`, `paused until 2026-03-01`), or nil.
    public static func clauseEnding(name: String) -> String? {
        let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let clause = trailingClause(of: words.count, found: [], word: { words[$0] }) else { return nil }
        return words.suffix(clause.words).joined(separator: " ")
    }
}

extension JournalSyntax {
    /// A directive's argument as the byte ranges of its words.
    package func argumentWords(of d: DirectiveSyntax) -> [Range<Int>] {
        let bytes = source.bytes
        var words: [Range<Int>] = []
        var i = d.argument.lowerBound
        while i < d.argument.upperBound {
            while i < d.argument.upperBound, isBlank(bytes[i]) { i += 1 }
            let start = i
            while i < d.argument.upperBound, !isBlank(bytes[i]) { i += 1 }
            if i > start { words.append(start..<i) }
        }
        return words
    }

    /// The name and clauses of a `location` line, read from the end as the
    /// journal reads them.
    public func locationParts(atLine number: Int) -> LocationLineParts? {
        guard number >= 1, number <= lines.count, case .directive(let d) = lines[number - 1].kind,
              d.keyword == .location
        else { return nil }
        var words = argumentWords(of: d)
        var parts = LocationLineParts(name: d.argument, end: d.argument.upperBound)
        func text(_ k: Int) -> String { source.string(words[k]) }
        var found = LocationLineParts.Clauses()
        while let clause = LocationLineParts.trailingClause(of: words.count, found: found, word: text) {
            switch clause {
            case .disabled: parts.disabled = LocationLineParts.span(words, clause.words, end: words.count)
            case .devices: parts.devices = LocationLineParts.span(words, clause.words, end: words.count)
            case .paused: parts.paused = LocationLineParts.span(words, clause.words, end: words.count)
            }
            found.insert(clause)
            words.removeLast(clause.words)
        }
        if let first = words.first, let last = words.last { parts.name = first.lowerBound..<last.upperBound }
        return parts
    }
}

extension Journal {
    /// The comment after a `location` line's clauses (the reason of its
    /// pause, as `locations pause --reason` writes it), or nil.
    public func comment(of location: Location) -> String? {
        guard let parts = syntax.locationParts(atLine: location.line) else { return nil }
        let text = source.string(parts.end..<syntax.lines[location.line - 1].span.contentEnd)
        guard let semicolon = text.firstIndex(of: ";") else { return nil }
        let comment = text[text.index(after: semicolon)...].trimmingBlanks()
        return comment.isEmpty ? nil : comment
    }

    /// The name of a change's rotation: `pump` or a declared device.
    public func deviceName(of change: SiteChange) -> String {
        Int(change.device) < deviceNames.count ? deviceNames[Int(change.device)] : Device.pumpName
    }
}
