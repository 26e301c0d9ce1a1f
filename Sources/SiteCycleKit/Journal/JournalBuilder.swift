/// Turns the syntax layer into the model and checks what only the whole file
/// can tell: settings, declared locations, time zones, order and clashes.
public struct JournalBuilder {
    /// The zone used when the header has no `timezone`.
    public var defaultZone: ZoneRules

    public init(defaultZone: ZoneRules) { self.defaultZone = defaultZone }

    /// Parses and builds in one go: the usual way in.
    public static func load(_ source: SourceFile, defaultZone: ZoneRules) -> Journal {
        let (syntax, diagnostics) = JournalParser().parse(source)
        return JournalBuilder(defaultZone: defaultZone).build(syntax, diagnostics: diagnostics)
    }

    public func build(_ syntax: JournalSyntax, diagnostics parseDiagnostics: [Diagnostic]) -> Journal {
        var state = BuildState(syntax: syntax, diagnostics: parseDiagnostics, zone: defaultZone)
        state.readHeader()
        state.checkDevicesInHeader()
        state.readEntries()
        return Journal(syntax: syntax, settings: state.settings, locations: state.locations,
                       changes: state.changes, zone: state.zone, diagnostics: state.diagnostics.sortedForDisplay())
    }
}

private struct BuildState {
    /// Two changes closer than this were probably one change logged twice.
    package static let duplicateWindowSeconds: Int64 = 5 * 60

    package let syntax: JournalSyntax
    package var diagnostics: [Diagnostic]
    package var zone: ZoneRules
    package var settings = Settings()
    package var locations: [Location] = []
    package var locationIndex: [String: Int] = [:]
    package var changes: [SiteChange] = []
    /// Where each `device` was declared, and the first line of each setting.
    package var deviceLines: [String: Int] = [:]
    package var settingLinesSeen: [DirectiveSyntax.Keyword: Int] = [:]
    /// Built on the first unknown name; answers each distinct one once.
    package var suggester: NameSuggester?

    package init(syntax: JournalSyntax, diagnostics: [Diagnostic], zone: ZoneRules) {
        self.syntax = syntax
        self.diagnostics = diagnostics
        self.zone = zone
    }

    package var source: SourceFile { syntax.source }

    package mutating func report(_ code: Diagnostic.Code, _ message: String, line: SyntaxLine, _ range: Range<Int>,
                         help: String? = nil) {
        report(.error, code, message, line: line, range, help: help)
    }

    package mutating func report(_ severity: Diagnostic.Severity, _ code: Diagnostic.Code, _ message: String,
                         line: SyntaxLine, _ range: Range<Int>, help: String? = nil) {
        diagnostics.append(Diagnostic(severity, code, message, line: line.number,
                                      column: range.lowerBound - line.span.start + 1, length: range.count, help: help))
    }

    // MARK: Header

    package mutating func readHeader() {
        var settingLines: [DirectiveSyntax.Keyword: Int] = [:]
        for line in syntax.lines {
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
                report(.invalidSetting, problem.message, line: line, range, help: problem.help)
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
            guard let rules = ZoneRules(identifier: argument) else {
                let guess = suggestion(for: argument, among: knownZoneIdentifiers())
                return ("unknown time zone `\(excerpt(argument))`",
                        guess.map { "did you mean `\($0)`?" } ?? "use an IANA name such as `Europe/Berlin`, `America/New_York` or `UTC`")
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
        case .location, .device:
            break
        }
        return nil
    }

    /// `device NAME DURATION`: a second rotation (a CGM sensor) with its
    /// target; `device pump DURATION` is the pump's `target`.
    package mutating func declareDevice(_ argument: String, directive d: DirectiveSyntax, line: SyntaxLine) {
        let range = d.argument.isEmpty ? d.keywordRange.upperBound..<d.keywordRange.upperBound : d.argument
        let words = argument.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count == 2 else {
            report(.invalidSetting, "`device` takes a name and a target", line: line, range,
                   help: "e.g. `device sensor 10d` for CGM sensors worn 10 days")
            return
        }
        let name = words[0]
        if let problem = Device.problem(with: name) {
            report(.invalidSetting, "invalid device name `\(excerpt(name))`: \(problem)", line: line, range,
                   help: "e.g. `device sensor 10d`")
            return
        }
        let hours: Double
        switch SettingValues.hours(words[1]) {
        case .success(let h): hours = h
        case .failure(let e):
            report(.invalidSetting, "invalid `device` target: \(e.message)", line: line, range, help: e.help)
            return
        }
        if name == Device.pumpName {
            if let first = deviceLines[name] ?? settingLinesSeen[.target] {
                report(.duplicateSetting, "the pump's target is already set on line \(first)", line: line, range,
                       help: "`device pump DURATION` means `target DURATION`: keep one of the two lines")
                return
            }
            deviceLines[name] = line.number
            settings.targetHours = hours
            return
        }
        if let first = deviceLines[name] {
            report(.duplicateSetting, "device `\(name)` is already declared on line \(first)", line: line, range,
                   help: "keep one `device \(name)` line and delete the other")
            return
        }
        deviceLines[name] = line.number
        settings.devices.append(Device(name: name, targetHours: hours, line: line.number))
    }

    package mutating func declareLocation(_ argument: String, directive d: DirectiveSyntax, line: SyntaxLine) {
        var name = collapse(argument)
        var enabled = true
        var devices: [String]?
        var pausedUntil: CivilDate?
        // Clauses after the name, read from the end: `disabled`,
        // `for DEV[,DEV…]`, `paused until YYYY-MM-DD`, in any order.
        while true {
            var words = name.split(separator: " ").map(String.init)
            if words.count >= 2, words.last == "disabled" {
                enabled = false
            } else if words.count >= 3, words[words.count - 2] == "for",
                      words.last!.split(separator: ",").allSatisfy({ Device.problem(with: String($0)) == nil }) {
                devices = words.last!.split(separator: ",").map(String.init)
                words.removeLast()
            } else if words.count >= 4, words[words.count - 3] == "paused", words[words.count - 2] == "until" {
                guard let date = SettingValues.date(words.last!) else {
                    report(.invalidSetting, "`paused until` takes a date like 2026-03-15, not `\(excerpt(words.last!))`",
                           line: line, d.argument, help: "write `paused until YYYY-MM-DD`")
                    return
                }
                pausedUntil = date
                words.removeLast(2)
            } else {
                break
            }
            words.removeLast()
            name = words.joined(separator: " ")
        }
        if let problem = LocationName.problem(with: name) {
            let range = d.argument.isEmpty ? d.keywordRange.upperBound..<d.keywordRange.upperBound : d.argument
            report(.invalidLocationName, problem, line: line, range,
                   help: "write `location NAME [disabled]`; a name starts with a letter, e.g. `location Left Front Abdomen`")
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

    /// What only the whole header can tell: `for` names declared devices,
    /// and no location name begins with a device's name (an entry
    /// `sensor Left Arm` would be ambiguous).
    package mutating func checkDevicesInHeader() {
        let names = Set([Device.pumpName] + settings.devices.map(\.name))
        for location in locations {
            let line = syntax.lines[location.line - 1]
            guard case .directive(let d) = line.kind else { continue }
            for device in location.devices where !names.contains(device) {
                report(.invalidSetting, "`for \(device)`: no device `\(excerpt(device))` is declared", line: line, d.argument,
                       help: "declare it with `device \(device) DURATION`, or list only declared devices")
            }
            if let first = location.name.split(separator: " ").first, names.contains(String(first)),
               names.count > 1 || first == Device.pumpName {
                report(.invalidLocationName, "location \"\(excerpt(location.name))\" begins with the device name `\(first)`",
                       line: line, d.argument,
                       help: "an entry `\(first) …` names the device; rename the location, e.g. `locations rename`")
            }
        }
    }

    // MARK: Entries

    package mutating func readEntries() {
        // Site changes in file order, then sorted and compacted in place: one
        // array for the whole history (a journal may hold a million lines).
        var list: [SiteChange] = []
        list.reserveCapacity(syntax.lines.count)
        var inOrder = true
        var noteOwner: Int?  // index into `list` of the entry a continuation belongs to
        // Continuation lines are gathered and joined once per note: adding
        // them one by one copied the note each time (quadratic).
        var noteParts: [String] = []
        func finishNote() {
            if let owner = noteOwner, !noteParts.isEmpty {
                // Empty parts before the first text add nothing, as before.
                let parts = ([list[owner].note ?? ""] + noteParts).drop { $0.isEmpty }
                list[owner].note = parts.joined(separator: "\n")
            }
            noteParts.removeAll(keepingCapacity: true)
        }
        for line in syntax.lines {
            switch line.kind {
            case .entry(let e):
                finishNote()
                noteOwner = nil
                guard let change = resolve(e, line: line) else { continue }
                if let previous = list.last, change.start < previous.start {
                    inOrder = false
                    report(.warning, .outOfOrder,
                           "out of order: this site change is earlier than the one on line \(previous.line)",
                           line: line, e.timestampRange, help: "`sitecycle fmt` puts entries in time order")
                }
                noteOwner = list.count
                list.append(change)
            case .noteContinuation(let text):
                warnAboutControlCharacters(in: text, line: line)
                if noteOwner != nil { noteParts.append(NoteText.read(source.string(text))) }
            case .blank, .comment:
                break
            default:
                finishNote()
                noteOwner = nil
            }
        }
        finishNote()
        if !inOrder { list.sort { ($0.start, $0.line) < ($1.start, $1.line) } }
        var kept = 0
        // Each device is its own rotation: a change ends the one before it
        // on the same device only.
        var lastKept = [Int](repeating: -1, count: 1 + settings.devices.count)
        for i in list.indices {
            var change = list[i]
            if change.note?.isEmpty == true { change.note = nil }
            let line = syntax.lines[change.line - 1]
            let d = Int(change.device)
            if lastKept[d] >= 0 {
                let li = lastKept[d]
                let last = list[li]
                if last.start == change.start {
                    let first = syntax.lines[last.line - 1]
                    reportClash(line, with: first)
                    // An exact duplicate line may carry note lines of its own:
                    // they belong to it, so they join the kept entry's note
                    // (unless they are the same lines again). `fmt` folds
                    // the two the same way.
                    if lineBytes(line) == lineBytes(first) {
                        let mine = continuationTexts(after: change.line), theirs = continuationTexts(after: last.line)
                        if !mine.isEmpty && mine != theirs {
                            list[li].note = ([list[li].note ?? ""] + mine).drop { $0.isEmpty }.joined(separator: "\n")
                        }
                    }
                    continue
                }
                if change.start.seconds - last.start.seconds < BuildState.duplicateWindowSeconds, case .entry(let e) = line.kind {
                    let minutes = (change.start.seconds - last.start.seconds) / 60
                    report(.warning, .possibleDuplicate,
                           "possible duplicate: line \(last.line) is only \(minutes == 0 ? "seconds" : "\(minutes) min") earlier",
                           line: line, e.timestampRange,
                           help: "two devices may have logged the same change; delete one with `sitecycle delete \(change.line)`")
                }
                if !last.isRemoval { list[li].end = change.start }
            }
            if change.isRemoval, lastKept[d] < 0 || list[lastKept[d]].isRemoval, case .entry(let e) = line.kind {
                report(.warning, .nothingActive, "`removed` with no site active", line: line,
                       e.locationRange, help: "a `removed` line ends the site before it; delete this line if no site was in")
            }
            list[kept] = change
            lastKept[d] = kept
            kept += 1
        }
        list.removeLast(list.count - kept)
        changes = list
        warnAboutLongSessions()
    }

    /// A session far past the target usually means a change was never
    /// logged (or a backdated line went in before the first): it would
    /// skew every average, so say so.
    package mutating func warnAboutLongSessions() {
        // A line left out for an error would make its neighbour look long.
        guard !diagnostics.hasErrors else { return }
        let targets = [settings.targetHours] + settings.devices.map(\.targetHours)
        for c in changes {
            let limit = targets[Int(c.device)] * Double(SiteChange.longSessionFactor) * 3600
            guard !c.isRemoval, let end = c.end, Double(end.seconds - c.start.seconds) > limit,
                  case .entry(let e) = syntax.lines[c.line - 1].kind else { continue }
            let days = Double(end.seconds - c.start.seconds) / 86_400
            report(.warning, .longSession,
                   "in for \(Int(days.rounded())) days, more than \(SiteChange.longSessionFactor)× the target: a change missing?",
                   line: syntax.lines[c.line - 1], e.timestampRange,
                   help: "log the missing change with `sitecycle log LOCATION --at TIME`")
        }
    }

    package mutating func reportClash(_ line: SyntaxLine, with first: SyntaxLine) {
        guard case .entry(let e) = line.kind else { return }
        if lineBytes(line) == lineBytes(first) {
            report(.warning, .duplicateEntry, "duplicate of line \(first.number)", line: line,
                   line.span.start..<line.span.contentEnd,
                   help: "delete one of the two lines; `sitecycle fmt` folds exact duplicates")
        } else {
            report(.sameInstant, "two site changes at the same time: line \(first.number) is at the same instant",
                   line: line, e.timestampRange, help: "correct the time of one of them, or delete the one that is wrong")
        }
    }

    /// Terminal control characters in a note (ESC, BEL, C1) would act on
    /// the screen of whoever reads it; every output escapes them, and this
    /// says where they are. NUL and CR are errors of their own.
    package mutating func warnAboutControlCharacters(in range: Range<Int>, line: SyntaxLine) {
        let bytes = source.bytes
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            let c1 = b == 0xC2 && i + 1 < range.upperBound && (0x80...0x9F).contains(bytes[i + 1])
            if (b < 0x20 && b != 0x09 && b != 0x00 && b != 0x0D) || b == 0x7F || c1 {
                let shown = c1 ? "\\x" + String(bytes[i + 1], radix: 16) : "\\x" + (b < 0x10 ? "0" : "") + String(b, radix: 16)
                report(.warning, .controlCharacter, "control character \(shown) in a note", line: line,
                       i..<(i + (c1 ? 2 : 1)),
                       help: "delete it in an editor; sitecycle shows it as `\(shown)`")
                return
            }
            i += 1
        }
    }

    /// The note text of the continuation lines right below line `number`.
    package func continuationTexts(after number: Int) -> [String] {
        var texts: [String] = []
        var i = number  // 0-based index of the next line
        while i < syntax.lines.count, case .noteContinuation(let text) = syntax.lines[i].kind {
            texts.append(NoteText.read(source.string(text)))
            i += 1
        }
        return texts
    }

    package func lineBytes(_ line: SyntaxLine) -> ArraySlice<UInt8> {
        var end = line.span.contentEnd
        while end > line.span.start, isBlank(source.bytes[end - 1]) { end -= 1 }
        return source.bytes[line.span.start..<end]
    }

    /// The instant, location and note of one entry line, or nil (reported).
    package mutating func resolve(_ e: EntrySyntax, line: SyntaxLine) -> SiteChange? {
        let time = instant(of: e, line: line)
        let (device, name, nameRange) = deviceAndLocation(e)
        let isRemoval = name == EntrySyntax.removedKeyword
        let knownLocation = isRemoval || checkLocation(name, nameRange, line: line)
        guard let (instant, offset) = time, knownLocation else { return nil }
        if let range = e.noteRange { warnAboutControlCharacters(in: range, line: line) }
        let note = e.noteRange.map { NoteText.read(source.string($0)) }
        var change = SiteChange(location: isRemoval ? nil : name, start: instant, offset: offset, note: note, line: line.number)
        change.device = device
        if device > 0 || !settings.devices.isEmpty, !isRemoval, let i = locationIndex[name] {
            let deviceName = device == 0 ? Device.pumpName : settings.devices[Int(device) - 1].name
            if !locations[i].isFor(deviceName) {
                report(.warning, .deviceMismatch, "\(excerpt(name)) is not a site for the \(deviceName)", line: line, nameRange,
                       help: "add `\(deviceName)` to its `for` list in the header if it is, e.g. "
                           + "`location \(excerpt(name))  for \((locations[i].devices + [deviceName]).joined(separator: ","))`")
            }
        }
        return change
    }

    /// The device an entry belongs to (its first word, when that names a
    /// declared device or `pump`) and the location or `removed` after it.
    package func deviceAndLocation(_ e: EntrySyntax) -> (UInt8, String, Range<Int>) {
        let field = e.locationName
        // The common case, a journal without devices, costs one prefix test.
        if settings.devices.isEmpty && !field.utf8.starts(with: "pump ".utf8) { return (0, field, e.locationRange) }
        guard let space = field.firstIndex(of: " ") else { return (0, field, e.locationRange) }
        let first = field[..<space]
        let device: UInt8
        if first == Device.pumpName {
            device = 0
        } else if let i = settings.devices.firstIndex(where: { $0.name == first }) {
            device = UInt8(i + 1)
        } else {
            return (0, field, e.locationRange)
        }
        // The location starts after the device word and its white space.
        var start = e.locationRange.lowerBound + first.utf8.count
        while start < e.locationRange.upperBound, isBlank(source.bytes[start]) { start += 1 }
        return (device, String(field[field.index(after: space)...]), start..<e.locationRange.upperBound)
    }

    /// The instant a line names and the offset in force, or nil (reported).
    package mutating func instant(of e: EntrySyntax, line: SyntaxLine) -> (Instant, Int)? {
        if let given = e.offset { return (Instant(seconds: e.localSeconds - Int64(given)), given) }
        switch zone.resolve(wallSeconds: e.localSeconds) {
        case .unique(let i, let o):
            return (i, o)
        case .ambiguous(let earlier, let o, _, _):
            // Clocks went back: the first time the wall clock read this.
            return (earlier, o)
        case .nonexistent(let gapStart, let gapEnd):
            let from = "\(pad2(gapStart.hour)):\(pad2(gapStart.minute))", to = "\(pad2(gapEnd.hour)):\(pad2(gapEnd.minute))"
            report(.nonexistentTime,
                   "\(e.dateTime.journalText) does not exist in \(zone.identifier): clocks jumped from \(from) to \(to)",
                   line: line, e.timestampRange,
                   help: "write the time the clock showed, e.g. `\(to)`, or add the offset you meant")
            return nil
        }
    }

    package mutating func checkLocation(_ name: String, _ range: Range<Int>, line: SyntaxLine) -> Bool {
        guard locationIndex[name] == nil else { return true }
        if suggester == nil { suggester = NameSuggester(locations.map(\.name)) }
        let help = suggester!.suggestion(for: name).map { "did you mean \"\($0)\"?" }
            ?? "declare it in the header with `location \(excerpt(name))`"
        report(.unknownLocation, "unknown location \"\(excerpt(name))\"", line: line, range, help: help)
        return false
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
        return nil
    }
}
