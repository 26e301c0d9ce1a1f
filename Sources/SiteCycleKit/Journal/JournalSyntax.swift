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

    public var isRemoval: Bool { locationName == EntrySyntax.removedKeyword }

    public static let removedKeyword = "removed"
}
