import SiteCycleKit

/// An open document: the text the editor holds (never the file on disk)
/// in its `LineIndex`, and the journal it reads as, parsed again once
/// after each batch of changes.
final class LSPDocument {
    let uri: String
    var version: Int
    let zone: ZoneRules
    /// The text, its lines as the editor counts them, for every position.
    private(set) var lines: LineIndex
    private(set) var journal: Journal
    /// The fixes of this version (fmt's edits worked out once, not on
    /// every code action an editor asks for as the cursor moves).
    var fixes: DiagnosticFixes
    /// Why this copy is no longer the editor's (a change that could not be
    /// applied); nil while it is. A whole new text puts it back in step.
    var outOfStep: String?
    /// The entries the journal's CGM export shows as probable glucose
    /// failures with no reason typed; nil until worked out for this version.
    var glucoseFailures: [SiteChange]?
    /// How a text becomes a journal: `JournalBuilder.load` (a test counts
    /// its calls).
    private let load: (SourceFile, ZoneRules) -> Journal

    init(uri: String, bytes: [UInt8], version: Int, zone: ZoneRules, encoding: PositionEncoding,
         load: @escaping (SourceFile, ZoneRules) -> Journal = { JournalBuilder.load($0, defaultZone: $1) }) {
        self.uri = uri
        self.version = version
        self.zone = zone
        self.load = load
        lines = LineIndex(bytes, encoding: encoding)
        journal = load(SourceFile(path: LSPDocument.path(of: uri), bytes: bytes), zone)
        fixes = DiagnosticFixes(journal: journal)
    }

    var bytes: [UInt8] { lines.text }
    var source: SourceFile { journal.source }

    /// A `didChange`'s changes, in order, each counted from the text the
    /// one before left; then the journal is parsed once. One that cannot
    /// be applied (a range that is not line and character numbers, no
    /// text) leaves this copy out of step with the editor's: the rest are
    /// not applied, and nothing is, except a whole new text, until one
    /// comes.
    func apply(_ changes: [LSP.ContentChange]?) {
        var changed = false
        defer { if changed { reparse() } }
        guard let changes else {
            outOfStep = LSPWords.outOfStep(change: nil, "its contentChanges are not a list")
            return
        }
        for (k, change) in changes.enumerated() {
            switch change {
            case .noText:
                outOfStep = outOfStep ?? LSPWords.outOfStep(change: k + 1, "it has no text")
                return
            case .whole(let text):
                lines.replaceAll(with: Array(text.utf8))
                outOfStep = nil
                changed = true
            case .part(let range, let text):
                guard outOfStep == nil else { continue }
                guard let range else {
                    outOfStep = LSPWords.outOfStep(change: k + 1, "its range is not line and character numbers")
                    return
                }
                lines.replace(lines.bytes(of: range), with: Array(text.utf8))
                changed = true
            }
        }
    }

    private func reparse() {
        journal = load(SourceFile(path: LSPDocument.path(of: uri), bytes: lines.text), zone)
        fixes = DiagnosticFixes(journal: journal)
        glucoseFailures = nil
    }

    // MARK: Positions (through `lines`)

    func range(_ bytes: Range<Int>) -> LSP.Range { lines.range(of: bytes) }

    /// A range within the journal's line `line` (1-based, LF-counted),
    /// from bytes of that line.
    func range(line: Int, _ columns: Range<Int>) -> LSP.Range {
        let start = source.lines[line - 1].start
        return range((start + columns.lowerBound)..<(start + columns.upperBound))
    }

    /// The journal's 1-based line and the byte column of a position (the
    /// empty line after a final line break is the line after the
    /// journal's last).
    func place(_ position: LSP.Position) -> (line: Int, column: Int) {
        let (line, column) = source.position(ofByte: lines.offset(of: position))
        return (line, column - 1)
    }

    /// `file:///home/me/sites.journal` → `/home/me/sites.journal`, for
    /// messages that name the file; any other URI as it is.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var out: [UInt8] = []
        let bytes = Array(uri.utf8.dropFirst(7))
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(value)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
