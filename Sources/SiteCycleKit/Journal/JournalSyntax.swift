/// The lossless syntax layer: every line of the file with what it is and
/// where its parts are. Byte ranges are absolute offsets into `source.bytes`,
/// so an edit can replace exactly one token or one line and leave every
/// other byte as it was.
public struct JournalSyntax: Sendable {
    public let source: SourceFile
    public var lines: [SyntaxLine]
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
    }
}

public struct DirectiveSyntax: Sendable {
    public enum Keyword: String, Sendable, CaseIterable {
        case timezone, target, location, strategy
        case absorptionThreshold = "absorption-threshold"
        case absorptionMode = "absorption-mode"
    }

    public var keyword: Keyword
    public var keywordRange: Range<Int>
    /// Everything after the keyword up to a `;` comment, trimmed.
    public var argument: Range<Int>
}

public struct EntrySyntax: Sendable {
    public var dateTime: CivilDateTime
    /// From the first digit of the date to the end of the time (or offset).
    public var timestampRange: Range<Int>
    /// Seconds east of UTC when the line gives an offset.
    public var offset: Int?
    public var offsetRange: Range<Int>?
    /// The location text with white space runs collapsed, or `removed`.
    public var locationName: String
    public var locationRange: Range<Int>
    /// Text after the first `;`, trimmed; nil when there is no `;`.
    public var noteRange: Range<Int>?
    /// Offset of that `;`, for matching the file's note column.
    public var semicolon: Int?

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

    public static func write(_ note: String) -> String {
        let trimmed = note.trimmingBlanks()
        let quoted = note.utf8.count >= 2 && note.hasPrefix("\"") && note.hasSuffix("\"")
        return trimmed == note && !quoted ? note : "\"" + note + "\""
    }
}
