/// Reads a time given on the command line (`--now`, `--at`, `--from`,
/// `--to`): the journal's own forms, read in the journal's zone, ISO-8601,
/// and forms relative to now (`help time` lists them):
///
///     2026-02-07                     midnight starting that day
///     2026-02-07 08:15[:SS]          wall clock in the journal's zone
///     2026-02-07 08:15 +01:00        with an explicit offset (also +0100, Z)
///     2026-02-07T08:15:00Z           ISO-8601 (offset attached or absent)
///     07:45                          today at 07:45
///     today, yesterday [HH:MM]       that day's midnight, or that time
///     -2h, -30m, -3d, -1d2h          that long before now
///     now                            now
///
/// A wall time or day followed by `local` (`08:00 local`, `yesterday 21:00
/// local`) is read in the system's zone instead: for the traveller whose
/// clock is not in the journal's zone.
public enum TimeArgument {
    /// A time as read, and whether it named a whole day (a date alone,
    /// `today`, `yesterday`): `--to` then means the end of that day.
    public struct Reading: Sendable {
        public var instant: Instant
        public var wholeDay: CivilDate?
        /// The zone a wall-clock time of day was read in; nil for a day
        /// alone, `now`, `-2h` and a time with an offset (nothing for the
        /// reader to mistake).
        public var wallClock: WallClock? = nil
    }

    /// Whose clock a wall time was read on.
    public enum WallClock: Sendable, Equatable {
        /// The journal's `timezone` (no `local`).
        case journal
        /// The system's zone (`… local`).
        case local
    }

    /// `local`: the system's zone, for times that say `local` (the journal's
    /// zone when not given).
    public static func parse(_ text: String, zone: ZoneRules, now: Instant? = nil,
                             local: ZoneRules? = nil) -> Result<Instant, SettingError> {
        read(text, zone: zone, now: now, local: local).map(\.instant)
    }

    /// The last second of what `text` names: the end of the day for a date
    /// alone (so `--to 2026-03-20` includes all of the 20th), else the time.
    public static func parseEnd(_ text: String, zone: ZoneRules, now: Instant? = nil,
                                local: ZoneRules? = nil) -> Result<Instant, SettingError> {
        readEnd(text, zone: zone, now: now, local: local).map(\.instant)
    }

    /// `read`, with a day alone moved to its last second.
    public static func readEnd(_ text: String, zone: ZoneRules, now: Instant? = nil,
                               local: ZoneRules? = nil) -> Result<Reading, SettingError> {
        let inZone = splitLocal(text) != nil ? local ?? zone : zone
        return read(text, zone: zone, now: now, local: local).map { r in
            guard let day = r.wholeDay else { return r }
            var end = r
            end.instant = startOfDay(day.adding(days: 1), zone: inZone).adding(seconds: -1)
            return end
        }
    }

    /// `text` without its trailing ` local` word, or nil when it has none.
    package static func splitLocal(_ text: String) -> String? {
        let trimmed = text.trimmingBlanks()
        let bytes = Array(trimmed.utf8)
        guard bytes.count >= 5 else { return nil }
        let word = String(decoding: bytes[(bytes.count - 5)...], as: UTF8.self).lowercased()
        guard word == "local" else { return nil }
        let head = bytes.dropLast(5)
        guard head.isEmpty || head.last == UInt8(ascii: " ") || head.last == UInt8(ascii: "\t") else { return nil }
        return String(decoding: head, as: UTF8.self).trimmingBlanks()
    }

    package static func startOfDay(_ date: CivilDate, zone: ZoneRules) -> Instant {
        let midnight = CivilDateTime(date: date, hour: 0, minute: 0)
        switch zone.reading(midnight) {
        case .instant(let i, _): return i
        case .skipped(let jump):
            // Midnight skipped by a clock change: the day starts when it resumes.
            return zone.instant(reading: jump.gapEnd) ?? Instant(seconds: midnight.secondsAsIfUTC)
        }
    }

    public static func read(_ text: String, zone: ZoneRules, now: Instant? = nil,
                            local: ZoneRules? = nil) -> Result<Reading, SettingError> {
        guard let wall = splitLocal(text) else { return read(text, zone: zone, now: now, clock: .journal) }
        let lower = wall.lowercased()
        guard !wall.isEmpty, lower != "now", !lower.hasPrefix("-") else {
            return .failure(SettingError("`local` goes after a wall time, not `\(text)`",
                                         help: "e.g. `08:00 local` or `yesterday 21:00 local`"))
        }
        return read(wall, zone: local ?? zone, now: now, clock: .local).flatMap { r in
            // An offset already says where it was read.
            guard r.wholeDay != nil || r.wallClock != nil else {
                return .failure(SettingError("`\(text)` has both an offset and `local`", help: "give one of them"))
            }
            return .success(r)
        }
    }

    private static func read(_ text: String, zone: ZoneRules, now: Instant?, clock: WallClock) -> Result<Reading, SettingError> {
        let trimmed = text.trimmingBlanks()
        let lower = trimmed.lowercased()
        let expected = "`\(text)` is not a time"
        let help = formsHelp
        if lower == "now" {
            guard let now else { return .failure(SettingError("`now` needs a clock", help: help)) }
            return .success(Reading(instant: now, wholeDay: nil))
        }
        if lower.hasPrefix("-") {
            guard let now, let seconds = relativeSeconds(lower.dropFirst()) else {
                return .failure(SettingError(expected, help: help))
            }
            let instant = now.adding(seconds: -seconds)
            // A journal holds years 0001–9999: a time it cannot write is no time.
            guard (1...9999).contains(zone.civil(instant).date.year) else {
                return .failure(SettingError("`\(text)` is before the year 0001", help: help))
            }
            return .success(Reading(instant: instant, wholeDay: nil))
        }
        var rest = Substring(trimmed)
        var day: CivilDate?
        for (word, back) in [("today", 0), ("yesterday", 1)] where lower == word || lower.hasPrefix(word + " ") {
            guard let now else { return .failure(SettingError("`\(word)` needs a clock", help: help)) }
            day = zone.civil(now).date.adding(days: -back)
            rest = rest.dropFirst(word.count)
        }
        let timeOnly = day == nil && trimmed.utf8.count >= 5 && trimmed.utf8.count <= 8
            && Array(trimmed.utf8)[2] == UInt8(ascii: ":")
        if timeOnly {
            guard let now else { return .failure(SettingError(expected, help: help)) }
            day = zone.civil(now).date
        }
        let read: Result<Reading, SettingError>
        if let day {
            let written = day.iso + (rest.trimmingBlanks().isEmpty ? "" : " " + rest.trimmingBlanks())
            read = absolute(written, original: text, zone: zone, expected: expected)
        } else {
            read = absolute(trimmed, original: text, zone: zone, expected: expected)
        }
        return read.map { r in
            var r = r
            if r.wallClock != nil { r.wallClock = clock }
            return r
        }
    }

    /// The forms a time takes, as the help of a text that is none of them
    /// (the command line adds where its help says more).
    package static let formsHelp = "try `2026-02-07 08:15`, `07:45`, `yesterday 21:00` or `-2h`"

    /// `2h`, `30m`, `3d`, `1d2h`, `90s`: a duration before now, in seconds.
    package static func relativeSeconds(_ text: Substring) -> Int64? {
        var total: Int64 = 0, number: Int64 = 0, digits = 0, parts = 0
        for b in text.utf8 {
            if isDigit(b) {
                number = number * 10 + Int64(b - 0x30)
                digits += 1
                guard digits <= 7 else { return nil }
                continue
            }
            let unit: Int64
            switch b {
            case UInt8(ascii: "d"): unit = 86_400
            case UInt8(ascii: "h"): unit = 3600
            case UInt8(ascii: "m"): unit = 60
            case UInt8(ascii: "s"): unit = 1
            default: return nil
            }
            guard digits > 0 else { return nil }
            total += number * unit
            number = 0
            digits = 0
            parts += 1
        }
        return digits == 0 && parts > 0 ? total : nil
    }

    package static func absolute(_ text: String, original: String, zone: ZoneRules,
                         expected: String) -> Result<Reading, SettingError> {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buf -> Result<Reading, SettingError> in
            var c = ByteCursor(buf, start: 0, end: buf.count)
            c.skipBlanks()
            guard let y = c.digits(4), c.consume(UInt8(ascii: "-")), let mo = c.digits(2),
                  c.consume(UInt8(ascii: "-")), let d = c.digits(2)
            else { return .failure(SettingError(expected, help: Self.formsHelp)) }
            let date = CivilDate(year: y, month: mo, day: d)
            guard date.isValid else { return .failure(SettingError("`\(original)` is not a calendar date")) }
            var civil = CivilDateTime(date: date, hour: 0, minute: 0)
            var offset: Int?
            var wholeDay: CivilDate? = date
            let separatorIsT = c.consume(UInt8(ascii: "T"))
            if separatorIsT || c.skipBlanks() > 0, !c.isAtEnd {
                guard let h = c.digits(2), c.consume(UInt8(ascii: ":")), let mi = c.digits(2) else {
                    return .failure(SettingError(expected, help: Self.formsHelp))
                }
                var s = 0
                if c.consume(UInt8(ascii: ":")) {
                    guard let sec = c.digits(2) else { return .failure(SettingError(expected, help: Self.formsHelp)) }
                    s = sec
                    // Fractions of a second are accepted and dropped.
                    if c.consume(UInt8(ascii: ".")) { while let b = c.peek, isDigit(b) { c.advance() } }
                }
                guard h <= 23, mi <= 59, s <= 59 else { return .failure(SettingError("`\(original)` is not a time of day")) }
                civil = CivilDateTime(date: date, hour: h, minute: mi, second: s)
                wholeDay = nil
                c.skipBlanks()
                if !c.isAtEnd {
                    guard let o = offsetValue(&c), c.isAtEnd else { return .failure(SettingError(expected, help: Self.formsHelp)) }
                    offset = o
                }
            } else if !c.isAtEnd {
                return .failure(SettingError(expected, help: Self.formsHelp))
            }
            if offset != nil, let instant = zone.instant(reading: civil, offset: offset) {
                return .success(Reading(instant: instant, wholeDay: nil))
            }
            if let wholeDay { return .success(Reading(instant: startOfDay(wholeDay, zone: zone), wholeDay: wholeDay)) }
            switch zone.reading(civil) {
            case .instant(let instant, _):
                return .success(Reading(instant: instant, wholeDay: nil, wallClock: .journal))
            case .skipped(let jump):
                return .failure(SettingError(jump.message,
                    help: "give the time the clock showed, e.g. `\(jump.suggestion)`, or add the offset you meant"))
            }
        }
    }

    /// `Z`, `±HH`, `±HHMM`, `±HH:MM`; nil when malformed or beyond ±14:00.
    package static func offsetValue(_ c: inout ByteCursor) -> Int? {
        if c.consume(UInt8(ascii: "Z")) || c.consume(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if c.consume(UInt8(ascii: "+")) { sign = 1 } else if c.consume(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let h = c.digits(2) else { return nil }
        var m = 0
        if !c.isAtEnd {
            _ = c.consume(UInt8(ascii: ":"))
            guard let mm = c.digits(2) else { return nil }
            m = mm
        }
        guard m < 60, h * 60 + m <= 14 * 60 else { return nil }
        return sign * (h * 3600 + m * 60)
    }
}

extension TimeArgument {
    /// Whether `text` names seconds (`08:15:30`, `…T08:15:30Z`). A time
    /// written into the journal keeps seconds only when typed with them;
    /// any other (`now`, `-2d`, `yesterday 21:00`) lands on the minute, so
    /// the journal's columns stay aligned.
    public static func namesSeconds(_ text: String) -> Bool {
        let b = Array(text.utf8)
        func digit(_ i: Int) -> Bool { b[i] >= 0x30 && b[i] <= 0x39 }
        guard b.count >= 8 else { return false }
        for i in 0...(b.count - 8) where digit(i) && digit(i + 1) && b[i + 2] == 0x3A && digit(i + 3) && digit(i + 4)
            && b[i + 5] == 0x3A && digit(i + 6) && digit(i + 7) {
            return true
        }
        return false
    }
}

extension Instant {
    /// The start of this instant's minute.
    public var onTheMinute: Instant {
        let r = seconds % 60
        return Instant(seconds: seconds - (r < 0 ? r + 60 : r))
    }
}
