import Foundation
import Testing
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// Words in the CLI, decisions in the Kit: no Kit source names a command
/// (`sitecycle log …`, `` `locations rename` ``), quotes one of our options
/// (`"--device`) or writes an ANSI escape. The Kit says what happened as values; the command line
/// says it in words and colour. Comments may name anything.
struct KitWordsTests {
    /// Each non-comment line of each Kit source, with its file and number.
    func kitLines() throws -> [(file: String, number: Int, text: String)] {
        let root = packageRoot.appendingPathComponent("Sources/SiteCycleKit")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 50, "found \(files.count) Kit sources under \(root.path)")
        var lines: [(String, Int, String)] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.drop(while: { $0 == " " }).hasPrefix("//") {
                lines.append((file, i + 1, String(line)))
            }
        }
        return lines
    }

    /// `sitecycle log`, or a command quoted on its own (`` `locations rename` ``).
    @Test func noKitSourceNamesACommand() throws {
        let commands = CommandRegistry.all.map(\.name)
        for line in try kitLines() {
            for command in commands
            where ["sitecycle \(command)", "`\(command) ", "`\(command)`"].contains(where: line.text.contains) {
                Issue.record("\(line.file):\(line.number) names the command `\(command)`: \(line.text)")
            }
        }
    }

    @Test func noKitSourceWritesAnANSIEscape() throws {
        for line in try kitLines() where line.text.lowercased().contains("\\u{1b}[") || line.text.contains("\\u{001B}[") {
            Issue.record("\(line.file):\(line.number) writes an ANSI escape: \(line.text)")
        }
    }

    /// An option of ours inside a string literal. git's own options, in the
    /// arguments the Kit hands to git, are git's words.
    @Test func noKitSourceQuotesAnOption() throws {
        for line in try kitLines() where !line.text.contains("git.run(") && !line.text.contains("git.value(")
            && !line.text.contains("run([") {
            var inString = false, previous: Character = " "
            var chars = Array(line.text)[...]
            while let c = chars.popFirst() {
                if c == "\"" && previous != "\\" { inString.toggle() }
                if inString, c == "-", chars.first == "-", let next = chars.dropFirst().first, next.isLetter {
                    Issue.record("\(line.file):\(line.number) quotes an option: \(line.text)")
                    break
                }
                previous = c
            }
        }
    }
}
