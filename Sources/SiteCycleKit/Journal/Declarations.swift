/// Where the parts of header lines are, for edits that touch one part only.
extension JournalSyntax {
    /// A `location` line: the byte range of the name and of a trailing
    /// `disabled` flag (with the blanks before it), if any.
    public func declaration(atLine number: Int) -> (name: Range<Int>, disabledFlag: Range<Int>?)? {
        guard number >= 1, number <= lines.count, case .directive(let d) = lines[number - 1].kind,
              d.keyword == .location
        else { return nil }
        let bytes = source.bytes
        let flag = Array("disabled".utf8)
        let arg = d.argument
        if arg.count > flag.count, Array(bytes[(arg.upperBound - flag.count)..<arg.upperBound]) == flag {
            var nameEnd = arg.upperBound - flag.count
            guard nameEnd > arg.lowerBound, isBlank(bytes[nameEnd - 1]) else { return (arg, nil) }
            while nameEnd > arg.lowerBound, isBlank(bytes[nameEnd - 1]) { nameEnd -= 1 }
            if nameEnd > arg.lowerBound { return (arg.lowerBound..<nameEnd, nameEnd..<arg.upperBound) }
        }
        return (arg, nil)
    }

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
}

extension JournalSyntax {
    /// The name and clauses of a `location` line, read from the end as the
    /// journal reads them.
    public func locationParts(atLine number: Int) -> LocationLineParts? {
        guard number >= 1, number <= lines.count, case .directive(let d) = lines[number - 1].kind,
              d.keyword == .location
        else { return nil }
        let bytes = source.bytes
        var words: [Range<Int>] = []
        var i = d.argument.lowerBound
        while i < d.argument.upperBound {
            while i < d.argument.upperBound, isBlank(bytes[i]) { i += 1 }
            let start = i
            while i < d.argument.upperBound, !isBlank(bytes[i]) { i += 1 }
            if i > start { words.append(start..<i) }
        }
        var parts = LocationLineParts(name: d.argument, end: d.argument.upperBound)
        func text(_ k: Int) -> String { source.string(words[k]) }
        // A clause from its first word back to the end of the word before.
        func clause(from first: Int) -> Range<Int> { words[first - 1].upperBound..<words[words.count - 1].upperBound }
        while true {
            let n = words.count
            if n >= 2, text(n - 1) == "disabled", parts.disabled == nil {
                parts.disabled = clause(from: n - 1)
                words.removeLast()
            } else if n >= 3, text(n - 2) == "for", parts.devices == nil,
                      text(n - 1).split(separator: ",").allSatisfy({ Device.problem(with: String($0)) == nil }) {
                parts.devices = clause(from: n - 2)
                words.removeLast(2)
            } else if n >= 4, text(n - 3) == "paused", text(n - 2) == "until", parts.paused == nil {
                parts.paused = clause(from: n - 3)
                words.removeLast(3)
            } else {
                break
            }
        }
        if let first = words.first, let last = words.last { parts.name = first.lowerBound..<last.upperBound }
        return parts
    }
}
