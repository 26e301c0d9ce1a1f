import Testing
@testable import SiteCycleKit

/// The line table finds line feeds eight bytes at a time: it must split
/// exactly where a byte-by-byte reading splits, for every length and place.
struct LineTableTests {
    /// Lines as a byte-by-byte reading finds them: LF ends a line, a CR
    /// before it belongs to the ending, a last line may have no ending.
    func naive(_ bytes: [UInt8], from first: Int) -> [LineSpan] {
        var spans: [LineSpan] = []
        var start = first
        var i = first
        while i < bytes.count {
            if bytes[i] == 0x0A {
                var contentEnd = i
                if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                spans.append(LineSpan(start: start, contentEnd: contentEnd, end: i + 1))
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { spans.append(LineSpan(start: start, contentEnd: bytes.count, end: bytes.count)) }
        return spans
    }

    @Test(arguments: 1...8)
    func splitsWhereAByteByByteReadingSplits(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        for _ in 0..<300 {
            let alphabet: [UInt8] = [0x0A, 0x0D, 0x41, 0x20, 0x3B, 0x8A, 0x00, 0xFF]
            var bytes = (0..<random.int(90)).map { _ in
                random.chance(30) ? 0x0A : alphabet[random.int(alphabet.count)]
            }
            if random.chance(20) { bytes = SourceFile.bom + bytes }
            let source = SourceFile(path: "j", bytes: bytes)
            #expect(Array(source.lines) == naive(bytes, from: source.hasBOM ? 3 : 0), "\(bytes)")
        }
    }

    @Test func aLongJournalSplitsAcrossBatches() {
        // More line feeds than one batch holds, and lines of every length.
        var bytes: [UInt8] = []
        for n in 0..<2_000 { bytes += Array(repeating: 0x41, count: n % 23) + [0x0A] }
        bytes += [0x42, 0x42]
        let source = SourceFile(path: "j", bytes: bytes)
        #expect(source.lines.count == 2_001)
        #expect(Array(source.lines) == naive(bytes, from: 0))
    }
}
