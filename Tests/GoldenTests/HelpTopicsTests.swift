import Foundation
import Testing

/// Issue 24, item 6: the reference lives in `sitecycle help TOPIC`. Every
/// topic `help` lists opens, and every command and topic the README sends
/// a reader to (`sitecycle help NAME`) exists.
struct HelpTopicsTests {
    /// The names under "topics" in `sitecycle help`.
    static func topics(inHelp help: String) -> [String] {
        help.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("topics") }.dropFirst().prefix { !$0.isEmpty }
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
    }

    static func environment(_ dir: URL) -> [String: String] {
        BinaryRunner.baseEnvironment(home: dir).merging(["COLUMNS": "80"]) { $1 }
    }

    @Test func everyListedTopicOpens() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let help = try BinaryRunner.run(["help"], in: dir, environment: Self.environment(dir))
        let topics = Self.topics(inHelp: help.stdout)
        for wanted in ["journal", "time", "devices", "sync", "security", "performance", "formats", "completion",
                       "reminders", "errors", "options"] {
            #expect(topics.contains(wanted), "`help` does not list the topic \(wanted): \(topics)")
        }
        for topic in topics {
            let r = try BinaryRunner.run(["help", topic], in: dir, environment: Self.environment(dir))
            #expect(r.exitCode == 0 && r.stderr.isEmpty && r.stdout.count > 200, "help \(topic): \(r.stderr)")
        }
        // `help sync` is the command and the topic.
        let sync = try BinaryRunner.run(["help", "sync"], in: dir, environment: Self.environment(dir)).stdout
        #expect(sync.hasPrefix("usage: sitecycle sync") && sync.contains("SYNCING BETWEEN COMPUTERS"))
        let unknown = try BinaryRunner.run(["help", "secruity"], in: dir, environment: Self.environment(dir))
        #expect(unknown.exitCode == 2 && unknown.stderr.contains("`security`"), "\(unknown.stderr)")
    }

    @Test func everyHelpTheReadmeNamesExists() throws {
        let readme = try String(contentsOf: CompletionTests.repo.appendingPathComponent("README.md"), encoding: .utf8)
        // `sitecycle help NAME`, in prose or in a code block.
        let pattern = try Regex(#"sitecycle help ([a-z][a-z-]*)"#)
        let named = Set(readme.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
        #expect(named.count >= 8, "the README names too few help pages: \(named.sorted())")
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in named.sorted() {
            let r = try BinaryRunner.run(["help", name], in: dir, environment: Self.environment(dir))
            #expect(r.exitCode == 0 && !r.stdout.isEmpty, "the README names `sitecycle help \(name)`: \(r.stderr)")
        }
    }
}
