import Foundation
import Testing

/// Several real `sitecycle log` processes at once, and a writer that holds
/// the lock: nothing may be lost, and a writer that cannot get the lock
/// must give up clearly with the journal untouched.
struct ConcurrencyTests {
    func makeJournal(in dir: URL, locations: Int) throws -> URL {
        let url = dir.appendingPathComponent("sites.journal")
        var text = "timezone UTC\n"
        for i in 0..<locations { text += "location Site \(i)\n" }
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func parallelLogsLoseNothing() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try makeJournal(in: dir, locations: 4)
        let env = BinaryRunner.baseEnvironment(home: dir)
        let writers = 4, perWriter = 15
        var processes: [Process] = []
        for w in 0..<writers {
            // Each writer logs its own minutes, so no two lines share an instant.
            let script = (0..<perWriter).map { i in
                "\"$BIN\" -f sites.journal --now 2026-11-20T00:00:00Z log 'Site \(w)' --at 2026-11-0\(1 + w)T\(String(format: "%02d", i)):00:00Z >/dev/null || echo FAILED"
            }.joined(separator: "\n")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", script]
            p.currentDirectoryURL = dir
            p.environment = env.merging(["BIN": BinaryRunner.executable.path]) { $1 }
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            processes.append(p)
            _ = out
        }
        for p in processes { p.waitUntilExit() }
        let check = try BinaryRunner.run(["-f", "sites.journal", "check", "--json"], in: dir, environment: env)
        #expect(check.exitCode == 0)
        #expect(check.stdout.contains("\"errors\": []"))
        let text = try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
        let entries = text.split(separator: "\n").filter { $0.hasPrefix("2026-") }
        #expect(entries.count == writers * perWriter)
        #expect(Set(entries).count == writers * perWriter)
    }

    @Test func aWriterWaitsForTheLockThenGivesUpClearly() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try makeJournal(in: dir, locations: 2)
        let before = try Data(contentsOf: journal)
        // Hold the journal folder's lock from another process for 7 seconds.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [dir.path, "sleep", "7"]
        try holder.run()
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        let result = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-20 08:00", "log", "site 0"],
                                          in: dir, environment: BinaryRunner.baseEnvironment(home: dir))
        let waited = Date().timeIntervalSince(started)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("another sitecycle has been writing"))
        #expect(waited >= 4.5)
        #expect(try Data(contentsOf: journal) == before)
    }
}

struct FileSafetyTests {
    @Test func readOnlyJournalIsRefusedAndUntouched() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("sites.journal")
        try "timezone UTC\nlocation A\n".write(to: journal, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: journal.path)
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-20 08:00", "log", "a"], in: dir,
                                     environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(r.exitCode == 1)
        #expect(r.stderr == "sitecycle: error: sites.journal is read-only (mode 444); nothing was changed\n")
        #expect(try String(contentsOf: journal, encoding: .utf8) == "timezone UTC\nlocation A\n")
    }

    @Test func symlinkedJournalKeepsItsLink() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.journal")
        try "timezone UTC\nlocation A\n".write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.journal").path,
                                                   withDestinationPath: "real.journal")
        let r = try BinaryRunner.run(["-f", "link.journal", "--now", "2026-11-20 08:00", "log", "a"], in: dir,
                                     environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(r.exitCode == 0)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.journal").path)
        #expect(link == "real.journal")
        #expect(try String(contentsOf: real, encoding: .utf8).hasSuffix("2026-11-20 08:00  A\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}
