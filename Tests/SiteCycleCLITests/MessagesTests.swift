import Foundation
import Testing
@testable import SiteCycleCLI
import SiteCycleTestSupport

/// Issue 41 item 5, "one printer": `Messages` is the only place that spells
/// `sitecycle: error|warning|note|hint`, and what it prints.
struct MessagesTests {
    @Test func anErrorWithAHintIsTwoLinesColouredByTheStyle() {
        #expect(Messages.text(.error, "no journal", help: "run `sitecycle init`", style: .plain)
            == "sitecycle: error: no journal\n  hint: run `sitecycle init`\n")
        let colored = Messages.text(.warning, "odd", help: "look", style: TextStyle(colored: true))
        #expect(colored == "sitecycle: \u{1B}[1;33mwarning:\u{1B}[0m odd\n  \u{1B}[1;36mhint:\u{1B}[0m look\n")
        #expect(Messages.text(.note, "read in UTC", style: TextStyle(colored: true))
            == "sitecycle: \u{1B}[1;36mnote:\u{1B}[0m read in UTC\n")
    }

    @Test func aLongMessageIsBrokenAfterItsPrefixAndMadeSafe() {
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        let text = Messages.text(.warning, words + " \u{1B}[2J", style: .plain)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(lines[1].hasPrefix("        word"))
        #expect(!text.contains("\u{1B}"))
        // Unwrapped, the words stay on one line, as given.
        #expect(Messages.text(.warning, words, style: .plain, wrapped: false) == "sitecycle: warning: " + words + "\n")
    }

    @Test func remindsLineCarriesItsTitle() {
        #expect(Messages.titled("site change due", "Left Arm is due.") == "sitecycle: site change due: Left Arm is due.\n")
    }

    @Test func theWarningPrefixIsCountedWhenAsked() {
        #expect(Messages.fitsOneLine(.warning, String(repeating: "x", count: 60)))
        #expect(!Messages.fitsOneLine(.warning, String(repeating: "x", count: 61)))
    }

    @Test func theSignalHandlersTextFits80Columns() {
        let text = Messages.cutShort.description
        #expect(text.hasPrefix("sitecycle: error: the journal was cut short"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}

/// No file but `Messages.swift` spells the prefixes: a message printed
/// another way would miss the colours, the 80 columns or the escaping.
struct MessagesSourceTests {
    static let prefixes = ["\"sitecycle: ", "sitecycle: error", "sitecycle: warning", "sitecycle: note",
                           "sitecycle: hint", "\"  hint:", "(\"hint:\")"]

    @Test func onlyMessagesSpellsTheProgramsPrefixes() throws {
        let sources = try swiftSources("Sources")
        #expect(sources.count > 100)
        var found: [String] = []
        for (path, text) in sources where path != "SiteCycleCLI/Rendering/Messages.swift" {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.prefixes.contains(where: { line.contains($0) }) {
                found.append("\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "print these through Messages:\n\(found.joined(separator: "\n"))")
        let messages = try #require(sources.first { $0.path == "SiteCycleCLI/Rendering/Messages.swift" }?.text)
        #expect(Self.prefixes.filter { messages.contains($0) }.count >= 3)
    }
}
