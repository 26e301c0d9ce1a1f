/// Reads a time given on the command line (`--now`, `--at`, `--from`,
/// `--to`): the journal's own forms, read in the journal's zone, and ISO-8601.
///
///     2026-02-07                     midnight starting that day
///     2026-02-07 08:15[:SS]          wall clock in the journal's zone
///     2026-02-07 08:15 +01:00        with an explicit offset (also +0100, Z)
///     2026-02-07T08:15:00Z           ISO-8601 (offset attached or absent)
public enum TimeArgument {
    public static func parse(_ text: String, zone: ZoneRules) -> Result<Instant, SettingError> {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buf -> Result<Instant, SettingError> in
            var c = ByteCursor(buf, start: 0, end: buf.count)
            c.skipBlanks()
            let expected = "expected a time like `2026-02-07 08:15`, `2026-02-07` or `2026-02-07T08:15:00Z`, not `\(text)`"
            guard let y = c.digits(4), c.consume(UInt8(ascii: "-")), let mo = c.digits(2),
                  c.consume(UInt8(ascii: "-")), let d = c.digits(2)
            else { return .failure(SettingError(expected)) }
            let date = CivilDate(year: y, month: mo, day: d)
            guard date.isValid else { return .failure(SettingError("`\(text)` is not a calendar date")) }
            var civil = CivilDateTime(date: date, hour: 0, minute: 0)
            var offset: Int?
            let separatorIsT = c.consume(UInt8(ascii: "T"))
            if separatorIsT || c.skipBlanks() > 0, !c.isAtEnd {
                guard let h = c.digits(2), c.consume(UInt8(ascii: ":")), let mi = c.digits(2) else {
                    return .failure(SettingError(expected))
                }
                var s = 0
                if c.consume(UInt8(ascii: ":")) {
                    guard let sec = c.digits(2) else { return .failure(SettingError(expected)) }
                    s = sec
                    // Fractions of a second are accepted and dropped.
                    if c.consume(UInt8(ascii: ".")) { while let b = c.peek, isDigit(b) { c.advance() } }
                }
                guard h <= 23, mi <= 59, s <= 59 else { return .failure(SettingError("`\(text)` is not a time of day")) }
                civil = CivilDateTime(date: date, hour: h, minute: mi, second: s)
                c.skipBlanks()
                if !c.isAtEnd {
                    guard let o = offsetValue(&c), c.isAtEnd else { return .failure(SettingError(expected)) }
                    offset = o
                }
            } else if !c.isAtEnd {
                return .failure(SettingError(expected))
            }
            if let offset { return .success(Instant(seconds: civil.secondsAsIfUTC - Int64(offset))) }
            switch zone.resolve(civil) {
            case .unique(let instant, _), .ambiguous(let instant, _, _, _):
                return .success(instant)
            case .nonexistent(let from, let to):
                let after = "\(pad2(to.hour)):\(pad2(to.minute))"
                return .failure(SettingError(
                    "\(civil.journalText) does not exist in \(zone.identifier): clocks jumped from "
                        + "\(pad2(from.hour)):\(pad2(from.minute)) to \(after)",
                    help: "give the time the clock showed, e.g. `\(civil.date.iso) \(after)`, or add the offset you meant"))
            }
        }
    }

    /// `Z`, `±HH`, `±HHMM`, `±HH:MM`; nil when malformed or beyond ±14:00.
    static func offsetValue(_ c: inout ByteCursor) -> Int? {
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
