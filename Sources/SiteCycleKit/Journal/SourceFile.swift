/// One line of a file as byte offsets: `start..<contentEnd` is the text,
/// `contentEnd..<end` its own line ending (empty, LF or CRLF). Nothing is
/// trimmed or normalised, so the lines laid end to end are the file.
public struct LineSpan: Equatable, Sendable {
    public var start: Int
    public var contentEnd: Int
    public var end: Int

    public var contentCount: Int { contentEnd - start }
}

/// The bytes of a journal and where its lines are. Line numbers are 1-based;
/// columns are 1-based UTF-8 byte offsets from the line start (a leading
/// byte-order mark is not part of line 1).
public struct SourceFile: Sendable {
    /// How the file is named in diagnostics (as the user gave it).
    public let path: String
    public let bytes: [UInt8]
    public let hasBOM: Bool
    public let lines: [LineSpan]

    public static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        lines = SourceFile.splitLines(bytes, from: hasBOM ? 3 : 0)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Splits on LF only; a CR directly before the LF belongs to the ending.
    /// A lone CR stays in the content, where the parser reports it.
    package static func splitLines(_ bytes: [UInt8], from first: Int) -> [LineSpan] {
        var lines: [LineSpan] = []
        lines.reserveCapacity(bytes.count / 40 + 1)
        bytes.withUnsafeBufferPointer { buf in
            var start = first
            var i = first
            let n = buf.count
            while i < n {
                if buf[i] == 0x0A {
                    let contentEnd = (i > start && buf[i - 1] == 0x0D) ? i - 1 : i
                    lines.append(LineSpan(start: start, contentEnd: contentEnd, end: i + 1))
                    start = i + 1
                }
                i += 1
            }
            if start < n { lines.append(LineSpan(start: start, contentEnd: n, end: n)) }
        }
        return lines
    }

    /// The text of a line (1-based) without its ending, decoded leniently.
    public func lineText(_ number: Int) -> String {
        guard number >= 1 && number <= lines.count else { return "" }
        let span = lines[number - 1]
        return String(decoding: bytes[span.start..<span.contentEnd], as: UTF8.self)
    }

    public func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The file's dominant line ending, for new lines written into it.
    public var prefersCRLF: Bool {
        var crlf = 0, lf = 0
        for line in lines where line.end > line.contentEnd {
            if line.end - line.contentEnd == 2 { crlf += 1 } else { lf += 1 }
        }
        return crlf > lf
    }

    /// Every byte back, in order: the proof that nothing was lost.
    public func reassembled() -> [UInt8] {
        var out: [UInt8] = hasBOM ? SourceFile.bom : []
        out.reserveCapacity(bytes.count)
        for line in lines { out.append(contentsOf: bytes[line.start..<line.end]) }
        return out
    }
}
