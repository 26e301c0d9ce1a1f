import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct LosslessTests {
    static let examples: [String] = {
        let dir = packageRoot.appendingPathComponent("examples")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".journal") }.sorted()
    }()

    @Test func examplesExistIncludingCRLFAndBOM() throws {
        #expect(LosslessTests.examples.count >= 3)
        let windows = try Data(contentsOf: packageRoot.appendingPathComponent("examples/windows-crlf-bom.journal"))
        #expect(windows.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(windows.contains(0x0D))
    }

    @Test(arguments: examples) func exampleReassemblesByteForByte(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: packageRoot.appendingPathComponent("examples/\(name)")))
        let (syntax, diagnostics) = JournalParser().parse(SourceFile(path: name, bytes: bytes))
        #expect(!diagnostics.hasErrors)
        #expect(syntax.source.reassembled() == bytes)
        #expect(syntax.lines.count == syntax.source.lines.count)
    }

    @Test(arguments: [
        "", "\n", "\r\n", "a", "no final newline", "x\r\ny\nz", "\u{FEFF}bom\r\n", "lone\rcr\n", "\n\n\n",
        "trailing spaces   \n\t\n", "2026-02-01 08:15  X\r\n   ; note\r\n",
    ])
    func oddFilesReassemble(_ text: String) {
        let bytes = Array(text.utf8)
        let source = SourceFile(path: "t", bytes: bytes)
        #expect(source.reassembled() == bytes)
    }

    @Test func lineEndingsStayWithTheirLines() {
        let source = SourceFile(path: "t", text: "\u{FEFF}a\r\nbb\nccc")
        #expect(source.hasBOM)
        #expect(source.lines.map { $0.end - $0.contentEnd } == [2, 1, 0])
        #expect(source.lineText(2) == "bb")
        #expect(source.prefersCRLF == false)
    }

    @Test func invalidBytesAreKeptToo() {
        let bytes: [UInt8] = Array("2026-02-01 08:15  A".utf8) + [0xFF, 0x00, 0x0D] + Array(" x\n".utf8)
        let (syntax, diagnostics) = JournalParser().parse(SourceFile(path: "t", bytes: bytes))
        #expect(syntax.source.reassembled() == bytes)
        #expect(Set(diagnostics.map(\.code)) == [.invalidUTF8, .nulByte, .crLineEnding])
    }
}
