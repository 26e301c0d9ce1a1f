/// Lines dated after "now": often a mistyped year. They are part of the
/// journal (history and every export include them, marked), but no view
/// counts them yet, so `check` says where they are.
extension Journal {
    /// Whether a change is dated after `now`.
    public func isFuture(_ change: SiteChange, now: Instant) -> Bool { change.start > now }

    /// One warning per line dated after `now`, in file order.
    public func futureEntryWarnings(now: Instant) -> [Diagnostic] {
        // The model is in time order: the future ones are a suffix.
        var lo = 0, hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].start <= now { lo = mid + 1 } else { hi = mid }
        }
        let shownNow = displayTime(now, in: zone)
        return changes[lo...].compactMap { c -> Diagnostic? in
            let line = syntax.lines[c.line - 1]
            guard case .entry(let e) = line.kind else { return nil }
            let start = source.lines[c.line - 1].start
            return Diagnostic(.warning, .futureEntry,
                              "dated after now (\(shownNow)): a mistyped date?",
                              line: c.line, column: e.timestampRange.lowerBound - start + 1,
                              length: e.timestampRange.count,
                              help: "correct it if so; history and export list it, marked future")
        }.sorted { $0.line < $1.line }
    }
}
