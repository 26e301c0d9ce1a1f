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
