import Foundation

/// The rules of one IANA time zone: which UTC offset applies when, and how a
/// wall-clock time maps back to an instant (with DST gaps and folds).
public final class ZoneRules: @unchecked Sendable {
    /// The name as the user wrote it (`Europe/Berlin`, `UTC`).
    public let identifier: String
    private let zone: TimeZone
    /// Offsets looked up per UTC hour; journals repeat the same hours a lot less
    /// than they repeat the same few offset periods, so this stays small.
    private var cache: [Int64: Int] = [:]

    public init?(identifier: String) {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.zone = zone
    }

    public static let utc = ZoneRules(identifier: "UTC")!

    /// Seconds east of UTC in force at `instant`.
    public func offset(at instant: Instant) -> Int {
        let hour = instant.seconds >= 0 ? instant.seconds / 3600 : (instant.seconds - 3599) / 3600
        if let cached = cache[hour] { return cached }
        // Offsets change on whole-hour boundaries in every zone in use today
        // except a few half-hour ones; look up the exact instant when unsure.
        let value = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant.seconds)))
        let atHourStart = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour * 3600)))
        let atHourEnd = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour * 3600 + 3599)))
        if atHourStart == atHourEnd { cache[hour] = value }
        return value
    }

    public enum Resolution: Equatable, Sendable {
        case unique(Instant, offset: Int)
        /// The wall time happens twice (clocks went back); both readings.
        case ambiguous(earlier: Instant, earlierOffset: Int, later: Instant, laterOffset: Int)
        /// The wall time never happens (clocks jumped forward over it).
        case nonexistent(gapStart: CivilDateTime, gapEnd: CivilDateTime)
    }

    /// Maps a wall-clock time in this zone to the instant(s) it names.
    public func resolve(_ local: CivilDateTime) -> Resolution {
        let wall = local.secondsAsIfUTC
        // Any transition near `wall` lies within ±14 h (the widest UTC offset),
        // so the offsets in force a day either side are the only candidates.
        let candidates = [offset(at: Instant(seconds: wall - 86_400)), offset(at: Instant(seconds: wall + 86_400))]
        var found: [(Instant, Int)] = []
        for c in candidates where !found.contains(where: { $0.1 == c }) {
            let instant = Instant(seconds: wall - Int64(c))
            if offset(at: instant) == c { found.append((instant, c)) }
        }
        found.sort { $0.0 < $1.0 }
        if found.count == 1 { return .unique(found[0].0, offset: found[0].1) }
        if found.count >= 2 {
            return .ambiguous(earlier: found[0].0, earlierOffset: found[0].1, later: found[1].0, laterOffset: found[1].1)
        }
        // In a gap: find the transition instant, then its wall-clock edges.
        let before = candidates[0], after = candidates[1]
        var lo = wall - Int64(after), hi = wall - Int64(before)
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if offset(at: Instant(seconds: mid)) == before { lo = mid } else { hi = mid }
        }
        return .nonexistent(
            gapStart: CivilDateTime(secondsAsIfUTC: hi + Int64(before)),
            gapEnd: CivilDateTime(secondsAsIfUTC: hi + Int64(after)))
    }

    /// The wall-clock reading of `instant` in this zone.
    public func civil(_ instant: Instant) -> CivilDateTime {
        CivilDateTime(secondsAsIfUTC: instant.seconds + Int64(offset(at: instant)))
    }

    /// The zone the process runs in: `$TZ` when it names a zone, else the
    /// system's. Passed in rather than read here so tests stay deterministic.
    public static func system(environment: [String: String]) -> ZoneRules {
        if let tz = environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let rules = ZoneRules(identifier: name) { return rules }
        }
        let current = TimeZone.current.identifier
        return ZoneRules(identifier: current) ?? .utc
    }
}

/// Every IANA zone name this system knows, for did-you-mean on a typo.
public func knownZoneIdentifiers() -> [String] {
    TimeZone.knownTimeZoneIdentifiers + ["UTC"]
}
