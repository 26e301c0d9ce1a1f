/// Nightscout treatments for `import`, as people keep them: the API's
/// array (or the v3 API's `{"result": […]}`), or one object a line as
/// `mongoexport` writes them (`{"_id": {"$oid": …}}`, `"date":
/// 1.557405318571e+12`, `created_at` as text or as `{"$date": …}`).
///
/// "Site Change" rows go to the pump, "Sensor Change" and "Sensor Start"
/// rows (xDrip+ and AndroidAPS write either) to the sensor. The site comes
/// from AndroidAPS's `location`; else `notes` may name it (Loop writes it
/// there), but notes are free text — "Reservoir changed (lifetime 2 days
/// 23 hours)" — so the plan takes them as a site only when they name one
/// (`SiteNaming.fromNotes`). A sensor row that names nothing is not a site
/// to rotate: it is ignored.
enum NightscoutTreatments {
    /// Whether the first line holds a whole object: one treatment a line.
    /// A first line refused for a key given twice counts as one when more
    /// lines follow (its row is refused, naming the key); alone, it is
    /// read as our JSON, whose error names the key too.
    static func isOneALine(_ text: String) -> Bool {
        var rest = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(where: isLineEnd) ?? rest.endIndex
            let line = rest[..<end].trimmingWhitespace()
            // Any object but our own export (`jq -c` puts one on a line).
            if !line.isEmpty {
                switch JSON.decode(String(line)) {
                case .success(let object) where object.isObject: return object["format"]?.text != "sitecycle-journal"
                case .failure(let e) where e.kind != .syntax:
                    return rest[end...].contains { !$0.isWhitespace }
                default: return false
                }
            }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return false
    }

    /// A line feed, alone or after a CR (one Character in Swift).
    static func isLineEnd(_ c: Character) -> Bool { c == "\n" || c == "\r\n" }

    static func read(_ text: String) -> Result<ImportSource, SettingError> {
        let rows: [(row: Int, object: Result<JSON, RowRejection>)]
        switch objects(text) {
        case .failure(let e): return .failure(e)
        case .success(let r?): rows = r
        case .success(nil):
            return .failure(SettingError("not a list of Nightscout treatments",
                                         help: "download treatments as a JSON array, or one object a line "
                                            + "as mongoexport writes them"))
        }
        var source = ImportSource(format: .nightscout)
        for (row, object) in rows {
            switch object {
            case .success(let t): treatment(t, row: row, into: &source)
            case .failure(let why): source.rejected.append((row, why))
            }
        }
        source.records.sort { $0.start < $1.start }
        return .success(source)
    }

    /// The file's objects with their rows: an array's 1-based positions,
    /// or the lines of a file with one object a line (a line that is not
    /// one is its row's rejection). Nil when the file is neither; the
    /// decoder's error, with its line and column, for an array that is
    /// not JSON we read (a key given twice refuses the whole file, as it
    /// does our own JSON).
    static func objects(_ text: String) -> Result<[(row: Int, object: Result<JSON, RowRejection>)]?, SettingError> {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let whole = JSON.decode(body)
        func rows(_ array: [JSON]) -> [(row: Int, object: Result<JSON, RowRejection>)] {
            array.enumerated().map { ($0.offset + 1, $0.element.isObject ? .success($0.element) : .failure("not a JSON object")) }
        }
        switch whole {
        case .success(let value):
            if let array = value.items ?? value["result"]?.items { return .success(rows(array)) }
            guard value.isObject else { return .success(nil) }
        case .failure(let e):
            if body.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "[") {
                return .failure(SettingError(e.located, help: ImportReaders.jsonHelp(e)))
            }
        }
        // One object alone may be a file of one line.
        let lines = body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
            .map { (row: $0.offset + 1, text: String(decoding: trimmed($0.element), as: UTF8.self)) }.filter { !$0.text.isEmpty }
        let read = lines.map { line -> (row: Int, object: Result<JSON, RowRejection>) in
            switch JSON.decode(line.text) {
            case .success(let object) where object.isObject: return (line.row, .success(object))
            case .failure(let e) where e.kind != .syntax: return (line.row, .failure(.text("column \(e.column): \(e.message)")))
            default: return (line.row, .failure("not a JSON object"))
            }
        }
        // The first line decides: a file of something else is not read.
        guard let first = read.first, (try? first.object.get()) != nil || isRefusedObject(first.object) else { return .success(nil) }
        return .success(read)
    }

    /// A line refused for a key given twice or its depth: JSON we do not
    /// take, but a treatment's line all the same.
    static func isRefusedObject(_ object: Result<JSON, RowRejection>) -> Bool {
        if case .failure(let why) = object, why != "not a JSON object" { return true }
        return false
    }

    /// A line's bytes without the blanks and CR around them.
    static func trimmed(_ line: Substring.UTF8View) -> Substring.UTF8View {
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        var l = line
        while let f = l.first, blank(f) { l = l.dropFirst() }
        while let e = l.last, blank(e) { l = l.dropLast() }
        return l
    }

    static func treatment(_ t: JSON, row: Int, into source: inout ImportSource) {
        let event = t["eventType"]?.text
        let isSensor = event == "Sensor Change" || event == "Sensor Start"
        guard event == "Site Change" || event == "Pump Site Change" || isSensor else { source.ignored += 1; return }
        guard let start = time(of: t) else {
            source.rejected.append((row, "no valid created_at or date"))
            return
        }
        let own = t["enteredBy"]?.text == "sitecycle"
        var notes = text(t["notes"])
        // AndroidAPS writes "<none>" when no site was picked.
        var name = text(t["location"]).flatMap { $0 == "<none>" ? nil : $0 }
        var naming = SiteNaming.given
        if own, let n = notes {
            // Our own export writes "NAME — note" in notes.
            let parts = n.components(separatedBy: " — ")
            name = parts[0]
            notes = parts.count > 1 ? parts.dropFirst().joined(separator: " — ") : nil
        } else if name == nil, let n = notes {
            name = n
            notes = nil
            naming = .fromNotes
        }
        if name == nil {
            if isSensor { source.ignored += 1; return }
            naming = .none
        }
        var record = ImportRecord(row: row, start: start, sourceName: name, durationHours: nil, note: notes)
        record.naming = naming
        record.fill = fill(text(t["notes"]) ?? text(t["reason"]))
        record.eventKey = text(t["key600"])
        record.mayRepeat = !own
        if own, let name, let key = ownFields(t, name: name, into: &record) {
            source.rejected.append((row, "\(Exporters.nightscoutOwnKey).\(key) is not text"))
            return
        }
        if isSensor { record.device = Device.sensorName }
        source.records.append(record)
    }

    /// Our export's own fields, each exactly as the journal has it; the
    /// key of one that is not text (the row's error, never dropped). An older
    /// export has only `notes`: the name with its clauses, as a journal
    /// line words a reason and a lot after the name.
    static func ownFields(_ t: JSON, name: String, into record: inout ImportRecord) -> String? {
        if let own = t[Exporters.nightscoutOwnKey], let location = own["location"]?.text {
            if let bad = ["reason", "lot", "note"].first(where: { own[$0] != nil && own[$0]?.text == nil }) { return bad }
            record.sourceName = location
            record.note = own["note"]?.text
            record.reason = own["reason"]?.text
            record.lot = own["lot"]?.text
            return nil
        }
        let (clauses, bytes) = EntryClauses.scan(name.split(separator: " ").joined(separator: " "))
        if !clauses.isEmpty {
            record.sourceName = String(decoding: bytes[clauses.head], as: UTF8.self)
            record.reason = clauses.value(.reason, in: bytes)
            record.lot = clauses.value(.lot, in: bytes)
        }
        return nil
    }

    static func text(_ value: JSON?) -> String? { value?.text.flatMap { $0.isEmpty ? nil : $0 } }

    /// tconnectsync's steps, each sent as a "Site Change" with its words
    /// in `notes` and `reason`: "Cannula Filled (0.3u primed)".
    static func fill(_ words: String?) -> FillStep? {
        guard let w = words?.lowercased() else { return nil }
        if w.hasPrefix("cannula filled") { return .cannula }
        if w.hasPrefix("cartridge filled") { return .cartridge }
        if w.hasPrefix("tubing filled") { return .tubing }
        return nil
    }

    /// `created_at` (text, or mongoexport's `{"$date": …}`), else `date`
    /// or `mills` in milliseconds (a number in any JSON form, or
    /// mongoexport's `{"$numberLong": "…"}` and the like).
    static func time(of t: JSON) -> Instant? {
        if let text = t["created_at"]?.text, let instant = ImportReaders.time(text.trimmingBlanks()) { return instant }
        if let date = t["created_at"]?["$date"] {
            if let text = date.text, let instant = ImportReaders.time(text) { return instant }
            if let instant = milliseconds(date) { return instant }
        }
        return milliseconds(t["date"]) ?? milliseconds(t["mills"])
    }

    /// Milliseconds since 1970 before the year 10000 (after it, no time
    /// a journal writes).
    static func milliseconds(_ value: JSON?) -> Instant? {
        var ms = value?.number
        if let wrapped = value,
           let text = ["$numberLong", "$numberDouble", "$numberInt"].lazy.compactMap({ wrapped[$0]?.text }).first {
            ms = Double(text)
        }
        guard let ms, ms.isFinite, ms > -62_135_596_800_000, ms < 253_402_300_800_000 else { return nil }
        return Instant(seconds: Int64((ms / 1000).rounded(.down)))
    }
}

extension ImportReaders {
    /// Nightscout treatments: see `NightscoutTreatments`.
    public static func nightscout(_ text: String) -> Result<ImportSource, SettingError> {
        NightscoutTreatments.read(text)
    }
}

/// A row's rejection as the failure of reading it.
extension RowRejection: Error {}
