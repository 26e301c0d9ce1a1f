/// One site change read from another tool's file, before it is matched to
/// the journal.
public struct ImportRecord: Equatable, Sendable {
    /// Row (CSV line, or 1-based array position) for messages.
    public var row: Int
    public var start: Instant
    /// The location as the source names it; nil for a `removed` entry.
    public var sourceName: String?
    /// Hours the source says the site stayed in, when it says.
    public var durationHours: Double?
    public var note: String?
    /// The UTC offset the source wrote the start with, when it matters
    /// (our JSON keeps a change logged while travelling in its own offset).
    public var offset: Int? = nil
    /// The rotation: `pump`, or `sensor` for a Nightscout "Sensor Change".
    public var device: String = Device.pumpName
    /// Why the site ended and its lot, as the source words them (our JSON,
    /// and our CSV's `reason` and `lot` columns).
    public var reason: String? = nil
    public var lot: String? = nil
    /// Whether `sourceName` is a site as the source says, text that is a
    /// site only if it names one (a Nightscout note), or missing.
    public var naming: SiteNaming = .given
    /// A step of a pump's fill (tconnectsync's "Cannula Filled" rows).
    public var fill: FillStep? = nil
    /// The source's own id of the event (the 600-series uploader's `key600`).
    public var eventKey: String? = nil
    /// Whether rows like it within minutes are one change sent several
    /// times (Nightscout rows from other tools; never our own export's).
    public var mayRepeat = false
    /// The other rows this one stands for, once repeats are taken as one.
    public var alsoRows: [Int] = []
}

/// How a record names its site.
public enum SiteNaming: Equatable, Sendable {
    /// The source's site field (or our own export's name).
    case given
    /// Free text (a Nightscout `notes`): a site only when it names a
    /// declared location, an app default or a `--map` source.
    case fromNotes
    /// No site named.
    case none
}

/// The steps of filling a pump, as tconnectsync sends them.
public enum FillStep: Equatable, Sendable { case cartridge, tubing, cannula }

/// Why a row was not imported: plain words (written as a string, like
/// "invalid date"), or a fix that names an option or a command, as a value
/// the command line spells.
public enum RowRejection: Equatable, Sendable, ExpressibleByStringInterpolation {
    case text(String)
    /// The row names a device the journal does not declare: declare it.
    case undeclaredDevice(String)
    /// The row is another device's than the one the import was asked for.
    case otherDevice(row: String, asked: String)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { self = .text(String(stringInterpolation: stringInterpolation)) }
}

/// What a source file holds: records, rows it could not read, rows that are
/// not site changes, and (from our own JSON) the header it came with.
public struct ImportSource: Sendable {
    public enum Format: String, Sendable { case csv, json, nightscout }

    public var format: Format
    public var records: [ImportRecord] = []
    public var rejected: [(row: Int, reason: RowRejection)] = []
    /// Rows that are fine but not site changes (a Nightscout "Temp Basal").
    public var ignored = 0
    /// From our JSON: locations in order, with their enabled flag.
    public var locations: [(name: String, enabled: Bool)] = []
    /// From our JSON: header settings as directive lines (`target 72h`).
    public var settings: [(DirectiveSyntax.Keyword, String)] = []
    /// From our JSON: devices besides the pump, with their target as the
    /// `device` line writes it (`10d`).
    public var devices: [(name: String, target: String)] = []
    /// From our JSON, by location name: the devices a location is for, the
    /// day its pause ends, its line's comment.
    public var locationDevices: [String: [String]] = [:]
    public var locationPauses: [String: CivilDate] = [:]
    public var locationNotes: [String: String] = [:]
}

public enum ImportReaders {
    /// Picks the reader from the content: a JSON array of treatments is
    /// Nightscout, and so are treatments one a line (`mongoexport`); a
    /// JSON object is our own export, anything else is CSV.
    public static func detect(_ text: String) -> ImportSource.Format {
        let start = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        if start == "[" { return .nightscout }
        if start == "{" { return NightscoutTreatments.isOneALine(text) ? .nightscout : .json }
        return .csv
    }

    /// `device` is `import --device`: the rotation of CSV rows that do not
    /// name one.
    public static func read(_ text: String, as format: ImportSource.Format,
                            device: String? = nil) -> Result<ImportSource, SettingError> {
        switch format {
        case .csv: return csv(text, device: device)
        case .json: return journalJSON(text)
        case .nightscout: return nightscout(text)
        }
    }

    package static func time(_ text: String) -> Instant? {
        guard case .success(let t) = TimeArgument.parse(text, zone: .utc) else { return nil }
        return t
    }

    /// The SiteCycle app's CSV (and ours): date,location,duration_hours,note,
    /// and for another device's rotation a last column `device`. A row goes
    /// to the device it names, else to `device` (`--device`), else to the
    /// pump; a row naming another device than `--device` is rejected, so a
    /// sensor's file is never read as pump rows.
    public static func csv(_ text: String, device: String? = nil) -> Result<ImportSource, SettingError> {
        let records: [CSV.Record]
        switch CSV.parse(text) {
        case .success(let r): records = r
        case .failure(let e): return .failure(SettingError("line \(e.line): \(e.message)"))
        }
        guard let header = records.first else { return .success(ImportSource(format: .csv)) }
        let names = header.fields.map { $0.trimmingBlanks().lowercased() }
        guard let dateColumn = names.firstIndex(of: "date"), let locationColumn = names.firstIndex(of: "location") else {
            return .failure(SettingError("the first line must name the columns: date,location,duration_hours,note"))
        }
        let durationColumn = names.firstIndex(of: "duration_hours"), noteColumn = names.firstIndex(of: "note")
        let deviceColumn = names.firstIndex(of: "device")
        let reasonColumn = names.firstIndex(of: "reason"), lotColumn = names.firstIndex(of: "lot")
        var source = ImportSource(format: .csv)
        for record in records.dropFirst() {
            // Every cell but the date and the hours is typed text, which
            // our export guards against formulas (`CSV.typedField`).
            func field(_ i: Int?) -> String? { i.flatMap { $0 < record.fields.count ? record.fields[$0] : nil } }
            func typed(_ i: Int?) -> String? { field(i).map(CSV.restoringFormula) }
            let dateText = field(dateColumn)?.trimmingBlanks() ?? ""
            guard let start = time(dateText) else {
                source.rejected.append((record.line, dateText.isEmpty ? "no date" : "invalid date `\(dateText)`"))
                continue
            }
            let name = (typed(locationColumn) ?? "").trimmingBlanks()
            guard !name.isEmpty else { source.rejected.append((record.line, "no location")); continue }
            var hours: Double?
            if let text = field(durationColumn)?.trimmingBlanks(), !text.isEmpty {
                guard let h = Double(text), h >= 0, h < 24 * 365 else {
                    source.rejected.append((record.line, "invalid duration `\(text)`"))
                    continue
                }
                hours = h
            }
            let named = typed(deviceColumn).map { $0.trimmingBlanks() }.flatMap { $0.isEmpty ? nil : $0 }
            if let named, let device, named != device {
                source.rejected.append((record.line, .otherDevice(row: named, asked: device)))
                continue
            }
            let rowDevice = named ?? device ?? Device.pumpName
            if let problem = Device.problem(with: rowDevice) {
                source.rejected.append((record.line, "device `\(rowDevice)`: \(problem)"))
                continue
            }
            let note = typed(noteColumn).flatMap { $0.isEmpty ? nil : $0 }
            func optional(_ i: Int?) -> String? { typed(i).map { $0.trimmingBlanks() }.flatMap { $0.isEmpty ? nil : $0 } }
            source.records.append(ImportRecord(row: record.line, start: start, sourceName: name, durationHours: hours, note: note,
                                               device: rowDevice, reason: optional(reasonColumn), lot: optional(lotColumn)))
        }
        return .success(source)
    }

    /// The offset at the end of an ISO-8601 time: `Z`, `+01:00`, `-0400`.
    package static func offset(of text: String) -> Int? {
        if text.hasSuffix("Z") { return 0 }
        let tail = Array(text.suffix(6).utf8)
        guard tail.count == 6, tail[0] == UInt8(ascii: "+") || tail[0] == UInt8(ascii: "-"), tail[3] == UInt8(ascii: ":"),
              let h = Int(String(decoding: tail[1...2], as: UTF8.self)), let m = Int(String(decoding: tail[4...5], as: UTF8.self))
        else { return nil }
        return (tail[0] == UInt8(ascii: "-") ? -1 : 1) * (h * 3600 + m * 60)
    }

    /// Our own `export --format json`.
    public static func journalJSON(_ text: String) -> Result<ImportSource, SettingError> {
        let object: JSON
        switch JSON.decode(text) {
        case .success(let p): object = p
        case .failure(let e): return .failure(SettingError(e.located, help: jsonHelp(e)))
        }
        guard object["format"]?.text == "sitecycle-journal", let entries = object["entries"]?.objects
        else { return .failure(SettingError("not a sitecycle JSON export (no \"format\": \"sitecycle-journal\")")) }
        var source = ImportSource(format: .json)
        for (i, l) in (object["locations"]?.objects ?? []).enumerated() {
            jsonLocation(l, row: i + 1, into: &source)
        }
        for (i, d) in (object["devices"]?.objects ?? []).enumerated() {
            jsonDevice(d, row: i + 1, into: &source)
        }
        if let s = object["settings"], s.isObject, let problem = jsonSettings(s, into: &source) {
            return .failure(problem)
        }
        for (i, e) in entries.enumerated() {
            jsonEntry(e, row: i + 1, into: &source)
        }
        return .success(source)
    }

    /// A location of our JSON: its name and enabled flag, and what its
    /// declaration says — the devices it is for, its pause, its comment.
    private static func jsonLocation(_ l: JSON, row: Int, into source: inout ImportSource) {
        guard let name = l["name"]?.text else { source.rejected.append((row, "a location without a name")); return }
        source.locations.append((name, l["enabled"]?.flag ?? true))
        if let devices = l["devices"]?.items {
            let names = devices.compactMap(\.text)
            if names.count != devices.count || names.isEmpty || names.contains(where: { Device.problem(with: $0) != nil }) {
                source.rejected.append((row, "location \"\(name)\": devices must be device names"))
            } else {
                source.locationDevices[name] = names
            }
        }
        if let until = l["pausedUntil"]?.text {
            if let date = SettingValues.date(until) { source.locationPauses[name] = date } else {
                source.rejected.append((row, "location \"\(name)\": invalid pausedUntil `\(until)`"))
            }
        }
        if let note = l["note"]?.text {
            // One line: the comment of the declaration.
            if case .success(let clean?) = NoteText.clean(note), !clean.contains("\n") {
                source.locationNotes[name] = clean
            } else {
                source.rejected.append((row, "location \"\(name)\": a note must be one line of text"))
            }
        }
    }

    /// A device of our JSON besides the pump, with its target and grace.
    private static func jsonDevice(_ d: JSON, row: Int, into source: inout ImportSource) {
        guard let name = d["device"]?.text, Device.problem(with: name) == nil, name != Device.pumpName,
              let hours = d["targetHours"]?.numberOrFlag, hours > 0, hours <= 720 else {
            source.rejected.append((row, "a device without a valid name and targetHours"))
            return
        }
        // The words after the name on its `device` line: a grace too.
        var words = SettingValues.durationSetting(hours)
        if let grace = d["graceHours"]?.numberOrFlag {
            guard grace > 0, grace <= 720 else {
                source.rejected.append((row, "device \(name): graceHours must be more than 0 and at most 720"))
                return
            }
            words += " grace " + SettingValues.durationSetting(grace)
        }
        source.devices.append((name, words))
    }

    /// Our JSON's settings as header directives (read after its devices:
    /// a pump with a grace goes before them). A setting the journal would
    /// not read (a target of 0 h, an unknown zone) is the file's error: it
    /// is named, and nothing is imported.
    private static func jsonSettings(_ s: JSON, into source: inout ImportSource) -> SettingError? {
        var settings: [(DirectiveSyntax.Keyword, String)] = []
        if let name = s["patient"]?.text { settings.append((.patient, name)) }
        if let tz = s["timezone"]?.text { settings.append((.timezone, tz)) }
        if let t = s["targetHours"]?.numberOrFlag {
            settings.append((.target, SettingValues.hoursSetting(t)))
            // A pump with a grace is declared as a device, as the journal writes it.
            if let g = s["graceHours"]?.numberOrFlag {
                let grace = SettingValues.durationSetting(g)
                guard SettingValues.problem(.target, grace) == nil else {
                    return SettingError("settings: invalid graceHours `\(SettingValues.hoursSetting(g))`: a grace must be "
                                        + "more than 0 and at most 720 hours (30 days)", help: jsonSettingHelp)
                }
                if SettingValues.problem(.target, SettingValues.hoursSetting(t)) == nil {
                    source.devices.insert((Device.pumpName, SettingValues.hoursSetting(t) + " grace " + grace), at: 0)
                    settings.removeLast()
                }
            }
        }
        if let p = s["absorptionThresholdPercent"]?.numberOrFlag {
            settings.append((.absorptionThreshold, SettingValues.formatPercent(p)))
        }
        if let m = s["absorptionMode"]?.text { settings.append((.absorptionMode, m)) }
        if let st = s["strategy"]?.text { settings.append((.strategy, st)) }
        if let r = s["restHours"]?.numberOrFlag { settings.append((.rest, SettingValues.durationSetting(r))) }
        // Checked as the `cgm` line is: a path outside the folder is refused.
        if let c = s["cgm"]?.text { settings.append((.cgm, c)) }
        for (keyword, value) in settings {
            if let e = SettingValues.problem(keyword, value) {
                return SettingError("settings: invalid `\(keyword.rawValue) \(ControlCharacters.escaped(value))`: \(e.message)",
                                    help: jsonSettingHelp)
            }
        }
        source.settings += settings
        return nil
    }

    /// The fix for a file that is not JSON we read.
    package static func jsonHelp(_ e: JSONError) -> String {
        switch e.kind {
        case .duplicateKey: return "an object names each key once: delete the one you do not mean, then import again"
        case .tooDeep: return "this is no export of ours or of Nightscout's"
        case .syntax: return "correct the file there, or export it again"
        }
    }

    static let jsonSettingHelp = "correct it in the file, or take it out to keep the journal's own setting"

    /// An entry of our JSON as a record, in the offset it was written with.
    private static func jsonEntry(_ e: JSON, row: Int, into source: inout ImportSource) {
        guard let startText = e["start"]?.text, let start = time(startText) else {
            source.rejected.append((row, "entry without a valid start"))
            return
        }
        // Older exports say `removed`; a null location says it now.
        let removed = e["removed"]?.flag ?? (e["location"] == .null)
        let name = e["location"]?.text
        guard removed || name != nil else { source.rejected.append((row, "entry without a location")); return }
        var record = ImportRecord(row: row, start: start, sourceName: removed ? nil : name,
                                  durationHours: nil, note: e["note"]?.text, offset: offset(of: startText))
        if let device = e["device"]?.text { record.device = device }
        record.reason = e["reason"]?.text
        record.lot = e["lot"]?.text
        source.records.append(record)
    }
}
