/// Nightscout's `entries.json` (`/api/v1/entries.json`): an array of
/// objects, newest first; `type: "sgv"` ones are sensor readings with `sgv`
/// in mg/dL and `date` in milliseconds since the epoch (`dateString` when
/// `date` is missing). `utcOffset` only says what the phone's clock showed:
/// the instant is `date`. Other types (`mbg`, `cal`) are left out.
///
/// Scanned byte by byte, object after object, so two downloads pasted one
/// after the other (`[…][…]`) or one object a line read too. The API's
/// answers that wrap the array, `{"entries":[…]}` and the v3 API's
/// `{"status":200,"result":[…]}`, are read from the array inside.
enum NightscoutEntries {
    /// Where a JSON file's entries are.
    enum Shape: Equatable {
        /// The entries lie in this range: the whole file, or the array
        /// inside a wrapper (up to its end, or the file's if it is cut off).
        case entries(Range<Int>)
        /// Something else; `status` is the wrapper's own, if it has one.
        case other(status: Int?)
    }

    /// The file's shape: an array (or objects one a line) whose start
    /// holds an `sgv` key, an empty array, or a wrapper object with an
    /// `entries` or `result` array of the same.
    static func shape(_ bytes: UnsafeBufferPointer<UInt8>) -> Shape {
        var scanner = JSONScanner(bytes: bytes)
        scanner.skipSpace()
        let whole = scanner.i..<bytes.count
        guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: "{") else {
            return holdsEntries(bytes, whole) ? .entries(whole) : .other(status: nil)
        }
        guard let wrapper = scanner.wrapper() else {
            // One entry a line, or a wrapper cut short before its array.
            return looksLikeEntries(bytes, whole) ? .entries(whole) : .other(status: nil)
        }
        if let array = wrapper.array, holdsEntries(bytes, array) { return .entries(array) }
        if wrapper.isEntry, looksLikeEntries(bytes, whole) { return .entries(whole) }
        return .other(status: wrapper.status)
    }

    /// Whether `range` has an `sgv` key near its start, or is an empty array.
    static func holdsEntries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        if looksLikeEntries(bytes, range) { return true }
        let text = Array(range.lazy.filter { bytes[$0] != 0x20 && bytes[$0] != 0x0A && bytes[$0] != 0x0D && bytes[$0] != 0x09 }
            .prefix(2).map { bytes[$0] })
        return text == [UInt8(ascii: "[")] || text == [UInt8(ascii: "["), UInt8(ascii: "]")]
    }

    /// Whether `range` holds an object with an `sgv` key near its start.
    static func looksLikeEntries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let head = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + 4096)])
        return CGMBytes.has(head, "\"sgv\"")
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> CGMExport {
        // Lines count from the start of the file; nothing past the array is read.
        var scanner = JSONScanner(bytes: UnsafeBufferPointer(rebasing: bytes[0..<range.upperBound]))
        scanner.i = max(scanner.i, range.lowerBound)
        var export = CGMExport(format: .nightscout, unit: .mgdl)
        export.readings.reserveCapacity(range.count / 150)
        while let start = scanner.nextObjectStart() {
            let line = scanner.line(at: start)
            let entry: JSONScanner.Entry
            switch scanner.entry() {
            case .success(let e): entry = e
            case .failure(let e):
                if case .duplicateKey(let key) = e.kind { export.bad(line: line, .duplicateKey, column: key, value: "") } else {
                    export.bad(line: line)
                }
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

    /// One object's `type`, `sgv` and time, read by the one decoder
    /// (`JSONReader.members`): nil with its error if it is not JSON we
    /// read — a key given twice included, as every JSON reader refuses it.
    mutating func entry() -> Result<Entry, JSONError> {
        var reader = JSONReader(bytes: bytes, offset: i)
        var entry = Entry()
        var dateString: Range<Int>?
        var badDate = false
        let scanner = self
        do throws(JSONError) {
            try reader.members { key, value in
                // Only keys of the lengths asked for are compared.
                guard key.count == 3 || key.count == 4 || key.count == 10 else { return }
                if CGMBytes.equals(scanner.bytes, key, "type") {
                    entry.type = scanner.unquoted(value)
                } else if CGMBytes.equals(scanner.bytes, key, "sgv") {
                    entry.sgv = scanner.unquoted(value).flatMap(scanner.number)
                } else if CGMBytes.equals(scanner.bytes, key, "date") {
                    // Years 1 to 9999 only: a later one is no reading's, and no date we could show.
                    if let r = scanner.unquoted(value) {
                        if let ms = scanner.number(r), ms >= -62_135_596_800_000, ms < 253_402_300_800_000 {
                            entry.instant = Instant(seconds: Int64((ms / 1000).rounded(.down)))
                        } else {
                            badDate = true
                        }
                    }
                } else if CGMBytes.equals(scanner.bytes, key, "dateString") {
                    dateString = scanner.unquoted(value)
                }
            }
        } catch {
            i = reader.offset
            return .failure(error)
        }
        i = reader.offset
        if entry.instant == nil, !badDate, let dateString { entry.instant = isoInstant(dateString) }
        return .success(entry)
    }

    /// The top-level object at `i`, read as an API answer: the range of
    /// its `entries` or `result` array (to the array's end, or the file's
    /// if it is cut off), its `status`, and whether it is an entry itself
    /// (an `sgv` or `type` key: entries one a line). Nil if the object
    /// does not read up to such an array or its end.
    mutating func wrapper() -> (array: Range<Int>?, status: Int?, isEntry: Bool)? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var status: Int?, isEntry = false
        while true {
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { return (nil, status, isEntry) }
            guard let key = memberKey() else { return nil }
            let valueStart = i
            let isArray = i < bytes.count && bytes[i] == UInt8(ascii: "[")
            if isArray, CGMBytes.equals(bytes, key, "entries") || CGMBytes.equals(bytes, key, "result") {
                return (valueStart..<(skipValue() ? i : bytes.count), status, false)
            }
            guard skipValue() else { return nil }
            if CGMBytes.equals(bytes, key, "sgv") || CGMBytes.equals(bytes, key, "type") { isEntry = true }
            if CGMBytes.equals(bytes, key, "status"), let n = CGMBytes.number(bytes, valueStart..<i), n < 1000 {
                status = Int(n)
            }
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "}") else { return nil }
            return (nil, status, isEntry)
        }
    }

    /// An object member's `"key":`, from the blanks before it to its
    /// value's first byte: the key's contents; nil if it is not one.
    mutating func memberKey() -> Range<Int>? {
        skipSpace()
        guard let key = string() else { return nil }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        skipSpace()
        return key
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

    /// A number as JSON writes it: `120`, `7.8`, and as mongoexport does,
    /// `1e2` or `1.557405318571e+12` (and 17 significant digits); nil for
    /// anything else.
    func number(_ r: Range<Int>) -> Double? {
        if let n = CGMBytes.number(bytes, r) { return n }
        let t = CGMBytes.trimmed(bytes, r)
        guard !t.isEmpty, t.count <= 40, t.allSatisfy({ b in
            isDigit(bytes[b]) || b == t.lowerBound && bytes[b] == UInt8(ascii: "-") || bytes[b] == UInt8(ascii: ".")
                || bytes[b] | 0x20 == UInt8(ascii: "e") || bytes[b] == UInt8(ascii: "+") || bytes[b] == UInt8(ascii: "-")
        }), isDigit(bytes[t.lowerBound]) || bytes[t.lowerBound] == UInt8(ascii: "-") else { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[t]), as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
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
