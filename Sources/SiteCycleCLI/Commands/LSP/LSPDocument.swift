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

    init(uri: String, bytes: [UInt8], version: Int, zone: ZoneRules) {
        self.uri = uri
        self.bytes = bytes
        self.version = version
        self.zone = zone
        journal = JournalBuilder.load(SourceFile(path: LSPDocument.path(of: uri), bytes: bytes), defaultZone: zone)
        fixes = DiagnosticFixes(journal: journal)
    }

    var source: SourceFile { journal.source }

    func replace(_ range: Range<Int>, with new: [UInt8]) {
        bytes.replaceSubrange(range, with: new)
        reparse()
    }

    func replaceAll(with new: [UInt8]) {
        bytes = new
        reparse()
    }

    private func reparse() {
        journal = JournalBuilder.load(SourceFile(path: LSPDocument.path(of: uri), bytes: bytes), defaultZone: zone)
        fixes = DiagnosticFixes(journal: journal)
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
    // MARK: Positions

    /// `{line, character}` → a byte offset in the document; past the end
    /// of a line is its end, past the last line the end of the file.
    func byteOffset(_ position: [String: Any], in document: LSPDocument) -> Int? {
        guard let line = Self.int(position["line"]), let character = Self.int(position["character"]) else { return nil }
        let source = document.source
        guard line < source.lines.count else { return source.bytes.count }
        let span = source.lines[line]
        return span.start + byteColumn(character, start: span.start, end: span.contentEnd, in: source)
    }

    /// A character count in the agreed encoding → bytes from `start`.
    func byteColumn(_ character: Int, start: Int, end: Int, in source: SourceFile) -> Int {
        if encoding == .utf8 { return min(character, end - start) }
        var units = 0, i = start
        while i < end, units < character {
            let b = source.bytes[i]
            let size = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            units += size == 4 ? 2 : 1
            i = min(end, i + size)
        }
        return i - start
    }

    func byteRange(_ range: [String: Any], in document: LSPDocument) -> Range<Int>? {
        guard let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any],
              let from = byteOffset(start, in: document), let to = byteOffset(end, in: document) else { return nil }
        return min(from, to)..<max(from, to)
    }

    /// A byte offset → `{line, character}`.
    func position(_ offset: Int, in source: SourceFile) -> JSON {
        let (line, column) = source.position(ofByte: offset)
        var index = line - 1
        var character: Int
        if index < source.lines.count, offset > source.lines[index].contentEnd {
            // Inside or after the line ending: the start of the next line.
            index += 1
            character = 0
        } else if index < source.lines.count {
            character = units(source, source.lines[index].start, source.lines[index].start + column - 1)
        } else {
            character = 0
        }
        return .object([("line", .int(index)), ("character", .int(character))])
    }

    /// The width of bytes `from..<to` in the agreed encoding.
    func units(_ source: SourceFile, _ from: Int, _ to: Int) -> Int {
        guard encoding == .utf16 else { return to - from }
        var count = 0
        for i in from..<to {
            let b = source.bytes[i]
            if b & 0xC0 != 0x80 { count += b >= 0xF0 ? 2 : 1 }
        }
        return count
    }

    func range(_ bytes: Range<Int>, in source: SourceFile) -> JSON {
        .object([("start", position(bytes.lowerBound, in: source)), ("end", position(bytes.upperBound, in: source))])
    }

    /// A range within line `line` (1-based), from bytes of that line.
    func range(line: Int, _ columns: Range<Int>, in source: SourceFile) -> JSON {
        let start = source.lines[line - 1].start
        return range((start + columns.lowerBound)..<(start + columns.upperBound), in: source)
    }

    /// The 1-based line and the byte column of a request's `position`.
    func place(_ params: [String: Any], in document: LSPDocument) -> (line: Int, column: Int)? {
        guard let position = params["position"] as? [String: Any],
              let offset = byteOffset(position, in: document) else { return nil }
        // The empty line after a final line break is not in the line table.
        if let line = Self.int(position["line"]), line >= document.source.lines.count { return (line + 1, 0) }
        let (line, column) = document.source.position(ofByte: offset)
        return (line, column - 1)
    }
}
