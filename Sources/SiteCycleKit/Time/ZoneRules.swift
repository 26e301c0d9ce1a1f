import FoundationEssentials
// ICU's zones: the fallback where the system has no zoneinfo.
import FoundationInternationalization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rules of one IANA time zone: which UTC offset applies when, and how a
/// wall-clock time maps back to an instant (with DST gaps and folds).
/// The rules come from the system's TZif file (`TZifRules`: a plain value,
/// no lock, no Foundation); only without one (no zoneinfo, or a name only
/// Foundation knows, such as `GMT+1`) does Foundation's `TimeZone` answer.
/// Sendable because the only mutable state, the fallback's offset cache, is locked.
public final class ZoneRules: @unchecked Sendable {
    /// The name as the user wrote it (`Europe/Berlin`, `UTC`).
    public let identifier: String
    private let tzif: TZifRules?
    /// The fallback, used only when there is no TZif file for the name.
    private let zone: TimeZone?
    /// Offsets by 64-day window of UTC time: each window holds the offset at
    /// its start and the transitions inside it (almost always none or one).
    /// Journals are read mostly in order, so the last window is kept at hand.
    private var windows: [Int64: Window] = [:]
    private var lastWindow: (key: Int64, window: Window)?

    private struct Window {
        /// (first second it applies, offset), in time order; the first starts the window.
        package var changes: [(Int64, Int)]
        /// False when the transition list disagreed with a direct lookup.
        package var reliable: Bool
    }

    private static let windowSeconds: Int64 = 64 * 86_400

    /// The one offset of a zone that never changes (UTC, `Etc/GMT+5`): no
    /// lookup at all.
    /// The one offset of a zone that never changes (UTC, `Etc/GMT+5`).
    package let fixedOffset: Int?

    public init?(identifier: String) {
        guard !identifier.isEmpty else { return nil }
        if let rules = TZifRules(identifier: identifier) {
            tzif = rules
            zone = nil
            fixedOffset = rules.transitions.isEmpty && (rules.footer == nil || rules.footer?.daylight == nil)
                ? rules.offset(at: 0) : nil
        } else {
            fixedOffset = nil
            guard let zone = TimeZone(identifier: identifier) else { return nil }
            tzif = nil
            self.zone = zone
        }
        self.identifier = identifier
    }

    /// The rules for a name, read once per process: a journal names its
    /// zone on every read, and a merge or the fuzzer reads many.
    public static func named(_ identifier: String) -> ZoneRules? {
        if let known = loaded.lock.withLock({ loaded.rules[identifier] }) { return known }
        guard let rules = ZoneRules(identifier: identifier) else { return nil }
        loaded.lock.withLock { loaded.rules[identifier] = rules }
        return rules
    }

    private final class Loaded: @unchecked Sendable {
        let lock = Lock()
        var rules: [String: ZoneRules] = [:]
    }

    private static let loaded = Loaded()

    /// Rules from Foundation alone, for comparing the two sources in tests.
    package init?(foundationIdentifier identifier: String) {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.zone = zone
        tzif = nil
        fixedOffset = nil
    }

    /// Whether the rules were read from a TZif file.
    package var readsTZif: Bool { tzif != nil }

    public static let utc = ZoneRules(identifier: "UTC")!

    /// Guards the caches: one `ZoneRules` may be shared between threads.
    private let lock = Lock()
    /// The last stretch of constant offset found: most lookups land in it.
    private var hot: (start: Int64, end: Int64, offset: Int) = (0, 0, 0)

    /// Seconds east of UTC in force at `instant`.
    public func offset(at instant: Instant) -> Int {
        let t = instant.seconds
        if let fixedOffset { return fixedOffset }
        // Optional chaining reads the rules in place; `if let` copied the
        // whole value on every lookup.
        if let offset = tzif?.offset(at: t) { return offset }
        lock.lock()
        let h = hot
        lock.unlock()
        if t >= h.start && t < h.end { return h.offset }
        return windowOffset(t)
    }

    private func windowOffset(_ t: Int64) -> Int {
        let key = t >= 0 ? t / ZoneRules.windowSeconds : (t + 1) / ZoneRules.windowSeconds - 1
        let window: Window
        lock.lock()
        if let last = lastWindow, last.key == key {
            window = last.window
        } else if let cached = windows[key] {
            window = cached
            lastWindow = (key, cached)
        } else {
            window = makeWindow(key)
            windows[key] = window
            lastWindow = (key, window)
        }
        lock.unlock()
        guard window.reliable else { return directOffset(t) }
        // The stretch of the window holding t, kept for the next lookup.
        var start = key * ZoneRules.windowSeconds, end = start + ZoneRules.windowSeconds
        var result = window.changes[0].1
        for (i, (changeStart, offset)) in window.changes.enumerated() where i > 0 {
            if changeStart <= t { result = offset; start = changeStart } else { end = changeStart; break }
        }
        lock.lock()
        hot = (start, end, result)
        lock.unlock()
        return result
    }

    private func directOffset(_ t: Int64) -> Int {
        zone!.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
    }

    private func makeWindow(_ key: Int64) -> Window {
        let start = key * ZoneRules.windowSeconds, end = start + ZoneRules.windowSeconds
        var changes = [(start, directOffset(start))]
        var cursor = Date(timeIntervalSince1970: Double(start))
        while let next = zone!.nextDaylightSavingTimeTransition(after: cursor) {
            let at = Int64(next.timeIntervalSince1970.rounded(.up))
            guard at < end, at > Int64(cursor.timeIntervalSince1970) else { break }
            changes.append((at, directOffset(at)))
            cursor = next
        }
        // Trust the list only if it predicts the window's last second.
        return Window(changes: changes, reliable: changes.last!.1 == directOffset(end - 1))
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
        resolve(wallSeconds: local.secondsAsIfUTC)
    }

    /// The same, for a wall-clock reading given as seconds read as UTC.
    public func resolve(wallSeconds wall: Int64) -> Resolution {
        if let fixedOffset { return .unique(Instant(seconds: wall - Int64(fixedOffset)), offset: fixedOffset) }
        // Common case, without allocating: the same offset a day either side.
        let dayBefore = offset(at: Instant(seconds: wall - 86_400))
        if dayBefore == offset(at: Instant(seconds: wall + 86_400)), offset(at: Instant(seconds: wall - Int64(dayBefore))) == dayBefore {
            return .unique(Instant(seconds: wall - Int64(dayBefore)), offset: dayBefore)
        }
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
            if let rules = ZoneRules.named(name) { return rules }
        }
        if let name = systemZoneName(), let rules = ZoneRules.named(name) { return rules }
        // Foundation looks further (and costs a few milliseconds of ICU).
        return ZoneRules(identifier: TimeZone.current.identifier) ?? .utc
    }

    /// The system zone's name as the system keeps it: `/etc/localtime` links
    /// to `…/zoneinfo/Europe/Berlin`, or Debian's `/etc/timezone` names it.
    package static func systemZoneName(localtime: String = "/etc/localtime",
                                       timezoneFile: String = "/etc/timezone") -> String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let n = readlink(localtime, &buffer, buffer.count - 1)
        if n > 0 {
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // What follows the first `zoneinfo/` in the link, found byte by
            // byte (a generic `joined` cost more at start-up than the rest).
            let bytes = Array(target.utf8), key = Array("zoneinfo/".utf8)
            if bytes.count > key.count,
               let i = (0...(bytes.count - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) }) {
                let name = String(decoding: bytes[(i + key.count)...], as: UTF8.self)
                if TZifRules.isZoneName(name) { return name }
            }
        }
        guard let file = fopen(timezoneFile, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let name = String(decoding: line.prefix { $0 != 0 && $0 != 10 && $0 != 13 }.map { UInt8(bitPattern: $0) },
                          as: UTF8.self).trimmingBlanks()
        return TZifRules.isZoneName(name) ? name : nil
    }
}

/// Every IANA zone name this system knows, for did-you-mean on a typo.
public func knownZoneIdentifiers() -> [String] {
    TimeZone.knownTimeZoneIdentifiers + ["UTC"]
}

/// The known zone nearest a misspelt one (`Europe/Berln`), if any. The
/// hundreds of zone names are prepared once per process, not per question.
public func zoneSuggestion(for name: String) -> String? {
    zoneSuggester.compute(name)
}

private let zoneSuggester = NameSuggester(knownZoneIdentifiers())

/// What to say of a wall time in a gap, in one place for the journal and
/// the command line: the real jump (with dates when it crosses midnight,
/// as when Pacific/Apia skipped 2011-12-30) and a time that exists.
package struct ClockJump {
    package var wall: CivilDateTime
    package var gapStart: CivilDateTime
    package var gapEnd: CivilDateTime
    package var zone: String

    package var message: String {
        let sameDay = gapStart.date == gapEnd.date && gapStart.date == wall.date
        func shown(_ t: CivilDateTime) -> String {
            (sameDay ? "" : t.date.iso + " ") + "\(pad2(t.hour)):\(pad2(t.minute))"
        }
        let skipped = gapEnd.date.daysSinceEpoch - gapStart.date.daysSinceEpoch >= 1 && gapStart.hour == 0 && gapStart.minute == 0
            && gapEnd.hour == 0 && gapEnd.minute == 0
        return "\(wall.journalText) does not exist in \(zone): clocks jumped from \(shown(gapStart)) to \(shown(gapEnd))"
            + (skipped ? " (the day was skipped)" : "")
    }

    /// The first wall time after the jump, with its date.
    package var suggestion: String { "\(gapEnd.date.iso) \(pad2(gapEnd.hour)):\(pad2(gapEnd.minute))" }
}
