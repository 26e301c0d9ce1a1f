/// A journal with an error still answers read-only questions from the lines
/// above its first error: one typo in this week's line must not hide the
/// years before it. Writes never use this: they stay refused.
extension Journal {
    /// The lines before the first error, read as a journal of their own (in
    /// this journal's zone when they name none), and that error's line; nil
    /// without errors, when the first error is on line 1, or when those
    /// lines do not read cleanly either.
    public func beforeFirstError() -> (journal: Journal, errorLine: Int)? {
        guard let line = diagnostics.errors.map(\.line).min(), line > 1, line <= source.lines.count else { return nil }
        let end = source.lines[line - 1].start
        let before = JournalBuilder.load(SourceFile(path: source.path, bytes: source.bytes.array(0..<end)), defaultZone: zone)
        return before.diagnostics.hasErrors ? nil : (before, line)
    }
}
