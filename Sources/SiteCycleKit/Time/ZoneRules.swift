#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rules of one IANA time zone: which UTC offset applies when, and how a
/// wall-clock time maps back to an instant (with DST gaps and folds).
/// The rules come from the system's TZif files (`TZifRules`: a plain value,
/// no lock, no Foundation, no ICU), as `date` and every libc read them. A
/// system without zoneinfo still knows UTC; any other name there is an
/// error that names the `tzdata` package (`ZoneRules.hasZoneData`).
public final class ZoneRules: Sendable {
    /// The name as the user wrote it (`Europe/Berlin`, `UTC`).
    public let identifier: String
    private let tzif: TZifRules?
    /// Offsets from elsewhere, for tests that compare the rules with
    /// another source (Foundation's); nil in every real use.
    private let source: (@Sendable (Int64) -> Int)?

    /// The one offset of a zone that never changes (UTC, `Etc/GMT+5`): no
    /// lookup at all.
    package let fixedOffset: Int?

    /// Names of UTC that need no file, so a system without zoneinfo still
    /// reads a journal kept in UTC.
    static let universal: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "UCT", "Etc/UCT", "Universal",
                                         "Etc/Universal", "Zulu", "Etc/Zulu", "GMT0", "Etc/GMT0", "Greenwich"]

    public init?(identifier: String) {
        guard !identifier.isEmpty else { return nil }
        if let rules = TZifRules(identifier: identifier) {
            tzif = rules
            fixedOffset = rules.transitions.isEmpty && (rules.footer == nil || rules.footer?.daylight == nil)
                ? rules.offset(at: 0) : nil
        } else if ZoneRules.universal.contains(identifier) {
            tzif = nil
            fixedOffset = 0
        } else {
            return nil
        }
        source = nil
        self.identifier = identifier
    }

    /// Rules whose offsets come from `source`, for comparing the TZif
    /// reading with another implementation in tests.
    package init(identifier: String, offsetsFrom source: @escaping @Sendable (Int64) -> Int) {
        self.identifier = identifier
        self.source = source
        tzif = nil
        fixedOffset = nil
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

    /// Whether the rules were read from a TZif file.
    package var readsTZif: Bool { tzif != nil }

    /// Whether this system has time zone data at all (the `tzdata`
    /// package's /usr/share/zoneinfo): without it only UTC is known.
    public static var hasZoneData: Bool { access(TZifRules.directory + "/UTC", R_OK) == 0 }

    public static let utc = ZoneRules(identifier: "UTC")!

    /// Seconds east of UTC in force at `instant`.
    public func offset(at instant: Instant) -> Int {
        if let fixedOffset { return fixedOffset }
        // Optional chaining reads the rules in place; `if let` copied the
        // whole value on every lookup.
        if let offset = tzif?.offset(at: instant.seconds) { return offset }
        return source?(instant.seconds) ?? 0
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

    /// How a wall-clock time is read, everywhere (a journal line, `--at`,
    /// `fmt`, a merge): with the offset written beside it when there is
    /// one; otherwise in this zone, the first time the clock showed it when
    /// clocks went back; a time the clocks jumped over names no instant.
    package enum WallReading {
        case instant(Instant, offset: Int)
        case skipped(ClockJump)
    }

    /// The one reading of a wall-clock time (see `WallReading`).
    @inline(__always)
    package func reading(wallSeconds wall: Int64, offset given: Int? = nil) -> WallReading {
        if let given { return .instant(Instant(seconds: wall - Int64(given)), offset: given) }
        if let fixedOffset { return .instant(Instant(seconds: wall - Int64(fixedOffset)), offset: fixedOffset) }
        switch resolve(wallSeconds: wall) {
        case .unique(let i, let o), .ambiguous(let i, let o, _, _):
            return .instant(i, offset: o)
        case .nonexistent(let gapStart, let gapEnd):
            return .skipped(ClockJump(wall: CivilDateTime(secondsAsIfUTC: wall), gapStart: gapStart, gapEnd: gapEnd,
                                      zone: identifier))
        }
    }

    package func reading(_ wall: CivilDateTime, offset: Int? = nil) -> WallReading {
        reading(wallSeconds: wall.secondsAsIfUTC, offset: offset)
    }

    /// The instant of `reading`, or nil for a time the clocks skipped.
    package func instant(reading wall: CivilDateTime, offset: Int? = nil) -> Instant? {
        if case .instant(let i, _) = reading(wall, offset: offset) { return i }
        return nil
    }

    /// The wall-clock reading of `instant` in this zone.
    public func civil(_ instant: Instant) -> CivilDateTime {
        CivilDateTime(secondsAsIfUTC: instant.seconds + Int64(offset(at: instant)))
    }

    /// The zone the process runs in: `$TZ` when it names a zone, else the
    /// system's. Passed in rather than read here so tests stay deterministic.
    public static func system(environment: [String: String]) -> ZoneRules {
        if let rules = fromTZ(environment) { return rules }
        if let name = systemZoneName(), let rules = ZoneRules.named(name) { return rules }
        // No zone configured (or no zoneinfo): UTC, as libc assumes.
        return .utc
    }

    /// `$TZ` in glibc's forms: a zone name (`Asia/Tokyo`), the same after a
    /// colon, or a zoneinfo file's path with or without one
    /// (`:/usr/share/zoneinfo/Asia/Tokyo`, or a link to such a file).
    static func fromTZ(_ environment: [String: String]) -> ZoneRules? {
        guard let tz = environment["TZ"], !tz.isEmpty else { return nil }
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if let rules = ZoneRules.named(name) { return rules }
        guard name.hasPrefix("/") else { return nil }
        if let zone = zoneName(inPath: name) ?? linkTarget(name).flatMap(zoneName(inPath:)) {
            return ZoneRules.named(zone)
        }
        return nil
    }

    /// `$TZ` when it is set but names no zone this system knows: a POSIX
    /// rule (`JST-9`), a typo, a path outside zoneinfo. Nil when `$TZ` is
    /// unset or used. The caller says so, since times would be read in
    /// another zone than the person meant.
    public static func ignoredTZ(environment: [String: String]) -> String? {
        guard let tz = environment["TZ"], !tz.isEmpty, fromTZ(environment) == nil else { return nil }
        return tz
    }

    /// What follows the first `zoneinfo/` in a path, when that is a zone
    /// name (`posix/` and `right/` copies read as the zone itself).
    static func zoneName(inPath path: String) -> String? {
        let bytes = Array(path.utf8), key = Array("zoneinfo/".utf8)
        guard bytes.count > key.count,
              let i = (0...(bytes.count - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) })
        else { return nil }
        var name = String(decoding: bytes[(i + key.count)...], as: UTF8.self)
        for copy in ["posix/", "right/"] where name.hasPrefix(copy) { name.removeFirst(copy.count) }
        return TZifRules.isZoneName(name) ? name : nil
    }

    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The system zone's name as the system keeps it: `/etc/localtime` links
    /// to `…/zoneinfo/Europe/Berlin`, or Debian's `/etc/timezone` names it.
    package static func systemZoneName(localtime: String = "/etc/localtime",
                                       timezoneFile: String = "/etc/timezone") -> String? {
        // What follows `zoneinfo/` in the link, found byte by byte (a
        // generic `joined` cost more at start-up than the rest).
        if let name = linkTarget(localtime).flatMap(zoneName(inPath:)) { return name }
        guard let file = fopen(timezoneFile, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let name = String(decoding: line.prefix { $0 != 0 && $0 != 10 && $0 != 13 }.map { UInt8(bitPattern: $0) },
                          as: UTF8.self).trimmingBlanks()
        return TZifRules.isZoneName(name) ? name : nil
    }
}

/// Every IANA zone name this system knows, for did-you-mean on a typo:
/// the zoneinfo tree's files (without the `posix/` and `right/` copies).
public func knownZoneIdentifiers() -> [String] { knownZoneIdentifiers(directory: TZifRules.directory) }

package func knownZoneIdentifiers(directory: String) -> [String] {
    var names: [String] = []
    func walk(_ folder: String, _ prefix: String) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = directoryEntryName(entry)
            guard !name.hasPrefix("."), name != "posix", name != "right", name != "posixrules", name != "localtime" else { continue }
            let path = folder + "/" + name, full = prefix + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(path, full + "/")
            } else if TZifRules.isZoneName(full), isTZif(path) {
                names.append(full)
            }
        }
    }
    walk(directory, "")
    return Array(Set(names).union(ZoneRules.universal)).sorted()
}

/// Whether a file starts as a TZif file does (not `zone.tab`, `SECURITY`).
private func isTZif(_ path: String) -> Bool {
    guard let file = fopen(path, "rb") else { return false }
    defer { fclose(file) }
    var magic = [UInt8](repeating: 0, count: 4)
    return fread(&magic, 1, 4, file) == 4 && magic == Array("TZif".utf8)
}

/// What to do about a zone name this system does not know: install the
/// zone data when there is none, else the nearest known name.
public func unknownZoneHelp(for name: String) -> String { unknownZoneHelp(for: name, hasZoneData: ZoneRules.hasZoneData) }

package func unknownZoneHelp(for name: String, hasZoneData: Bool) -> String {
    guard hasZoneData else {
        return "this system has no time zone data (\(TZifRules.directory) is missing): install the `tzdata` "
            + "package (e.g. `apt-get install tzdata`), or use `UTC`"
    }
    return zoneSuggestion(for: name).map { "did you mean `\($0)`?" }
        ?? "use an IANA name such as `Europe/Berlin`, `America/New_York` or `UTC`"
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
