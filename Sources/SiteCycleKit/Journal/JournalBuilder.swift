/// Turns the syntax layer into the model and checks what only the whole file
/// can tell: settings, declared locations, time zones, order and clashes.
public struct JournalBuilder {
    /// The zone used when the header has no `timezone`.
    public var defaultZone: ZoneRules

    public init(defaultZone: ZoneRules) { self.defaultZone = defaultZone }

    /// Parses and builds in one go: the usual way in.
    public static func load(_ source: SourceFile, defaultZone: ZoneRules) -> Journal {
        JournalBuilder(defaultZone: defaultZone).build(JournalParser().read(source))
    }

    package func build(_ parsed: consuming ParsedJournal) -> Journal {
        // Consumed, so the entry records' array has one owner and becomes
        // the changes in place (a copy would be 32 MB at a million).
        var state = BuildState(consume parsed, zone: defaultZone)
        state.readHeader()
        state.checkDevicesInHeader()
        state.readEntries()
        return Journal(syntax: state.syntax, settings: state.settings, locations: state.locations,
                       changes: state.changes, zone: state.zone, diagnostics: state.diagnostics.sortedForDisplay(),
                       notes: state.notes, lots: state.lots,
                       recordsEndings: state.recordsEndings)
    }
}

/// The state of one build: what the header declared so far, the changes
/// read, and the diagnostics. Its steps live beside this file by topic:
/// devices, entries, warnings.
struct BuildState {
    /// Two changes closer than this were probably one change logged twice.
    package static let duplicateWindowSeconds: Int64 = 5 * 60
    /// A line this far (about 6 months) before the one above it is more
    /// likely a mistyped year than a hand edit out of order: sorting it
    /// (`fmt`) would lock in a session of months.
    package static let mistypedYearSeconds: Int64 = 183 * 86_400

    package let syntax: JournalSyntax
    /// Every entry line, compact, and the distinct location fields they name.
    /// Taken (and turned into the changes) by `readEntries`.
    package var entries: EntryRecords
    package let names: [String]
    package var diagnostics: [Diagnostic]
    package var zone: ZoneRules
    package var settings = Settings()
    package var locations: [Location] = []
    package var locationIndex: [String: Int] = [:]
    package var changes: [SiteChange] = []
    package var notes = NoteTable()
    /// `lot:` clauses by line.
    package var lots: [UInt32: String] = [:]
    package var recordsEndings = false
    /// Where each `device` was declared, and the first line of each setting.
    package var deviceLines: [String: Int] = [:]
    package var settingLinesSeen: [DirectiveSyntax.Keyword: Int] = [:]
    /// Built on the first unknown name; answers each distinct one once.
    package var suggester: NameSuggester?
    /// Lines out of order by more than `mistypedYearSeconds`: their long
    /// sessions come from the date, not from a change left unlogged.
    package var mistypedYearLines: [Int] = []
    /// Changes whose session came out longer than its device's limit,
    /// noted by `linkRotations` as it ends each one (a pass of its own
    /// over every change was a fiftieth of `stats`); `warnAboutLongSessions`
    /// says which are worth a warning.
    package var longSessions: [Int] = []

    package init(_ parsed: consuming ParsedJournal, zone: ZoneRules) {
        syntax = parsed.syntax
        entries = parsed.entries
        names = parsed.names
        notes = parsed.notes
        diagnostics = parsed.diagnostics
        self.zone = zone
    }

    package var source: SourceFile { syntax.source }

    package mutating func report(_ code: Diagnostic.Code, _ message: String, line: SyntaxLine, _ range: Range<Int>,
                         help: Diagnostic.Help? = nil) {
        report(.error, code, message, line: line, range, help: help)
    }

    package mutating func report(_ severity: Diagnostic.Severity, _ code: Diagnostic.Code, _ message: String,
                         line: SyntaxLine, _ range: Range<Int>, help: Diagnostic.Help? = nil) {
        report(severity, code, message, lineNumber: line.number, range, help: help)
    }

    package mutating func report(_ severity: Diagnostic.Severity, _ code: Diagnostic.Code, _ message: String,
                         lineNumber: Int, _ range: Range<Int>, help: Diagnostic.Help? = nil) {
        let start = source.lines[lineNumber - 1].start
        diagnostics.append(Diagnostic(severity, code, message, line: lineNumber,
                                      column: range.lowerBound - start + 1, length: range.count, help: help))
    }

    /// An entry line decoded again, for a message that points into it.
    package func entryLine(_ number: Int) -> (SyntaxLine, EntrySyntax)? {
        let line = syntax.lines[number - 1]
        guard case .entry(let e) = line.kind else { return nil }
        return (line, e)
    }

    // MARK: Header

    package mutating func readHeader() {
        var settingLines: [DirectiveSyntax.Keyword: Int] = [:]
        for number in syntax.lineNumbers(.directive) {
            let line = syntax.lines[number - 1]
            guard case .directive(let d) = line.kind else { continue }
            let argument = source.string(d.argument)
            if d.keyword == .location {
                declareLocation(argument, directive: d, line: line)
                continue
            }
            if d.keyword == .device {
                declareDevice(argument, directive: d, line: line)
                continue
            }
            if d.keyword == .target, let first = deviceLines[Device.pumpName] {
                report(.duplicateSetting, "the pump's target is already set on line \(first) (`device pump`)", line: line,
                       d.keywordRange.lowerBound..<d.argument.upperBound,
                       help: "`device pump DURATION` means `target DURATION`: keep one of the two lines")
                continue
            }
            settingLinesSeen[d.keyword] = settingLinesSeen[d.keyword] ?? line.number
            if let first = settingLines[d.keyword] {
                report(.duplicateSetting, "`\(d.keyword.rawValue)` is already set on line \(first)", line: line,
                       d.keywordRange.lowerBound..<d.argument.upperBound,
                       help: "keep one `\(d.keyword.rawValue)` line and delete the other")
                continue
            }
            settingLines[d.keyword] = line.number
            if let problem = apply(d.keyword, argument) {
                let range = d.argument.isEmpty ? d.keywordRange.upperBound..<d.keywordRange.upperBound : d.argument
                report(.invalidSetting, problem.message, line: line, range, help: problem.help.map(Diagnostic.Help.text))
            }
        }
        if locations.isEmpty {
            diagnostics.append(Diagnostic(.warning, .noLocations, "no locations declared", line: 1, column: 1, length: 0,
                                          help: "declare each site in the header, e.g. `location Left Front Abdomen`"))
        }
    }

    /// Stores a setting; returns what is wrong with it, if anything.
    package mutating func apply(_ keyword: DirectiveSyntax.Keyword, _ argument: String) -> (message: String, help: String?)? {
        func failure(_ e: SettingError) -> (message: String, help: String?) {
            ("invalid `\(keyword.rawValue)`: \(e.message)", nil)
        }
        switch keyword {
        case .timezone:
            guard !argument.isEmpty else {
                return ("missing time zone name", "write an IANA name, e.g. `timezone Europe/Berlin` or `timezone UTC`")
            }
            guard let rules = ZoneRules.named(argument) else {
                return ("unknown time zone `\(excerpt(argument))`", unknownZoneHelp(for: argument))
            }
            settings.timezone = argument
            zone = rules
        case .target:
            switch SettingValues.hours(argument) {
            case .success(let h): settings.targetHours = h
            case .failure(let e): return failure(e)
            }
        case .absorptionThreshold:
            switch SettingValues.percent(argument) {
            case .success(let p): settings.absorptionThresholdPercent = p
            case .failure(let e): return failure(e)
            }
        case .absorptionMode:
            switch SettingValues.absorptionMode(argument) {
            case .success(let robust): settings.robustStatistics = robust
            case .failure(let e): return failure(e)
            }
        case .strategy:
            switch SettingValues.strategy(argument) {
            case .success(let s): settings.strategy = s
            case .failure(let e): return failure(e)
            }
        case .rest:
            switch SettingValues.hours(argument) {
            case .success(let h): settings.restHours = h
            case .failure(let e): return failure(e)
            }
        case .patient:
            switch SettingValues.patient(argument) {
            case .success(let name): settings.patient = name
            case .failure(let e) where argument.isEmpty: return (e.message, e.help)
            case .failure(let e): return failure(e)
            }
        case .cgm:
            switch SettingValues.cgm(argument) {
            case .success(let path): settings.cgm = path
            case .failure(let e) where argument.isEmpty: return (e.message, e.help)
            case .failure(let e): return failure(e)
            }
        case .location, .device:
            break
        }
        return nil
    }

    package mutating func declareLocation(_ argument: String, directive d: DirectiveSyntax, line: SyntaxLine) {
        var name = collapse(argument)
        var enabled = true
        var devices: [String]?
        var pausedUntil: CivilDate?
        // Clauses after the name, read from the end: `disabled`,
        // `for DEV[,DEV…]`, `paused until YYYY-MM-DD`, in any order.
        // One rule with `locationParts` and `LocationName`: each clause once.
        var words = name.split(separator: " ").map(String.init)
        var found = LocationLineParts.Clauses()
        while let clause = LocationLineParts.trailingClause(of: words.count, found: found, word: { words[$0] }) {
            let last = words.last!
            switch clause {
            case .disabled: enabled = false
            case .devices: devices = last.split(separator: ",").map(String.init)
            case .paused:
                guard let date = SettingValues.date(last) else {
                    report(.invalidSetting, "`paused until` takes a date like 2026-03-15, not `\(excerpt(last))`",
                           line: line, d.argument, help: "write `paused until YYYY-MM-DD`")
                    return
                }
                pausedUntil = date
            }
            found.insert(clause)
            words.removeLast(clause.words)
        }
        name = words.joined(separator: " ")
        if let problem = LocationName.problem(with: name) {
            let range = d.argument.isEmpty ? d.keywordRange.upperBound..<d.keywordRange.upperBound : d.argument
            report(.invalidLocationName, problem, line: line, range,
                   help: "write `location NAME [disabled]`; a name starts with a letter, e.g. `location Left Front Abdomen`")
            return
        }
        guard locations.count < SiteChange.maximumLocations else {
            report(.invalidSetting, "too many locations: at most \(SiteChange.maximumLocations)", line: line, d.argument,
                   help: "delete `location` lines you no longer use")
            return
        }
        if let existing = locationIndex[name] {
            report(.duplicateLocation, "location \"\(excerpt(name))\" is already declared on line \(locations[existing].line)",
                   line: line, d.argument, help: "delete one of the two `location` lines")
            return
        }
        locationIndex[name] = locations.count
        var location = Location(name: name, isEnabled: enabled, order: locations.count, line: line.number)
        if let devices { location.devices = devices }
        location.pausedUntil = pausedUntil
        locations.append(location)
    }

    package func collapse(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

/// What a location name may be. Shared by the parser and the commands that
/// add or rename locations, so the journal never gets a name it would reject.
public enum LocationName {
    public static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "missing location name" }
        if !(first.properties.isAlphabetic) { return "a location name must start with a letter: \"\(excerpt(name))\"" }
        if name.contains(";") { return "a location name cannot contain `;` (it starts a comment)" }
        let lower = name.lowercased()
        if lower == EntrySyntax.removedKeyword { return "`removed` is a keyword, not a location name" }
        if lower == "z" { return "`Z` reads as a UTC offset, not a location name" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a location name cannot contain control characters"
        }
        // Typed in a Latin-1 terminal: the byte's stand-in (`SystemPath`).
        if let byte = name.unicodeScalars.first(where: { SystemPath.byte($0) != nil }) {
            return "a location name cannot contain the byte \(ControlCharacters.escaped(String(byte))), which is not UTF-8"
        }
        if name.unicodeScalars.contains("\u{FEFF}") {
            return "a location name cannot contain a byte order mark (U+FEFF)"
        }
        if let clause = LocationLineParts.clauseEnding(name: name) {
            return "a location name cannot end in `\(excerpt(clause))`: the journal would read that as a clause of the line"
        }
        let (clauses, bytes) = EntryClauses.scan(name)
        if let clause = clauses.written(in: bytes).first {
            return "a location name cannot end in `\(excerpt(clause))`: an entry would read that as a clause of its line"
        }
        return nil
    }

    /// The problem with `name` in a journal whose devices (the pump first)
    /// are `devices`: the rules above, and no first word that names a device,
    /// since an entry `sensor Left Arm` is the sensor's. Every command that
    /// writes a name asks this before planning, so none reaches the parser's
    /// refusal of its own plan.
    public static func problem(with name: String, devices: [String]) -> String? {
        if let problem = problem(with: name) { return problem }
        guard let device = deviceWord(in: name, devices: devices) else { return nil }
        return "a location name cannot begin with the device name `\(device)`: an entry "
            + "`\(device) …` names the device"
    }

    /// The device `name`'s first word names, if any (case as written, as
    /// the parser reads entries).
    package static func deviceWord(in name: String, devices: [String]) -> String? {
        guard let first = name.split(separator: " ").first.map(String.init), devices.contains(first) else { return nil }
        return first
    }
}
