import Foundation
import Testing

/// The README's walk-through, run line by line as a new user would type
/// it: each command must succeed, and the journal must end as expected.
struct WalkthroughTests {
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "<!-- walkthrough -->\n```sh\n"),
              let end = readme.range(of: "```\n<!-- /walkthrough -->", range: start.upperBound..<readme.endIndex)
        else { return [] }
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: RequiredTools.git, "git is not installed (.ci/run installs it)"))
    func everyStepOfTheWalkThroughWorks() throws {
        let root = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent("me")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let bin = BinaryRunner.executable.deletingLastPathComponent().path
        var env = BinaryRunner.baseEnvironment(home: root)
        env["PATH"] = bin + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        for (k, v) in ["GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "Test",
                       "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_NOSYSTEM": "1"] { env[k] = v }
        _ = try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/git"), ["init", "-q", "--bare", "-b", "main", "remote.git"],
                                     in: root, environment: env)
        let steps = try WalkthroughTests.commands()
        #expect(steps.count >= 12, "the walk-through block was not found in README.md")
        // One shell runs them all, stopping at the first failure.
        let script = "set -e\ngit config --global init.defaultBranch main 2>/dev/null || true\n" + steps.joined(separator: "\n")
            + "\necho WALKTHROUGH-DONE\n"
        let r = try BinaryRunner.process(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: work, environment: env)
        #expect(r.exitCode == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("WALKTHROUGH-DONE"))
        #expect(r.stdout.contains("Undid `log \"right side thigh\"`"), "\(r.stdout)")
        #expect(r.stdout.contains("In sync with origin/main"), "\(r.stdout)")
        let journal = try String(contentsOf: work.appendingPathComponent("sites.journal"), encoding: .utf8)
        #expect(journal.hasSuffix("""
            2026-03-02 08:00  Left Front Abdomen   ; first site
                                                   ; itchy on day 2
            2026-03-05 08:06  Right Front Abdomen
            2026-03-08 07:30  Left Side Thigh

            """), "\(journal)")
        // The remote has it too.
        let shown = try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/git"), ["--git-dir", "remote.git", "show",
                                             "main:sites.journal"], in: root, environment: env)
        #expect(shown.stdout == journal)
    }
}
