#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A time zone's rules as read from the system's TZif file (RFC 8536): the
/// transitions it lists, then the POSIX TZ string of its footer for every
/// instant after the last one. A plain value: no lock, no Foundation, so an
/// offset lookup is a binary search (or a little calendar arithmetic).
package struct TZifRules: Sendable {
    /// UTC instants where the offset changes, ascending, and the offset from each.
    package let transitions: [Int64]
    package let offsets: [Int32]
    /// The offset before the first transition (local time type 0).
    package let initialOffset: Int32
    /// Rules after the last transition; nil: the last offset stays.
    package let footer: PosixZone?

    package static let directory = "/usr/share/zoneinfo"

    /// Reads `directory/identifier`; nil when there is no such file, it is
    /// not TZif, or the name is not an IANA-style zone name.
    package init?(identifier: String, directory: String = TZifRules.directory) {
        guard TZifRules.isZoneName(identifier), let bytes = TZifRules.readFile("\(directory)/\(identifier)") else { return nil }
        self.init(bytes: bytes)
    }

    /// Names like `Europe/Berlin` or `UTC`; never a path out of the folder,
    /// nor the folder's helper files, which Foundation does not accept.
    package static func isZoneName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "/"), !name.contains(".."),
              !name.hasPrefix("posix/"), !name.hasPrefix("right/"),
              !["localtime", "posixrules", "Factory", "leapseconds", "tzdata.zi", "zone.tab", "zone1970.tab",
                "iso3166.tab", "leap-seconds.list", "SECURITY"].contains(name)
        else { return false }
        return name.utf8.allSatisfy { b in
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: "/") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
        }
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count { break }
            if bytes.count > 1 << 20 { return nil }  // no zone file is this big
        }
        return bytes
    }

    /// Parses version 2+ data (64-bit times) and the footer; version 1
    /// files, which have neither, are read from their 32-bit block.
    package init?(bytes: [UInt8]) {
        func u32(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        func i64(_ at: Int) -> Int64? {
            guard let hi = u32(at), let lo = u32(at + 4) else { return nil }
            return Int64(bitPattern: UInt64(hi) << 32 | UInt64(lo))
        }
        /// Counts of one header: isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt.
        func header(_ at: Int) -> [Int]? {
            guard bytes.count >= at + 44, bytes[at..<at + 4].elementsEqual("TZif".utf8) else { return nil }
            var counts: [Int] = []
            for i in 0..<6 { guard let c = u32(at + 20 + 4 * i) else { return nil }; counts.append(Int(c)) }
            return counts
        }
        func blockSize(_ c: [Int], timeSize: Int) -> Int {
            c[3] * timeSize + c[3] + c[4] * 6 + c[5] + c[2] * (timeSize + 4) + c[1] + c[0]
        }
        guard let first = header(0) else { return nil }
        let version = bytes[4]
        var at = 44, timeSize = 4, counts = first
        if version >= UInt8(ascii: "2") {
            at = 44 + blockSize(first, timeSize: 4)
            guard let second = header(at) else { return nil }
            counts = second
            at += 44
            timeSize = 8
        }
        let (timecnt, typecnt) = (counts[3], counts[4])
        guard typecnt > 0, at + blockSize(counts, timeSize: timeSize) <= bytes.count else { return nil }
        var times: [Int64] = []
        times.reserveCapacity(timecnt + 400)
        for i in 0..<timecnt {
            guard let t = timeSize == 8 ? i64(at + 8 * i) : u32(at + 4 * i).map({ Int64(Int32(bitPattern: $0)) }) else { return nil }
            times.append(t)
        }
        let typeIndexes = at + timecnt * timeSize
        let infos = typeIndexes + timecnt
        var typeOffsets: [Int32] = []
        for i in 0..<typecnt {
            guard let raw = u32(infos + 6 * i) else { return nil }
            typeOffsets.append(Int32(bitPattern: raw))
        }
        var offsets: [Int32] = []
        offsets.reserveCapacity(timecnt)
        for i in 0..<timecnt {
            let type = Int(bytes[typeIndexes + i])
            guard type < typecnt else { return nil }
            offsets.append(typeOffsets[type])
        }
        initialOffset = typeOffsets[0]
        // Footer: "\n" TZ string "\n" after the version 2+ data block.
        var footer: PosixZone?
        if timeSize == 8 {
            let end = at + blockSize(counts, timeSize: 8)
            if end < bytes.count, bytes[end] == 0x0A, let close = bytes[(end + 1)...].firstIndex(of: 0x0A), close > end + 1 {
                footer = PosixZone(String(decoding: bytes[(end + 1)..<close], as: UTF8.self))
                if footer == nil { return nil }  // a rule we cannot read: let Foundation answer
            }
        }
        self.footer = footer
        // The footer's rule repeats every 400 years (146,097 days, a whole
        // number of weeks), so its changes for one full cycle after the last
        // transition go into the table, and any later instant is looked up
        // at the same point of that cycle: one binary search for any year.
        var cycleStart: Int64 = .max
        if let footer, footer.daylight != nil {
            let lastYear = CivilDateTime(secondsAsIfUTC: (times.last ?? 0) + Int64(offsets.last ?? typeOffsets[0])).date.year
            cycleStart = CivilDate(year: lastYear + 1, month: 1, day: 1).daysSinceEpoch * 86_400 - Int64(footer.standard)
            for year in lastYear...(lastYear + 401) {
                for (at, offset) in footer.changes(in: year) where at > (times.last ?? .min) {
                    times.append(at)
                    offsets.append(Int32(offset))
                }
            }
        }
        self.cycleStart = cycleStart
        transitions = times
        self.offsets = offsets
    }

    /// Where the tabulated 400-year cycle of the footer's rule begins (`.max`: none).
    package let cycleStart: Int64
    package static let cycleSeconds: Int64 = 146_097 * 86_400

    /// Seconds east of UTC in force at `instant`.
    package func offset(at instant: Int64) -> Int {
        var t = instant
        if cycleStart != .max, t >= cycleStart + TZifRules.cycleSeconds {
            t = cycleStart + (t - cycleStart) % TZifRules.cycleSeconds
        }
        guard let last = transitions.last, t < last else {
            if let footer { return footer.offset(at: t) }
            return Int(offsets.last ?? initialOffset)
        }
        guard t >= transitions[0] else { return Int(initialOffset) }
        // The last transition at or before t.
        var lo = 0, hi = transitions.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if transitions[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return Int(offsets[lo])
    }
}

/// A POSIX TZ string as TZif footers write it (RFC 8536 §3.3):
/// `CET-1CEST,M3.5.0,M10.5.0/3`, `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`, `UTC0`.
package struct PosixZone: Sendable, Equatable {
    /// Seconds east of UTC (POSIX writes them west, so the sign flips).
    package let standard: Int
    package let daylight: Int?
    package let start: Rule?, end: Rule?

    /// A day of the year and the local time of the change on it.
    package struct Rule: Sendable, Equatable {
        package enum Day: Sendable, Equatable {
            /// `Jn`: 1…365, February 29 never counted.
            case julian(Int)
            /// `n`: 0…365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: day d (0 = Sunday) of week w (5 = last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        package var day: Day
        /// Seconds after local midnight; may be negative or past 24 h.
        package var time: Int
    }

    package init?(_ text: String) {
        var s = Substring(text)
        guard PosixZone.name(&s), let std = PosixZone.hms(&s) else { return nil }
        standard = -std
        if s.isEmpty { daylight = nil; start = nil; end = nil; return }
        guard PosixZone.name(&s) else { return nil }
        var dst = standard + 3600
        if let first = s.first, first != "," { guard let o = PosixZone.hms(&s) else { return nil }; dst = -o }
        daylight = dst
        guard s.first == ",", case let rest = s.dropFirst(), let (a, afterA) = PosixZone.rule(rest), afterA.first == ",",
              let (b, afterB) = PosixZone.rule(afterA.dropFirst()), afterB.isEmpty
        else { return nil }
        start = a
        end = b
    }

    private static func name(_ s: inout Substring) -> Bool {
        if s.first == "<" {
            guard let close = s.firstIndex(of: ">") else { return false }
            s = s[s.index(after: close)...]
            return true
        }
        let n = s.prefix { $0.isLetter }
        guard n.count >= 3 else { return false }
        s = s.dropFirst(n.count)
        return true
    }

    /// `[+-]hh[:mm[:ss]]` as seconds (the sign as written).
    private static func hms(_ s: inout Substring) -> Int? {
        var sign = 1
        if s.first == "+" || s.first == "-" { sign = s.first == "-" ? -1 : 1; s = s.dropFirst() }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let v = Int(digits) else { return nil }
            parts.append(v)
            s = s.dropFirst(digits.count)
            guard s.first == ":" else { break }
            s = s.dropFirst()
        }
        let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
        return sign * seconds
    }

    private static func rule(_ text: Substring) -> (Rule, Substring)? {
        var s = text
        let day: Rule.Day
        if s.first == "M" {
            s = s.dropFirst()
            let fields = s.prefix { $0 != "/" && $0 != "," }.split(separator: ".").compactMap { Int($0) }
            guard fields.count == 3, (1...12).contains(fields[0]), (1...5).contains(fields[1]), (0...6).contains(fields[2])
            else { return nil }
            s = s.dropFirst(s.prefix { $0 != "/" && $0 != "," }.count)
            day = .monthWeekDay(month: fields[0], week: fields[1], weekday: fields[2])
        } else {
            let julian = s.first == "J"
            if julian { s = s.dropFirst() }
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            guard let n = Int(digits) else { return nil }
            s = s.dropFirst(digits.count)
            day = julian ? .julian(n) : .zeroBased(n)
        }
        var time = 7200
        if s.first == "/" {
            s = s.dropFirst()
            guard let t = hms(&s) else { return nil }
            time = t
        }
        return (Rule(day: day, time: time), s)
    }

    /// Days since 1970-01-01 of the rule's day in `year`.
    private static func dayOf(_ day: Rule.Day, year: Int) -> Int64 {
        switch day {
        case .julian(let n):
            // February 29 is never counted: from March on, skip it in leap years.
            let january1 = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
            return january1 + Int64(n - 1) + (CivilDate.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return CivilDate(year: year, month: 1, day: 1).daysSinceEpoch + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = Int((first % 7 + 7 + 4) % 7)
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilDate.daysIn(month: month, year: year)
            while day > length { day -= 7 }
            return first + Int64(day - 1)
        }
    }

    /// The UTC instants daylight time starts and ends in `year`.
    /// The change to daylight time is written in standard time, the change back in daylight time.
    private func bounds(_ year: Int, daylight: Int, start: Rule, end: Rule) -> (on: Int64, off: Int64) {
        (PosixZone.dayOf(start.day, year: year) * 86_400 + Int64(start.time) - Int64(standard),
         PosixZone.dayOf(end.day, year: year) * 86_400 + Int64(end.time) - Int64(daylight))
    }

    /// The year's two changes in time order, with the offset from each.
    package func changes(in year: Int) -> [(Int64, Int)] {
        guard let daylight, let start, let end else { return [] }
        let (on, off) = bounds(year, daylight: daylight, start: start, end: end)
        return on < off ? [(on, daylight), (off, standard)] : [(off, standard), (on, daylight)]
    }

    /// Seconds east of UTC in force at `t`.
    package func offset(at t: Int64) -> Int {
        guard let daylight, let start, let end else { return standard }
        let year = CivilDateTime(secondsAsIfUTC: t + Int64(standard)).date.year
        let (on, off) = bounds(year, daylight: daylight, start: start, end: end)
        let inDaylight = on < off ? (t >= on && t < off) : (t >= on || t < off)
        return inDaylight ? daylight : standard
    }
}
