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
        var names = (time: "", glucose: "")
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
                names = (UnreadableRow.cell(bytes, fields[header.time]), UnreadableRow.cell(bytes, fields[header.glucose]))
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
                export.bad(line: line.number, .date, column: names.time,
                           value: UnreadableRow.cell(bytes, CGMBytes.trimmed(bytes, fields[c.time])))
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
                export.bad(line: line.number, .glucose, column: names.glucose,
                           value: UnreadableRow.cell(bytes, CGMBytes.trimmed(bytes, valueRange)))
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
