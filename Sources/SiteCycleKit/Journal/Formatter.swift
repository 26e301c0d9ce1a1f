/// The canonical layout `fmt` writes: the opening comments, then settings
/// (patient, timezone, target, each `device` in its order, rest, absorption-threshold,
/// absorption-mode, strategy, cgm), then locations in their order with their
/// clauses (`for …`, `paused until …`, `disabled`) as written, then site
/// changes in time order with aligned columns (a device word is part of the
/// location field, and its `reason:` / `lot:` clauses follow the location,
/// two spaces apart); one blank line between sections. Every comment travels with the
/// line below it; exact duplicate entry lines become one. Nothing else is
/// dropped, and formatting twice changes nothing.
public struct JournalFormatter {
    public let journal: Journal

    public init(journal: Journal) { self.journal = journal }

    /// A directive or entry with the comment lines just above it.
    package struct Unit {
        package var comments: [String]
        package var line: SyntaxLine
        package var continuations: [String]
    }

    package static let settingOrder: [DirectiveSyntax.Keyword] = [
        .patient, .timezone, .target, .device, .rest, .absorptionThreshold, .absorptionMode, .strategy, .cgm,
    ]

    public func formatted() -> [UInt8] {
        let syntax = journal.syntax
        let source = journal.source
        // Opening comments: everything before the first directive or entry,
        // up to the last blank line there (comments right above the first
        // line belong to it).
        let firstContent = syntax.lines.firstIndex { line in
            switch line.kind { case .directive, .entry: return true; default: return false }
        } ?? syntax.lines.count
        var preambleEnd = 0
        for i in 0..<firstContent where syntax.lines[i].kind.isBlank { preambleEnd = i }
        if firstContent == syntax.lines.count { preambleEnd = firstContent }
        var preamble = (0..<preambleEnd).map { source.lineText($0 + 1).trimmingTrailingBlanks() }
        while preamble.last?.isEmpty == true { preamble.removeLast() }

        var units: [Unit] = []
        var pending: [String] = []
        for line in syntax.lines[preambleEnd...] {
            let text = source.lineText(line.number).trimmingTrailingBlanks()
            switch line.kind {
            case .blank: continue
            // Stand-alone comments are written flush left: indented, one could
            // be read as the note of an entry that ends up above it.
            case .comment: pending.append(text.trimmingBlanks())
            case .noteContinuation:
                if units.isEmpty { pending.append(text) } else { units[units.count - 1].continuations.append(text) }
            case .directive, .entry:
                units.append(Unit(comments: pending, line: line, continuations: []))
                pending = []
            case .conflictMarker, .invalid:
                pending.append(text)  // unreachable on a journal without errors; kept rather than lost
            }
        }
        let trailing = pending

        var settings: [Unit] = [], locations: [Unit] = [], entries: [Unit] = []
        for u in units {
            if case .directive(let d) = u.line.kind {
                if d.keyword == .location { locations.append(u) } else { settings.append(u) }
            } else {
                entries.append(u)
            }
        }
        // Stable: `device` lines (and any repeated keyword) keep their order.
        settings = settings.enumerated().sorted { (order($0.element), $0.offset) < (order($1.element), $1.offset) }
            .map(\.element)
        let entryLines = entryTexts(entries)

        var sections: [[String]] = []
        if !preamble.isEmpty { sections.append(preamble) }
        let header = settings.flatMap { $0.comments + [directiveText($0)] }
        if !header.isEmpty { sections.append(header) }
        let declared = locations.flatMap { $0.comments + [directiveText($0)] }
        if !declared.isEmpty { sections.append(declared) }
        if !entryLines.isEmpty { sections.append(entryLines) }
        if !trailing.isEmpty { sections.append(trailing) }

        let newline = source.prefersCRLF ? "\r\n" : "\n"
        let text = sections.map { $0.joined(separator: newline) }.joined(separator: newline + newline)
        return (source.hasBOM ? SourceFile.bom : []) + Array((text.isEmpty ? "" : text + newline).utf8)
    }

    package func order(_ u: Unit) -> Int {
        guard case .directive(let d) = u.line.kind else { return 0 }
        return JournalFormatter.settingOrder.firstIndex(of: d.keyword) ?? JournalFormatter.settingOrder.count
    }

    /// `keyword value` with single spacing; a trailing comment is kept.
    package func directiveText(_ u: Unit) -> String {
        guard case .directive(let d) = u.line.kind else { return "" }
        let source = journal.source
        var text = d.keyword.rawValue
        if d.keyword == .location {
            let (name, clauses) = Self.locationClauses(collapse(source.string(d.argument)))
            text += " " + ([name] + clauses).joined(separator: "  ")
        } else if !d.argument.isEmpty {
            text += " " + collapse(source.string(d.argument))
        }
        return text + trailingComment(after: d.argument.isEmpty ? d.keywordRange.upperBound : d.argument.upperBound, in: u.line)
    }

    package func trailingComment(after position: Int, in line: SyntaxLine) -> String {
        let bytes = journal.source.bytes
        var i = position
        while i < line.span.contentEnd, isBlank(bytes[i]) { i += 1 }
        guard i < line.span.contentEnd, bytes[i] == UInt8(ascii: ";") else { return "" }
        return "  " + journal.source.string(i..<line.span.contentEnd).trimmingTrailingBlanks()
    }

    /// A location's name and the clauses after it, in the order written
    /// (`for pump,sensor`, `paused until 2026-03-15`, `disabled`): peeled
    /// from the end exactly as the journal builder reads them.
    package static func locationClauses(_ argument: String) -> (name: String, clauses: [String]) {
        var words = argument.split(separator: " ").map(String.init)
        var clauses: [String] = []
        while true {
            let size: Int
            if words.count >= 2, words.last == "disabled" {
                size = 1
            } else if words.count >= 3, words[words.count - 2] == "for",
                      words.last!.split(separator: ",").allSatisfy({ Device.problem(with: String($0)) == nil }) {
                size = 2
            } else if words.count >= 4, words[words.count - 3] == "paused", words[words.count - 2] == "until" {
                size = 3
            } else {
                break
            }
            clauses.insert(words.suffix(size).joined(separator: " "), at: 0)
            words.removeLast(size)
        }
        return (words.joined(separator: " "), clauses)
    }

    /// An entry's location field: a device word (a declared device or
    /// `pump`) set off by two spaces, then the location or `removed`.
    package func locationField(_ field: String) -> String {
        guard let space = field.firstIndex(of: " ") else { return field }
        let first = field[..<space]
        guard first == Device.pumpName || journal.settings.devices.contains(where: { $0.name == first }) else { return field }
        return first + "  " + field[field.index(after: space)...]
    }

    /// An entry's `reason:` and `lot:` clauses as the tool writes them
    /// (`  reason: pain  lot: A1`), in the order written; "" when none.
    package func clauses(_ e: EntrySyntax) -> String {
        guard let range = e.clauseRange else { return "" }
        let written = EntryClauses.split("x " + collapse(journal.source.string(range))).written
        return written.map { "  " + $0 }.joined()
    }

    /// A continuation line's note text, as written (`; more` → `more`).
    static func noteOf(_ continuation: String) -> String {
        String(continuation.trimmingBlanks().dropFirst()).trimmingBlanks()
    }

    /// Entries in time order (file order breaks ties), exact duplicates
    /// folded, with the location and note columns aligned across all.
    package func entryTexts(_ units: [Unit]) -> [String] {
        let source = journal.source
        struct Row { var unit: Unit; var start: Instant; var stamp: String; var location: String; var note: String?; var more: [String] }
        var rows: [Row] = []
        for u in units {
            guard case .entry(let e) = u.line.kind else { continue }
            // A skipped time: the journal has errors and is not formatted.
            let start = journal.zone.instant(reading: e.dateTime, offset: e.offset) ?? Instant(seconds: e.localSeconds)
            let more = u.continuations.map(Self.noteOf)
            rows.append(Row(unit: u, start: start, stamp: collapse(source.string(e.timestampRange)),
                            location: locationField(e.locationName) + clauses(e), note: e.noteRange.map { source.string($0) }, more: more))
        }
        rows = rows.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        // Fold exact duplicates, keeping the comments of both; a duplicate's
        // own note lines join the kept one's, unless they are the same lines
        // (the meaning the journal gives them: see the builder).
        var folded: [Row] = []
        for r in rows {
            if let last = folded.last, last.start == r.start, last.stamp == r.stamp, last.location == r.location,
               last.note == r.note {
                folded[folded.count - 1].unit.comments += r.unit.comments
                if !r.more.isEmpty && r.more != last.unit.continuations.map(Self.noteOf) {
                    folded[folded.count - 1].more += r.more
                }
                continue
            }
            folded.append(r)
        }
        let columns = EntryColumns(longestStamp: folded.map { $0.stamp.count }.max() ?? 0,
                                   longestField: folded.map { $0.location.count }.max() ?? 0)
        let locationColumn = columns.location, noteColumn = columns.note
        var out: [String] = []
        for r in folded {
            out += r.unit.comments
            var line = r.stamp + String(repeating: " ", count: locationColumn - r.stamp.count) + r.location
            let notes = (r.note.map { [$0] } ?? (r.more.isEmpty ? [] : [""])) + r.more
            if let first = notes.first {
                line += String(repeating: " ", count: noteColumn - line.count) + ";" + (first.isEmpty ? "" : " " + first)
            }
            out.append(line)
            for more in notes.dropFirst() {
                out.append(String(repeating: " ", count: noteColumn) + ";" + (more.isEmpty ? "" : " " + more))
            }
        }
        return out
    }

    package func collapse(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

extension SyntaxLine.Kind {
    package var isBlank: Bool { if case .blank = self { return true } else { return false } }
}

extension StringProtocol {
    package func trimmingTrailingBlanks() -> String {
        var s = Substring(self)
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
