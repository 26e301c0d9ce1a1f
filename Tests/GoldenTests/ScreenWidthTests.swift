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
        // Every command `help` lists, so a new one is never left out.
        let listed = try BinaryRunner.run(["help"], in: dir, environment: env).stdout
            .split(separator: "\n").drop { $0 != "commands:" }.dropFirst().prefix { !$0.isEmpty }
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        #expect(Set(Self.commands).isSubset(of: Set(listed)) && listed.contains("report") && listed.contains("map"),
                "\(listed)")
        runs += listed.map { ["help", $0] }
        // Every topic `help` lists.
        let topics = HelpTopicsTests.topics(inHelp: try BinaryRunner.run(["help"], in: dir, environment: env).stdout)
        #expect(topics.count >= 14, "\(topics)")
        runs += topics.map { ["help", $0] }
        runs += [
            ["status"], ["recommend"], ["history"], ["history", "--limit", "400"], ["stats"], ["stats", "--robust"],
            ["timeline"], ["check"], ["fmt", "--check"], ["locations"], ["locations", "list"], ["undo", "--list"],
            ["map"], ["map", "--by", "uses"], ["map", "--by", "hours"], ["devices"], ["report", "-o", "."],
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

    /// Issue 31, item 3: every row kind of `recommend` (in use, in use by
    /// another device, resting, paused, each in Avoid or not, recommended,
    /// never used) at the longest default location names, and the reasons
    /// `status` and `remind` give, over a month of moments, for each device
    /// and strategy.
    @Test func recommendRowsFitIn80Columns() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = GoldenTests.casesDirectory.appendingPathComponent("advice-recommend-rows-fit-80/sites.journal")
        // Later, the sensor on a site the pump may use: "in use (sensor)".
        try (String(contentsOf: journal, encoding: .utf8) + "2026-11-29 10:00  sensor  Right Side Thigh\n")
            .write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let env = BinaryRunner.baseEnvironment(home: dir).merging([
            "SITECYCLE_FILE": "sites.journal", "COLUMNS": "80", "TZ": "America/Chicago",
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
        ]) { $1 }
        var failures: [String] = [], rows = Set<String>()
        for day in stride(from: 10, through: 30, by: 2) {
            for device in ["pump", "sensor"] {
                let now = ["--now", "2026-11-\(day) 09:00"], d = ["--device", device]
                for args in [["recommend"], ["recommend", "--strategy", "by-body-part"], ["recommend", "--cooldown", "3"],
                             ["status"], ["remind", "--via", "terminal", "--again"]] {
                    let output = try BinaryRunner.run(now + args + d, in: dir, environment: env)
                    for line in Self.overlong(output.stdout) + Self.overlong(output.stderr) {
                        failures.append("sitecycle \((now + args + d).joined(separator: " ")) (\(line.unicodeScalars.count)): \(line)")
                    }
                    for line in output.stdout.split(separator: "\n") where args == ["recommend"] {
                        for kind in ["in use (pump)", "in use (sensor)", "in use ", "resting until", "paused until",
                                     "avoid", "recommended", "never used", "rested "] where line.contains(kind) {
                            rows.insert(kind + (line.hasSuffix("avoid") ? " + avoid" : ""))
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The journal still shows every kind of row (a test that cannot fail is no test).
        for kind in ["in use (pump)", "in use (sensor)", "resting until", "resting until + avoid", "paused until",
                     "paused until + avoid", "recommended", "never used", "rested "] {
            #expect(rows.contains(kind), "no \(kind) row: \(rows.sorted())")
        }
    }

    /// Issue 22, item 24: not only help pages — what `init`, `sync --setup`,
    /// `sync`, `merge` and `edit` say fits too, with real git, an editor
    /// script, long names and paths, a conflict and a shared-folder copy.
    @Test func messagesFitIn80Columns() throws {
        // A folder of fixed length, as the golden tests use: where a path
        // breaks a line depends on its length.
        let root = URL(fileURLWithPath: "/tmp/sitecycle-width-" + String(UUID().uuidString.prefix(8)))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let env = BinaryRunner.baseEnvironment(home: root).merging([
            "COLUMNS": "80", "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ]) { $1 }
        var failures: [String] = []
        func dir(_ name: String) throws -> URL {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        func git(_ args: String..., in folder: String = ".") throws {
            let r = try BinaryRunner.process(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + args, in: try dir(folder),
                                             environment: env)
            #expect(r.exitCode == 0, "git \(args): \(r.stderr)")
        }
        @discardableResult
        func sitecycle(_ args: [String], in folder: String, extra: [String: String] = [:]) throws -> Int32 {
            let r = try BinaryRunner.run(args, in: try dir(folder), environment: env.merging(extra) { $1 })
            for line in Self.overlong(r.stdout) + Self.overlong(r.stderr) {
                failures.append("[\(folder)] sitecycle \(args.joined(separator: " ")) (\(line.unicodeScalars.count)): \(line)")
            }
            return r.exitCode
        }
        func write(_ text: String, _ path: String, executable: Bool = false) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        }
        let f = ["-f", "sites.journal"]

        // init: its summary names the path, which may be long.
        try sitecycle(["-f", "a/deeper/folder/for/the/journal/of/someone/who/likes/folders/sites.journal",
                       "init", "--zones", "front-abdomen,buttock", "--sensor", "10d"], in: "fresh")
        try sitecycle(f + ["init", "--timezone", "Europe/Berlin"], in: "fresh")
        try sitecycle(f + ["init", "--timezone", "Europe/Berlin"], in: "fresh")

        // sync: setup, first push, a clone, both sides changed, a conflict.
        try git("init", "-q", "--bare", "-b", "main", "remote.git")
        try git("clone", "-q", "remote.git", "a")
        try git("checkout", "-q", "-b", "main", in: "a")
        try FileManager.default.copyItem(at: root.appendingPathComponent("fresh/sites.journal"),
                                         to: root.appendingPathComponent("a/sites.journal"))
        try sitecycle(f + ["sync", "--setup"], in: "a")
        try sitecycle(f + ["--now", "2026-02-01T08:00:00Z", "log", "lfa"], in: "a")
        #expect(try sitecycle(f + ["sync"], in: "a") == 0)
        try git("clone", "-q", "remote.git", "b")
        try sitecycle(f + ["sync", "--setup"], in: "b")
        try sitecycle(f + ["sync", "--setup"], in: "b")
        try sitecycle(f + ["--now", "2026-02-04T08:00:00Z", "log", "rfa", "--note", "from a"], in: "a")
        try sitecycle(f + ["--now", "2026-02-04T09:00:00Z", "log", "lsa", "--note", "from b"], in: "b")
        try sitecycle(f + ["locations", "rename", "Front Thigh", "Upper Thigh"], in: "b")
        try sitecycle(f + ["set", "target", "60h"], in: "b")
        #expect(try sitecycle(f + ["sync"], in: "a") == 0)
        #expect(try sitecycle(f + ["sync"], in: "b") == 0)
        try sitecycle(f + ["sync"], in: "a")
        try sitecycle(f + ["amend", "last", "--note", "sore and red"], in: "a")
        try sitecycle(f + ["amend", "last", "--note", "itchy"], in: "b")
        try sitecycle(f + ["sync"], in: "a")
        #expect(try sitecycle(f + ["sync"], in: "b") == 1)
        try sitecycle(f + ["sync"], in: "b")
        try sitecycle(f + ["check"], in: "b")
        // Without a remote.
        try git("init", "-q", "-b", "main", "solo")
        try FileManager.default.copyItem(at: root.appendingPathComponent("fresh/sites.journal"),
                                         to: root.appendingPathComponent("solo/sites.journal"))
        try sitecycle(f + ["sync"], in: "solo")
        // A shared folder's conflict copy.
        let shared = try String(contentsOf: root.appendingPathComponent("a/sites.journal"), encoding: .utf8)
        try write(shared, "shared/sites.journal")
        try write(shared + "2026-02-07 08:00  Right Side Thigh\n",
                  "shared/sites.sync-conflict-20260205-101010-ABCDEFG.journal")
        try sitecycle(f + ["sync"], in: "shared")

        // merge as git's driver, a conflict in a deep file.
        let deep = "a/rather/long/folder/name/for/the/merge/driver/ours.journal"
        try write("timezone UTC\nlocation A\nlocation B\n\n2026-01-01 08:00  A\n", "m/base")
        try write("timezone UTC\nlocation A\nlocation B\n\n2026-01-01 08:00  A  ; ours\n", "m/" + deep)
        try write("timezone UTC\nlocation A\nlocation B\n\n2026-01-01 08:00  B  ; theirs\n", "m/theirs")
        #expect(try sitecycle(["merge", "base", deep, "theirs"], in: "m") == 1)

        // edit: an editor that leaves errors, then one that leaves warnings
        // on a line far wider than the screen.
        try write("timezone UTC\nlocation Left Front Abdomen\nlocation Right Front Abdomen\n\n"
                  + "2026-01-01 08:00  Left Front Abdomen\n", "e/sites.journal")
        try write("#!/bin/sh\nprintf '2026-01-02 08:00  Left Frnt Abdomen with a long tail of words that goes on\\n"
                  + "2026-01-0x 08:00  Right Front Abdomen\\n' >> \"$1\"\n", "e/bad.sh", executable: true)
        try write("#!/bin/sh\nprintf '2025-12-02 08:00  Right Front Abdomen  ; an out-of-order entry with a very "
                  + "long note that is much wider than any screen\\n' >> \"$1\"\n", "e/warn.sh", executable: true)
        let bad = ["EDITOR": root.appendingPathComponent("e/bad.sh").path]
        let warn = ["EDITOR": root.appendingPathComponent("e/warn.sh").path]
        #expect(try sitecycle(f + ["edit"], in: "e", extra: bad) == 1)
        try sitecycle(f + ["edit"], in: "e", extra: bad)
        try sitecycle(f + ["edit", "--discard"], in: "e", extra: warn)
        #expect(try sitecycle(f + ["edit"], in: "e", extra: warn) == 0)
        try sitecycle(f + ["check"], in: "e")

        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
