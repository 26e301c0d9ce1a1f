/// Output assembled as bytes in one buffer and decoded once at the end:
/// reports of thousands of rows spent most of their time making a String
/// per cell. Numbers and timestamps are written digit by digit. Inlinable:
/// the command line's reports call it per byte, across the module boundary.
@frozen package struct ByteText {
    package var bytes: [UInt8] = []

    @inlinable package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    @inlinable package var string: String { String(decoding: bytes, as: UTF8.self) }

    @inlinable package mutating func append(_ s: String) { bytes += s.utf8 }

    @inlinable package mutating func append(byte: UInt8) { bytes.append(byte) }

    @inlinable package mutating func spaces(_ n: Int) {
        if n > 0 { bytes += repeatElement(0x20, count: n) }
    }

    /// How many decimal digits `value` (0 or more) takes.
    @inlinable package static func digitCount(_ value: Int) -> Int {
        var count = 1, v = value
        while v >= 10 { v /= 10; count += 1 }
        return count
    }

    /// `value` (0 or more) in at least `width` digits, zero-padded.
    @inlinable package mutating func digits(_ value: Int, width: Int) {
        var scale = 1, count = 1
        while scale <= value / 10 { scale *= 10; count += 1 }
        for _ in count..<max(count, width) { bytes.append(0x30) }
        var v = value
        while scale > 0 { bytes.append(UInt8(0x30 + v / scale)); v %= scale; scale /= 10 }
    }

    /// `YYYY-MM-DD` then `separator` then `HH:MM`, with `:SS` always or
    /// only when not zero (as the journal writes it).
    @inlinable package mutating func stamp(_ t: CivilDateTime, separator: UInt8, alwaysSeconds: Bool) {
        guard t.date.year >= 0 else { append(t.journalText); return }
        digits(t.date.year, width: 4); bytes.append(0x2D); digits(t.date.month, width: 2); bytes.append(0x2D)
        digits(t.date.day, width: 2); bytes.append(separator); digits(t.hour, width: 2); bytes.append(0x3A)
        digits(t.minute, width: 2)
        if alwaysSeconds || t.second != 0 { bytes.append(0x3A); digits(t.second, width: 2) }
    }
}
