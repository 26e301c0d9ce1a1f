import Foundation
import Testing

/// Issue 11, items 19 and 28: nothing the tool prints goes past 80 columns.
/// Every help page and every command (and a few of their errors) runs on the
/// example journal at COLUMNS=80; any longer line, on either stream, fails.
struct ScreenWidthTests {
    static let width = 80

    /// Display columns, counted in Unicode scalars (not bytes): `█`, `…` and
    /// `✓` take one column each.
    static func overlong(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { $0.unicodeScalars.count > width }
    }

    static let commands = [
        "init", "log", "remove", "status", "recommend", "history", "stats", "timeline", "export", "import",
        "amend", "delete", "undo", "edit", "locations", "set", "check", "fmt", "merge", "sync", "completions", "help",
    ]

    @Test func helpAndEveryCommandFitIn80Columns() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: ExportImportTests.realistic, to: dir.appendingPathComponent("sites.journal"))
        let env = BinaryRunner.baseEnvironment(home: dir).merging([
            "SITECYCLE_FILE": "sites.journal", "COLUMNS": "80", "EDITOR": "true",
            "SITECYCLE_NOW": "2026-11-21 12:00",
        ]) { $1 }

        var runs: [[String]] = [[], ["help"], ["help", "journal"], ["help", "time"], ["help", "devices"]]
        runs += Self.commands.map { ["help", $0] }
        runs += [
            ["status"], ["recommend"], ["history"], ["history", "--limit", "400"], ["stats"], ["stats", "--robust"],
            ["timeline"], ["check"], ["fmt", "--check"], ["locations"], ["locations", "list"], ["undo", "--list"],
            ["export", "-o", "out.csv"], ["export", "--format", "ics", "-o", "out.ics"], ["import", "out.csv", "--dry-run"],
            ["log", "rfb"], ["log", "front abdomen"], ["log", "nowhere at all"], ["log", "lfa", "--note", "test"],
            ["amend", "last", "--note", "a note"], ["status"], ["delete", "last"], ["undo"], ["remove"],
            ["set", "target", "48h"], ["locations", "add", "Flank", "--sides"],
            ["locations", "rename", "Left Flank", "Left Side"], ["edit"], ["sync"], ["merge"],
            ["export", "--format", "bogus"], ["history", "--from", "2026-03-20", "--to", "2026-03-01"],
            // A path shorter than a line is never cut in the middle.
            ["-f", "/tmp/a/much/deeper/folder/than/you/would/expect/sites.journal", "status"],
            ["-f", "/tmp/a/much/deeper/folder/than/you/would/expect/sites.journal", "edit"],
            ["-f", "/tmp/a/much/deeper/folder/than/you/would/expect/sites.journal", "log", "lfa"],
        ]
        // `check` on the golden journals with errors (not the corpus of garbage).
        let cases = try FileManager.default.contentsOfDirectory(atPath: GoldenTests.casesDirectory.path)
            .filter { $0.hasPrefix("check-") }.sorted()
        for name in cases {
            let journal = GoldenTests.casesDirectory.appendingPathComponent(name).appendingPathComponent("sites.journal")
            guard FileManager.default.fileExists(atPath: journal.path) else { continue }
            try FileManager.default.copyItem(at: journal, to: dir.appendingPathComponent("\(name).journal"))
            runs.append(["-f", "\(name).journal", "check"])
        }
        var failures: [String] = []
        for args in runs {
            let output = try BinaryRunner.run(args, in: dir, environment: env)
            for line in Self.overlong(output.stdout) + Self.overlong(output.stderr) {
                failures.append("sitecycle \(args.joined(separator: " ")) (\(line.unicodeScalars.count)): \(line)")
            }
        }
        // A fresh journal: `init` and a bare `sitecycle` without one.
        let fresh = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: fresh) }
        let freshEnv = env.merging(["HOME": fresh.path]) { $1 }
        for args in [[], ["status"], ["init", "--timezone", "Europe/Berlin"], ["recommend"]] {
            let output = try BinaryRunner.run(args, in: fresh, environment: freshEnv)
            for line in Self.overlong(output.stdout) + Self.overlong(output.stderr) {
                failures.append("(fresh) sitecycle \(args.joined(separator: " ")) (\(line.unicodeScalars.count)): \(line)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
