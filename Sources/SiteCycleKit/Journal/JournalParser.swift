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
                syntax: JournalSyntax(source: source, kinds: []), entries: [], names: [],
                diagnostics: [Diagnostic(.error, .unexpectedText, "the file is over 2 GB; this is not a journal", line: 1,
                                         column: 1, length: 0, help: "check the path given with -f")])
        }
        let lineTable = source.lines
        var kinds: [SyntaxLine.Tag] = []
        kinds.reserveCapacity(lineTable.count)
        var entries: [EntryRecord] = []
        entries.reserveCapacity(lineTable.count)
        var names = NameTable()
        var diagnostics: [Diagnostic] = []
        source.bytes.withUnsafeBufferPointer { buf in
            var context = LineContext(buf: buf, names: names)
            var inEntry = false
            for index in 0..<lineTable.count {
                let span = lineTable[index]
                if fastEntries, let record = JournalParser.plainEntry(buf, span, line: index + 1, names: &context.names) {
                    kinds.append(.entry)
                    entries.append(record)
                    inEntry = true
                    continue
                }
                context.start(span, number: index + 1)
                let kind = context.parse(followsEntry: inEntry)
                let tag = kind.tag
                kinds.append(tag)
                inEntry = tag == .entry || tag == .noteContinuation
                if case .entry(let e) = kind {
                    entries.append(EntryRecord(e, line: index + 1, name: context.lastName))
                }
            }
            diagnostics = context.diagnostics
            names = context.names
        }
        return ParsedJournal(syntax: JournalSyntax(source: source, kinds: kinds), entries: entries,
                             names: names.names, diagnostics: diagnostics)
    }

    /// The line most journals are made of, `YYYY-MM-DD HH:MM  Name` with an
    /// optional `; note`, all printable ASCII, read in one pass without the
    /// general machinery; nil for anything else (seconds, an offset, a tab
    /// or a double space in the name, any other byte), which the general
    /// parser then reads and, where wrong, explains. It accepts exactly
    /// what the general parser would read the same way.
    static func plainEntry(_ buf: UnsafeBufferPointer<UInt8>, _ span: LineSpan, line: Int,
                           names: inout NameTable) -> EntryRecord? {
        let p = span.start, end = span.contentEnd
        guard end - p >= 19 else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int? {
            let b = buf[p + i] &- 0x30
            return b <= 9 ? Int(b) : nil
        }
        guard let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3), buf[p + 4] == 0x2D,
              let m0 = digit(5), let m1 = digit(6), buf[p + 7] == 0x2D, let d0 = digit(8), let d1 = digit(9),
              buf[p + 10] == 0x20, let h0 = digit(11), let h1 = digit(12), buf[p + 13] == 0x3A,
              let n0 = digit(14), let n1 = digit(15), isBlank(buf[p + 16])
        else { return nil }
        let date = CivilDate(year: y0 * 1000 + y1 * 100 + y2 * 10 + y3, month: m0 * 10 + m1, day: d0 * 10 + d1)
        let hour = h0 * 10 + h1, minute = n0 * 10 + n1
        guard date.isValid, hour <= 23, minute <= 59 else { return nil }
        var i = p + 17
        while i < end, isBlank(buf[i]) { i += 1 }
        guard i < end else { return nil }
        // An offset after the time (`+01:00`, `Z`) is the general parser's.
        let first = buf[i]
        if first == 0x2B || first == 0x2D || first == 0x5A || first == 0x3B { return nil }
        let nameStart = i
        var nameEnd = i, spaces = 0
        while i < end {
            let b = buf[i]
            if b == 0x3B { break }
            if b == 0x20 {
                spaces += 1
            } else {
                guard b > 0x20 && b < 0x7F else { return nil }
                // Spaces in a run inside the name are collapsed by the
                // general path; before `;` or the end they are trimmed.
                if spaces > 1 { return nil }
                spaces = 0
                nameEnd = i + 1
            }
            i += 1
        }
        var noteStart = UInt32.max, noteEnd: UInt32 = 0
        if i < end {
            var lo = i + 1, hi = end
            for k in lo..<end where !(buf[k] >= 0x20 && buf[k] < 0x7F) && buf[k] != 0x09 { return nil }
            while lo < hi, isBlank(buf[lo]) { lo += 1 }
            while hi > lo, isBlank(buf[hi - 1]) { hi -= 1 }
            noteStart = UInt32(lo)
            noteEnd = UInt32(hi)
        }
        let name = names.intern(UnsafeBufferPointer(rebasing: buf[nameStart..<nameEnd]))
        let seconds = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60)
        var record = EntryRecord(localSeconds: seconds, line: UInt32(line), name: name, offsetSeconds: Int32.min,
                                 noteStart: noteStart, noteEnd: noteEnd)
        record.isPlain = true
        return record
    }

    /// One line read again, on demand, for the syntax layer.
    package static func decode(_ source: SourceFile, span: LineSpan, number: Int, followsEntry: Bool) -> SyntaxLine.Kind {
        source.bytes.withUnsafeBufferPointer { buf in
            var context = LineContext(buf: buf, names: NameTable())
            context.start(span, number: number)
            return context.parse(followsEntry: followsEntry)
        }
    }
}

/// What the parser hands the builder.
package struct ParsedJournal {
    package var syntax: JournalSyntax
    /// One per entry line, in file order.
    package var entries: [EntryRecord]
    /// Each distinct location field (device word and all), by `EntryRecord.name`.
    package var names: [String]
    package var diagnostics: [Diagnostic]
}

/// An entry line as the builder needs it: 32 bytes and no string. Ranges
/// for messages come from decoding the line again, on the rare path.
package struct EntryRecord: Equatable {
    /// The wall-clock reading as seconds since 1970 read as UTC.
    package let localSeconds: Int64
    package let line: UInt32
    /// Index into `ParsedJournal.names`.
    package let name: UInt32
    /// Seconds east of UTC, or `Int32.min` when the line gives no offset.
    package let offsetSeconds: Int32
    /// The note's bytes; `noteStart == UInt32.max` when there is no `;`.
    package let noteStart: UInt32
    package let noteEnd: UInt32
    /// Read by the fast path: printable ASCII throughout, so its note
    /// needs no check for control characters.
    package var isPlain = false

    init(localSeconds: Int64, line: UInt32, name: UInt32, offsetSeconds: Int32, noteStart: UInt32, noteEnd: UInt32) {
        self.localSeconds = localSeconds
        self.line = line
        self.name = name
        self.offsetSeconds = offsetSeconds
        self.noteStart = noteStart
        self.noteEnd = noteEnd
    }

    init(_ e: EntrySyntax, line: Int, name: UInt32) {
        localSeconds = e.localSeconds
        self.line = UInt32(line)
        self.name = name
        offsetSeconds = e.offset.map(Int32.init) ?? Int32.min
        noteStart = e.noteRange.map { UInt32($0.lowerBound) } ?? UInt32.max
        noteEnd = e.noteRange.map { UInt32($0.upperBound) } ?? 0
    }

    package var offset: Int? { offsetSeconds == Int32.min ? nil : Int(offsetSeconds) }
    package var noteRange: Range<Int>? { noteStart == UInt32.max ? nil : Int(noteStart)..<Int(noteEnd) }
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

    package init(buf: UnsafeBufferPointer<UInt8>, names: NameTable) {
        self.buf = buf
        self.names = names
    }

    package mutating func start(_ span: LineSpan, number: Int) {
        self.span = span
        self.number = number
    }

    package mutating func report(_ code: Diagnostic.Code, _ message: String, _ range: Range<Int>, help: String? = nil) {
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
                   help: "keep the lines you want between the markers, delete the marker lines, then run `sitecycle check`")
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
                if seen.insert(code).inserted { report(code, message, i..<(i + size), help: help) }
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
        return .entry(EntrySyntax(
            dateTime: time, timestampRange: start..<timestampEnd, offset: offset, offsetRange: offsetRange,
            locationName: collapsedName(locationRange), locationRange: locationRange, noteRange: noteRange,
            semicolon: semicolon < span.contentEnd ? semicolon : nil))
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
            let help = suggestion(for: word, among: known).map { "did you mean `\($0)`?" }
                ?? "known directives: \(known.joined(separator: ", ")); comment the line out with `;`"
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
            lastName = names.intern(UnsafeBufferPointer(rebasing: buf[range]))
        } else {
            var spaced = spacedName(range)
            lastName = spaced.withUTF8 { names.intern($0) }
        }
        return names.names[Int(lastName)]
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

/// Each distinct name once, by index: a journal's thousands of entries
/// share a handful of strings, found again without allocating. An
/// open-addressing table over a word-at-a-time hash: the general Dictionary
/// hashed every entry's name twice (ours, then SipHash over our key).
package struct NameTable {
    package private(set) var names: [String] = []
    private var hashes: [UInt64] = []
    /// Index + 1 into `names`, 0 for an empty slot; a power of two long.
    private var slots: [UInt32] = []

    package init() {}

    package mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = NameTable.hash(bytes)
        if names.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 {
            let index = Int(slots[i] - 1)
            if hashes[index] == hash, same(names[index], bytes) { return UInt32(index) }
            i = (i + 1) & mask
        }
        let index = UInt32(names.count)
        names.append(String(decoding: bytes, as: UTF8.self))
        hashes.append(hash)
        slots[i] = index + 1
        return index
    }

    private func same(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let stored = name.utf8
        return stored.withContiguousStorageIfAvailable { s in
            s.count == bytes.count && (bytes.isEmpty || memcmp(s.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        } ?? stored.elementsEqual(bytes)
    }

    private mutating func grow() {
        let size = max(64, slots.count * 2)
        slots = [UInt32](repeating: 0, count: size)
        for (index, hash) in hashes.enumerated() {
            var i = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[i] != 0 { i = (i + 1) & (size - 1) }
            slots[i] = UInt32(index + 1)
        }
    }

    /// FNV-style over 8-byte words, then the tail, mixed at the end.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        while i + 8 <= raw.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
            i += 8
        }
        while i < raw.count {
            h = (h ^ UInt64(raw[i])) &* prime
            i += 1
        }
        return (h ^ (h >> 32)) &* 0x9E37_79B9_7F4A_7C15
    }
}
