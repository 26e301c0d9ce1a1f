import SiteCycleKit

extension Invocation {
    /// Reads a time argument (`--at`, `--from`, `--to`, `--now`, an entry's
    /// start) in `zone`, or in the system's zone when it says `local`. A
    /// traveller's bare `08:00` is journal time: when their clock would
    /// have read it differently, one line on stderr says so and how to say
    /// the other. `end`: a day alone means its last second (`--to`).
    func readTime(_ text: String, zone: ZoneRules, now: Instant?, end: Bool = false,
                  noting: Bool = true) -> Result<Instant, SettingError> {
        switch TimeArgument.read(text, zone: zone, now: now, local: systemZone, end: end) {
        case .failure(let e):
            return .failure(SettingError(e.message, help: ServiceError.timeHelp(e)))
        case .success(let read):
            if noting, let note = read.note { say(note) }
            return .success(read.instant)
        }
    }

    /// A plan's note, once per time typed.
    func say(_ note: ChangeNote) {
        switch note {
        case .wallTimeInJournalZone(let shown, let zone, let local):
            guard notedWallTimes.insert(shown).inserted else { return }
            let message = "\(shown) read in the journal's zone \(zone) (your clock is in "
                + "\(local)); write \"\(shown) local\" for yours"
            err(Messages.text(.note, message, style: errStyle))
        }
    }
}
