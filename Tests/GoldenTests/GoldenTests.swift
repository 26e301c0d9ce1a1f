import Foundation
import SiteCycleKit
import Testing

/// Golden-file tests of the real binary, one folder per case under `Cases/`:
///
///     args             the arguments, one per line
///     env              optional KEY=VALUE lines added to the environment
///     stdin            optional standard input
///     <other files>    copied into a fresh temporary directory (the cwd)
///     expected/stdout, expected/stderr, expected/exit
///     expected/files/  files that must exist afterwards, byte for byte
///
/// In the output, the case's folder reads `$WORK`, and the state folder's
/// key for its `sites.journal` (`StateFolder.key`) reads `KEY`, as it does
/// in the paths under expected/files/ (`.local/state/sitecycle/edit/KEY/…`).
///
/// `SITECYCLE_RECORD=1 swift test` rewrites `expected/` from the current
/// output (stdout, stderr, exit; and files/ for files already listed there).
struct GoldenTests {
    static let casesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cases")

    static let caseNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test("there are golden cases") func casesExist() {
        #expect(GoldenTests.caseNames.count > 10)
    }

    @Test(arguments: caseNames) func golden(_ name: String) throws {
        let fm = FileManager.default
        let caseDir = GoldenTests.casesDirectory.appendingPathComponent(name)
        // A path of fixed length, whatever $TMPDIR is: messages are wrapped
        // at 80 columns, so where a path breaks a line depends on its length.
        // The state folder's key (a hex number, not zero-padded) is part of
        // some printed paths, so the folder is drawn again until its key has
        // all 16 digits: one time in 16 it would be shorter and wrap apart.
        var work: URL
        repeat {
            work = URL(fileURLWithPath: "/tmp/sitecycle-golden-" + String(UUID().uuidString.prefix(8)))
        } while StateFolder.key(forJournal: work.appendingPathComponent("sites.journal").path).count != 16
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: work) }
        let reserved: Set = ["args", "env", "stdin", "expected"]
        for item in try fm.contentsOfDirectory(atPath: caseDir.path) where !reserved.contains(item) {
            try fm.copyItem(at: caseDir.appendingPathComponent(item), to: work.appendingPathComponent(item))
        }
        let args = try lines(caseDir.appendingPathComponent("args"))
        var environment = BinaryRunner.baseEnvironment(home: work)
        for line in (try? lines(caseDir.appendingPathComponent("env"))) ?? [] {
            guard let eq = line.firstIndex(of: "=") else { continue }
            environment[String(line[..<eq])] = String(line[line.index(after: eq)...])
                .replacingOccurrences(of: "$WORK", with: work.path)
        }
        let stdin = (try? String(contentsOf: caseDir.appendingPathComponent("stdin"), encoding: .utf8)) ?? ""
        let output = try BinaryRunner.run(args, in: work, environment: environment, stdin: stdin)
        // The state folder's name for the case's journal (edit's copies
        // live under it) differs with the random folder: `KEY` stands for it.
        let key = StateFolder.key(forJournal: work.appendingPathComponent("sites.journal").path)
        func stable(_ text: String) -> String {
            text.replacingOccurrences(of: work.path, with: "$WORK").replacingOccurrences(of: "/" + key + "/", with: "/KEY/")
        }
        let stdout = stable(output.stdout)
        let stderr = stable(output.stderr)
        /// A path under expected/files/ as it is in the work folder.
        func real(_ file: String) -> String { String(("/" + file).replacingOccurrences(of: "/KEY/", with: "/" + key + "/").dropFirst()) }

        let expected = caseDir.appendingPathComponent("expected")
        if ProcessInfo.processInfo.environment["SITECYCLE_RECORD"] != nil {
            try fm.createDirectory(at: expected, withIntermediateDirectories: true)
            try stdout.write(to: expected.appendingPathComponent("stdout"), atomically: true, encoding: .utf8)
            try stderr.write(to: expected.appendingPathComponent("stderr"), atomically: true, encoding: .utf8)
            try "\(output.exitCode)\n".write(to: expected.appendingPathComponent("exit"), atomically: true, encoding: .utf8)
            for file in expectedFiles(expected) {
                try? fm.removeItem(at: expected.appendingPathComponent("files/" + file))
                try fm.copyItem(at: work.appendingPathComponent(real(file)), to: expected.appendingPathComponent("files/" + file))
            }
            return
        }
        let wantExit = try String(contentsOf: expected.appendingPathComponent("exit"), encoding: .utf8)
        #expect(Int32(wantExit.trimmingCharacters(in: .whitespacesAndNewlines)) == output.exitCode, "exit code of \(name)")
        #expect(stdout == (try String(contentsOf: expected.appendingPathComponent("stdout"), encoding: .utf8)), "stdout of \(name)")
        #expect(stderr == (try String(contentsOf: expected.appendingPathComponent("stderr"), encoding: .utf8)), "stderr of \(name)")
        for file in expectedFiles(expected) {
            let want = try Data(contentsOf: expected.appendingPathComponent("files/" + file))
            let got = try? Data(contentsOf: work.appendingPathComponent(real(file)))
            #expect(got == want, "file \(file) after \(name)")
        }
    }

    func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty }
    }

    /// Paths under expected/files/, relative to it.
    func expectedFiles(_ expected: URL) -> [String] {
        let root = expected.appendingPathComponent("files")
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return e.compactMap { $0 as? String }.filter {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path, isDirectory: &isDir)
            return !isDir.boolValue
        }.sorted()
    }
}
