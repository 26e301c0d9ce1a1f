/// A journal with an error still answers read-only questions from the lines
/// above its first error: one typo in this week's line must not hide the
/// years before it. Writes never use this: they stay refused.
extension Journal {
    /// What the lines before the first error can answer for.
    public enum LinesBeforeError {
        /// They read as a journal of their own, and the error is on `errorLine`.
        case answer(Journal, errorLine: Int)
        /// They would answer something untrue, or do not read: why.
        case refused(PartialRefusal)
    }

    /// Why the lines before the first error give no answer.
    public enum PartialRefusal: Equatable, Sendable {
        /// The first error is on line 1, or the lines above it have errors too.
        case unreadable
        /// The first error is at or above the first site change (a header
        /// line, say): the lines above it hold no site, while the journal
        /// may hold many, and miss the settings and locations after it.
        case beforeFirstSite(errorLine: Int)
        /// `device` has site changes only after the first error: an answer
        /// would say none was logged.
        case noSiteBefore(device: String, errorLine: Int)
    }

    /// The lines before the first error, read as a journal of their own (in
    /// this journal's zone when they name none), or why they cannot answer;
    /// nil without errors. `everyDevice: false` answers even when a device
    /// has sites only after the error (`remind`, which asks per device).
    public func beforeFirstError(everyDevice: Bool = true) -> LinesBeforeError? {
        guard let line = diagnostics.errors.map(\.line).min() else { return nil }
        guard line > 1, line <= source.lines.count else { return .refused(.unreadable) }
        guard let firstSite = syntax.kinds.firstIndex(of: .entry).map({ $0 + 1 }), firstSite < line else {
            return .refused(.beforeFirstSite(errorLine: line))
        }
        let end = source.lines[line - 1].start
        let before = JournalBuilder.load(SourceFile(path: source.path, bytes: source.bytes.array(0..<end)), defaultZone: zone)
        guard !before.diagnostics.hasErrors else { return .refused(.unreadable) }
        let devicesBefore = Set(before.changes.map { before.deviceNames[Int($0.device)] })
        if everyDevice, let missing = deviceNames.first(where: { name in
            !devicesBefore.contains(name) && changes.contains { deviceNames[Int($0.device)] == name }
        }) {
            return .refused(.noSiteBefore(device: missing, errorLine: line))
        }
        return .answer(before, errorLine: line)
    }
}
