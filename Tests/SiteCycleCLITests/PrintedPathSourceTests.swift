import Foundation
import Testing
import SiteCycleTestSupport

/// Issue 39 item 2, held as a property of the source: a path or a file name
/// comes from whoever named the file and may hold ESC, an OSC title or a
/// line break, so every place that prints one passes it through the one
/// escaping function, `terminalSafe` (`ControlCharacters.escaped`), or
/// through `Invocation.shown`, which calls it.
struct PrintedPathSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func sources(_ folder: String) throws -> [(path: String, text: String)] { try swiftSources(folder) }

    /// `\(path)`, `\(journal.source.path)`, `\(copy)`… interpolated bare.
    static let barePattern = #"\\\((?:[A-Za-z]+\.)*[A-Za-z]*(?:[pP]ath|[fF]ile|[fF]older|[cC]opy|symlink|journal|output!?)\)"#

    @Test func everyPrintedPathGoesThroughTheOneEscapingFunction() throws {
        let barePath = try Regex(Self.barePattern)
        var bare: [String] = []
        for folder in ["Sources/SiteCycleCLI", "Sources/SiteCycleKit"] {
            for (path, text) in try sources(folder) {
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("\\(") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                    && line.contains(barePath) {
                    bare.append("\(folder)/\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(bare.isEmpty, "print these paths with .terminalSafe:\n\(bare.joined(separator: "\n"))")
    }

    /// The places the pass found raw bytes in, named: the diagnostic
    /// header, `check --format gnu`, "Wrote … to" of export and report,
    /// "Created …" of init, and the journal named in a refusal.
    @Test func theKnownPlacesEscapeTheirPath() throws {
        let cli = Dictionary(uniqueKeysWithValues: try sources("Sources/SiteCycleCLI").map { ($0.path, $0.text) })
        let expected: [(String, String)] = [
            ("Rendering/DiagnosticRenderer.swift", #"\((named ?? source.path).terminalSafe):\(d.line)"#),
            ("Commands/CheckCommand.swift", #""\(path.terminalSafe):\(d.line):\(d.column): "#),
            ("Commands/Export/ExportCommand.swift", #" to \(path.terminalSafe).\n"#),
            ("Commands/Report/ReportCommand.swift", #" to \(path.terminalSafe).\n"#),
            ("Commands/Init/InitCommand.swift", #""Created \(location.path.terminalSafe) with"#),
            ("Command.swift", #"fail("\(journal.source.path.terminalSafe) has \(n) error"#),
            ("Command.swift", #"return (path.hasPrefix(folder + "/") ? "~" + path.dropFirst(folder.count) : path).terminalSafe"#),
        ]
        for (file, text) in expected {
            #expect(cli[file]?.contains(text) == true, "\(file) should hold \(text)")
        }
    }
}
