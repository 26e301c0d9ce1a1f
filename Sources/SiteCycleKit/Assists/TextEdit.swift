/// A change an editor applies to the document it holds: the bytes `range`
/// of it become `text`. The language server never writes a file; every fix
/// and every formatting is a list of these.
public struct TextEdit: Equatable, Sendable {
    /// Byte offsets into the document as it is now.
    public var range: Range<Int>
    public var text: String

    public init(range: Range<Int>, text: String) {
        self.range = range
        self.text = text
    }
}

/// The fewest whole lines to replace to turn a document into another: the
/// lines both share at the start and the end stay, and in between a line
/// diff (Myers' O(ND), lines compared by content) keeps every line the two
/// have in common in order. `fmt` on a journal that is nearly canonical then
/// touches only the lines it realigns, so the editor's cursor and undo stay
/// where they were.
public enum MinimalEdits {
    /// Beyond this many differing lines, one edit replaces the middle: the
    /// diff would cost more than the editor saves.
    static let maximumDifferences = 2_000

    public static func between(_ old: SourceFile, _ new: [UInt8]) -> [TextEdit] {
        // A byte-order mark gained or lost (never by fmt): the whole text.
        guard old.hasBOM == new.starts(with: SourceFile.bom) else {
            return [TextEdit(range: 0..<old.bytes.count, text: String(decoding: new, as: UTF8.self))]
        }
        let oldLines = lines(of: old.bytes, from: old.hasBOM ? 3 : 0)
        let newLines = lines(of: new, from: new.starts(with: SourceFile.bom) ? 3 : 0)
        // Lines as numbers, equal numbers for equal bytes.
        var ids: [[UInt8]: Int] = [:]
        func id(_ bytes: [UInt8]) -> Int {
            if let known = ids[bytes] { return known }
            ids[bytes] = ids.count
            return ids.count - 1
        }
        let a = oldLines.map { id(Array(old.bytes[$0])) }, b = newLines.map { id(Array(new[$0])) }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let aMid = Array(a[prefix..<(a.count - suffix)]), bMid = Array(b[prefix..<(b.count - suffix)])
        // Hunks as (old lines, new lines) ranges relative to the middle.
        let hunks = diff(aMid, bMid) ?? [(0..<aMid.count, 0..<bMid.count)]
        var edits: [TextEdit] = []
        for (ar, br) in hunks where !(ar.isEmpty && br.isEmpty) {
            let from = ar.isEmpty ? (prefix + ar.lowerBound < oldLines.count ? oldLines[prefix + ar.lowerBound].lowerBound : old.bytes.count)
                : oldLines[prefix + ar.lowerBound].lowerBound
            let to = ar.isEmpty ? from : oldLines[prefix + ar.upperBound - 1].upperBound
            let text = br.isEmpty ? "" : String(decoding: new[newLines[prefix + br.lowerBound].lowerBound..<newLines[prefix + br.upperBound - 1].upperBound],
                                               as: UTF8.self)
            edits.append(TextEdit(range: from..<to, text: text))
        }
        return edits
    }

    /// Each line's bytes with its line ending.
    static func lines<C: RandomAccessCollection>(of bytes: C, from first: Int) -> [Range<Int>] where C.Element == UInt8, C.Index == Int {
        var out: [Range<Int>] = []
        var start = first
        var i = first
        while i < bytes.count {
            if bytes[i] == 0x0A { out.append(start..<(i + 1)); start = i + 1 }
            i += 1
        }
        if start < bytes.count { out.append(start..<bytes.count) }
        return out
    }

    /// Myers' greedy diff: the runs of lines to replace, or nil when there
    /// are more than `maximumDifferences` differences.
    static func diff(_ a: [Int], _ b: [Int]) -> [(Range<Int>, Range<Int>)]? {
        let n = a.count, m = b.count, maxD = min(n + m, maximumDifferences)
        if n == 0 || m == 0 { return [(0..<n, 0..<m)] }
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        // The furthest x on each diagonal after each step, to walk back.
        var trace: [[Int]] = []
        func down(_ v: [Int], _ k: Int, _ d: Int) -> Bool { k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) }
        var found = false
        search: for d in 0...maxD {
            for k in stride(from: -d, through: d, by: 2) {
                var x = d == 0 ? 0 : down(v, k, d) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; trace.append(v); break search }
            }
            trace.append(v)
        }
        guard found else { return nil }
        var matches: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            if d == 0 {
                while x > 0, y > 0 { matches.append((x - 1, y - 1)); x -= 1; y -= 1 }
                break
            }
            let before = trace[d - 1], k = x - y
            let isDown = down(before, k, d)
            let prevK = isDown ? k + 1 : k - 1
            let prevX = before[offset + prevK], prevY = prevX - prevK
            let midX = isDown ? prevX : prevX + 1
            while x > midX { matches.append((x - 1, y - 1)); x -= 1; y -= 1 }
            x = prevX
            y = prevY
        }
        matches.reverse()
        var hunks: [(Range<Int>, Range<Int>)] = []
        var ax = 0, by = 0
        for (i, j) in matches + [(n, m)] {
            if i > ax || j > by { hunks.append((ax..<i, by..<j)) }
            ax = i + 1
            by = j + 1
        }
        return hunks
    }
}

extension SourceFile {
    /// The 1-based line and byte column of a byte offset; past a line's
    /// text is the start of the next line (which, after the last line
    /// break, no line holds yet).
    public func position(ofByte offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = lines.count
        // The last line starting at or before `offset`.
        while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].start <= offset { lo = mid + 1 } else { hi = mid }
        }
        let index = max(0, lo - 1)
        guard index < lines.count else { return (1, offset + 1) }
        // Past a line's text (the end of a file ending in a line break):
        // the start of the line after it.
        if offset > lines[index].contentEnd { return (index + 2, 1) }
        return (index + 1, offset - lines[index].start + 1)
    }
}
