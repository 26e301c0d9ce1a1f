import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// `trimmingBlanks` trims bytes where the blanks meet ASCII and whole
/// characters elsewhere: it must trim exactly what dropping a character at
/// a time trims.
struct TrimmingTests {
    func byCharacters(_ text: String) -> String {
        var s = Substring(text)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }

    @Test(arguments: [
        "", " ", "\t \t", "a", " a ", "\ta b\t", "  ; more text 1", "x  ",
        " \u{301}x", "x \u{301}", "\u{0600} ", " \u{0600}x", "caf\u{E9} ", " \u{1F44D}\u{1F3FD} ", "\r\n ", " \r\n",
    ])
    func trimsWhatCharactersTrim(_ text: String) {
        #expect(text.trimmingBlanks() == byCharacters(text))
        #expect(Substring(text).trimmingBlanks() == byCharacters(text))
    }

    @Test(arguments: 1...4)
    func randomTextsTrimAsCharactersDo(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let pieces = [" ", "\t", "a", "\u{301}", "\u{0600}", "\u{200D}", "\u{1F44D}", "\r", "\n", "\u{E9}", ";"]
        for _ in 0..<2_000 {
            let text = (0..<random.int(8)).map { _ in pieces[random.int(pieces.count)] }.joined()
            #expect(text.trimmingBlanks() == byCharacters(text), "\(Array(text.unicodeScalars))")
        }
    }
}
