import SiteCycleKit

extension Invocation {
    /// Reads a time argument (`--at`, `--from`, `--to`, `--now`, an entry's
    /// start) in `zone`, or in the system's zone when it says `local`. A
    /// traveller's bare `08:00` is journal time: when their clock would
    /// have read it differently, one line on stderr says so and how to say
    /// the other. `end`: a day alone means its last second (`--to`).
    func readTime(_ text: String, zone: ZoneRules, now: Instant?, end: Bool = false,
                  noting: Bool = true) -> Result<Instant, SettingError> {
        let system = systemZone
        let read = end ? TimeArgument.readEnd(text, zone: zone, now: now, local: system)
            : TimeArgument.read(text, zone: zone, now: now, local: system)
        guard case .success(let reading) = read else {
            return read.map(\.instant).mapError { e in
                // The forms a time takes: `help time` has them all.
                e.help == TimeArgument.formsHelp ? SettingError(e.message, help: e.help! + " (`help time`)") : e
            }
        }
        if noting, reading.wallClock == .journal,
           zone.offset(at: reading.instant) != system.offset(at: reading.instant),
           notedWallTimes.insert(text).inserted {
            let shown = text.trimmingBlanks()
            let message = "\(shown) read in the journal's zone \(zone.identifier) (your clock is in "
                + "\(system.identifier)); write \"\(shown) local\" for yours"
            err("sitecycle: " + errStyle.help("note:") + " " + Self.wrapped(message, after: "sitecycle: note: ") + "\n")
        }
        return .success(reading.instant)
    }
}
