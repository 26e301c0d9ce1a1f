/// Strings, numbers, and reading without building: `JSONReader`'s parts.
extension JSONReader {
    /// A string at `offset` (its opening quote), with its escapes read.
    mutating func string() throws(JSONError) -> String {
        let (contents, escaped, _) = try stringRange()
        let raw = UnsafeBufferPointer(rebasing: bytes[contents])
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        return Self.unescaped(raw)
    }

    /// A string's contents (between its quotes), checked, whether it
    /// holds an escape, and whether it is all ASCII; `offset` ends past
    /// its closing quote.
    public mutating func stringRange() throws(JSONError) -> (Range<Int>, escaped: Bool, ascii: Bool) {
        let open = offset
        offset += 1
        var escaped = false
        var high: UInt8 = 0
        while offset < bytes.count {
            let b = bytes[offset]
            high |= b
            if b == UInt8(ascii: "\"") {
                offset += 1
                return ((open + 1)..<(offset - 1), escaped, high < 0x80)
            }
            if b == UInt8(ascii: "\\") {
                escaped = true
                try escape()
                continue
            }
            guard b >= 0x20 else { throw error("a control character in a string (write it as an escape: \\n, \\u0001)") }
            offset += 1
        }
        throw error("a string without its closing quote", at: open)
    }

    /// Past one escape at `offset`, checked.
    mutating func escape() throws(JSONError) {
        guard offset + 1 < bytes.count else { throw error("a string without its closing quote") }
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 2
        case UInt8(ascii: "u"):
            guard Self.hex(bytes, offset + 2) != nil else { throw error("`\\u` needs four hex digits") }
            offset += 6
        default:
            throw error("an unknown escape after `\\` (write `\\\\` for a backslash)")
        }
    }

    /// Four hex digits at `at` as a number; nil if they are not.
    static func hex(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for k in at..<(at + 4) {
            let b = bytes[k], lower = b | 0x20
            let d: UInt8
            if isDigit(b) { d = b - 0x30 } else if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") { d = lower - 0x57 } else {
                return nil
            }
            v = v * 16 + UInt32(d)
        }
        return v
    }

    /// Checked contents with escapes read: a surrogate pair is one
    /// scalar, a lone surrogate U+FFFD.
    static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        while k < raw.count {
            let b = raw[k]
            guard b == UInt8(ascii: "\\") else { out.append(b); k += 1; continue }
            let e = raw[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var unit = hex(raw, k)!
                k += 4
                if (0xD800...0xDBFF).contains(unit), k + 6 <= raw.count, raw[k] == UInt8(ascii: "\\"),
                   raw[k + 1] == UInt8(ascii: "u"), let low = hex(raw, k + 2), (0xDC00...0xDFFF).contains(low) {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    k += 6
                }
                let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                out.append(contentsOf: UTF8.encode(scalar)!)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A number at `offset`: `.int` when it is a whole one without
    /// fraction or exponent that fits, else the nearest `.double`.
    mutating func number() throws(JSONError) -> JSON {
        let (range, whole) = try numberRange()
        if whole, range.count <= 18 {
            var v = 0
            let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
            for k in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
                v = v * 10 + Int(bytes[k] - 0x30)
            }
            return .int(negative ? -v : v)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if whole, let i = Int(text) { return .int(i) }
        guard let d = Double(text), d.isFinite else {
            throw error("the number \(text) is too large for a double", at: range.lowerBound)
        }
        return .double(d)
    }

    /// A number's bytes, checked against JSON's grammar, and whether it is
    /// whole (no fraction, no exponent).
    public mutating func numberRange() throws(JSONError) -> (Range<Int>, whole: Bool) {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        func digits(_ reader: inout JSONReader, what: String) throws(JSONError) {
            guard reader.offset < reader.bytes.count, isDigit(reader.bytes[reader.offset]) else {
                throw reader.error("a number needs digits \(what), found \(reader.found())")
            }
            while reader.offset < reader.bytes.count, isDigit(reader.bytes[reader.offset]) { reader.offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) {
                throw error("a number does not start with 0 (write 7, not 07)", at: start)
            }
        } else {
            try digits(&self, what: "after its sign")
        }
        var whole = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            try digits(&self, what: "after its `.`")
            whole = false
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            try digits(&self, what: "in its exponent")
            whole = false
        }
        return (start..<offset, whole)
    }

    /// Past one value, checked as `value` checks it, without building it.
    public mutating func skipValue(depth: Int) throws(JSONError) {
        guard offset < bytes.count else { throw error("expected a value, found the end of the text") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try members(depth: depth + 1) { _, _ in }
        case UInt8(ascii: "["):
            try enter(depth + 1)
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return }
            while true {
                try skipValue(depth: depth + 1)
                skipSpace()
                guard offset < bytes.count else { throw error("an array without its `]`") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; skipSpace(); continue }
                guard bytes[offset] == UInt8(ascii: "]") else { throw error("expected `,` or `]`, found \(found())") }
                offset += 1
                return
            }
        case UInt8(ascii: "\""): _ = try stringRange()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberRange()
        default: throw error("expected a value, found \(found())")
        }
    }

    /// The object at `offset`, read as `value` reads one (nested values
    /// checked, a key given twice refused) without building it: `member`
    /// gets each key's contents and its value's bytes, in order.
    public mutating func members(depth: Int = 1, _ member: (Range<Int>, Range<Int>) -> Void) throws(JSONError) {
        try enter(depth)
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return }
        var keys = RawKeys()
        while true {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes, found \(found())")
            }
            let at = offset
            let (key, escaped, ascii) = try stringRange()
            try keys.insert(key, plain: !escaped && ascii, escaped: escaped, at: at, in: self)
            try colon()
            let valueStart = offset
            try skipValue(depth: depth)
            member(key, valueStart..<offset)
            guard try objectGoesOn() else { return }
        }
    }

    /// An object's keys as ranges, compared as `KeySet` compares them:
    /// while all are plain ASCII, by a hash of their bytes first (and a
    /// 64-bit mask of the hashes, so most keys are new at one test), then
    /// byte by byte, held on the stack (an entry's keys cost no
    /// allocation); past 32 keys in a table, so a hostile object of many
    /// keys stays linear; once any key is escaped or not ASCII, as the
    /// strings they read.
    struct RawKeys {
        var hashes = InlineArray<32, UInt64>(repeating: 0)
        var ranges = InlineArray<32, Range<Int>>(repeating: 0..<0)
        var count = 0
        var mask: UInt64 = 0
        var table: [UInt64: [Range<Int>]]?
        var strings: KeySet?

        static func same(_ a: Range<Int>, _ b: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard a.count == b.count else { return false }
            var i = a.lowerBound, j = b.lowerBound
            while i < a.upperBound {
                if bytes[i] != bytes[j] { return false }
                i += 1
                j += 1
            }
            return true
        }

        /// A key's length and three of its bytes: enough to tell an
        /// entry's keys apart at once (equal ones are compared byte by byte).
        @inline(__always) static func signature(_ r: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            guard !r.isEmpty else { return 0 }
            return UInt64(r.count) | UInt64(bytes[r.lowerBound]) << 32 | UInt64(bytes[r.upperBound - 1]) << 40
                | UInt64(bytes[r.lowerBound + r.count / 2]) << 48
        }

        static func hash(_ r: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for k in r { h = (h ^ UInt64(bytes[k])) &* 0x100_0000_01b3 }
            return h
        }

        /// The plain keys so far.
        var plainKeys: [Range<Int>] {
            table.map { Array($0.values.joined()) } ?? (0..<count).map { ranges[$0] }
        }

        mutating func insert(_ key: Range<Int>, plain isPlain: Bool, escaped: Bool, at: Int,
                             in reader: JSONReader) throws(JSONError) {
            let bytes = reader.bytes
            func text(_ r: Range<Int>, _ escaped: Bool) -> String {
                let raw = UnsafeBufferPointer(rebasing: bytes[r])
                return escaped ? JSONReader.unescaped(raw) : String(decoding: raw, as: UTF8.self)
            }
            if isPlain, strings == nil {
                if table == nil, count < 32 {
                    let h = Self.signature(key, bytes)
                    let bit: UInt64 = 1 << ((h &* 0x9E37_79B9_7F4A_7C15) >> 58)
                    if mask & bit != 0 {
                        for k in 0..<count where hashes[k] == h && Self.same(ranges[k], key, bytes) {
                            throw KeySet.twice(text(key, false), at: at, in: reader)
                        }
                    }
                    mask |= bit
                    hashes[count] = h
                    ranges[count] = key
                    count += 1
                    return
                }
                let h = Self.hash(key, bytes)
                if table == nil { table = Dictionary(grouping: plainKeys) { Self.hash($0, bytes) } }
                if table![h, default: []].contains(where: { Self.same($0, key, bytes) }) {
                    throw KeySet.twice(text(key, false), at: at, in: reader)
                }
                table![h, default: []].append(key)
                return
            }
            // Past the plain case: every key as the string it reads.
            if strings == nil {
                var set = KeySet()
                for p in plainKeys { try set.insert(text(p, false), at: at, in: reader) }
                strings = set
            }
            try strings!.insert(text(key, escaped), at: at, in: reader)
        }
    }
}
