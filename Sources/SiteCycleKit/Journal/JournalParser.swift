#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a journal's bytes into the lossless syntax layer, one line at a
/// time, collecting a diagnostic for every line it cannot read instead of
/// stopping at the first. Meaning (settings, time zones, declared locations,
/// order) is checked afterwards by `JournalBuilder`.
public struct JournalParser {
    /// Whether plain entry lines take the fast path (`plainEntry`); off
    /// only in the test that proves both paths read the same.
    package var fastEntries = true

    public init() {}

    public func parse(_ source: SourceFile) -> (JournalSyntax, [Diagnostic]) {
        let read = read(source)
        return (read.syntax, read.diagnostics)
    }

    /// The syntax, and beside it what the builder needs of every entry line
    /// in a compact form, so no line is decoded twice on the way in.
    package func read(_ source: SourceFile) -> ParsedJournal {
        // Positions are kept in 32 bits; no journal comes near 2 GB.
        guard source.bytes.count < Int(Int32.max) else {
            return ParsedJournal(
                syntax: JournalSyntax(source: source, kinds: []), entries: EntryRecords(), names: [],
                notes: NoteTable(),
                diagnostics: [Diagnostic(.error, .unexpectedText, "the file is over 2 GB; this is not a journal", line: 1,
                                         column: 1, length: 0, help: "check the path given with -f")])
        }
        let lineTable = source.lines
        var kinds: [SyntaxLine.Tag] = []
        var names = NameTable()
        var notes = NoteTable()
        notes.reserve(notes: lineTable.count / 2, bytes: source.bytes.count / 2)
        var diagnostics: [Diagnostic] = []
        // One record per entry line at most: written into room for one per
        // line. One kind per line, written into room for exactly that many:
        // an append checked the array's room and ownership on every line.
        let entries = EntryRecords.writing(capacity: lineTable.count) { entries in
            kinds = [SyntaxLine.Tag](unsafeUninitializedCapacity: lineTable.count) { kindsOut, kindsWritten in
                source.bytes.withUnsafeBufferPointer { buf in
                    var context = LineContext(buf: buf, names: names)
                    var inEntry = false
                    var window = ReadingWindow(source.bytes)
                    var months = MonthMemo()
                    for index in 0..<lineTable.count {
                        let span = lineTable.span(index, in: buf)
                        window.reached(span.start)
                        if fastEntries,
                           JournalParser.plainEntry(buf, span, line: index + 1, names: &context.names, notes: &notes,
                                                    months: &months, into: &entries) {
                            kindsOut.initializeElement(at: index, to: .entry)
                            inEntry = true
                            continue
                        }
                        context.start(span, number: index + 1)
                        let kind = context.parse(followsEntry: inEntry)
                        let tag = kind.tag
                        kindsOut.initializeElement(at: index, to: tag)
                        inEntry = tag == .entry || tag == .noteContinuation
                        if case .entry(let e) = kind {
                            var note = NoteTable.none, control = false
                            if let r = e.noteRange {
                                note = notes.addWritten(buf.baseAddress! + r.lowerBound, buf.baseAddress! + r.upperBound)
                                control = ControlCharacters.firstInNote(buf, r) != nil
                            }
                            entries.append(EntryRecord(localSeconds: e.localSeconds, line: UInt32(index + 1),
                                                       name: context.lastName,
                                                       offsetSeconds: e.offset.map(Int32.init) ?? Int32.min, note: note,
                                                       noteHasControl: control))
                        }
                    }
                    diagnostics = context.diagnostics
                    names = context.names
                }
                kindsWritten = lineTable.count
            }
        }
        return ParsedJournal(syntax: JournalSyntax(source: source, kinds: kinds), entries: entries,
                             names: names.names, notes: notes, diagnostics: diagnostics)
    }

    /// One line read again, on demand, for the syntax layer.
    package static func decode(_ source: SourceFile, span: LineSpan, number: Int, followsEntry: Bool) -> SyntaxLine.Kind {
        source.bytes.withUnsafeBufferPointer { buf in
            var context = LineContext(buf: buf, names: NameTable())
            context.interning = false
            context.start(span, number: number)
            return context.parse(followsEntry: followsEntry)
        }
    }
}

/// The state of parsing, one line at a time.
private struct LineContext {
    package let buf: UnsafeBufferPointer<UInt8>
    package var span = LineSpan(start: 0, contentEnd: 0, end: 0)
    package var number = 0
    package var diagnostics: [Diagnostic] = []
    package var names: NameTable
    /// The name index of the last entry line read.
    package var lastName: UInt32 = 0
    /// Whether names are interned (the parser's pass over the file). A
    /// line decoded again on its own needs only its name's text: interning
    /// it made a table of its own for every line the merge, `fmt` and
    /// edits read (four allocations a line).
    package var interning = true

    package init(buf: UnsafeBufferPointer<UInt8>, names: NameTable) {
        self.buf = buf
        self.names = names
    }

    package mutating func start(_ span: LineSpan, number: Int) {
        self.span = span
        self.number = number
    }

    package mutating func report(_ code: Diagnostic.Code, _ message: String, _ range: Range<Int>, help: Diagnostic.Help? = nil) {
        diagnostics.append(Diagnostic(.error, code, message, line: number, column: range.lowerBound - span.start + 1,
                                      length: range.count, help: help))
    }

    /// A span as a message quotes it (see `excerpt`).
    package func quote(_ range: Range<Int>) -> String { excerpt(text(range.lowerBound..<min(range.upperBound, range.lowerBound + 400))) }

    package func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
    }

    package mutating func parse(followsEntry: Bool) -> SyntaxLine.Kind {
        guard checkBytes() else { return .invalid }
        var cursor = ByteCursor(buf, start: span.start, end: span.contentEnd)
        guard let first = cursor.peek else { return .blank }
        if isConflictMarker() {
            report(.mergeConflict, "unresolved merge conflict", span.start..<span.contentEnd,
                   help: .resolveConflictMarkers)
            return .conflictMarker
        }
        if first == UInt8(ascii: ";") || first == UInt8(ascii: "#") { return .comment }
        if isBlank(first) {
            cursor.skipBlanks()
            guard let next = cursor.peek else { return .blank }
            if next == UInt8(ascii: ";") {
                guard followsEntry else { return .comment }
                cursor.advance()
                return .noteContinuation(text: cursor.trimmed(cursor.position..<span.contentEnd))
            }
            report(.unexpectedIndent, "indented text that is not a note", cursor.position..<span.contentEnd,
                   help: "continue a note on the next line with white space and `;`, or remove the indentation")
            return .invalid
        }
        if isDigit(first) { return parseEntry(&cursor) }
        if isASCIILetter(first) { return parseDirective(&cursor) }
        report(.unexpectedText, "this line is not a comment, a directive or a site change", span.start..<span.contentEnd,
               help: "site changes start with a date (`2026-02-07 08:15  Left Front Abdomen`); comment a line out with `;`")
        return .invalid
    }

    /// NUL bytes, lone CRs, a byte-order mark after the start and invalid
    /// UTF-8 make a line unreadable; each is reported once per line.
    package mutating func checkBytes() -> Bool {
        var ok = true
        var seen = Set<Diagnostic.Code>()
        var i = span.start
        while i < span.contentEnd {
            let b = buf[i]
            if b >= 0x20 && b < 0x80 || b == 0x09 { i += 1; continue }
            var problem: (Diagnostic.Code, String, String, Int)?
            if b == 0 {
                problem = (.nulByte, "NUL byte in the journal", "the file may be damaged or not a journal; delete the byte in an editor that shows it", 1)
            } else if b == 0x0D {
                problem = (.crLineEnding, "carriage return without a line feed (old Mac line ending)",
                           "save the file with LF or CRLF line endings", 1)
            } else if b >= 0x80 {
                let (scalar, size) = decodeScalarUnsafe(i)
                if scalar == nil {
                    problem = (.invalidUTF8, "invalid UTF-8", "save the file as UTF-8", 1)
                } else if scalar == "\u{FEFF}" {
                    problem = (.strayBOM, "byte order mark in the middle of the file",
                               "delete it; a BOM may only start the file", 3)
                } else {
                    i += size
                    continue
                }
            } else {
                i += 1  // other control characters are displayed as they are
                continue
            }
            if let (code, message, help, size) = problem {
                ok = false
                if seen.insert(code).inserted { report(code, message, i..<(i + size), help: .text(help)) }
                i += size
            }
        }
        return ok
    }

    package func decodeScalarUnsafe(_ i: Int) -> (Unicode.Scalar?, Int) {
        let end = min(i + 4, span.contentEnd)
        return decodeScalar(Array(buf[i..<end]), at: 0)
    }

    package func isConflictMarker() -> Bool {
        let n = span.contentCount
        guard n >= 7 else { return false }
        let c = buf[span.start]
        guard c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == UInt8(ascii: "=") || c == UInt8(ascii: "|") else {
            return false
        }
        for k in 1..<7 where buf[span.start + k] != c { return false }
        return n == 7 || isBlank(buf[span.start + 7])
    }

    // MARK: Entries

    package mutating func parseEntry(_ cursor: inout ByteCursor) -> SyntaxLine.Kind {
        let start = cursor.position
        let dateWord = cursor.word()
        guard let date = parseDate(dateWord) else { return .invalid }
        guard cursor.skipBlanks() > 0, !cursor.isAtEnd, cursor.peek != UInt8(ascii: ";") else {
            report(.invalidTime, "missing time after the date", cursor.position..<cursor.position,
                   help: "write the time after the date as HH:MM, e.g. `\(date.iso) 08:15`")
            return .invalid
        }
        guard let (time, attachedOffset) = parseTime(&cursor, date: date) else { return .invalid }
        var offset: Int? = attachedOffset?.0
        var offsetRange = attachedOffset?.1
        var timestampEnd = cursor.position
        cursor.skipBlanks()
        if offset == nil, looksLikeOffset(cursor) {
            let word = cursor.word()
            guard let value = parseOffset(word) else { return .invalid }
            offset = value
            offsetRange = word
            timestampEnd = cursor.position
            cursor.skipBlanks()
        }
        let semicolon = cursor.firstSemicolon()
        let locationRange = cursor.trimmed(cursor.position..<semicolon)
        guard !locationRange.isEmpty else {
            report(.missingLocation, "missing location", timestampEnd..<timestampEnd,
                   help: "write the location after the time, e.g. `\(time.journalText)  Left Front Abdomen`, or `removed`")
            return .invalid
        }
        var noteRange: Range<Int>?
        if semicolon < span.contentEnd { noteRange = cursor.trimmed((semicolon + 1)..<span.contentEnd) }
        // The record keys the whole field (clauses and all), as the fast
        // path does; the syntax's location stops before any clause.
        var name = collapsedName(locationRange)
        var nameRange = locationRange, clauses: Range<Int>?
        if let split = splitClauses(locationRange) {
            (nameRange, clauses) = split
            name = spacedName(nameRange)
        }
        return .entry(EntrySyntax(
            dateTime: time, timestampRange: start..<timestampEnd, offset: offset, offsetRange: offsetRange,
            locationName: name, locationRange: nameRange, clauseRange: clauses, noteRange: noteRange,
            semicolon: semicolon < span.contentEnd ? semicolon : nil))
    }

    /// A field as its location and its `reason:` / `lot:` clauses
    /// (`EntryClauses`), or nil when it has none: every clause holds a `:`.
    package func splitClauses(_ field: Range<Int>) -> (name: Range<Int>, clauses: Range<Int>)? {
        guard field.contains(where: { buf[$0] == UInt8(ascii: ":") }) else { return nil }
        let scan = EntryClauses.scan(buf, field)
        guard let first = scan.clauses.first, let last = scan.clauses.last else { return nil }
        return (scan.head, first.keyword.lowerBound..<last.value.upperBound)
    }

    package mutating func parseDate(_ word: Range<Int>) -> CivilDate? {
        var c = ByteCursor(buf, start: word.lowerBound, end: word.upperBound)
        guard let y = c.digits(4), c.consume(UInt8(ascii: "-")), let m = c.digits(2), c.consume(UInt8(ascii: "-")),
              let d = c.digits(2), c.isAtEnd
        else {
            let isoLike = word.count > 10 && buf[word.lowerBound + 10] == UInt8(ascii: "T")
            report(.invalidDate, "invalid date `\(quote(word))`", word,
                   help: isoLike ? "put a space between the date and the time: `\(text(word.lowerBound..<word.lowerBound + 10)) \(text((word.lowerBound + 11)..<word.upperBound))`"
                       : "write the date as YYYY-MM-DD, e.g. `2026-02-07`")
            return nil
        }
        let date = CivilDate(year: y, month: m, day: d)
        guard !date.isValid else { return date }
        let why: String
        if y < 1 { why = "there is no year 0000" }
        else if m < 1 || m > 12 { why = "there is no month \(pad2(m))" }
        else { why = "\(monthNames[m - 1]) \(pad4(y)) has \(CivilDate.daysIn(month: m, year: y)) days" }
        report(.invalidDate, "invalid date \(quote(word)): \(why)", word, help: "write a real calendar date as YYYY-MM-DD")
        return nil
    }

    /// `HH:MM` or `HH:MM:SS`, optionally with an offset attached
    /// (`08:15+01:00`, `08:15Z`).
    package mutating func parseTime(_ cursor: inout ByteCursor, date: CivilDate) -> (CivilDateTime, (Int, Range<Int>)?)? {
        let start = cursor.position
        var c = cursor
        let wordEnd = { () -> Int in var w = cursor; _ = w.word(); return w.position }()
        guard let h = c.digits(2), c.consume(UInt8(ascii: ":")), let m = c.digits(2) else {
            report(.invalidTime, "invalid time `\(quote(start..<wordEnd))`", start..<wordEnd,
                   help: "write the time as HH:MM (24-hour clock), e.g. `08:15`")
            return nil
        }
        var s = 0
        if c.peek == UInt8(ascii: ":") {
            c.advance()
            guard let sec = c.digits(2) else {
                report(.invalidTime, "invalid time `\(quote(start..<wordEnd))`", start..<wordEnd,
                       help: "seconds are optional; write HH:MM or HH:MM:SS")
                return nil
            }
            s = sec
        }
        let timeRange = start..<c.position
        var attached: (Int, Range<Int>)?
        if let next = c.peek, next == UInt8(ascii: "+") || next == UInt8(ascii: "-") || next == UInt8(ascii: "Z") {
            let offsetStart = c.position
            _ = c.word()
            guard let value = parseOffset(offsetStart..<c.position) else { return nil }
            attached = (value, offsetStart..<c.position)
        }
        if let next = c.peek, !isBlank(next), next != UInt8(ascii: ";") {
            report(.invalidTime, "invalid time `\(quote(start..<wordEnd))`", start..<wordEnd,
                   help: "write the time as HH:MM, then at least one space before the location")
            return nil
        }
        guard h <= 23, m <= 59, s <= 59 else {
            let why = h > 23 ? "hours go from 00 to 23" : m > 59 ? "minutes go from 00 to 59" : "seconds go from 00 to 59"
            report(.invalidTime, "invalid time \(quote(timeRange)): \(why)", timeRange,
                   help: h == 24 && m == 0 ? "midnight at the end of a day is 00:00 of the next day" : "write the time as HH:MM (24-hour clock)")
            return nil
        }
        cursor = c
        return (CivilDateTime(date: date, hour: h, minute: m, second: s), attached)
    }

    package func looksLikeOffset(_ c: ByteCursor) -> Bool {
        guard let b = c.peek else { return false }
        if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") { return c.peek(at: 1).map(isDigit) ?? false }
        if b == UInt8(ascii: "Z") {
            guard let after = c.peek(at: 1) else { return true }
            return isBlank(after) || after == UInt8(ascii: ";")
        }
        return false
    }

    /// `Z`, `+HH`, `+HHMM` or `+HH:MM` (or `-`), at most 14 hours.
    package mutating func parseOffset(_ word: Range<Int>) -> Int? {
        var c = ByteCursor(buf, start: word.lowerBound, end: word.upperBound)
        if c.consume(UInt8(ascii: "Z")), c.isAtEnd { return 0 }
        c = ByteCursor(buf, start: word.lowerBound, end: word.upperBound)
        var result: Int?
        let sign = c.consume(UInt8(ascii: "-")) ? -1 : (c.consume(UInt8(ascii: "+")) ? 1 : 0)
        if sign != 0, let h = c.digits(2) {
            var m = 0
            var ok = true
            if !c.isAtEnd {
                _ = c.consume(UInt8(ascii: ":"))
                if let mm = c.digits(2) { m = mm } else { ok = false }
            }
            if ok, c.isAtEnd, m < 60, h * 60 + m <= 14 * 60 { result = sign * (h * 3600 + m * 60) }
        }
        if result == nil {
            report(.invalidOffset, "invalid UTC offset `\(quote(word))`", word,
                   help: "write the offset as +HH:MM or -HH:MM (at most 14 hours), e.g. `+01:00`, or `Z` for UTC")
        }
        return result
    }

    // MARK: Directives

    package mutating func parseDirective(_ cursor: inout ByteCursor) -> SyntaxLine.Kind {
        let keywordRange = cursor.word()
        let word = text(keywordRange)
        guard let keyword = DirectiveSyntax.Keyword(rawValue: word) else {
            let known = DirectiveSyntax.Keyword.allCases.map(\.rawValue)
            let help = suggestion(for: word, among: known).map(Diagnostic.Help.didYouMeanDirective)
                ?? .text("known directives: \(known.joined(separator: ", ")); comment the line out with `;`")
            report(.unknownDirective, "unknown directive `\(excerpt(word))`", keywordRange, help: help)
            return .invalid
        }
        let argument = cursor.trimmed(cursor.position..<cursor.firstSemicolon())
        return .directive(DirectiveSyntax(keyword: keyword, keywordRange: keywordRange, argument: argument))
    }

    /// A name as written, with each run of blanks read as one space. The
    /// common case (single spaces) is looked up among names already seen, so
    /// a journal's thousands of entries share a handful of strings.
    package mutating func collapsedName(_ range: Range<Int>) -> String {
        var simple = true
        var previousBlank = false
        for i in range {
            let b = buf[i]
            if b == 0x09 || (b == 0x20 && previousBlank) { simple = false; break }
            previousBlank = b == 0x20
        }
        if simple {
            guard interning else { return text(range) }
            lastName = names.intern(UnsafeBufferPointer(rebasing: buf[range]))
        } else {
            var spaced = spacedName(range)
            guard interning else { return spaced }
            lastName = spaced.withUTF8 { names.intern($0) }
        }
        return names.name(Int(lastName))
    }

    package func spacedName(_ range: Range<Int>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var pendingSpace = false
        for i in range {
            let b = buf[i]
            if isBlank(b) { pendingSpace = true; continue }
            if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(b)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

package let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December"]
