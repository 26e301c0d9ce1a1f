/// The columns `fmt` gives site-change lines, in one place: the location
/// starts two spaces after the longest timestamp (column 18 at least), and
/// every note's `;` two spaces after the longest location field (device word,
/// location and clauses) of any entry. Widths are counted in characters, as
/// a reader sees them.
///
/// Every writer keeps a journal laid out this way laid out this way: a new
/// line goes in at the columns, and when it is wider than the widest (or the
/// widest is deleted or shortened), the other lines' spacing moves with it,
/// as `fmt` would move it. A journal laid out otherwise is left as it is.
package struct EntryColumns: Equatable, Sendable {
    /// Where the location field starts.
    package var location: Int
    /// Where a note's `;` goes.
    package var note: Int

    package init(longestStamp: Int, longestField: Int) {
        location = max(EntryColumns.firstLocationColumn, longestStamp + 2)
        note = location + longestField + 2
    }

    package static let firstLocationColumn = 18
}

package enum EntryAlignment {
    /// Characters in `bytes` as `fmt` counts them (ASCII counted fast).
    package static func width<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        if !bytes.contains(where: { $0 >= 0x80 }) { return bytes.count }
        return String(decoding: bytes, as: UTF8.self).count
    }

    /// Where one entry line's parts sit.
    struct Measured {
        var line: Int
        var span: LineSpan
        var stampEnd: Int, locationStart: Int, fieldEnd: Int, semicolon: Int?
        var stampWidth: Int, locationColumn: Int, fieldWidth: Int, semicolonColumn: Int?
    }

    static func measure<Bytes: RandomAccessCollection<UInt8>>(_ e: EntrySyntax, line: Int, span: LineSpan, in bytes: Bytes)
        -> Measured where Bytes.Index == Int {
        let stamp = e.timestampRange, location = e.locationRange.lowerBound
        let locationColumn = width(bytes[span.start..<location])
        let fieldWidth = width(bytes[location..<e.fieldEnd])
        return Measured(line: line, span: span, stampEnd: stamp.upperBound, locationStart: location, fieldEnd: e.fieldEnd,
                        semicolon: e.semicolon, stampWidth: width(bytes[stamp]), locationColumn: locationColumn,
                        fieldWidth: fieldWidth,
                        semicolonColumn: e.semicolon.map { locationColumn + fieldWidth + width(bytes[e.fieldEnd..<$0]) })
    }

    /// The `;` of a note-continuation line.
    static func continuationSemicolon<Bytes: RandomAccessCollection<UInt8>>(_ span: LineSpan, in bytes: Bytes) -> Int?
        where Bytes.Index == Int {
        var i = span.start
        while i < span.contentEnd, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i < span.contentEnd && bytes[i] == UInt8(ascii: ";") ? i : nil
    }

    /// The columns `fmt` would give these entries when every entry line
    /// already sits at them (its note-continuation lines too); nil when one
    /// does not, or there are no entries. Reads from the end, so a journal
    /// laid out otherwise is told at once.
    package static func aligned(_ syntax: JournalSyntax) -> EntryColumns? {
        let bytes = syntax.source.bytes, lines = syntax.source.lines
        var location: Int?, note: Int?
        var longestStamp = 0, longestField = 0
        for i in syntax.kinds.indices.reversed() {
            switch syntax.kinds[i] {
            case .entry:
                guard case .entry(let e) = syntax.lines[i].kind else { return nil }
                let m = measure(e, line: i + 1, span: lines[i], in: bytes)
                guard m.locationStart > m.stampEnd, lines[i].start == e.timestampRange.lowerBound else { return nil }
                if location == nil { location = m.locationColumn }
                guard m.locationColumn == location else { return nil }
                if let column = m.semicolonColumn {
                    if note == nil { note = column }
                    guard column == note else { return nil }
                }
                longestStamp = max(longestStamp, m.stampWidth)
                longestField = max(longestField, m.fieldWidth)
            case .noteContinuation:
                guard let semicolon = continuationSemicolon(lines[i], in: bytes) else { return nil }
                let column = width(bytes[lines[i].start..<semicolon])
                if note == nil { note = column }
                guard column == note else { return nil }
            default:
                continue
            }
        }
        guard location != nil else { return nil }
        let columns = EntryColumns(longestStamp: longestStamp, longestField: longestField)
        guard columns.location == location, note == nil || columns.note == note else { return nil }
        return columns
    }

    /// Puts every entry line of `syntax` (and its note-continuation lines)
    /// at the columns `fmt` gives them, changing only the spaces between
    /// the parts; false when every line already sits there.
    package static func realign(_ syntax: JournalSyntax, _ editor: inout JournalEditor) -> Bool {
        let bytes = syntax.source.bytes, lines = syntax.source.lines
        var measured: [Measured] = []
        var continuations: [(span: LineSpan, semicolon: Int)] = []
        var longestStamp = 0, longestField = 0
        for i in syntax.kinds.indices {
            switch syntax.kinds[i] {
            case .entry:
                guard case .entry(let e) = syntax.lines[i].kind else { continue }
                let m = measure(e, line: i + 1, span: lines[i], in: bytes)
                measured.append(m)
                longestStamp = max(longestStamp, m.stampWidth)
                longestField = max(longestField, m.fieldWidth)
            case .noteContinuation:
                if let semicolon = continuationSemicolon(lines[i], in: bytes) { continuations.append((lines[i], semicolon)) }
            default:
                continue
            }
        }
        let columns = EntryColumns(longestStamp: longestStamp, longestField: longestField)
        var changed = false
        func pad(_ range: Range<Int>, to count: Int) {
            guard range.count != count || bytes[range].contains(where: { $0 != 0x20 }) else { return }
            editor.replace(range, with: String(repeating: " ", count: count))
            changed = true
        }
        for m in measured {
            pad(m.stampEnd..<m.locationStart, to: columns.location - m.stampWidth)
            if let semicolon = m.semicolon {
                pad(m.fieldEnd..<semicolon, to: columns.note - columns.location - m.fieldWidth)
            }
        }
        for c in continuations { pad(c.span.start..<c.semicolon, to: columns.note) }
        return changed
    }

    /// Whether lines appended to `journal` sit at the columns its entries
    /// are written at (`EntryLayout`), and are no wider than the widest:
    /// then a journal that `fmt` keeps stays kept without reading the rest.
    package static func appendKeepsColumns(_ journal: Journal, _ editor: JournalEditor) -> Bool {
        guard let added = editor.appendedLines else { return false }
        let layout = EntryLayout(learningFrom: journal.syntax)
        let source = SourceFile(path: journal.source.path, bytes: added)
        let (syntax, _) = JournalParser().parse(source)
        for i in syntax.kinds.indices {
            switch syntax.kinds[i] {
            case .entry:
                guard case .entry(let e) = syntax.lines[i].kind else { return false }
                let m = measure(e, line: i + 1, span: source.lines[i], in: added)
                guard m.stampWidth + 2 <= layout.locationColumn, m.locationColumn == layout.locationColumn else { return false }
                guard let note = layout.noteColumn else {
                    if m.semicolon != nil { return false }
                    continue
                }
                guard m.locationColumn + m.fieldWidth + 2 <= note, m.semicolonColumn == nil || m.semicolonColumn == note
                else { return false }
            case .noteContinuation:
                guard let note = layout.noteColumn, let semicolon = continuationSemicolon(source.lines[i], in: added),
                      width(added[source.lines[i].start..<semicolon]) == note else { return false }
            case .blank, .comment:
                continue
            default:
                return false
            }
        }
        return true
    }

    /// The journal after `editor`'s change with every entry line put back
    /// at `fmt`'s columns, when it was at them before and the change moved
    /// them; nil when the change can be written as it is.
    package static func keepingColumns(_ journal: Journal, _ editor: JournalEditor) -> [UInt8]? {
        guard !editor.isEmpty, !appendKeepsColumns(journal, editor), aligned(journal.syntax) != nil else { return nil }
        let source = SourceFile(path: journal.source.path, bytes: editor.result())
        var realigned = JournalEditor(source: source)
        guard realign(JournalParser().parse(source).0, &realigned) else { return nil }
        return realigned.result()
    }
}
