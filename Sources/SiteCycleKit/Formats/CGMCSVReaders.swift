/// The lines of a CSV file as byte ranges: LF or CRLF, a BOM skipped.
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
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        position = end + 1
        number += 1
        let trimmed = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
        return (start..<trimmed, number)
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

/// Dexcom Clarity's CSV export: one header (quoted with 13 or more columns,
/// or the older unquoted 12 with a BOM), rows for the patient, devices and
/// alerts with an empty timestamp, then one row per event; only `EGV`
/// rows are readings, at local times without a zone.
///
/// In another language (German: `Zeitstempel (JJJJ-MM-TTThh:mm:ss)`,
/// `Glukosewert (mmol/l)`) the header is told by the timestamp's format
/// hint, which ends `Thh:mm:ss)` in every language, and Clarity's fixed
/// order: the event type follows the timestamp, and the glucose value is
/// the first column after it with a unit.
enum ClarityCSV {
    /// The timestamp, event type and glucose columns of a header (glucose
    /// -1 when it has none).
    static func columns(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: CSVFields) -> (time: Int, event: Int, glucose: Int)? {
        if let time = fields.index(bytes, where: { CGMBytes.starts($0, "Timestamp") }),
           let event = fields.index(bytes, where: { CGMBytes.starts($0, "Event Type") }) {
            return (time, event, fields.index(bytes, where: { CGMBytes.starts($0, "Glucose Value") }) ?? -1)
        }
        guard let time = fields.index(bytes, where: { CGMBytes.has($0, "Thh:mm:ss)") }), time + 1 < fields.count else {
            return nil
        }
        let glucose = ((time + 2)..<max(time + 2, fields.count)).first { LibreViewCSV.unit(bytes, fields[$0]) != nil }
        return (time, time + 1, glucose ?? -1)
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, zone: ZoneRules,
                     separator: UInt8 = UInt8(ascii: ",")) -> Result<CGMExport, CGMReadError> {
        var lines = CSVLines(bytes)
        var fields = CSVFields()
        var columns: (time: Int, event: Int, glucose: Int, count: Int)?
        var export = CGMExport(format: .clarity, unit: .mgdl)
        var clock = WallClockReader(zone: zone)
        export.readings.reserveCapacity(bytes.count / 40)
        while let line = lines.next() {
            fields.split(bytes, line.range, separator: separator)
            // A header, the first or again where two exports were joined;
            // a row starts with its index.
            if columns == nil || line.range.isEmpty || !isDigit(bytes[line.range.lowerBound]),
               let header = Self.columns(bytes, fields) {
                guard header.glucose >= 0 else { return .failure(.noGlucoseColumn(.clarity)) }
                let g = UnsafeBufferPointer(rebasing: bytes[fields[header.glucose]])
                export.unit = CGMBytes.has(g, "mmol") ? .mmol : .mgdl
                columns = (header.time, header.event, header.glucose, fields.count)
                continue
            }
            guard let c = columns else { continue }
            guard CGMBytes.equals(bytes, fields[c.event], "EGV") else {
                // Other events (patient, device, alerts, insulin…) have an
                // index; text without one is neither a row nor a header.
                if !isIndex(bytes, fields[0]) && !isEmptyRow(bytes, fields) { export.bad(line: line.number) }
                continue
            }
            guard let wall = wallSeconds(bytes, CGMBytes.trimmed(bytes, fields[c.time])) else {
                export.bad(line: line.number)
                continue
            }
            let valueRange = fields[c.glucose]
            var reading = GlucoseReading(instant: Instant(seconds: 0), value: 0)
            let cell = fields.glucose(bytes, c.glucose, headerCount: c.count, separator: separator)
            if case .number(let v) = cell, v > 0 {
                reading.value = v
            } else if cell == .ambiguous {
                export.badDecimal(line: line.number)
                continue
            } else if CGMBytes.equals(bytes, valueRange, "Low") {
                reading.extreme = -1
                reading.value = GlucoseUnit.mgdl.convert(40, to: export.unit).roundedToTenth
            } else if CGMBytes.equals(bytes, valueRange, "High") {
                reading.extreme = 1
                reading.value = GlucoseUnit.mgdl.convert(400, to: export.unit).roundedToTenth
            } else {
                export.bad(line: line.number)
                continue
            }
            reading.instant = clock.instant(wallSeconds: wall, value: reading.value)
            export.readings.append(reading)
        }
        guard columns != nil else { return .failure(.unknownFormat) }
        return .success(export)
    }

    /// A row's first field: its number.
    static func isIndex(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let r = CGMBytes.trimmed(bytes, range)
        return !r.isEmpty && r.allSatisfy { isDigit(bytes[$0]) }
    }

    /// A line of nothing but blanks and commas.
    static func isEmptyRow(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: CSVFields) -> Bool {
        (0..<fields.count).allSatisfy { CGMBytes.trimmed(bytes, fields[$0]).isEmpty }
    }

    /// `2026-02-01T08:05:00` (or a space for `T`, seconds optional) read
    /// as UTC wall seconds.
    static func wallSeconds(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int64? {
        let i = r.lowerBound, end = r.upperBound
        guard let y = CGMBytes.digits(bytes, i, 4, end: end), i + 16 <= end, bytes[i + 4] == UInt8(ascii: "-"),
              let m = CGMBytes.digits(bytes, i + 5, 2, end: end), bytes[i + 7] == UInt8(ascii: "-"),
              let d = CGMBytes.digits(bytes, i + 8, 2, end: end),
              bytes[i + 10] == UInt8(ascii: "T") || bytes[i + 10] == UInt8(ascii: " "),
              let hh = CGMBytes.digits(bytes, i + 11, 2, end: end), bytes[i + 13] == UInt8(ascii: ":"),
              let mm = CGMBytes.digits(bytes, i + 14, 2, end: end) else { return nil }
        var ss = 0
        if end > i + 16 {
            guard bytes[i + 16] == UInt8(ascii: ":"), let s = CGMBytes.digits(bytes, i + 17, 2, end: end) else { return nil }
            ss = s
            // Fractions of a second, if an export ever writes them, are dropped.
            if end > i + 19, bytes[i + 19] != UInt8(ascii: ".") { return nil }
        }
        return civilSeconds(year: y, month: m, day: d, hour: hh, minute: mm, second: ss)
    }

    static func civilSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64? {
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid, hour < 24, minute < 60, second < 60 else { return nil }
        return CivilDateTime(date: date, hour: hour, minute: minute, second: second).secondsAsIfUTC
    }
}

extension Double {
    var roundedToTenth: Double { (self * 10).rounded() / 10 }
}

/// LibreView's CSV export: a preamble line (`Glucose Data,Generated on,…`),
/// the header (`Device,Serial Number,Device Timestamp,Record Type,Historic
/// Glucose mg/dL,…`), then rows grouped by record type. Type 0 rows are
/// the sensor's historic readings; type 1 scans repeat them and are left
/// out. Dates are `MM-DD-YYYY hh:mm AM/PM` in the US, `DD-MM-YYYY HH:MM`
/// elsewhere (`.` or `/` between, in some languages).
///
/// The header is in the account's language. English, German, French and
/// Spanish names are known (as found in public exports); any other
/// language is told by LibreView's fixed column order, the unit in the
/// fifth and sixth headers (Historic and Scan Glucose), and, before the
/// file is taken for LibreView, a row with a record type code and a date
/// in the fourth and third fields.
enum LibreViewCSV {
    static let timeNames: [StaticString] = [
        "Device Timestamp", "Gerätezeitstempel", "Horodatage de l", "Sello de tiempo del dispositivo",
        "Marca de hora del dispositivo",
    ]
    static let typeNames: [StaticString] = [
        "Record Type", "Aufzeichnungstyp", "Type d'enregistrement", "Type d\u{2019}enregistrement", "Tipo de registro",
    ]
    static let glucoseNames: [StaticString] = [
        "Historic Glucose", "Glukosewert-Verlauf", "Historique de la glyc", "Historial de glucosa",
    ]

    static func isHeader(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: CSVFields) -> Bool {
        columns(bytes, fields) != nil
    }

    /// The timestamp, record type and historic glucose columns of a header
    /// whose names are known (glucose -1 when it has none).
    static func columns(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: CSVFields) -> (time: Int, type: Int, glucose: Int)? {
        func named(_ names: [StaticString]) -> Int? {
            fields.index(bytes) { field in names.contains { CGMBytes.has(field, $0) } }
        }
        guard let time = named(timeNames), let type = named(typeNames) else { return nil }
        return (time, type, named(glucoseNames) ?? -1)
    }

    /// The same columns of a header in another language, by position: six
    /// or more fields, a unit in the fifth and sixth, none before.
    static func columnsByPosition(_ bytes: UnsafeBufferPointer<UInt8>,
                                  _ fields: CSVFields) -> (time: Int, type: Int, glucose: Int)? {
        guard fields.count >= 6, let u = unit(bytes, fields[4]), unit(bytes, fields[5]) == u,
              (0..<4).allSatisfy({ unit(bytes, fields[$0]) == nil }) else { return nil }
        return (2, 3, 4)
    }

    static func unit(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> GlucoseUnit? {
        let field = UnsafeBufferPointer(rebasing: bytes[range])
        return CGMBytes.has(field, "mmol/L") ? .mmol : CGMBytes.has(field, "mg/dL") ? .mgdl : nil
    }

    /// A row as a header found by position expects: a one-digit record
    /// type in the fourth field, a date in the third.
    static func isRowByPosition(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: CSVFields) -> Bool {
        let type = CGMBytes.trimmed(bytes, fields[3])
        return type.count == 1 && isDigit(bytes[type.lowerBound]) && stamp(bytes, CGMBytes.trimmed(bytes, fields[2])) != nil
    }

    /// A row's date and time before the day and month are told apart.
    struct Stamp {
        var first: Int, second: Int, year: Int, minutes: Int
        var yearFirst: Bool, twelveHour: Bool
        var value: Double
        var line: Int
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, zone: ZoneRules, dateOrder given: DateOrder?,
                     separator: UInt8 = UInt8(ascii: ",")) -> Result<CGMExport, CGMReadError> {
        var lines = CSVLines(bytes)
        var fields = CSVFields()
        var columns: (time: Int, type: Int, glucose: Int)?
        var headerCount = 0
        var export = CGMExport(format: .libreview, unit: .mgdl)
        var stamps: [Stamp] = []
        stamps.reserveCapacity(bytes.count / 60)
        var dmyLine: Int?, mdyLine: Int?
        var open: (line: Int, column: Int, date: Range<Int>)?
        while let line = lines.next() {
            fields.split(bytes, line.range, separator: separator)
            // A header (again, where two exports were joined) has no digit
            // where a row has its record type.
            let typeField = columns.map { fields[$0.type] } ?? 0..<0
            if typeField.isEmpty || !isDigit(bytes[typeField.lowerBound]),
               let c = LibreViewCSV.columns(bytes, fields) ?? columnsByPosition(bytes, fields) {
                guard c.glucose >= 0 else { return .failure(.noGlucoseColumn(.libreview)) }
                let g = UnsafeBufferPointer(rebasing: bytes[fields[c.glucose]])
                export.unit = CGMBytes.has(g, "mmol") ? .mmol : .mgdl
                columns = c
                headerCount = fields.count
                continue
            }
            guard let c = columns, CGMBytes.equals(bytes, fields[c.type], "0") else { continue }
            let cell = fields.glucose(bytes, c.glucose, headerCount: headerCount, separator: separator)
            if cell == .ambiguous {
                export.badDecimal(line: line.number)
                continue
            }
            let time = CGMBytes.trimmed(bytes, fields[c.time])
            guard case .number(let value) = cell, value > 0, var stamp = stamp(bytes, time) else {
                export.bad(line: line.number)
                continue
            }
            stamp.value = value
            stamp.line = line.number
            if !stamp.yearFirst {
                if stamp.twelveHour || stamp.second > 12 { mdyLine = mdyLine ?? line.number }
                else if stamp.first > 12 { dmyLine = dmyLine ?? line.number }
                else if stamp.first != stamp.second, open == nil {
                    open = (line.number, time.lowerBound - line.range.lowerBound + 1, time)
                }
            }
            stamps.append(stamp)
        }
        guard columns != nil else { return .failure(.unknownFormat) }
        let order: DateOrder
        if let given {
            order = given
        } else if let d = dmyLine, let m = mdyLine {
            return .failure(.dateOrderConflict(dmyLine: d, mdyLine: m))
        } else if dmyLine != nil || mdyLine != nil {
            order = dmyLine != nil ? .dmy : .mdy
            export.dateOrderFromFile = true
        } else if let open {
            return .failure(.dateOrderUnknown(line: open.line, column: open.column,
                                              date: String(decoding: UnsafeBufferPointer(rebasing: bytes[open.date]),
                                                           as: UTF8.self)))
        } else {
            order = .dmy  // every date reads the same either way
        }
        if stamps.contains(where: { !$0.yearFirst }) { export.dateOrder = order }
        var clock = WallClockReader(zone: zone)
        export.readings.reserveCapacity(stamps.count)
        for s in stamps {
            let (month, day) = s.yearFirst || order == .mdy ? (s.first, s.second) : (s.second, s.first)
            guard let wall = ClarityCSV.civilSeconds(year: s.year, month: month, day: day, hour: s.minutes / 60,
                                                     minute: s.minutes % 60, second: 0) else {
                export.bad(line: s.line)
                continue
            }
            export.readings.append(GlucoseReading(instant: clock.instant(wallSeconds: wall, value: s.value), value: s.value))
        }
        if export.badRows > 0 { export.badLines.sort() }
        return .success(export)
    }

    /// `03-27-2026 08:05 PM`, `27-03-2026 20:05`, `2026-03-27 20:05`
    /// (`/` or `.` for `-`, seconds optional), before the day and the month
    /// are told apart.
    static func stamp(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Stamp? {
        let end = r.upperBound
        var i = r.lowerBound
        func separator(_ at: Int) -> Bool {
            at < end && (bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "/") || bytes[at] == UInt8(ascii: "."))
        }
        var s = Stamp(first: 0, second: 0, year: 0, minutes: 0, yearFirst: false, twelveHour: false, value: 0, line: 0)
        if let y = CGMBytes.digits(bytes, i, 4, end: end), separator(i + 4) {
            guard let (m, n) = CGMBytes.shortNumber(bytes, i + 5, end: end), separator(i + 5 + n),
                  let (d, k) = CGMBytes.shortNumber(bytes, i + 6 + n, end: end) else { return nil }
            s.year = y; s.first = m; s.second = d; s.yearFirst = true
            i += 6 + n + k
        } else {
            guard let (a, n) = CGMBytes.shortNumber(bytes, i, end: end), separator(i + n),
                  let (b, k) = CGMBytes.shortNumber(bytes, i + n + 1, end: end), separator(i + n + 1 + k),
                  let y = CGMBytes.digits(bytes, i + n + k + 2, 4, end: end) else { return nil }
            s.first = a; s.second = b; s.year = y
            i += n + k + 6
        }
        guard i < end, isBlank(bytes[i]) else { return nil }
        while i < end, isBlank(bytes[i]) { i += 1 }
        guard let (hour, h) = CGMBytes.shortNumber(bytes, i, end: end), i + h < end, bytes[i + h] == UInt8(ascii: ":"),
              let minute = CGMBytes.digits(bytes, i + h + 1, 2, end: end) else { return nil }
        i += h + 3
        if i < end, bytes[i] == UInt8(ascii: ":") {
            guard CGMBytes.digits(bytes, i + 1, 2, end: end) != nil else { return nil }
            i += 3
        }
        var hour24 = hour
        while i < end, isBlank(bytes[i]) { i += 1 }
        if i < end {
            guard i + 2 == end, (bytes[i + 1] | 0x20) == UInt8(ascii: "m"), (1...12).contains(hour) else { return nil }
            switch bytes[i] | 0x20 {
            case UInt8(ascii: "a"): hour24 = hour == 12 ? 0 : hour
            case UInt8(ascii: "p"): hour24 = hour == 12 ? 12 : hour + 12
            default: return nil
            }
            s.twelveHour = true
        }
        guard hour24 < 24, minute < 60 else { return nil }
        s.minutes = hour24 * 60 + minute
        return s
    }
}
