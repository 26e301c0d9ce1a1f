#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    public let bytes: SourceBytes
    public let hasBOM: Bool
    public let lines: LineTable

    public static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, bytes: SourceBytes(bytes))
    }

    public init(path: String, bytes: SourceBytes) {
        self.path = path
        self.bytes = bytes
        hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        lines = LineTable(bytes, from: hasBOM ? 3 : 0)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of a line (1-based) without its ending, decoded leniently.
    public func lineText(_ number: Int) -> String {
        guard number >= 1 && number <= lines.count else { return "" }
        let span = lines[number - 1]
        return string(span.start..<span.contentEnd)
    }

    public func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The file's dominant line ending, for new lines written into it.
    public var prefersCRLF: Bool {
        // Most files hold no CR at all: one memchr says so.
        let anyCR = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) != nil } ?? false
        }
        guard anyCR else { return false }
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
        for line in lines { out.append(bytes, line.start..<line.end) }
        return out
    }
}

/// Where each line starts, as one `[UInt32]` over the bytes (4 bytes a
/// line), read as `LineSpan`s. Splits on LF only; a CR directly before the
/// LF belongs to the ending. A lone CR stays in the content, where the
/// parser reports it.
public struct LineTable: RandomAccessCollection, Sendable {
    /// The start of each line, then the end of the last one.
    private let starts: [UInt32]
    private let bytes: SourceBytes

    package init(_ bytes: SourceBytes, from first: Int) {
        self.bytes = bytes
        // Offsets are 32-bit: a file this large has no lines here, and the
        // parser says it is no journal (reads are capped far below anyway).
        guard bytes.count < Int(UInt32.max) else {
            starts = [0]
            return
        }
        var starts: [UInt32] = [UInt32(first)]
        var window = ReadingWindow(bytes)
        bytes.withUnsafeBufferPointer { buf in
            guard first < buf.count, let base = buf.baseAddress else { return }
            var p = base + first
            let end = base + buf.count
            window.reached(0)
            // Written into room for lines of 16 bytes on average, about
            // half a journal's shortest, so the table is never grown and
            // copied (for 100,000 entries of 30 bytes, room for 32 was 100
            // page faults short), and with no look at the array's room and
            // ownership on each line. Room never written costs no memory.
            // Shorter lines than that go on by appending. (The loop is
            // written out twice: a local function that moved `p` made
            // every call a dynamic exclusivity check.)
            starts = [UInt32](unsafeUninitializedCapacity: buf.count / 16 + 2) { room, written in
                room.initializeElement(at: 0, to: UInt32(first))
                var n = 1, q = p
                while n < room.count, q < end, let hit = memchr(q, 0x0A, end - q) {
                    q = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
                    room.initializeElement(at: n, to: UInt32(q - base))
                    n += 1
                    window.reached(q - base)
                }
                written = n
                p = q
            }
            while p < end, let hit = memchr(p, 0x0A, end - p) {
                p = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(UInt32(p - base))
                window.reached(p - base)
            }
            if p < end { starts.append(UInt32(buf.count)) }
        }
        self.starts = starts
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count - 1 }

    /// Line `index` read through `buf`, the same bytes already in hand:
    /// the parser's loop, without a look at how they are stored per line.
    @inline(__always)
    package func span(_ index: Int, in buf: UnsafeBufferPointer<UInt8>) -> LineSpan {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        var contentEnd = end
        if contentEnd > start, buf[contentEnd - 1] == 0x0A {
            contentEnd -= 1
            if contentEnd > start, buf[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        }
        return LineSpan(start: start, contentEnd: contentEnd, end: end)
    }

    public subscript(index: Int) -> LineSpan {
        bytes.withUnsafeBufferPointer { span(index, in: $0) }
    }
}
