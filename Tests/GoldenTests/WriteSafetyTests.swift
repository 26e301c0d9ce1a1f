import SiteCycleKit
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
        let writers = 4, perWriter = 50
        var processes: [Process] = []
        for w in 0..<writers {
            // Each writer logs its own minutes, so no two lines share an instant.
            let script = (0..<perWriter).map { i in
                "\"$BIN\" -f sites.journal --now 2026-11-20T00:00:00Z log 'Site \(w)' --at 2026-11-0\(1 + w)T\(String(format: "%02d", i / 4)):\(String(format: "%02d", i % 4 * 15)):00Z >/dev/null || echo FAILED"
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

/// Killing a writer at any moment, and running out of disk, never tears or
/// loses the journal.
struct CrashSafetyTests {
    @Test func aWriterKilledAtAnyMomentLeavesTheOldOrTheNewJournal() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("sites.journal")
        // Big enough that a write takes a while, so kills land mid-write.
        var text = "timezone UTC\nlocation A\nlocation B\n\n"
        for i in 0..<20_000 { text += CivilDateTime(secondsAsIfUTC: 946_684_800 + Int64(i) * 7200).journalText + "  \(i % 2 == 0 ? "A" : "B")  ; note \(i)\n" }
        try text.write(to: journal, atomically: true, encoding: .utf8)
        // Calibrate: how long one uninterrupted write of the kind below (an
        // append) takes on this machine.
        let started = Date()
        let calibrationAt = CivilDateTime(secondsAsIfUTC: 946_684_800 + 20_000 * 7200 - 1800).journalText
        let calibration = try BinaryRunner.run(["-f", journal.path, "--now", "9999-01-01", "log", "b", "--at", calibrationAt],
                                               in: dir, environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(calibration.exitCode == 0, "\(calibration.stderr)")
        let writeMicros = max(1_000, Int(Date().timeIntervalSince(started) * 1_000_000))
        var rng = SeededRandom(seed: 42)
        // On a busy machine a write's time varies, so keep going (within a
        // bound) until enough writers were killed and enough completed.
        var killed = 0, completed = 0, i = 0
        while i < 240 && (killed < 25 || completed < 4 || i < 80) {
            defer { i += 1 }
            let old = try Data(contentsOf: journal)
            let p = Process()
            p.executableURL = BinaryRunner.executable
            let at = CivilDateTime(secondsAsIfUTC: 946_684_800 + 20_000 * 7200 + Int64(i) * 3600).journalText
            p.arguments = ["-f", journal.path, "--now", "9999-01-01", "log", "a", "--at", at]
            p.environment = BinaryRunner.baseEnvironment(home: dir)
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(UInt32(rng.int(writeMicros * 3 / 2)))
            if kill(p.processIdentifier, SIGKILL) == 0 { killed += 1 }
            p.waitUntilExit()
            let now = try Data(contentsOf: journal)
            let oldText = String(decoding: old, as: UTF8.self)
            if now == old { continue }
            // Otherwise it must be the whole new journal: old plus one line.
            let nowText = String(decoding: now, as: UTF8.self)
            #expect(nowText == oldText + "\(at)  A\n", "torn write at iteration \(i)")
            completed += 1
        }
        let check = try BinaryRunner.run(["-f", journal.path, "check"], in: dir, environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(check.exitCode == 0, "\(check.stderr)")
        // Leftover temporaries of killed writers are cleared by the next write.
        _ = try BinaryRunner.run(["-f", journal.path, "--now", "9999-01-01", "log", "b"], in: dir,
                                 environment: BinaryRunner.baseEnvironment(home: dir))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        print("crash test: killed \(killed), completed \(completed)")
        #expect(killed >= 25 && completed >= 4, "killed \(killed), completed \(completed)")
    }

    @Test func aFullDiskFailsClearlyWithTheJournalIntact() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let mountPoint = try BinaryRunner.mountSmallDisk(in: dir) else {
            print("skipped: the full-disk test needs to mount a small tmpfs (root with CAP_SYS_ADMIN)")
            return
        }
        defer { BinaryRunner.unmount(mountPoint) }
        var text = "timezone UTC\nlocation A\n\n"
        for i in 0..<600 { text += CivilDateTime(secondsAsIfUTC: 946_684_800 + Int64(i) * 7200).journalText + "  A\n" }
        let journal = mountPoint.appendingPathComponent("sites.journal")
        try text.write(to: journal, atomically: false, encoding: .utf8)
        // Fill what is left, so the new copy cannot be written.
        let filler = mountPoint.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(repeating: 0, count: 1024)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
        let r = try BinaryRunner.run(["-f", journal.path, "--now", "9999-01-01", "log", "a"], in: dir,
                                     environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(r.exitCode == 1)
        #expect(r.stderr.contains("no space left on device") && r.stderr.contains("the journal was not changed"), "\(r.stderr)")
        #expect(try String(contentsOf: journal, encoding: .utf8) == text)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}
