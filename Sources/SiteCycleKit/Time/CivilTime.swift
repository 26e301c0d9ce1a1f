/// A point in time: whole seconds since 1970-01-01T00:00:00Z.
///
/// The journal records minutes (seconds at most), so integer seconds are exact
/// and compare without floating-point surprises.
public struct Instant: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public var seconds: Int64

    public init(seconds: Int64) { self.seconds = seconds }

    public static func < (a: Instant, b: Instant) -> Bool { a.seconds < b.seconds }

    public func adding(seconds delta: Int64) -> Instant { Instant(seconds: seconds + delta) }

    /// Elapsed hours from `self` to `later` (real hours, DST-correct).
    public func hours(until later: Instant) -> Double { Double(later.seconds - seconds) / 3600 }

    public var description: String { formatISO8601(self, offsetSeconds: 0) }
}

/// A calendar date in the proleptic Gregorian calendar.
public struct CivilDate: Hashable, Comparable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    @inline(__always) public var isValid: Bool {
        year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1
            && day <= CivilDate.daysIn(month: month, year: year)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    @inline(__always) public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    @inline(__always) public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch z0: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(m <= 2 ? y + 1 : y), month: Int(m), day: Int(d))
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + Int64(days)) }
}

/// A wall-clock date and time with no zone attached.
public struct CivilDateTime: Hashable, Comparable, Sendable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: CivilDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public static func < (a: CivilDateTime, b: CivilDateTime) -> Bool {
        (a.date, a.hour, a.minute, a.second) < (b.date, b.hour, b.minute, b.second)
    }

    /// Seconds since the epoch if this wall time were UTC.
    public var secondsAsIfUTC: Int64 {
        date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    public init(secondsAsIfUTC s: Int64) {
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let rest = Int(s - days * 86_400)
        self.init(date: CivilDate(daysSinceEpoch: days), hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }
}

// MARK: - Formatting

@inline(__always) package func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

package func pad4(_ n: Int) -> String {
    let s = String(n)
    return s.count >= 4 ? s : String(repeating: "0", count: 4 - s.count) + s
}

extension CivilDate {
    /// `2026-02-07`
    public var iso: String { "\(pad4(year))-\(pad2(month))-\(pad2(day))" }
}

extension CivilDateTime {
    /// `2026-02-07 08:15`, with `:SS` only when the seconds are not zero.
    public var journalText: String {
        let hm = "\(date.iso) \(pad2(hour)):\(pad2(minute))"
        return second == 0 ? hm : hm + ":\(pad2(second))"
    }
}

/// `+01:00`, `-05:30`, or `Z` for zero when `zulu` is set.
public func formatOffset(_ seconds: Int, zulu: Bool = false) -> String {
    if seconds == 0 && zulu { return "Z" }
    let sign = seconds < 0 ? "-" : "+"
    let a = abs(seconds)
    return "\(sign)\(pad2(a / 3600)):\(pad2(a / 60 % 60))"
}

/// ISO-8601 with seconds and an explicit offset: `2026-02-07T08:15:00+01:00`,
/// or `…Z` for UTC.
public func formatISO8601(_ instant: Instant, offsetSeconds: Int) -> String {
    let local = CivilDateTime(secondsAsIfUTC: instant.seconds + Int64(offsetSeconds))
    return "\(local.date.iso)T\(pad2(local.hour)):\(pad2(local.minute)):\(pad2(local.second))"
        + formatOffset(offsetSeconds, zulu: true)
}
