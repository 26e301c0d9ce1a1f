import SiteCycleKit

/// How positions count characters within a line (LSP 3.17
/// `positionEncoding`): UTF-16 code units unless the client offers UTF-8.
/// UTF-32 (code points) is counted too, though not yet agreed to.
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A document's text, its lines as LSP 3.17 counts them and the agreed
/// encoding: the one place positions become byte offsets and back,
/// clamping (sourcekit-lsp's `LineTable`). A lone CR ends a line here, as
/// CR LF and LF do: the spec says so, and an editor that follows it puts
/// every line after one a line further down than the journal's own table
/// (LF only) would. Every position the server sends or reads goes
/// through this one value.
struct LineIndex {
    private(set) var text: [UInt8]
    let encoding: PositionEncoding
    /// The first byte of each line (the first after a BOM), and where its
    /// text ends, before its line break. A text ending in a break has an
    /// empty last line after it.
    private var starts: [Int] = [], ends: [Int] = []

    init(_ text: [UInt8], encoding: PositionEncoding) {
        self.text = text
        self.encoding = encoding
        index()
    }

    var lineCount: Int { starts.count }

    /// New text for bytes `range` (from `offset(of:)`), the lines counted
    /// again: the next change of a batch counts from them.
    mutating func replace(_ range: Range<Int>, with new: [UInt8]) {
        text.replaceSubrange(range, with: new)
        index()
    }

    mutating func replaceAll(with new: [UInt8]) {
        text = new
        index()
    }

    private mutating func index() {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        let first = text.starts(with: SourceFile.bom) ? 3 : 0
        starts.reserveCapacity(text.count / 32 + 2)
        ends.reserveCapacity(text.count / 32 + 2)
        starts.append(first)
        var i = first
        while i < text.count {
            let b = text[i]
            if b == 0x0A || b == 0x0D {
                ends.append(i)
                i += b == 0x0D && i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1
                starts.append(i)
            } else {
                i += 1
            }
        }
        ends.append(text.count)
    }

    /// A position → a byte offset: past the end of a line is its end,
    /// past the last line the end of the text.
    func offset(of position: LSP.Position) -> Int {
        guard position.line < starts.count else { return text.count }
        let start = starts[position.line], end = ends[position.line]
        if encoding == .utf8 { return start + min(position.character, end - start) }
        return walk(from: start, to: end, units: position.character).offset
    }

    /// Bytes from a range's two positions, in order.
    func bytes(of range: LSP.Range) -> Range<Int> {
        let from = offset(of: range.start), to = offset(of: range.end)
        return min(from, to)..<max(from, to)
    }

    /// A byte offset → a position; an offset inside a line break
    /// (between its CR and LF) is the start of the next line.
    func position(of offset: Int) -> LSP.Position {
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        let line = max(0, lo - 1)
        guard offset <= ends[line] else { return LSP.Position(line: line + 1, character: 0) }
        let start = starts[line], to = max(start, offset)
        let character = encoding == .utf8 ? to - start : walk(from: start, to: to, units: .max).units
        return LSP.Position(line: line, character: character)
    }

    func range(of bytes: Range<Int>) -> LSP.Range {
        LSP.Range(start: position(of: bytes.lowerBound), end: position(of: bytes.upperBound))
    }

    /// The one walker, both ways: from `start`, a code point at a time,
    /// until `units` are counted or the byte `limit` is reached (a code
    /// point that `limit` cuts counts whole). Where it stopped, and how
    /// many units it counted: a surrogate pair's two in UTF-16, one code
    /// point one in UTF-32.
    private func walk(from start: Int, to limit: Int, units target: Int) -> (offset: Int, units: Int) {
        var units = 0, i = start
        while i < limit, units < target {
            let b = text[i]
            let size = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            switch encoding {
            case .utf8: units += size
            case .utf16: units += size == 4 ? 2 : 1
            case .utf32: units += 1
            }
            i = min(limit, i + size)
        }
        return (i, units)
    }
}
