import SiteCycleKit

/// A document's lines as LSP 3.17 counts them, and the conversions between
/// its positions and byte offsets, both ways, clamping (sourcekit-lsp's
/// `LineTable`). A lone CR ends a line here, as CR LF and LF do: the spec
/// says so, and an editor that follows it puts every line after one a line
/// further down than the journal's own table (LF only) would. Every
/// position the server sends or reads goes through this one value.
struct LSPLineIndex {
    let bytes: [UInt8]
    let encoding: PositionEncoding
    /// The first byte of each line (the first after a BOM), and where its
    /// text ends, before its line break. A text ending in a break has an
    /// empty last line after it.
    private var starts: [Int] = [], ends: [Int] = []

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        let first = bytes.starts(with: SourceFile.bom) ? 3 : 0
        starts.reserveCapacity(bytes.count / 32 + 2)
        ends.reserveCapacity(bytes.count / 32 + 2)
        starts.append(first)
        var i = first
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                ends.append(i)
                i += b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                starts.append(i)
            } else {
                i += 1
            }
        }
        ends.append(bytes.count)
    }

    var lineCount: Int { starts.count }

    /// `{line, character}` → a byte offset: past the end of a line is its
    /// end, past the last line the end of the text.
    func offset(line: Int, character: Int) -> Int {
        guard line < starts.count else { return bytes.count }
        let start = starts[line], end = ends[line]
        if encoding == .utf8 { return start + min(character, end - start) }
        var units = 0, i = start
        while i < end, units < character {
            let b = bytes[i]
            let size = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            units += size == 4 ? 2 : 1
            i = min(end, i + size)
        }
        return i
    }

    /// A byte offset → `(line, character)`; an offset inside a line break
    /// (between its CR and LF) is the start of the next line.
    func position(_ offset: Int) -> (line: Int, character: Int) {
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        let line = max(0, lo - 1)
        guard offset <= ends[line] else { return (line + 1, 0) }
        return (line, units(starts[line], max(starts[line], offset)))
    }

    /// The width of bytes `from..<to` in the agreed encoding.
    private func units(_ from: Int, _ to: Int) -> Int {
        guard encoding == .utf16 else { return to - from }
        var count = 0
        for i in from..<to {
            let b = bytes[i]
            if b & 0xC0 != 0x80 { count += b >= 0xF0 ? 2 : 1 }
        }
        return count
    }
}
