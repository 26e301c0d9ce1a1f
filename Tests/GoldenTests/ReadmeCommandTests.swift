import Foundation
import Testing

/// Issue 24, item 6: every command the README shows works as shown. Each
/// line of a ```sh block that runs sitecycle is run against a copy of
/// examples/realistic.journal, as of a fixed moment, in a fresh git
/// repository with a remote; it must exit 0, or the status a `# exit N`
/// comment on the line documents. The walk-through block is left to
/// WalkthroughTests, which runs it from `init` on. A journal shown in a
/// plain ``` block must pass `check`.
struct ReadmeCommandTests {
    struct Block {
        var language: String
        var lines: [String]
        var isWalkthrough: Bool
    }

    static func blocks() throws -> [Block] {
        let readme = try String(contentsOf: CompletionTests.repo.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [Block] = [], current: Block?, previous = ""
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = Block(language: String(line.dropFirst(3)), lines: [],
                                    isWalkthrough: previous == "<!-- walkthrough -->")
                }
            } else if current != nil {
                current!.lines.append(line)
            }
            previous = line
        }
        return blocks
    }

    /// The sitecycle command lines of the README's shell blocks; the one
    /// that runs the tool through `swift run` counts, as the binary.
    static func commands() throws -> [String] {
        try blocks().filter { $0.language == "sh" && !$0.isWalkthrough }.flatMap(\.lines).compactMap { line in
            if line.hasPrefix("sitecycle ") { return line }
            if line.hasPrefix("swift run -c release sitecycle ") {
                return "sitecycle " + line.dropFirst("swift run -c release sitecycle ".count)
            }
            return nil
        }
    }

    /// `# exit 3` after a command documents that status; otherwise 0.
    static func expectedStatus(_ line: String) -> Int32 {
        guard let comment = line.range(of: "# exit ") else { return 0 }
        return Int32(line[comment.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    @Test func theFreshMachineCommandsAreThere() throws {
        let sh = try Self.blocks().filter { $0.language == "sh" }.flatMap(\.lines)
        #expect(sh.contains("swift test"))
        #expect(sh.contains { $0.hasPrefix("swift run -c release sitecycle -f examples/") && $0.contains("--now") })
        #expect(sh.contains("swift build -c release --product sitecycle-bench && .build/release/sitecycle-bench"))
    }

    @Test(.enabled(if: RequiredTools.git, "git is not installed (.ci/run installs it)"))
    func everyCommandInTheReadmeRuns() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 8, "\(commands)")
        let root = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExportImportTests.realistic, to: work.appendingPathComponent("sites.journal"))
        var env = BinaryRunner.baseEnvironment(home: root)
        env["PATH"] = BinaryRunner.executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["SITECYCLE_FILE"] = work.appendingPathComponent("sites.journal").path
        env["SITECYCLE_NOW"] = "2026-11-21 12:00"
        env["COLUMNS"] = "80"
        for (k, v) in ["GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "Test",
                       "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_NOSYSTEM": "1"] { env[k] = v }
        let git = URL(fileURLWithPath: "/usr/bin/git")
        _ = try BinaryRunner.process(git, ["init", "-q", "--bare", "-b", "main", "remote.git"], in: root, environment: env)
        _ = try BinaryRunner.process(git, ["init", "-q", "-b", "main"], in: work, environment: env)
        _ = try BinaryRunner.process(git, ["remote", "add", "origin", "../remote.git"], in: work, environment: env)

        var failures: [String] = []
        for line in commands {
            // The line that names examples/ runs where they are, in the clone.
            let folder = line.contains("examples/") ? CompletionTests.repo : work
            let r = try BinaryRunner.process(URL(fileURLWithPath: "/bin/bash"), ["-c", line], in: folder, environment: env)
            if r.exitCode != Self.expectedStatus(line) {
                failures.append("\(line)\n  exit \(r.exitCode)\n\(r.stdout)\(r.stderr)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // What the tour writes is there.
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("sites.csv").path))
    }

    @Test func theJournalShownIsClean() throws {
        let journals = try Self.blocks().filter { $0.language.isEmpty && $0.lines.first?.hasPrefix("timezone ") == true }
        #expect(!journals.isEmpty)
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for journal in journals {
            try (journal.lines.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("shown.journal"),
                                                                    atomically: true, encoding: .utf8)
            let r = try BinaryRunner.run(["-f", "shown.journal", "--now", "2026-11-21 12:00", "check"], in: dir,
                                         environment: BinaryRunner.baseEnvironment(home: dir))
            #expect(r.exitCode == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r.stdout)\(r.stderr)")
        }
    }
}
