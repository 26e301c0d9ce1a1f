/// LibreView's CSV export: a preamble line (`Glucose Data,Generated on,…`),
/// the header (`Device,Serial Number,Device Timestamp,Record Type,Historic
/// Glucose mg/dL,…`), then rows grouped by record type. Type 0 rows are
/// the sensor's historic readings; type 1 scans repeat them and are left
/// out. Dates are `MM-DD-YYYY hh:mm AM/PM` in the US, `DD-MM-YYYY HH:MM`
/// elsewhere (`.` or `/` between, in some languages), and with a
/// two-digit year (`5/30/21 16:59`) once Excel has saved the file.
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
        /// The timestamp as written.
        var text: Range<Int> = 0..<0
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, zone: ZoneRules, dateOrder given: DateOrder?,
                     separator: UInt8 = UInt8(ascii: ",")) -> Result<CGMExport, CGMReadError> {
        var lines = CSVLines(bytes)
        var fields = CSVFields()
        var columns: (time: Int, type: Int, glucose: Int)?
        var headerCount = 0
        var names = (time: "", glucose: "")
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
                names = (UnreadableRow.cell(bytes, CGMBytes.trimmed(bytes, fields[c.time])),
                         UnreadableRow.cell(bytes, CGMBytes.trimmed(bytes, fields[c.glucose])))
                continue
            }
            guard let c = columns, CGMBytes.equals(bytes, fields[c.type], "0") else { continue }
            let cell = fields.glucose(bytes, c.glucose, headerCount: headerCount, separator: separator)
            if cell == .ambiguous {
                export.badDecimal(line: line.number)
                continue
            }
            let time = CGMBytes.trimmed(bytes, fields[c.time])
            guard case .number(let value) = cell, value > 0 else {
                export.bad(line: line.number, .glucose, column: names.glucose,
                           value: UnreadableRow.cell(bytes, CGMBytes.trimmed(bytes, fields[c.glucose])))
                continue
            }
            guard var stamp = stamp(bytes, time) else {
                export.bad(line: line.number, .date, column: names.time, value: UnreadableRow.cell(bytes, time))
                continue
            }
            stamp.value = value
            stamp.line = line.number
            stamp.text = time
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
                export.bad(line: s.line, .date, column: names.time, value: UnreadableRow.cell(bytes, s.text))
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
                  let (b, k) = CGMBytes.shortNumber(bytes, i + n + 1, end: end), separator(i + n + 1 + k) else { return nil }
            let y = i + n + k + 2
            s.first = a; s.second = b
            if let year = CGMBytes.digits(bytes, y, 4, end: end) {
                s.year = year
                i = y + 4
            } else if let year = CGMBytes.digits(bytes, y, 2, end: end), y + 2 < end, isBlank(bytes[y + 2]) {
                // `5/30/21 16:59`: the export as Excel saves it. A CGM
                // reading is from this century.
                s.year = 2000 + year
                i = y + 2
            } else {
                return nil
            }
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
