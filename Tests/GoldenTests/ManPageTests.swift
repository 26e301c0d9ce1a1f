import Foundation
import Testing

/// `sitecycle help --man` is a man page that the real `man` renders, from
/// the same text as `help`: every command is in it, within 80 columns.
struct ManPageTests {
    @Test(.enabled(if: RequiredTools.man, "man is not installed (apt-get install man-db); the man page is not rendered"))
    func manRendersTheWholeManual() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["MANWIDTH"] = "80"
        env["MANPAGER"] = "cat"
        env["PAGER"] = "cat"
        let page = try BinaryRunner.run(["help", "--man"], in: dir, environment: env)
        #expect(page.exitCode == 0)
        try page.stdout.write(to: dir.appendingPathComponent("sitecycle.1"), atomically: true, encoding: .utf8)
        let shown = try BinaryRunner.process(URL(fileURLWithPath: "/bin/sh"), ["-c", "man -l sitecycle.1"], in: dir,
                                             environment: env)
        #expect(shown.exitCode == 0)
        #expect(shown.stderr.isEmpty, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("SITECYCLE(1)"))
        let lines = shown.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 }.prefix(3))")
        // Every command's own help is in it, as `help COMMAND` prints it.
        let help = try BinaryRunner.run(["help"], in: dir, environment: env).stdout
        for name in ["init", "log", "remove", "status", "recommend", "history", "report", "export", "import", "sync", "undo"] {
            #expect(help.contains("  \(name) "), "\(name) is not in help")
            #expect(lines.contains { $0 == "   \(name)" }, "no section for \(name)")
            let usage = try BinaryRunner.run(["help", name], in: dir, environment: env).stdout
                .split(separator: "\n").first.map(String.init) ?? ""
            #expect(shown.stdout.contains(usage), "the man page lacks \(usage)")
        }
        for topic in ["THE JOURNAL", "TIMES", "DEVICES", "SYNCING BETWEEN COMPUTERS", "SECURITY AND SAFETY",
                      "PERFORMANCE AND ROBUSTNESS", "ENVIRONMENT"] { #expect(lines.contains { $0 == topic }, "no \(topic)") }
        // Every topic `help` lists is in it, to its last line.
        let topics = HelpTopicsTests.topics(inHelp: help)
        #expect(topics.count >= 14, "\(topics)")
        for topic in topics {
            let text = try BinaryRunner.run(["help", topic], in: dir, environment: env).stdout
            let last = text.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            #expect(!last.isEmpty && shown.stdout.contains(last), "the man page lacks the end of `help \(topic)`: \(last)")
        }
        // The manual is whole: a topic with --man is a usage error, not ignored.
        let topic = try BinaryRunner.run(["help", "--man", "journal"], in: dir, environment: env)
        #expect(topic.exitCode == 2 && topic.stdout.isEmpty && topic.stderr.contains("give no topic"))
    }
}
