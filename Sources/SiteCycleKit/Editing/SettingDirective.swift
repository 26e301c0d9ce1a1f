extension JournalEditor {
    /// Sets a header setting (`target`, `rest`, `strategy`, …) to `text`:
    /// rewrites the argument of its first line, keeping the keyword and any
    /// comment as written, or adds `keyword text` where the one header rule
    /// (`insertHeader`) puts a setting.
    package mutating func setDirective(_ keyword: DirectiveSyntax.Keyword, to text: String, in syntax: JournalSyntax) {
        if let line = syntax.directiveLines(keyword).first, case .directive(let d) = syntax.lines[line - 1].kind {
            if d.argument.isEmpty {
                replace(d.keywordRange.upperBound..<d.keywordRange.upperBound, with: " " + text)
            } else {
                replace(d.argument, with: text)
            }
        } else {
            insertHeader(["\(keyword.rawValue) \(text)"], as: .setting, in: syntax)
        }
    }
}
