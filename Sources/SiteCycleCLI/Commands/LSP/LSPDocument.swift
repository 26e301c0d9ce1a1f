import SiteCycleKit

/// How positions count characters within a line (LSP 3.17
/// `positionEncoding`): UTF-16 code units unless the client offers UTF-8.
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// An open document: the bytes the editor holds (never the file on disk),
/// and the journal they read as, parsed again after each change.
final class LSPDocument {
    let uri: String
    private(set) var bytes: [UInt8]
    var version: Int
    let zone: ZoneRules
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

    /// Its lines as the editor counts them, for every position.
    private(set) var lines: LSPLineIndex

    init(uri: String, bytes: [UInt8], version: Int, zone: ZoneRules, encoding: PositionEncoding) {
        self.uri = uri
        self.bytes = bytes
        self.version = version
        self.zone = zone
        journal = JournalBuilder.load(SourceFile(path: LSPDocument.path(of: uri), bytes: bytes), defaultZone: zone)
        fixes = DiagnosticFixes(journal: journal)
        lines = LSPLineIndex(bytes, encoding: encoding)
    }

    var source: SourceFile { journal.source }

    func replace(_ range: Range<Int>, with new: [UInt8]) {
        bytes.replaceSubrange(range, with: new)
        reparse()
    }

    func replaceAll(with new: [UInt8]) {
        bytes = new
        outOfStep = nil
        reparse()
    }

    private func reparse() {
        journal = JournalBuilder.load(SourceFile(path: LSPDocument.path(of: uri), bytes: bytes), defaultZone: zone)
        fixes = DiagnosticFixes(journal: journal)
        glucoseFailures = nil
        lines = LSPLineIndex(bytes, encoding: lines.encoding)
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

extension LanguageServer {
    // MARK: Positions (through the document's `LSPLineIndex`)

    /// A request's `{line, character}` → a byte offset; nil if it is not
    /// numbers.
    func byteOffset(_ position: [String: Any], in document: LSPDocument) -> Int? {
        guard let line = Self.int(position["line"]), let character = Self.int(position["character"]) else { return nil }
        return document.lines.offset(line: line, character: character)
    }

    func byteRange(_ range: [String: Any], in document: LSPDocument) -> Range<Int>? {
        guard let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any],
              let from = byteOffset(start, in: document), let to = byteOffset(end, in: document) else { return nil }
        return min(from, to)..<max(from, to)
    }

    /// A byte offset → `{line, character}`.
    func position(_ offset: Int, in document: LSPDocument) -> JSON {
        let (line, character) = document.lines.position(offset)
        return .object([("line", .int(line)), ("character", .int(character))])
    }

    func range(_ bytes: Range<Int>, in document: LSPDocument) -> JSON {
        .object([("start", position(bytes.lowerBound, in: document)), ("end", position(bytes.upperBound, in: document))])
    }

    /// A range within the journal's line `line` (1-based, LF-counted),
    /// from bytes of that line.
    func range(line: Int, _ columns: Range<Int>, in document: LSPDocument) -> JSON {
        let start = document.source.lines[line - 1].start
        return range((start + columns.lowerBound)..<(start + columns.upperBound), in: document)
    }

    /// The journal's 1-based line and the byte column of a request's
    /// `position` (the empty line after a final line break is the line
    /// after the journal's last).
    func place(_ params: [String: Any], in document: LSPDocument) -> (line: Int, column: Int)? {
        guard let position = params["position"] as? [String: Any],
              let offset = byteOffset(position, in: document) else { return nil }
        let (line, column) = document.source.position(ofByte: offset)
        return (line, column - 1)
    }
}
