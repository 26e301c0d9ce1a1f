/// Warnings about what reads fine but is probably wrong: sessions far past
/// the target, control characters in notes.
extension BuildState {
    /// Each device's longest ordinary session, in seconds: its target
    /// times `SiteChange.longSessionFactor`.
    package var longSessionLimits: [Double] {
        let targets = [settings.targetHours] + settings.devices.map(\.targetHours)
        return targets.map { $0 * Double(SiteChange.longSessionFactor) * 3600 }
    }

    /// A session far past the target usually means a change was never
    /// logged (or a backdated line went in before the first): it would
    /// skew every average, so say so.
    package mutating func warnAboutLongSessions() {
        // A line left out for an error would make its neighbour look long.
        guard !diagnostics.hasErrors, !longSessions.isEmpty else { return }
        // A mistyped year makes the session it starts and the one it ends
        // long: the date is wrong, not a change missing.
        let mistyped = Set(mistypedYearLines)
        let mistypedStarts = mistyped.isEmpty ? []
            : Set(changes.filter { mistyped.contains($0.line) }.map { [Int64($0.device), $0.start.seconds] })
        let limits = longSessionLimits
        // Those `linkRotations` noted, in time order.
        for c in longSessions.sorted().map({ changes[$0] }) where !c.isRemoval {
            // The sets are asked only when there is something in them.
            guard let end = c.end, Double(end.seconds - c.start.seconds) > limits[Int(c.device)],
                  mistyped.isEmpty || !mistyped.contains(c.line),
                  mistypedStarts.isEmpty || !mistypedStarts.contains([Int64(c.device), end.seconds]),
                  case .entry(let e) = syntax.lines[c.line - 1].kind else { continue }
            let days = Double(end.seconds - c.start.seconds) / 86_400
            report(.warning, .longSession,
                   "in for \(counted(Int(days.rounded()), "day")), more than \(SiteChange.longSessionFactor)× the target: a change missing?",
                   line: syntax.lines[c.line - 1], e.timestampRange,
                   help: .logMissingChange)
        }
    }

    /// Terminal control characters in a note (ESC, BEL, C1) would act on
    /// the screen of whoever reads it; every output escapes them, and this
    /// says where they are. NUL and CR are errors of their own.
    package mutating func warnAboutControlCharacters(in range: Range<Int>, line: Int) {
        let bytes = source.bytes
        guard let (i, width) = bytes.withUnsafeBufferPointer({ ControlCharacters.firstInNote($0, range) }) else { return }
        let b = bytes[i]
        let shown = width == 2 ? "\\x" + String(bytes[i + 1], radix: 16) : "\\x" + (b < 0x10 ? "0" : "") + String(b, radix: 16)
        report(.warning, .controlCharacter, "control character \(shown) in a note", lineNumber: line, i..<(i + width),
               help: .deleteControlCharacter(shown: shown))
    }
}
