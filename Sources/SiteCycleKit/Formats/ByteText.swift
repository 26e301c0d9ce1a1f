/// Output assembled as bytes in one buffer and decoded once at the end:
/// reports of thousands of rows spent most of their time making a String
/// per cell. Numbers and timestamps are written digit by digit. Inlinable:
/// the command line's reports call it per byte, across the module boundary.
@frozen package struct ByteText {
    package var bytes: [UInt8] = []

    @inlinable package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    @inlinable package var string: String { String(decoding: bytes, as: UTF8.self) }

    @inlinable package mutating func append(_ s: String) {
        // Contiguous (native and small strings): one copy, no generic
        // element-by-element path.
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes += s.utf8 }
    }

    @inlinable package mutating func append(byte: UInt8) { bytes.append(byte) }

    @inlinable package mutating func spaces(_ n: Int) {
        if n > 0 { bytes += repeatElement(0x20, count: n) }
    }

    /// Up to 24 bytes composed in a word on the stack by `compose` (which
    /// says where in it they are), then appended in one copy: appending
    /// byte by byte costs a uniqueness and capacity check each.
    @inlinable package mutating func onStack(_ compose: (UnsafeMutableRawBufferPointer) -> Range<Int>) {
        var word: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &word) { p in
            let written = compose(p)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[written]))
        }
    }

    /// How many decimal digits `value` (0 or more) takes.
    @inlinable package static func digitCount(_ value: Int) -> Int {
        var count = 1, v = value
        while v >= 10 { v /= 10; count += 1 }
        return count
    }

    /// `value` (0 or more) in at least `width` digits, zero-padded,
    /// written backwards on the stack.
    @inlinable package mutating func digits(_ value: Int, width: Int) {
        if width > 24 { bytes += repeatElement(0x30, count: width - 24) }
        onStack { p in
            var at = p.count, v = value
            repeat {
                at -= 1
                p[at] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
                v /= 10
            } while v > 0
            while p.count - at < width && at > 0 {
                at -= 1
                p[at] = 0x30
            }
            return at..<p.count
        }
    }

    /// Hours to one decimal by `formatHours`' rule (`%.1f`, ties to even),
    /// written digit by digit: `71.3`, `-0.5`.
    @inlinable package mutating func hours(_ hours: Double) {
        tenths(Int((hours * 10).rounded(.toNearestOrEven)))
    }

    /// A count of tenths as `12.5`.
    @inlinable package mutating func tenths(_ t: Int) {
        if t < 0 { bytes.append(0x2D) }
        digits(Int(t.magnitude / 10), width: 0)
        bytes.append(0x2E)
        bytes.append(UInt8(truncatingIfNeeded: 0x30 + t.magnitude % 10))
    }

    /// `YYYY-MM-DD` then `separator` then `HH:MM`, with `:SS` always or
    /// only when not zero (as the journal writes it): the reports' and
    /// exports' hot path.
    @inlinable package mutating func stamp(_ t: CivilDateTime, separator: UInt8, alwaysSeconds: Bool) {
        guard (0...9999).contains(t.date.year) else {
            guard t.date.year >= 0 else { append(t.journalText); return }
            digits(t.date.year, width: 4); bytes.append(0x2D); digits(t.date.month, width: 2); bytes.append(0x2D)
            digits(t.date.day, width: 2); bytes.append(separator); digits(t.hour, width: 2); bytes.append(0x3A)
            digits(t.minute, width: 2)
            if alwaysSeconds || t.second != 0 { bytes.append(0x3A); digits(t.second, width: 2) }
            return
        }
        let seconds = alwaysSeconds || t.second != 0
        onStack { p in
            func two(_ v: Int, _ at: Int) {
                p[at] = UInt8(truncatingIfNeeded: 0x30 + v / 10)
                p[at + 1] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
            }
            two(t.date.year / 100, 0); two(t.date.year % 100, 2); p[4] = 0x2D
            two(t.date.month, 5); p[7] = 0x2D; two(t.date.day, 8)
            p[10] = separator; two(t.hour, 11); p[13] = 0x3A; two(t.minute, 14)
            if seconds { p[16] = 0x3A; two(t.second, 17) }
            return 0..<(seconds ? 19 : 16)
        }
    }
}
