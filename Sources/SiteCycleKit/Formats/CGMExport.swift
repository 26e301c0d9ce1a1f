/// Glucose readings from a CGM's own export file: Dexcom Clarity CSV,
/// LibreView CSV or Nightscout `entries.json`, told apart by content.
/// Readers scan bytes (no Regex, no DateFormatter, no JSON decoder), so a
/// year of readings or a 50 MB file is read in one pass.
public enum GlucoseUnit: String, Sendable, CaseIterable {
    case mgdl = "mg/dL"
    case mmol = "mmol/L"

    /// mg/dL per mmol/L (glucose, 180.16 g/mol).
    public static let mgdlPerMmol = 18.016

    /// `value` (in `self`) expressed in `unit`.
    public func convert(_ value: Double, to unit: GlucoseUnit) -> Double {
        if self == unit { return value }
        return self == .mgdl ? value / GlucoseUnit.mgdlPerMmol : value * GlucoseUnit.mgdlPerMmol
    }
}

public enum CGMFormat: String, Sendable, CaseIterable {
    case clarity, libreview, nightscout
}

/// How LibreView wrote its dates: `DD-MM-YYYY` or the US `MM-DD-YYYY`.
public enum DateOrder: String, Sendable, CaseIterable {
    case dmy, mdy
}

/// One sensor glucose value at one instant, in its file's unit.
public struct GlucoseReading: Sendable, Equatable, BitwiseCopyable {
    public var instant: Instant
    public var value: Double
    /// Clarity's `Low` (-1) or `High` (+1), counted as 40 and 400 mg/dL
    /// (2.2 and 22.2 mmol/L); 0 for a number.
    public var extreme: Int8

    public init(instant: Instant, value: Double, extreme: Int8 = 0) {
        self.instant = instant
        self.value = value
        self.extreme = extreme
    }
}

/// Everything read from one or more exports: the readings in time order,
/// each once, and what could not be read.
public struct CGMExport: Sendable {
    public var format: CGMFormat
    public var unit: GlucoseUnit
    /// Oldest first; a reading repeated by overlapping exports (the same
    /// instant and value) is kept once.
    public var readings: [GlucoseReading]
    /// Readings dropped because an earlier one had the same instant and value.
    public var duplicates = 0
    /// Rows that look like readings but did not read.
    public var badRows = 0
    /// The 1-based lines of the first few of them.
    public var badLines: [Int] = []
    /// The first of them whose cell is known: why it did not read.
    public var firstUnreadable: UnreadableRow?
    /// Exports combined (`combined`): each one's rows left out and their
    /// first lines, by its place among the files, so every file's bad lines
    /// are named with that file (empty for one export read alone).
    public var badRowsByExport: [(export: Int, rows: Int, lines: [Int])] = []
    /// LibreView: the date order used, and whether the file showed it
    /// (AM/PM, a day above 12) rather than `--date-order`.
    public var dateOrder: DateOrder?
    public var dateOrderFromFile = false

    /// The first row whose glucose reads as one number or two (`5,6`
    /// unquoted between commas in a row no longer than its header): which
    /// export it is in (0 for the first one combined) and its line.
    public var ambiguousDecimal: (export: Int, line: Int)?

    /// How many bad lines are named.
    public static let namedBadLines = 5

    public init(format: CGMFormat, unit: GlucoseUnit, readings: [GlucoseReading] = []) {
        self.format = format
        self.unit = unit
        self.readings = readings
    }

    mutating func bad(line: Int) {
        badRows += 1
        if badLines.count < CGMExport.namedBadLines { badLines.append(line) }
    }

    /// A row left out for one cell: `column` is its header (or JSON key)
    /// as the file names it, `value` the cell as written.
    mutating func bad(line: Int, _ reason: UnreadableRow.Reason, column: String, value: String) {
        if firstUnreadable == nil || line < firstUnreadable!.line {
            firstUnreadable = UnreadableRow(line: line, reason: reason, column: column, value: value)
        }
        bad(line: line)
    }

    mutating func badDecimal(line: Int) {
        bad(line: line)
        if ambiguousDecimal == nil { ambiguousDecimal = (0, line) }
    }

    /// Sorted oldest first (exports come newest first, grouped by type, or
    /// in order), repeats dropped: a reading at the same instant with the
    /// same value as one kept. Two values at one instant are both kept
    /// (neither is known to be the wrong one).
    mutating func settle() {
        var sorted = true, reversed = true
        var i = 1
        while i < readings.count && (sorted || reversed) {
            if readings[i].instant < readings[i - 1].instant { sorted = false }
            if readings[i].instant > readings[i - 1].instant { reversed = false }
            i += 1
        }
        if !sorted {
            if reversed { readings.reverse() } else { readings.sort { $0.instant < $1.instant } }
        }
        // Each instant's readings are compared with the ones kept at that
        // instant: by looking through them while they are few, through a
        // set once they are many (a file may give thousands one instant).
        var kept = 0, j = 0
        var seen = Set<ValueKey>()
        while j < readings.count {
            let instant = readings[j].instant, groupStart = kept
            var end = j + 1
            while end < readings.count, readings[end].instant == instant { end += 1 }
            let many = end - j > 8
            if many { seen.removeAll(keepingCapacity: true) }
            for k in j..<end {
                let r = readings[k]
                let repeated = many ? !seen.insert(ValueKey(r)).inserted : readings[groupStart..<kept].contains(r)
                if repeated { continue }
                readings[kept] = r
                kept += 1
            }
            j = end
        }
        duplicates += readings.count - kept
        readings.removeLast(readings.count - kept)
    }

    /// A reading's value as `==` compares it, for a set (values are
    /// finite: read from digits).
    private struct ValueKey: Hashable {
        var bits: UInt64, extreme: Int8
        init(_ r: GlucoseReading) { bits = (r.value + 0).bitPattern; extreme = r.extreme }
    }

    /// Several exports as one: values in the first one's unit, a reading
    /// two of them hold (the same instant and value) once.
    public static func combined(_ parts: [CGMExport]) -> CGMExport {
        guard var result = parts.first else { return CGMExport(format: .clarity, unit: .mgdl) }
        for (k, part) in parts.enumerated().dropFirst() {
            if result.ambiguousDecimal == nil, let a = part.ambiguousDecimal { result.ambiguousDecimal = (k, a.line) }
            if result.firstUnreadable == nil, var u = part.firstUnreadable {
                u.export = k
                result.firstUnreadable = u
            }
            result.readings.reserveCapacity(result.readings.count + part.readings.count)
            for r in part.readings {
                result.readings.append(GlucoseReading(instant: r.instant, value: part.unit.convert(r.value, to: result.unit),
                                                      extreme: r.extreme))
            }
            result.duplicates += part.duplicates
            result.badRows += part.badRows
        }
        if parts.count > 1 { result.settle() }
        result.badRowsByExport = parts.enumerated().filter { $0.element.badRows > 0 }
            .map { ($0.offset, $0.element.badRows, $0.element.badLines) }
        return result
    }
}

/// A row left out, told by its first cell that did not read.
public struct UnreadableRow: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The time is not a date the reader knows.
        case date
        /// The glucose cell is not a number above 0 (nor Low or High).
        case glucose
        /// A Nightscout entry names the key `column` twice (the one JSON
        /// rule: which value is meant is not guessed).
        case duplicateKey
    }

    /// Which export it is in (0 for the first one combined), and its line.
    public var export = 0
    public var line: Int
    public var reason: Reason
    public var column: String
    /// The cell as written, cut at 40 characters.
    public var value: String

    public init(line: Int, reason: Reason, column: String, value: String) {
        self.line = line
        self.reason = reason
        self.column = column
        self.value = value.count > 40 ? String(value.prefix(40)) + "…" : value
    }

    static func cell(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}

/// Why a file gave no readings: facts; the command line words them.
public enum CGMReadError: Error, Equatable, Sendable {
    /// Not a Clarity CSV, a LibreView CSV or a Nightscout entries file.
    case unknownFormat
    /// The right shape, but no glucose column (Clarity, LibreView).
    case noGlucoseColumn(CGMFormat)
    /// LibreView dates such as 03-04-2026 with nothing in the file to say
    /// which is the day: the first such row's line, the 1-based column of
    /// its timestamp and the timestamp as written.
    case dateOrderUnknown(line: Int, column: Int, date: String)
    /// Some rows read only as day-first, others only as month-first.
    case dateOrderConflict(dmyLine: Int, mdyLine: Int)
    /// The right shape, but not one reading: no rows of the kind that
    /// holds them (Clarity `EGV`, LibreView record type 0, Nightscout
    /// `sgv`), or only unreadable ones (`unreadable`, the first `lines`).
    case noReadings(CGMFormat, unreadable: Int, lines: [Int], first: UnreadableRow?)
    /// JSON, but neither an array of entries (or entries one object a
    /// line) nor one wrapped as `{"entries":[…]}` or
    /// `{"status":200,"result":[…]}`; `status`: the answer's own status
    /// where it gives one (401 without the API secret).
    case notNightscoutEntries(status: Int?)
    /// Text in a wide encoding with no byte order mark to say so
    /// (`UTF-16LE`, …): named, not guessed at.
    case wideWithoutBOM(String)
}

/// Reads an export in whichever format its content shows.
public enum CGMReader {
    /// The format `bytes` look like, or nil.
    public static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> CGMFormat? {
        sniff(bytes)?.format
    }

    /// The format and, for the CSV ones, the field separator the header
    /// uses. A LibreView header told only by its column order counts once
    /// a row after it (within three lines) has a record type and a date.
    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> (format: CGMFormat, separator: UInt8)? {
        if isJSON(bytes) {
            guard case .entries = NightscoutEntries.shape(bytes) else { return nil }
            return (.nightscout, 0)
        }
        var lines = CSVLines(bytes)
        var fields = CSVFields()
        var byPosition: (separator: UInt8, rowsLeft: Int)?
        for _ in 0..<6 {
            guard let line = lines.next() else { break }
            if let b = byPosition {
                fields.split(bytes, line.range, separator: b.separator)
                if LibreViewCSV.isRowByPosition(bytes, fields) { return (.libreview, b.separator) }
                guard b.rowsLeft > 1 else { return nil }
                byPosition = (b.separator, b.rowsLeft - 1)
                continue
            }
            guard lines.number <= 3 else { break }
            let separator = CSVFields.separator(bytes, line.range)
            fields.split(bytes, line.range, separator: separator)
            if ClarityCSV.columns(bytes, fields) != nil { return (.clarity, separator) }
            if LibreViewCSV.isHeader(bytes, fields) { return (.libreview, separator) }
            if LibreViewCSV.columnsByPosition(bytes, fields) != nil { byPosition = (separator, 3) }
        }
        return nil
    }

    /// Text that starts with a UTF-16 or UTF-32 byte order mark (an export
    /// saved by a Windows tool as "Unicode"), as UTF-8, each unit that
    /// does not decode as U+FFFD; nil for any other bytes. Its lines stay
    /// where they were, so a line named is the file's.
    package static func utf8(fromBOM b: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let utf32 = b.starts(with: [0xFF, 0xFE, 0, 0]) || b.starts(with: [0, 0, 0xFE, 0xFF])
        let utf16 = !utf32 && (b.starts(with: [0xFF, 0xFE]) || b.starts(with: [0xFE, 0xFF]))
        guard utf32 || utf16 else { return nil }
        let little = b[0] == 0xFF, width = utf32 ? 4 : 2
        func unit(_ at: Int) -> UInt32 {
            (0..<width).reduce(0) { v, k in v | UInt32(b[at + k]) << (8 * UInt32(little ? k : width - 1 - k)) }
        }
        let units = stride(from: width, to: b.count - width + 1, by: width).map(unit)
        let text = utf32 ? String(decoding: units, as: UTF32.self) : String(decoding: units.map { UInt16($0) }, as: UTF16.self)
        return Array(text.utf8) + (b.count % width == 0 ? [] : [0xEF, 0xBF, 0xBD])
    }

    /// The wide encoding ASCII text without a byte order mark shows in its
    /// first units (`UTF-16LE`: every second byte zero), or nil: such a
    /// file is named, never read as bytes it is not.
    package static func wideEncodingWithoutBOM(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        let n = min(b.count, 64) / 4 * 4
        guard n >= 8 else { return nil }
        let head = Array(b[0..<n])
        func all(_ width: Int, zero: [Int], set: Int) -> Bool {
            stride(from: 0, to: n, by: width).allSatisfy { at in zero.allSatisfy { head[at + $0] == 0 } }
                && stride(from: 0, to: n, by: width).contains { head[$0 + set] != 0 }
        }
        if all(4, zero: [1, 2, 3], set: 0) { return "UTF-32LE" }
        if all(4, zero: [0, 1, 2], set: 3) { return "UTF-32BE" }
        if all(2, zero: [1], set: 0) { return "UTF-16LE" }
        if all(2, zero: [0], set: 1) { return "UTF-16BE" }
        return nil
    }

    /// Whether the first byte after a BOM and blanks opens JSON.
    static func isJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i < bytes.count && (bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{"))
    }

    /// The readings of one export. Local times are read in `zone`;
    /// `dateOrder` settles LibreView dates the file leaves open.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, zone: ZoneRules,
                            dateOrder: DateOrder? = nil) -> Result<CGMExport, CGMReadError> {
        if let utf8 = utf8(fromBOM: bytes) {
            return utf8.withUnsafeBufferPointer { read($0, zone: zone, dateOrder: dateOrder) }
        }
        if let wide = wideEncodingWithoutBOM(bytes) { return .failure(.wideWithoutBOM(wide)) }
        var result: Result<CGMExport, CGMReadError>
        let format: CGMFormat
        if isJSON(bytes) {
            switch NightscoutEntries.shape(bytes) {
            case .entries(let range): result = .success(NightscoutEntries.read(bytes, range))
            case .other(let status): return .failure(.notNightscoutEntries(status: status))
            }
            format = .nightscout
        } else {
            guard let (found, separator) = sniff(bytes) else { return .failure(.unknownFormat) }
            format = found
            switch format {
            case .clarity: result = ClarityCSV.read(bytes, zone: zone, separator: separator)
            case .libreview: result = LibreViewCSV.read(bytes, zone: zone, dateOrder: dateOrder, separator: separator)
            case .nightscout: return .failure(.unknownFormat)
            }
        }
        if case .success(var export) = result {
            export.settle()
            result = export.readings.isEmpty
                ? .failure(.noReadings(format, unreadable: export.badRows, lines: export.badLines,
                                        first: export.firstUnreadable))
                : .success(export)
        }
        return result
    }
}

/// Wall-clock times in one zone to instants, remembering the offset of the
/// last hour read: a file's readings come hour after hour, so the zone's
/// rules are asked once an hour, not once a reading.
struct WallClockReader {
    let zone: ZoneRules
    private var hour = Int64.min
    private var offset: Int64 = 0

    init(zone: ZoneRules) { self.zone = zone }

    private var lastWall = Int64.min
    private var lastInstant = Int64.min
    private var lastValue = Double.nan

    /// The instant a wall time names (rows in time order). Where clocks
    /// went back, the first of the two, unless the file has already passed
    /// it: a second pass through the repeated hour after the times went
    /// backwards is the later offset, and so is a time given twice in a row
    /// with another value (rows sorted by wall time: each repeated time
    /// once per offset). The same time and value again is the same instant
    /// (a repeated row). A time the clocks skipped is read with the offset
    /// before the jump.
    mutating func instant(wallSeconds wall: Int64, value: Double) -> Instant {
        let h = wall >= 0 ? wall / 3600 : (wall - 3599) / 3600
        defer { lastWall = wall; lastValue = value }
        if wall <= lastWall, lastWall - wall <= 7_200,
           case .ambiguous(let earlier, _, let later, let laterOffset) = zone.resolve(wallSeconds: wall) {
            if wall < lastWall, earlier.seconds <= lastInstant {
                offset = Int64(laterOffset)
                hour = h
                lastInstant = later.seconds
                return later
            }
            if wall == lastWall, value != lastValue, lastInstant == earlier.seconds {
                hour = Int64.min  // the next time is read afresh: its first pass comes first
                lastInstant = later.seconds
                return later
            }
        }
        if h != hour {
            switch zone.reading(wallSeconds: wall) {
            case .instant(_, let o):
                offset = Int64(o)
                hour = h
            case .skipped:
                let skipped = wall - Int64(zone.offset(at: Instant(seconds: wall - 86_400)))
                lastInstant = skipped
                return Instant(seconds: skipped)
            }
        }
        lastInstant = wall - offset
        return Instant(seconds: lastInstant)
    }
}
