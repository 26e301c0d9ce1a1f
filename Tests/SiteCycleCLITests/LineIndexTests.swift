@testable import SiteCycleCLI
import SiteCycleKit
import SiteCycleTestSupport
import Testing

/// Issue 41 item 2: one `LineIndex` per document turns positions into
/// bytes and bytes into positions, with one walker, in each encoding.
struct LineIndexTests {
    func index(_ text: String, _ encoding: PositionEncoding) -> LineIndex { LineIndex(Array(text.utf8), encoding: encoding) }
    func at(_ line: Int, _ character: Int) -> LSP.Position { LSP.Position(line: line, character: character) }

    /// "a😀é b": a (1 byte), 😀 (4 bytes, a surrogate pair), é (2), space, b.
    static let line = "a😀é b"

    @Test(arguments: [(PositionEncoding.utf16, [0, 1, 3, 4, 5, 6]), (.utf32, [0, 1, 2, 3, 4, 5]), (.utf8, [0, 1, 5, 7, 8, 9])])
    func eachCodePointsStartIsCountedInTheEncodingBothWays(_ encoding: PositionEncoding, _ characters: [Int]) {
        let lines = index(Self.line + "\n", encoding)
        let offsets = [0, 1, 5, 7, 8, 9]  // the byte each code point starts at, and the line's end
        for (offset, character) in zip(offsets, characters) {
            #expect(lines.position(of: offset) == at(0, character), "\(encoding) byte \(offset)")
            #expect(lines.offset(of: at(0, character)) == offset, "\(encoding) character \(character)")
        }
    }

    @Test func utf16InsideASurrogatePairOrACodePointTakesTheWholeCodePoint() {
        let lines = index(Self.line, .utf16)
        // Character 2 is the pair's second half: the walker steps over the whole emoji.
        #expect(lines.offset(of: at(0, 2)) == 5)
        // A byte inside the emoji or é counts the code point it cuts.
        #expect(lines.position(of: 2) == at(0, 3))
        #expect(lines.position(of: 6) == at(0, 4))
    }

    @Test func pastTheEndOfALineIsItsEndAndPastTheLastLineTheEndOfTheText() {
        for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
            let lines = index("ab\ncd", encoding)
            #expect(lines.offset(of: at(0, 99)) == 2)
            #expect(lines.offset(of: at(1, 99)) == 5)
            #expect(lines.offset(of: at(7, 0)) == 5)
            #expect(lines.lineCount == 2)
        }
    }

    @Test func aLoneCRaCRLFAndAnLFEachEndOneLine() {
        let lines = index("a\rb\r\nc\nd", .utf16)
        #expect(lines.lineCount == 4)
        #expect([0, 1, 2, 3].map { lines.offset(of: at($0, 0)) } == [0, 2, 5, 7])
        #expect([0, 2, 5, 7].map { lines.position(of: $0) } == [at(0, 0), at(1, 0), at(2, 0), at(3, 0)])
        // Between a CR and its LF is the start of the next line; a line's
        // end is before its break.
        #expect(lines.position(of: 4) == at(2, 0))
        #expect(lines.position(of: 3) == at(1, 1))
        #expect(lines.offset(of: at(1, 5)) == 3)
    }

    @Test func aTextEndingInABreakHasAnEmptyLastLineAndABOMIsNoCharacter() {
        let lines = LineIndex(SourceFile.bom + Array("é\n".utf8), encoding: .utf16)
        #expect(lines.lineCount == 2)
        #expect(lines.offset(of: at(0, 0)) == 3)
        #expect(lines.position(of: 5) == at(0, 1))
        #expect(lines.offset(of: at(1, 0)) == 6)
        #expect(lines.position(of: 6) == at(1, 0))
    }

    @Test func aReplacementIsCountedAgainForTheNextChange() {
        var lines = index("ab\ncd\n", .utf16)
        lines.replace(lines.bytes(of: LSP.Range(start: at(0, 1), end: at(1, 1))), with: Array("😀\n\nx".utf8))
        #expect(String(decoding: lines.text, as: UTF8.self) == "a😀\n\nxd\n")
        #expect(lines.lineCount == 4)
        #expect(lines.offset(of: at(2, 1)) == 8)
        #expect(lines.position(of: 5) == at(0, 3))
        // A range written end first is the same bytes.
        #expect(lines.bytes(of: LSP.Range(start: at(2, 1), end: at(0, 1))) == 1..<8)
    }
}
