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

    /// The table is written into room for lines of 16 bytes on average;
    /// a file of shorter lines goes on past it.
    @Test(arguments: [0, 1, 15, 16, 17, 31, 32, 33, 100, 5_000])
    func linesShorterThanTheRoomAllowsGoOn(count: Int) {
        for tail in [[], [0x41], [0x0D, 0x0A]] as [[UInt8]] {
            let bytes = [UInt8](repeating: 0x0A, count: count) + tail
            let source = SourceFile(path: "j", bytes: bytes)
            #expect(Array(source.lines) == naive(bytes, from: 0))
            #expect(source.lines.count == count + (tail.isEmpty ? 0 : 1))
        }
    }

    /// The lines of one kind, found by their tags' bytes, are the ones a
    /// comparison of every tag finds.
    @Test(arguments: 1...4)
    func linesOfAKindAreTheOnesThatHaveIt(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let shapes = ["2026-01-01 08:00  A", "location A", "; c", "", "  ; n", "??", "<<<<<<< ours", "  x"]
        for _ in 0..<50 {
            let text = (0..<random.int(200)).map { _ in shapes[random.int(shapes.count)] }.joined(separator: "\n")
            let (syntax, _) = JournalParser().parse(SourceFile(path: "j", text: text))
            for tag in [SyntaxLine.Tag.blank, .comment, .noteContinuation, .directive, .entry, .conflictMarker, .invalid] {
                let naive = syntax.kinds.indices.filter { syntax.kinds[$0] == tag }.map { $0 + 1 }
                #expect(syntax.lineNumbers(tag) == naive)
            }
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
