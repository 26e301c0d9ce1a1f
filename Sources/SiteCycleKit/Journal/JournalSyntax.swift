#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lossless syntax layer: what each line of the file is, one byte a
/// line, with the parts of a line (byte ranges, absolute offsets into
/// `source.bytes`) decoded on demand. An edit can replace exactly one token
/// or one line and leave every other byte as it was; a million-line journal
/// costs a megabyte here, not a hundred.
public struct JournalSyntax: Sendable {
    public let source: SourceFile
    /// What each line is, by index (line number − 1).
    package let kinds: [SyntaxLine.Tag]

    package init(source: SourceFile, kinds: [SyntaxLine.Tag]) {
        self.source = source
        self.kinds = kinds
    }

    /// Every line, each decoded when it is read.
    public var lines: SyntaxLines { SyntaxLines(source: source, kinds: kinds) }

    /// The 1-based numbers of the lines of one kind, in file order.
    package func lineNumbers(_ tag: SyntaxLine.Tag) -> [Int] {
        // A tag is one byte: memchr finds the few directive lines among
        // a big journal's entries (comparing each tag was a pass of 10
        // instructions a line).
        let byte = withUnsafeBytes(of: tag) { $0[0] }
        var numbers: [Int] = []
        kinds.withUnsafeBytes { tags in
            guard let base = tags.baseAddress else { return }
            var i = 0
            while i < tags.count, let hit = memchr(base + i, Int32(byte), tags.count - i) {
                let at = UnsafeRawPointer(hit) - base
                numbers.append(at + 1)
                i = at + 1
            }
        }
        return numbers
    }
}

/// The lines of a journal as `SyntaxLine`s, each parsed again from its bytes
/// when read (edits, diagnostics and `fmt` read a few; the hot paths read
/// the tags and the builder's compact entries instead).
public struct SyntaxLines: RandomAccessCollection, Sendable {
    let source: SourceFile
    let kinds: [SyntaxLine.Tag]

    public var startIndex: Int { 0 }
    public var endIndex: Int { kinds.count }

    public subscript(index: Int) -> SyntaxLine {
        let span = source.lines[index]
        let kind: SyntaxLine.Kind
        switch kinds[index] {
        case .blank: kind = .blank
        case .comment: kind = .comment
        case .conflictMarker: kind = .conflictMarker
        case .invalid: kind = .invalid
        case .noteContinuation, .directive, .entry:
            kind = JournalParser.decode(source, span: span, number: index + 1,
                                        followsEntry: kinds[index] == .noteContinuation)
        }
        return SyntaxLine(number: index + 1, span: span, kind: kind)
    }
}

public struct SyntaxLine: Sendable {
    /// 1-based line number.
    public var number: Int
    public var span: LineSpan
    public var kind: Kind

    public enum Kind: Sendable {
        case blank
        /// `; …` or `# …` on a line of its own.
        case comment
        /// White space then `;` right after an entry: its note goes on.
        case noteContinuation(text: Range<Int>)
        case directive(DirectiveSyntax)
        case entry(EntrySyntax)
        /// `<<<<<<<`, `|||||||`, `=======` or `>>>>>>>` left by git.
        case conflictMarker
        /// A line that could not be read; its diagnostic says why.
        case invalid

        package var tag: Tag {
            switch self {
            case .blank: .blank
            case .comment: .comment
            case .noteContinuation: .noteContinuation
            case .directive: .directive
            case .entry: .entry
            case .conflictMarker: .conflictMarker
            case .invalid: .invalid
            }
        }
    }

    /// What a line is, without its parts: the one byte a line kept.
    package enum Tag: UInt8, Sendable {
        case blank, comment, noteContinuation, directive, entry, conflictMarker, invalid
    }
}

public struct DirectiveSyntax: Sendable {
    public enum Keyword: String, Sendable, CaseIterable {
        case timezone, target, location, strategy, device, rest
        case absorptionThreshold = "absorption-threshold"
        case absorptionMode = "absorption-mode"
        case patient
        case cgm
    }

    public var keyword: Keyword
    public var keywordRange: Range<Int>
    /// Everything after the keyword up to a `;` comment, trimmed.
    public var argument: Range<Int>
}

/// One site-change line. Stored compactly — a journal holds hundreds of
/// thousands of these, and their size decided parse time (the kernel zeroing
/// fresh pages dominated the profile) — and read through the properties below.
public struct EntrySyntax: Sendable {
    /// The wall-clock reading as seconds since 1970 read as UTC.
    public let localSeconds: Int64
    /// The location text with white space runs collapsed, or `removed`.
    public let locationName: String
    private let timestampStart, timestampEnd, locationStart, locationEnd: Int32
    private let offsetStart, offsetEnd, noteStart, noteEnd, semicolonAt: Int32  // -1: absent
    private let clauseStart, clauseEnd: Int32  // -1: absent
    /// Seconds east of UTC, or `Int32.min` when the line gives no offset.
    private let offsetSeconds: Int32

    package init(dateTime: CivilDateTime, timestampRange: Range<Int>, offset: Int?, offsetRange: Range<Int>?,
         locationName: String, locationRange: Range<Int>, clauseRange: Range<Int>? = nil, noteRange: Range<Int>?,
         semicolon: Int?) {
        localSeconds = dateTime.secondsAsIfUTC
        self.locationName = locationName
        timestampStart = Int32(timestampRange.lowerBound)
        timestampEnd = Int32(timestampRange.upperBound)
        locationStart = Int32(locationRange.lowerBound)
        locationEnd = Int32(locationRange.upperBound)
        offsetStart = offsetRange.map { Int32($0.lowerBound) } ?? -1
        offsetEnd = offsetRange.map { Int32($0.upperBound) } ?? -1
        noteStart = noteRange.map { Int32($0.lowerBound) } ?? -1
        noteEnd = noteRange.map { Int32($0.upperBound) } ?? -1
        semicolonAt = semicolon.map(Int32.init) ?? -1
        clauseStart = clauseRange.map { Int32($0.lowerBound) } ?? -1
        clauseEnd = clauseRange.map { Int32($0.upperBound) } ?? -1
        offsetSeconds = offset.map(Int32.init) ?? Int32.min
    }

    public var dateTime: CivilDateTime { CivilDateTime(secondsAsIfUTC: localSeconds) }
    /// From the first digit of the date to the end of the time (or offset).
    public var timestampRange: Range<Int> { Int(timestampStart)..<Int(timestampEnd) }
    /// Seconds east of UTC when the line gives an offset.
    public var offset: Int? { offsetSeconds == Int32.min ? nil : Int(offsetSeconds) }
    public var offsetRange: Range<Int>? { offsetStart < 0 ? nil : Int(offsetStart)..<Int(offsetEnd) }
    /// The device word (if any) and the location, or `removed`: the field
    /// before any `reason:` / `lot:` clause.
    public var locationRange: Range<Int> { Int(locationStart)..<Int(locationEnd) }
    /// The `reason:` and `lot:` clauses after the location (`EntryClauses`),
    /// from the first clause's keyword to the last one's value; nil if none.
    public var clauseRange: Range<Int>? { clauseStart < 0 ? nil : Int(clauseStart)..<Int(clauseEnd) }
    /// Where the field ends: after the clauses, else after the location.
    public var fieldEnd: Int { clauseStart < 0 ? Int(locationEnd) : Int(clauseEnd) }
    /// Text after the first `;`, trimmed; nil when there is no `;`.
    public var noteRange: Range<Int>? { noteStart < 0 ? nil : Int(noteStart)..<Int(noteEnd) }
    /// Offset of that `;`, for matching the file's note column.
    public var semicolon: Int? { semicolonAt < 0 ? nil : Int(semicolonAt) }

    public var isRemoval: Bool { locationName == EntrySyntax.removedKeyword }

    public static let removedKeyword = "removed"
}

/// How a note is written in the journal. A note is the text after `;`,
/// trimmed; one that must keep leading or trailing spaces (or that itself
/// starts and ends with `"`) is written in double quotes, and the quotes are
/// taken off when read. So any note reads back exactly as it was logged.
public enum NoteText {
    public static func read(_ written: String) -> String {
        let u = written.utf8
        if u.count >= 2, u.first == UInt8(ascii: "\""), u.last == UInt8(ascii: "\"") {
            return String(written.dropFirst().dropLast())
        }
        return written
    }

    /// A note from outside (a command line, an import) made safe to write:
    /// CRLF and LF become line breaks (continuation lines, never journal
    /// lines); blank leading and trailing lines go; an empty note is nil.
    /// A lone CR, NUL or any other control character but tab is refused
    /// with the reason, since it cannot be written into a text line; so is
    /// a byte that is not UTF-8 (typed in a Latin-1 terminal: `SystemPath`
    /// keeps it as a byte, and the journal is UTF-8).
    public static func clean(_ text: String) -> Result<String?, NoteProblem> {
        let unified = text.replacingAll("\r\n", with: "\n")
        // A byte order mark is only allowed at the file's start.
        for s in unified.unicodeScalars
        where (ControlCharacters.isControl(s) && s != "\n" && s != "\t") || s == "\u{FEFF}" || SystemPath.byte(s) != nil {
            return .failure(NoteProblem(scalar: s))
        }
        var lines = unified.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
        return .success(lines.isEmpty ? nil : lines.joined(separator: "\n"))
    }

    public struct NoteProblem: Error, Equatable, Sendable {
        public var scalar: Unicode.Scalar
        public var message: String {
            let name = scalar == "\r" ? "a carriage return without a line feed"
                : scalar == "\u{0}" ? "a NUL byte"
                : scalar == "\u{FEFF}" ? "a byte order mark (U+FEFF)"
                : SystemPath.byte(scalar) != nil ? "the byte " + ControlCharacters.escaped(String(scalar)) + ", which is not UTF-8"
                : "the control character " + ControlCharacters.escaped(String(scalar))
            return "a note cannot contain \(name)"
        }
    }

    public static func write(_ note: String) -> String {
        let trimmed = note.trimmingBlanks()
        let quoted = note.utf8.count >= 2 && note.hasPrefix("\"") && note.hasSuffix("\"")
        return trimmed == note && !quoted ? note : "\"" + note + "\""
    }
}
