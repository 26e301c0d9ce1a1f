/// Builds the smallest text change to a journal: whole lines inserted,
/// replaced or deleted, or one span of bytes replaced. Every byte outside the
/// edited spans stays as it was, and new lines use the file's own line ending.
public struct JournalEditor {
    public let source: SourceFile
    private var replacements: [(range: Range<Int>, bytes: [UInt8])] = []

    public init(source: SourceFile) { self.source = source }

    /// The file's line ending, worked out once: `prefersCRLF` reads every
    /// line, and asking it for each line written made an import into a big
    /// journal quadratic.
    private var knownNewline: [UInt8]?

    package var newline: [UInt8] { knownNewline ?? (source.prefersCRLF ? [0x0D, 0x0A] : [0x0A]) }

    /// Set when a line handed to the editor holds a line break of its own:
    /// written, it would become a journal line nobody asked for (an
    /// injected entry or directive). Whoever writes the result refuses it.
    public private(set) var breaksALine = false

    private mutating func encode(_ lines: [String]) -> [UInt8] {
        if knownNewline == nil { knownNewline = newline }
        var out: [UInt8] = []
        for line in lines {
            let bytes = Array(line.utf8)
            if bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) { breaksALine = true }
            out += bytes + newline
        }
        return out
    }

    /// Adds lines at the end of the file, ending the last line first if the
    /// file does not end with a line break.
    public mutating func append(_ lines: [String]) {
        if knownNewline == nil { knownNewline = newline }
        let end = source.bytes.count
        var bytes: [UInt8] = []
        if let last = source.lines.last, last.end == last.contentEnd, last.contentCount > 0 { bytes = newline }
        bytes += encode(lines)
        replacements.append((end..<end, bytes))
    }

    /// Inserts lines before line `number` (1-based).
    public mutating func insert(_ lines: [String], beforeLine number: Int) {
        let at = source.lines[number - 1].start
        replacements.append((at..<at, encode(lines)))
    }

    /// Inserts lines after line `number`, which may be the last.
    public mutating func insert(_ lines: [String], afterLine number: Int) {
        if number >= source.lines.count { append(lines); return }
        insert(lines, beforeLine: number + 1)
    }

    /// Replaces lines `first...last` (1-based) with `lines`; the last line
    /// keeps having no line break if it had none.
    public mutating func replaceLines(_ first: Int, through last: Int, with lines: [String]) {
        let from = source.lines[first - 1].start
        let lastSpan = source.lines[last - 1]
        var bytes = encode(lines)
        if lastSpan.end == lastSpan.contentEnd, !bytes.isEmpty { bytes.removeLast(newline.count) }
        replacements.append((from..<lastSpan.end, bytes))
    }

    public mutating func deleteLines(_ first: Int, through last: Int) {
        replacements.append((source.lines[first - 1].start..<source.lines[last - 1].end, []))
    }

    /// Replaces the whole file (`fmt`, `merge`).
    public mutating func replaceAll(with bytes: [UInt8]) {
        replacements.append((0..<source.bytes.count, bytes))
    }

    /// Replaces a byte span within a line (a name, a value).
    public mutating func replace(_ range: Range<Int>, with text: String) {
        let bytes = Array(text.utf8)
        if bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) { breaksALine = true }
        replacements.append((range, bytes))
    }

    /// The edited file. Replacements must not overlap.
    public func result() -> [UInt8] {
        let sorted = replacements.enumerated().sorted {
            // An insertion where a deletion starts goes first, so the two never overlap.
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var out: [UInt8] = []
        out.reserveForWriting(source.bytes.count + sorted.reduce(0) { $0 + $1.bytes.count })
        var position = 0
        for r in sorted {
            precondition(r.range.lowerBound >= position, "overlapping journal edits")
            out.append(source.bytes, position..<r.range.lowerBound)
            out += r.bytes
            position = r.range.upperBound
        }
        out.append(source.bytes, position..<source.bytes.count)
        return out
    }

    public var isEmpty: Bool { replacements.isEmpty }

    /// The planned change as edits for an editor to apply (the language
    /// server's fixes), instead of a file this tool writes.
    public var textEdits: [TextEdit] {
        replacements.map { TextEdit(range: $0.range, text: String(decoding: $0.bytes, as: UTF8.self)) }
            .sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// The bytes that go after the file's own when the whole edit is one
    /// append at the end (with the line break an unterminated last line
    /// needs first): the new file is the old one and these.
    public var appendedBytes: [UInt8]? {
        guard replacements.count == 1, replacements[0].range == source.bytes.count..<source.bytes.count else { return nil }
        return replacements[0].bytes
    }

    /// The lines added by such an append, without the line break that ends
    /// an unterminated last line.
    public var appendedLines: [UInt8]? {
        guard var bytes = appendedBytes else { return nil }
        if let last = source.lines.last, last.end == last.contentEnd, last.contentCount > 0 { bytes.removeFirst(newline.count) }
        return bytes
    }
}

/// How entry lines are laid out in a journal, learnt from the lines already
/// there, so that a new line looks like its neighbours.
public struct EntryLayout: Sendable {
    /// Byte column (0-based) where the location starts, when no offset is written.
    public var locationColumn = 18
    /// Column (in characters, as `fmt` counts) of the `;` of a note, or nil
    /// to put it two spaces after the location.
    public var noteColumn: Int?

    public init() {}

    /// The most common columns among the last hundred entry lines.
    public init(learningFrom syntax: JournalSyntax) {
        var locationColumns: [Int: Int] = [:], noteColumns: [Int: Int] = [:]
        var seen = 0
        for line in syntax.lines.reversed() {
            guard case .entry(let e) = line.kind else { continue }
            if e.offsetRange == nil { locationColumns[e.locationRange.lowerBound - line.span.start, default: 0] += 1 }
            if let semicolon = e.semicolon, semicolon > e.locationRange.upperBound {
                // A note squeezed two spaces after a long name says nothing about the column.
                let column = EntryAlignment.width(syntax.source.bytes[line.span.start..<semicolon])
                if semicolon - e.fieldEnd > 2 || noteColumns[column] != nil {
                    noteColumns[column, default: 0] += 1
                }
            }
            seen += 1
            if seen == 100 { break }
        }
        func mode(_ counts: [Int: Int]) -> Int? { counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key }
        if let column = mode(locationColumns), column >= 18, column <= 40 { locationColumn = column }
        noteColumn = mode(noteColumns)
    }

    /// The line(s) for a site change: continuation lines for a note with line breaks.
    public func lines(timestamp: String, location: String, note: String?) -> [String] {
        let head = timestamp + String(repeating: " ", count: max(2, locationColumn - timestamp.utf8.count)) + location
        return lines(head: head, note: note)
    }

    /// `head` (a line up to the end of its location) with `note` at the note column.
    public func lines(head: String, note: String?) -> [String] {
        guard let note, !note.isEmpty else { return [head] }
        let noteLines = note.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let column = max(head.count + 2, noteColumn ?? 0)
        let first = head + String(repeating: " ", count: column - head.count) + "; " + NoteText.write(noteLines[0])
        let indent = String(repeating: " ", count: column)
        return [first] + noteLines.dropFirst().map { indent + "; " + NoteText.write($0) }
    }
}
