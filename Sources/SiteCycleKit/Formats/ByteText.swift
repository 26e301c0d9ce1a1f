/// Output assembled as bytes in one buffer and decoded once at the end:
/// reports of thousands of rows spent most of their time making a String
/// per cell. Inlinable: the command line's reports call it per row, across
/// the module boundary.
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

    /// A row of at most `capacity` bytes composed on the stack, then
    /// appended in one copy: every append to the array checks its
    /// ownership and capacity, and a row of ten cells paid that ten times.
    @inlinable package mutating func row(capacity: Int, _ compose: (inout ByteRow) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var row = ByteRow(buffer)
            compose(&row)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<row.count]))
        }
    }

    /// How many decimal digits `value` (0 or more) takes.
    @inlinable package static func digitCount(_ value: Int) -> Int {
        var count = 1, v = value
        while v >= 10 { v /= 10; count += 1 }
        return count
    }

    @inlinable package mutating func digits(_ value: Int, width: Int) {
        row(capacity: max(20, width)) { $0.digits(value, width: width) }
    }

    @inlinable package mutating func hours(_ hours: Double) { row(capacity: 24) { $0.hours(hours) } }

    @inlinable package mutating func tenths(_ t: Int) { row(capacity: 24) { $0.tenths(t) } }

    @inlinable package mutating func stamp(_ t: CivilDateTime, separator: UInt8, alwaysSeconds: Bool) {
        row(capacity: ByteRow.stampCapacity) { $0.stamp(t, separator: separator, alwaysSeconds: alwaysSeconds) }
    }
}

/// The bytes of one row, written into a buffer whose size the caller
/// chose: numbers and timestamps digit by digit, one rule each. Writing
/// past the buffer stops the program rather than the memory after it.
@frozen package struct ByteRow {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline var end = 0

    @inlinable init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// How many bytes are written.
    @inlinable package var count: Int { end }

    /// The room a `stamp` needs, whatever the year.
    package static let stampCapacity = 32

    @inlinable mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        precondition(n <= buffer.count - end, "a row wrote past its buffer")
        defer { end += n }
        return buffer.baseAddress! + end
    }

    @inlinable package mutating func byte(_ b: UInt8) { room(1).pointee = b }

    @inlinable package mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        room(n).initialize(repeating: 0x20, count: n)
    }

    @inlinable package mutating func bytes(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { s in
            guard let from = s.baseAddress else { return }
            room(s.count).update(from: from, count: s.count)
        }
    }

    @inlinable package mutating func text(_ s: String) { bytes(Array(s.utf8)) }

    /// `value` (0 or more) in at least `width` digits, zero-padded.
    @inlinable package mutating func digits(_ value: Int, width: Int) {
        let count = max(ByteText.digitCount(value), width)
        let p = room(count)
        var v = value
        for i in stride(from: count - 1, through: 0, by: -1) {
            p[i] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
            v /= 10
        }
    }

    /// Hours to one decimal by `formatHours`' rule (`%.1f`, ties to even):
    /// `71.3`, `-0.5`.
    @inlinable package mutating func hours(_ hours: Double) {
        tenths(Int((hours * 10).rounded(.toNearestOrEven)))
    }

    /// A count of tenths as `12.5`.
    @inlinable package mutating func tenths(_ t: Int) {
        if t < 0 { byte(0x2D) }
        digits(Int(t.magnitude / 10), width: 0)
        byte(0x2E)
        byte(UInt8(truncatingIfNeeded: 0x30 + t.magnitude % 10))
    }

    /// `YYYY-MM-DD` then `separator` then `HH:MM`, with `:SS` always or
    /// only when not zero (as the journal writes it): the reports' and
    /// exports' hot path.
    @inlinable package mutating func stamp(_ t: CivilDateTime, separator: UInt8, alwaysSeconds: Bool) {
        guard t.date.year >= 0 else { text(t.journalText); return }
        let seconds = alwaysSeconds || t.second != 0
        guard t.date.year <= 9999 else {
            digits(t.date.year, width: 4); byte(0x2D); digits(t.date.month, width: 2); byte(0x2D)
            digits(t.date.day, width: 2); byte(separator); digits(t.hour, width: 2); byte(0x3A)
            digits(t.minute, width: 2)
            if seconds { byte(0x3A); digits(t.second, width: 2) }
            return
        }
        let p = room(seconds ? 19 : 16)
        @inline(__always) func two(_ v: Int, _ at: Int) {
            p[at] = UInt8(truncatingIfNeeded: 0x30 + v / 10)
            p[at + 1] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
        }
        two(t.date.year / 100, 0); two(t.date.year % 100, 2); p[4] = 0x2D
        two(t.date.month, 5); p[7] = 0x2D; two(t.date.day, 8)
        p[10] = separator; two(t.hour, 11); p[13] = 0x3A; two(t.minute, 14)
        if seconds { p[16] = 0x3A; two(t.second, 17) }
    }
}
