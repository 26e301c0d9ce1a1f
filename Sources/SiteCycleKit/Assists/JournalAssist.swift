/// What an editor asks of a journal at a place in it, answered as facts:
/// what may be typed there, what a line means, where a name is declared,
/// what the header declares. The language server turns these into its
/// protocol and the command line's words; nothing here knows either.
/// Places are 1-based lines and 0-based byte offsets within the line.
public struct JournalAssist {
    public let journal: Journal
    public let now: Instant

    public init(journal: Journal, now: Instant) {
        self.journal = journal
        self.now = now
    }

    // MARK: Completion

    public enum Candidate: Equatable, Sendable {
        /// A location for `device`, with what keeps it out of Recommended.
        case location(Recommendation.Item, tag: Recommendation.Tag?, restriction: Recommendation.Restriction?,
                      device: String)
        /// `removed`: ends the active site.
        case removed
        /// A declared device's word (or `pump`), before the location.
        case device(String)
        /// The current time as an entry starts (`2026-02-10 12:00`).
        case time(String)
        case directive(DirectiveSyntax.Keyword)
    }

    public struct Completion: Equatable, Sendable {
        /// Best first.
        public var candidates: [Candidate]
        /// The bytes of the line the chosen one replaces (the word typed so far).
        public var replacing: Range<Int>
        /// Written before the chosen one: the two spaces after a time the
        /// cursor is still right behind.
        public var separator = ""
    }

    /// What may be typed at `column` of `line`: after an entry's date and
    /// time, its location (recommended first, then the rest, longest rested
    /// first) and the device words; at the start of an empty line, the time
    /// now; at the start of a header line, the directive keywords.
    public func completion(line: Int, column: Int) -> Completion? {
        let text = lineBytes(line)
        let cursor = min(column, text.count)
        let before = Array(text[..<cursor])
        if EntryPrefix.locationStart(before + [0x20]) == before.count + 1, before.last != 0x20, before.last != 0x09 {
            // Right after the time: the location comes two spaces on.
            let devices = journal.hasDevices ? journal.deviceNames.map(Candidate.device) : []
            return Completion(candidates: locations(for: Device.pumpName) + [.removed] + devices,
                              replacing: cursor..<cursor, separator: "  ")
        }
        if let fieldStart = EntryPrefix.locationStart(before) {
            let typed = String(decoding: before[fieldStart...], as: UTF8.self)
            if typed.contains(";") { return nil }
            // A device word typed first: its locations after it.
            if let blank = typed.utf8.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) {
                let word = String(typed[..<blank])
                if journal.hasDevices || word == Device.pumpName, journal.deviceNames.contains(word) {
                    var start = fieldStart + word.utf8.count
                    while start < cursor, before[start] == 0x20 || before[start] == 0x09 { start += 1 }
                    return Completion(candidates: locations(for: word), replacing: start..<cursor)
                }
            }
            let devices = journal.hasDevices ? journal.deviceNames.map(Candidate.device) : []
            return Completion(candidates: locations(for: Device.pumpName) + [.removed] + devices,
                              replacing: fieldStart..<cursor)
        }
        // A word at the start of the line: a keyword or the time.
        guard before.allSatisfy({ isWordByte($0) }) else { return nil }
        var out: [Candidate] = []
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { out.append(.time(displayTime(now, in: journal.zone))) }
        if isInHeader(line) { out += DirectiveSyntax.Keyword.allCases.map(Candidate.directive) }
        return out.isEmpty ? nil : Completion(candidates: out, replacing: 0..<cursor)
    }

    /// Recommended first, then every other location for `device` (avoid,
    /// resting, paused, in use included), longest rested first.
    public func locations(for device: String) -> [Candidate] {
        let r = Recommender.recommend(journal, device: device, now: now)
        let recommended = Set(r.recommended.map(\.location.name))
        let others = r.all.map(\.item).filter { !recommended.contains($0.location.name) }
            .sorted { Recommender.restedLongest($0, $1, now: now) }
        return (r.recommended + others).map { item in
            .location(item, tag: r.tag(of: item.location.name), restriction: r.restriction(of: item.location.name),
                      device: device)
        }
    }

    /// Whether no entry comes before `line`.
    func isInHeader(_ line: Int) -> Bool {
        guard let first = journal.syntax.firstEntryLine else { return true }
        return line <= first
    }

    // MARK: Hover

    public enum Hover: Sendable {
        /// A site change: its duration (nil while active: see `status`),
        /// the status of the active one, and how its location stands now.
        case entry(SiteChange, device: String, status: SiteStatus?, nextUseThere: SiteChange?, site: Occupancy.Site?,
                   restedDays: Int?)
        /// A declared location: how often and when it was used, how it
        /// stands now.
        case location(Location, uses: Int, site: Occupancy.Site?, restedDays: Int?)
        case directive(DirectiveSyntax.Keyword)
    }

    /// What the line at `column` says, with the bytes it is about: an
    /// entry (and its location), a location's declaration, a directive.
    public func hover(line: Int, column: Int) -> ([Hover], Range<Int>)? {
        guard line >= 1, line <= journal.source.lines.count else { return nil }
        let start = journal.source.lines[line - 1].start
        let at = start + column
        switch journal.syntax.lines[line - 1].kind {
        case .entry(let e):
            guard let change = journal.changes.first(where: { $0.line == line }) else { return nil }
            let device = journal.deviceNames[Int(change.device)]
            let occupancy = Occupancy.compute(journal, now: now)
            let name = journal.name(of: change)
            let status = change.end == nil && !change.isRemoval && change.start <= now
                ? SiteStatus(journal.rotation(device), now: now) : nil
            let next = change.isRemoval ? nil
                : journal.changes.first { $0.start > change.start && $0.locationIndex == change.locationIndex }
            let site = name.flatMap(occupancy.site)
            let entry = Hover.entry(change, device: device, status: status, nextUseThere: next, site: site,
                                    restedDays: site.flatMap(occupancy.restedDays))
            let place = name.flatMap(journal.location(named:)).map { locationHover($0, occupancy) }
            return ([entry] + (place.map { [$0] } ?? []),
                    (e.timestampRange.lowerBound - start)..<(journal.source.lines[line - 1].contentEnd - start))
        case .directive(let d):
            let range = (d.keywordRange.lowerBound - start)..<(d.keywordRange.upperBound - start)
            if d.keyword == .location, !d.keywordRange.contains(at),
               let location = journal.locations.first(where: { $0.line == line }) {
                return ([locationHover(location, Occupancy.compute(journal, now: now))],
                        (d.argument.lowerBound - start)..<(d.argument.upperBound - start))
            }
            return ([.directive(d.keyword)], range)
        default:
            return nil
        }
    }

    private func locationHover(_ location: Location, _ occupancy: Occupancy) -> Hover {
        let index = UInt16(location.order)
        let uses = journal.changes.reduce(0) { $0 + ($1.locationIndex == index && $1.start <= now ? 1 : 0) }
        let site = occupancy.site(location.name)
        return .location(location, uses: uses, site: site, restedDays: site.flatMap(occupancy.restedDays))
    }

    // MARK: Definition and symbols

    /// The `location` line an entry's location name points to.
    public func definition(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= journal.source.lines.count,
              case .entry(let e) = journal.syntax.lines[line - 1].kind else { return nil }
        let at = journal.source.lines[line - 1].start + column
        guard at >= e.locationRange.lowerBound, at <= e.locationRange.upperBound else { return nil }
        let (_, name) = EntryField.split(e.locationName, devices: journal.settings.devices)
        return journal.location(named: name)?.line
    }

    public struct Symbol: Equatable, Sendable {
        public enum Kind: Sendable { case location, device, setting }
        public var kind: Kind
        /// The name (a location's, a device's) or the setting's keyword.
        public var name: String
        /// The rest of the line: a location's clauses, a device's target,
        /// a setting's value.
        public var detail: String
        public var line: Int
        /// The name's bytes in the line.
        public var range: Range<Int>
    }

    /// The header's declarations in file order: locations, devices, settings.
    public func symbols() -> [Symbol] {
        let source = journal.source
        var out: [Symbol] = []
        for line in journal.syntax.lineNumbers(.directive) {
            guard case .directive(let d) = journal.syntax.lines[line - 1].kind else { continue }
            let start = source.lines[line - 1].start
            let argument = source.string(d.argument)
            switch d.keyword {
            case .location:
                guard let location = journal.locations.first(where: { $0.line == line }) else { continue }
                // The name alone: the clauses after it are the detail.
                let name = journal.syntax.locationParts(atLine: line)?.name ?? d.argument
                let clauses = source.string(name.upperBound..<d.argument.upperBound).trimmingBlanks()
                out.append(Symbol(kind: .location, name: location.name, detail: clauses, line: line,
                                  range: (name.lowerBound - start)..<(name.upperBound - start)))
            case .device:
                let name = argument.split(separator: " ").first.map(String.init) ?? argument
                out.append(Symbol(kind: .device, name: name, detail: String(argument.dropFirst(name.count)).trimmingBlanks(),
                                  line: line, range: (d.argument.lowerBound - start)..<(d.argument.upperBound - start)))
            default:
                out.append(Symbol(kind: .setting, name: d.keyword.rawValue, detail: argument, line: line,
                                  range: (d.keywordRange.lowerBound - start)..<(d.argument.upperBound - start)))
            }
        }
        return out
    }

    // MARK: Lines

    private func lineBytes(_ line: Int) -> [UInt8] {
        guard line >= 1, line <= journal.source.lines.count else { return [] }
        let span = journal.source.lines[line - 1]
        return Array(journal.source.bytes[span.start..<span.contentEnd])
    }

    private func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || b == UInt8(ascii: "-")
    }
}

/// The start of an entry line as it is typed: `DATE TIME [OFFSET]` and
/// white space, after which the location goes.
enum EntryPrefix {
    /// Where the location field starts, when `line` (the text before the
    /// cursor) is a date, a time, an optional offset and white space.
    static func locationStart(_ line: [UInt8]) -> Int? {
        var i = 0
        func digits(_ n: Int) -> Bool {
            guard i + n <= line.count, line[i..<(i + n)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            i += n
            return true
        }
        func byte(_ b: UInt8) -> Bool {
            guard i < line.count, line[i] == b else { return false }
            i += 1
            return true
        }
        func blanks() -> Bool {
            let from = i
            while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
            return i > from
        }
        guard digits(4), byte(0x2D), digits(2), byte(0x2D), digits(2), blanks() else { return nil }
        guard digits(1) else { return nil }
        _ = digits(1)
        guard byte(0x3A), digits(2) else { return nil }
        if byte(0x3A) { guard digits(2) else { return nil } }
        let afterTime = i
        // An offset, attached or after a blank: Z, +HH, +HHMM, +HH:MM.
        _ = blanks()
        if byte(UInt8(ascii: "Z")) {
        } else if byte(UInt8(ascii: "+")) || byte(UInt8(ascii: "-")) {
            guard digits(2) else { return nil }
            if byte(0x3A) { guard digits(2) else { return nil } } else { _ = digits(2) }
        } else {
            i = afterTime
        }
        guard blanks() else { return nil }
        return i
    }
}
