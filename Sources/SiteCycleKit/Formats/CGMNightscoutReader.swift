/// Nightscout's `entries.json` (`/api/v1/entries.json`): an array of
/// objects, newest first; `type: "sgv"` ones are sensor readings with `sgv`
/// in mg/dL and `date` in milliseconds since the epoch (`dateString` when
/// `date` is missing). `utcOffset` only says what the phone's clock showed:
/// the instant is `date`. Other types (`mbg`, `cal`) are left out.
///
/// Scanned byte by byte, object after object, so two downloads pasted one
/// after the other (`[…][…]`) or one object a line read too.
enum NightscoutEntries {
    /// Whether the JSON holds an object with an `sgv` key near its start.
    static func looksLikeEntries(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, 4096)])
        return CGMBytes.has(head, "\"sgv\"")
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> CGMExport {
        var scanner = JSONScanner(bytes: bytes)
        var export = CGMExport(format: .nightscout, unit: .mgdl)
        export.readings.reserveCapacity(bytes.count / 150)
        while let start = scanner.nextObjectStart() {
            let line = scanner.line(at: start)
            guard let entry = scanner.entry() else {
                export.bad(line: line)
                // Resynchronise at the next object that starts a line.
                scanner.skipToNextLine()
                continue
            }
            if let type = entry.type, !CGMBytes.equals(bytes, type, "sgv") { continue }
            guard let sgv = entry.sgv, sgv > 0, let instant = entry.instant else {
                if entry.sgv != nil || entry.type != nil { export.bad(line: line) }
                continue
            }
            export.readings.append(GlucoseReading(instant: instant, value: sgv))
        }
        return export
    }
}

/// Just enough JSON for entries: objects with string, number, literal,
/// array and object values, keys matched as bytes.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var i: Int
    private var lineAt = 0, lineNumber = 1

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    struct Entry {
        var type: Range<Int>?
        var sgv: Double?
        var instant: Instant?
    }

    /// The 1-based line of `offset`, counting on from the last asked.
    mutating func line(at offset: Int) -> Int {
        while lineAt < offset {
            if bytes[lineAt] == 0x0A { lineNumber += 1 }
            lineAt += 1
        }
        return lineNumber
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// Past array brackets and commas to the next `{`; nil at the end.
    mutating func nextObjectStart() -> Int? {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): return i
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: skipToNextLine()
            }
        }
        return nil
    }

    mutating func skipToNextLine() {
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
    }

    /// One object's `type`, `sgv` and time; nil if it is not JSON.
    mutating func entry() -> Entry? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var entry = Entry()
        var dateString: Range<Int>?
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return entry }
        while true {
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            let valueStart = i
            guard skipValue() else { return nil }
            let value = valueStart..<i
            if CGMBytes.equals(bytes, key, "type") {
                entry.type = unquoted(value)
            } else if CGMBytes.equals(bytes, key, "sgv") {
                entry.sgv = unquoted(value).flatMap { CGMBytes.number(bytes, $0) }
            } else if CGMBytes.equals(bytes, key, "date") {
                if let ms = unquoted(value).flatMap({ CGMBytes.number(bytes, $0) }) {
                    entry.instant = Instant(seconds: Int64((ms / 1000).rounded(.down)))
                }
            } else if CGMBytes.equals(bytes, key, "dateString") {
                dateString = unquoted(value)
            }
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "}") else { return nil }
            i += 1
            break
        }
        if entry.instant == nil, let dateString { entry.instant = isoInstant(dateString) }
        return entry
    }

    /// A string's contents (between the quotes); nil if not a string.
    mutating func string() -> Range<Int>? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let from = i + 1
        var j = from
        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") {
            if bytes[j] == UInt8(ascii: "\\") { j += 1 }
            j += 1
        }
        guard j < bytes.count else { return nil }
        i = j + 1
        return from..<j
    }

    /// Past one value of any kind.
    mutating func skipValue() -> Bool {
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""): guard string() != nil else { return false }; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { i += 1; return true }
                default: break
                }
                i += 1
            }
            return false
        default:
            let from = i
            while i < bytes.count, bytes[i] != UInt8(ascii: ","), bytes[i] != UInt8(ascii: "}"), bytes[i] != UInt8(ascii: "]"),
                  bytes[i] != 0x20, bytes[i] != 0x0A, bytes[i] != 0x0D, bytes[i] != 0x09 { i += 1 }
            return i > from
        }
    }

    /// A value's bytes without the quotes of a string.
    func unquoted(_ r: Range<Int>) -> Range<Int>? {
        if r.count >= 2, bytes[r.lowerBound] == UInt8(ascii: "\"") { return (r.lowerBound + 1)..<(r.upperBound - 1) }
        if CGMBytes.equals(bytes, r, "null") { return nil }
        return r
    }

    /// `2026-02-01T08:05:00.000Z` or `…+01:00`; nil without a zone.
    func isoInstant(_ r: Range<Int>) -> Instant? {
        guard let wall = ClarityCSV.wallSeconds(bytes, r.lowerBound..<min(r.upperBound, r.lowerBound + 19)) else { return nil }
        var k = r.lowerBound + 19
        if k < r.upperBound, bytes[k] == UInt8(ascii: ".") {
            k += 1
            while k < r.upperBound, isDigit(bytes[k]) { k += 1 }
        }
        guard k < r.upperBound else { return nil }
        if bytes[k] == UInt8(ascii: "Z"), k + 1 == r.upperBound { return Instant(seconds: wall) }
        let sign: Int64 = bytes[k] == UInt8(ascii: "+") ? 1 : bytes[k] == UInt8(ascii: "-") ? -1 : 0
        guard sign != 0, let hh = CGMBytes.digits(bytes, k + 1, 2, end: r.upperBound) else { return nil }
        var m = k + 3
        if m < r.upperBound, bytes[m] == UInt8(ascii: ":") { m += 1 }
        guard let mm = CGMBytes.digits(bytes, m, 2, end: r.upperBound), m + 2 == r.upperBound else { return nil }
        return Instant(seconds: wall - sign * Int64(hh * 3600 + mm * 60))
    }
}
