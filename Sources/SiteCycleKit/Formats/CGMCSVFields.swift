/// The lines of a CSV file as byte ranges: LF, CRLF or a lone CR (a
/// file saved by an old Mac tool), a BOM skipped.
struct CSVLines {
    let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private(set) var number = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The next line without its line end, and its 1-based number.
    mutating func next() -> (range: Range<Int>, number: Int)? {
        guard position < bytes.count else { return nil }
        let start = position
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        position = end + 1
        if end < bytes.count, bytes[end] == 0x0D, position < bytes.count, bytes[position] == 0x0A { position += 1 }
        number += 1
        return (start..<end, number)
    }
}

/// The fields of one CSV line as byte ranges, quotes taken off (a quoted
/// field keeps its inner `""`: the fields read here are dates and numbers).
/// The separator is the file's: `,`, `;` or a tab (`CSVFields.separator`).
struct CSVFields {
    private(set) var ranges: [Range<Int>] = []
    /// Bit `i` set: field `i` (of the first 64) was quoted.
    private var quotedMask: UInt64 = 0

    init() { ranges.reserveCapacity(32) }

    var count: Int { ranges.count }
    subscript(i: Int) -> Range<Int> { i < ranges.count ? ranges[i] : 0..<0 }

    func isQuoted(_ i: Int) -> Bool { i < 64 && quotedMask & (1 << UInt64(i)) != 0 }

    mutating func split(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, separator: UInt8 = UInt8(ascii: ",")) {
        ranges.removeAll(keepingCapacity: true)
        quotedMask = 0
        var i = line.lowerBound
        let end = line.upperBound
        while true {
            if i < end, bytes[i] == UInt8(ascii: "\"") {
                let from = i + 1
                var j = from
                while j < end {
                    if bytes[j] == UInt8(ascii: "\"") {
                        if j + 1 < end, bytes[j + 1] == UInt8(ascii: "\"") { j += 2; continue }
                        break
                    }
                    j += 1
                }
                if ranges.count < 64 { quotedMask |= 1 << UInt64(ranges.count) }
                ranges.append(from..<min(j, end))
                i = j + 1
                while i < end, bytes[i] != separator { i += 1 }
            } else {
                let from = i
                while i < end, bytes[i] != separator { i += 1 }
                ranges.append(from..<i)
            }
            guard i < end else { break }
            i += 1  // the separator
        }
    }

    /// The separator a header line uses: whichever of `,`, `;` and tab
    /// occurs most outside quotes (a comma on a tie). A European export
    /// writes `;` where its decimals are commas.
    static func separator(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> UInt8 {
        var commas = 0, semicolons = 0, tabs = 0, quoted = false
        for i in line {
            switch bytes[i] {
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: ",") where !quoted: commas += 1
            case UInt8(ascii: ";") where !quoted: semicolons += 1
            case 0x09 where !quoted: tabs += 1
            default: break
            }
        }
        if semicolons > commas && semicolons >= tabs { return UInt8(ascii: ";") }
        return tabs > commas ? 0x09 : UInt8(ascii: ",")
    }

    /// The glucose value in field `column`. A decimal comma is read where
    /// it cannot be a separator: between `;` or tabs, or quoted (`"5,6"`).
    /// Unquoted between commas, `5,6` splits into two bare numbers; that is
    /// one value (5.6) when the row has more fields than its header
    /// (`headerCount`), and `.ambiguous` when it has not: the second number
    /// may be a field of its own. Never 5, never 56.
    func glucose(_ bytes: UnsafeBufferPointer<UInt8>, _ column: Int, headerCount: Int,
                 separator: UInt8) -> GlucoseCell {
        if separator == UInt8(ascii: ","), column + 1 < count, !isQuoted(column), !isQuoted(column + 1),
           let whole = Self.bareDigits(bytes, self[column], upTo: 3),
           let fraction = Self.bareDigits(bytes, self[column + 1], upTo: 2) {
            guard count > headerCount else { return .ambiguous }
            let digits = CGMBytes.trimmed(bytes, self[column + 1]).count
            return .number(Double(whole) + Double(fraction) / (digits == 1 ? 10 : 100))
        }
        return CGMBytes.number(bytes, self[column]).map(GlucoseCell.number) ?? .other
    }

    /// 1 to `upTo` ASCII digits and nothing else (blanks around allowed).
    static func bareDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, upTo: Int) -> Int? {
        let r = CGMBytes.trimmed(bytes, range)
        guard (1...upTo).contains(r.count) else { return nil }
        return CGMBytes.digits(bytes, r.lowerBound, r.count, end: r.upperBound)
    }

    /// The first field whose bytes satisfy `test`.
    func index(_ bytes: UnsafeBufferPointer<UInt8>, where test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int? {
        ranges.firstIndex { test(UnsafeBufferPointer(rebasing: bytes[$0])) }
    }
}

/// What a glucose field holds.
enum GlucoseCell: Equatable {
    case number(Double)
    /// `5,6` unquoted between commas in a row no longer than its header.
    case ambiguous
    /// Empty, or text (`Low`, `High`, `n/a`).
    case other
}

/// Byte-level readers of the numbers and dates in CGM exports.
enum CGMBytes {
    /// Whether `field` contains `text`, ASCII letters in any case. Only
    /// for headers: rows are told from headers before this is asked.
    static func has(_ field: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard needle.count <= field.count else { return false }
        func fold(_ b: UInt8) -> UInt8 { isASCIILetter(b) ? b | 0x20 : b }
        for start in 0...(field.count - needle.count) {
            var k = 0
            while k < needle.count, fold(field[start + k]) == fold(needle[k]) { k += 1 }
            if k == needle.count { return true }
        }
        return false
    }

    /// Whether `field` starts with `text`.
    static func starts(_ field: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard field.count >= text.utf8CodeUnitCount else { return false }
        let t = text.utf8Start
        for k in 0..<text.utf8CodeUnitCount where field[k] != t[k] { return false }
        return true
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        let r = trimmed(bytes, range)
        guard r.count == text.utf8CodeUnitCount else { return false }
        let t = text.utf8Start
        for k in 0..<r.count where bytes[r.lowerBound + k] != t[k] { return false }
        return true
    }

    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, isBlank(bytes[lo]) { lo += 1 }
        while hi > lo, isBlank(bytes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    /// `120`, `7.8`, `7,8` (a quoted decimal comma); nil for anything else.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        let r = trimmed(bytes, range)
        guard !r.isEmpty else { return nil }
        var whole: Int64 = 0, fraction: Int64 = 0, scale: Int64 = 1
        var i = r.lowerBound, digits = 0, inFraction = false
        while i < r.upperBound {
            let b = bytes[i]
            if isDigit(b) {
                digits += 1
                guard digits <= 15 else { return nil }
                if inFraction { fraction = fraction * 10 + Int64(b - 0x30); scale *= 10 } else { whole = whole * 10 + Int64(b - 0x30) }
            } else if (b == UInt8(ascii: ".") || b == UInt8(ascii: ",")) && !inFraction {
                inFraction = true
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        return Double(whole) + Double(fraction) / Double(scale)
    }

    /// `digits` ASCII digits at `i`, or nil.
    static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ count: Int, end: Int) -> Int? {
        guard i + count <= end else { return nil }
        var v = 0
        for k in i..<(i + count) {
            guard isDigit(bytes[k]) else { return nil }
            v = v * 10 + Int(bytes[k] - 0x30)
        }
        return v
    }

    /// One or two digits at `i`; the value and how many were read.
    static func shortNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> (Int, Int)? {
        guard i < end, isDigit(bytes[i]) else { return nil }
        if i + 1 < end, isDigit(bytes[i + 1]) { return (Int(bytes[i] - 0x30) * 10 + Int(bytes[i + 1] - 0x30), 2) }
        return (Int(bytes[i] - 0x30), 1)
    }
}

/// A glucose figure as the exports and the outcomes show it.
extension Double {
    var roundedToTenth: Double { (self * 10).rounded() / 10 }
}
