/// A cursor over the bytes of one line. Positions are absolute offsets into
/// the file so spans can be reported and edited without re-counting.
package struct ByteCursor {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var position: Int
    package let end: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    package var isAtEnd: Bool { position >= end }
    package var peek: UInt8? { position < end ? bytes[position] : nil }

    package func peek(at offset: Int) -> UInt8? {
        let i = position + offset
        return i < end ? bytes[i] : nil
    }

    package mutating func advance(_ n: Int = 1) { position = min(position + n, end) }

    /// Consumes spaces and tabs; returns how many.
    @discardableResult
    package mutating func skipBlanks() -> Int {
        let from = position
        while position < end, isBlank(bytes[position]) { position += 1 }
        return position - from
    }

    /// Consumes exactly `count` ASCII digits and returns their value, or nil
    /// (leaving the cursor where it was).
    package mutating func digits(_ count: Int) -> Int? {
        guard position + count <= end else { return nil }
        var value = 0
        for i in 0..<count {
            let b = bytes[position + i]
            guard b >= 0x30 && b <= 0x39 else { return nil }
            value = value * 10 + Int(b - 0x30)
        }
        position += count
        return value
    }

    package mutating func consume(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Advances to the next blank, `;`, or the end; returns the range passed.
    package mutating func word() -> Range<Int> {
        let from = position
        while position < end, !isBlank(bytes[position]), bytes[position] != UInt8(ascii: ";") { position += 1 }
        return from..<position
    }

    /// The offset of the first `;` at or after the cursor, or `end`.
    package func firstSemicolon() -> Int {
        var i = position
        while i < end, bytes[i] != UInt8(ascii: ";") { i += 1 }
        return i
    }

    /// `range` with blanks removed from both ends.
    package func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, isBlank(bytes[lo]) { lo += 1 }
        while hi > lo, isBlank(bytes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }
}

@inline(__always) package func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

/// The words of `range` in `bytes`, split at runs of blanks: how the parser
/// and the builder read an entry's clause words (`EntryClauses`).
package func blankSeparatedWords<Bytes: RandomAccessCollection>(_ bytes: Bytes, in range: Range<Int>) -> [Range<Int>]
    where Bytes.Element == UInt8, Bytes.Index == Int {
    var words: [Range<Int>] = [], i = range.lowerBound
    while i < range.upperBound {
        while i < range.upperBound, isBlank(bytes[i]) { i += 1 }
        let start = i
        while i < range.upperBound, !isBlank(bytes[i]) { i += 1 }
        if i > start { words.append(start..<i) }
    }
    return words
}
@inline(__always) package func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
@inline(__always) package func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
