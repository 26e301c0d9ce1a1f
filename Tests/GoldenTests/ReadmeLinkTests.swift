import Foundation
import Testing

/// Issue 11, item 27: a fresh clone has no dangling links. Every relative
/// link in README.md names a file or folder inside the repository.
struct ReadmeLinkTests {
    @Test func everyRelativeLinkResolvesInsideTheRepository() throws {
        let repo = CompletionTests.repo.standardizedFileURL
        let readme = try String(contentsOf: repo.appendingPathComponent("README.md"), encoding: .utf8)
        // [text](target) and [label]: target
        let inline = try Regex(#"\]\(([^)\s]+)\)"#), reference = try Regex(#"(?m)^\[[^\]]+\]:\s*(\S+)"#)
        var targets: [String] = []
        for match in readme.matches(of: inline) + readme.matches(of: reference) {
            if let t = match.output[1].substring { targets.append(String(t)) }
        }
        var dangling: [String] = []
        for target in targets {
            if target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("#") { continue }
            let path = String(target.split(separator: "#", maxSplits: 1)[0])
            let url = repo.appendingPathComponent(path).standardizedFileURL
            let inside = url.path.hasPrefix(repo.path + "/")
            if !inside || !FileManager.default.fileExists(atPath: url.path) { dangling.append(target) }
        }
        #expect(dangling.isEmpty, "links that do not resolve in the repository: \(dangling)")
    }
}

/// Issue 22, item 26: the install and per-user completion commands, copied
/// from README.md as they stand, work in a home that has none of the
/// folders yet (`install … ~/.local/bin/` failed there: no such folder).
struct ReadmeInstallTests {
    @Test func theInstallAndCompletionLinesWorkInAnEmptyHome() throws {
        let readme = try String(contentsOf: CompletionTests.repo.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        // The block under "## Install", with the built binary in place of .build/release's.
        let start = try #require(lines.firstIndex(of: "## Install"))
        let open = try #require(lines[start...].firstIndex(of: "```sh")), close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        var script = lines[(open + 1)..<close].filter { !$0.hasPrefix("swift build") }
            .map { $0.replacingOccurrences(of: ".build/release/sitecycle", with: BinaryRunner.executable.path) }
        // The per-user column of the completion table: its first command.
        for shell in ["bash", "zsh", "fish"] {
            let row = try #require(lines.first { $0.hasPrefix("| \(shell) |") })
            let cell = row.components(separatedBy: " | ")[1]
            script.append(try #require(cell.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init)))
        }
        #expect(script.count == 5, "\(script)")
        let home = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        var env = BinaryRunner.baseEnvironment(home: home)
        env["PATH"] = home.path + "/.local/bin:" + env["PATH"]!
        let r = try BinaryRunner.process(URL(fileURLWithPath: "/bin/sh"), ["-ec", script.joined(separator: "\n")],
                                         in: home, environment: env)
        #expect(r.exitCode == 0, "\(script.joined(separator: "\n"))\n\(r.stderr)")
        for file in [".local/bin/sitecycle", ".local/share/bash-completion/completions/sitecycle", ".zfunc/_sitecycle",
                     ".config/fish/completions/sitecycle.fish"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: home.path + "/" + file)[.size] as? Int) ?? 0
            #expect(size > 0, "\(file) was not written")
        }
    }
}
