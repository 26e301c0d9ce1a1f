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
        lines.compactMap { line in
            if case .directive(let d) = line.kind, d.keyword == keyword { return line.number }
            return nil
        }
    }

    /// Lines of settings directives (everything but `location`).
    public var settingLines: [Int] {
        lines.compactMap { line in
            if case .directive(let d) = line.kind, d.keyword != .location, d.keyword != .device { return line.number }
            return nil
        }
    }

    public var firstEntryLine: Int? {
        lines.first { if case .entry = $0.kind { return true } else { return false } }?.number
    }
}
