import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The adversarial pass on files: devices, FIFOs, symlinks, planted
/// temporaries, ownership, sizes. Every test works in its own temporary
/// folder; none touches a real device node (they make their own with mknod).
enum Hardening {
    static func journalText() -> String {
        "timezone UTC\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n"
    }

    static func makeJournal(in dir: URL, name: String = "sites.journal") throws -> URL {
        let url = dir.appendingPathComponent(name)
        try journalText().write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func fileType(_ path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    static func owner(_ path: String) -> (uid: uid_t, gid: gid_t, mode: mode_t)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (st.st_uid, st.st_gid, st.st_mode & 0o7777)
    }

    /// A private null device in `dir` (root only); nil where mknod is not allowed.
    static func makeNullDevice(in dir: URL, name: String = "null") -> String? {
        let path = dir.appendingPathComponent(name).path
        return mknod(path, S_IFCHR | 0o666, makedev(1, 3)) == 0 ? path : nil
    }

    static func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
        dev_t(major & 0xfff) << 8 | dev_t(minor & 0xff) | dev_t(minor & ~0xff) << 12 | dev_t(major & ~0xfff) << 32
    }

    /// Runs the binary, killing it after `seconds`: a test of "never hangs"
    /// must not hang itself. `timedOut` says whether it had to be killed.
    static func run(_ arguments: [String], in dir: URL, environment: [String: String], seconds: Double = 10,
                    user: uid_t? = nil) throws -> (output: BinaryRunner.Output, timedOut: Bool) {
        let process = Process()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", BinaryRunner.executable.path] + arguments
        } else {
            process.executableURL = BinaryRunner.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = dir
        process.environment = environment
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        try outHandle.close(); try errHandle.close()
        let output = BinaryRunner.Output(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                                         stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                                         exitCode: process.terminationStatus)
        return (output, timedOut)
    }

    static func isRoot() -> Bool { geteuid() == 0 }

    static var setprivAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }
}

/// 1. Writing to something that is not a regular file never replaces it.
struct SpecialTargetTests {
    let now = ["--now", "2026-11-20 08:00"]

    @Test func exportIntoAFIFOWritesThroughItAndKeepsTheFIFO() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Hardening.makeJournal(in: dir)
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let env = BinaryRunner.baseEnvironment(home: dir)
        // Our end of the FIFO, opened without blocking: the export can open
        // its end at once, and the CSV waits in the pipe until read here.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let (r, timedOut) = try Hardening.run(["-f", "sites.journal"] + now + ["export", "-o", "pipe"], in: dir,
                                              environment: env)
        #expect(!timedOut)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(Hardening.fileType(fifo) == S_IFIFO, "the FIFO was replaced")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        let direct = try BinaryRunner.run(["-f", "sites.journal"] + now + ["export"], in: dir, environment: env)
        #expect(String(decoding: received, as: UTF8.self) == direct.stdout)
    }

    @Test func exportToASymlinkedCharacterDeviceKeepsTheDevice() throws {
        guard Hardening.isRoot() else { print("skipped: mknod needs root"); return }
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Hardening.makeJournal(in: dir)
        guard let device = Hardening.makeNullDevice(in: dir) else { print("skipped: mknod not allowed here"); return }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("out.csv").path,
                                                   withDestinationPath: "null")
        let r = try BinaryRunner.run(["-f", "sites.journal"] + now + ["export", "-o", "out.csv"], in: dir,
                                     environment: BinaryRunner.baseEnvironment(home: dir))
        // Issue 28: `-o` never follows a link; it names it and writes nothing.
        #expect(r.exitCode == 1)
        #expect(r.stderr.unwrapped.contains("cannot write out.csv: it is a symlink; it was left alone"), "\(r.stderr)")
        #expect(Hardening.fileType(device) == S_IFCHR, "the device was replaced by a file")
        #expect(Hardening.fileType(dir.appendingPathComponent("out.csv").path) == S_IFLNK)
        #expect(Hardening.fileType("/dev/null") == S_IFCHR)
    }

    @Test func exportToDashOrDevStdoutPrintsIt() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Hardening.makeJournal(in: dir)
        let env = BinaryRunner.baseEnvironment(home: dir)
        let direct = try BinaryRunner.run(["-f", "sites.journal"] + now + ["export"], in: dir, environment: env)
        #expect(direct.stdout.hasPrefix("date,location"))
        for target in ["-", "/dev/stdout"] {
            let r = try BinaryRunner.run(["-f", "sites.journal"] + now + ["export", "-o", target], in: dir, environment: env)
            #expect(r.exitCode == 0, "\(r.stderr)")
            #expect(r.stdout == direct.stdout, "export -o \(target)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
        #expect(Hardening.fileType("/dev/null") == S_IFCHR)
    }

    @Test func aJournalThatIsADeviceIsRefused() throws {
        guard Hardening.isRoot() else { print("skipped: mknod needs root"); return }
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let device = Hardening.makeNullDevice(in: dir) else { print("skipped: mknod not allowed here"); return }
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["SITECYCLE_FILE"] = device
        let r = try BinaryRunner.run(["locations", "add", "X"], in: dir, environment: env)
        #expect(r.exitCode == 1)
        #expect(r.stderr.unwrapped.contains("\(device): it is a character device"), "\(r.stderr)")
        #expect(r.stderr.contains("hint:"))
        #expect(Hardening.fileType(device) == S_IFCHR, "the device was replaced by a file")
        #expect(Hardening.fileType("/dev/null") == S_IFCHR)
    }
}

/// 2. A temporary file planted in advance (a symlink under the name the
/// writer will use) is never followed.
struct TemporaryFileTests {
    @Test func plantedTemporarySymlinksAreNotFollowed() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try Hardening.makeJournal(in: dir)
        let victim = dir.appendingPathComponent("victim")
        try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
        // Process ids are handed out in order: plant a link for each of the
        // next few hundred, as an attacker guessing `.NAME.tmp-PID` would.
        let last = Int((try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        guard last > 0 else { print("skipped: cannot predict process ids here"); return }
        for pid in (last + 1)...(last + 400) {
            try? FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(".sites.journal.tmp-\(pid)").path,
                                                        withDestinationPath: victim.path)
        }
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-20 08:00", "log", "b"], in: dir,
                                     environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(Hardening.fileType(journal.path) == S_IFREG)
        #expect(try String(contentsOf: journal, encoding: .utf8) == Hardening.journalText() + "2026-11-20 08:00  B\n")
        let mode = Hardening.owner(journal.path)?.mode
        #expect(mode == 0o644 || mode == 0o600)
    }
}

/// 3. Writing keeps the journal's owner, group and mode.
struct OwnershipTests {
    @Test func aRootWriteKeepsTheOwnerGroupAndMode() throws {
        guard Hardening.isRoot() else { print("skipped: chown to another user needs root"); return }
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try Hardening.makeJournal(in: dir)
        #expect(chown(journal.path, 1234, 1234) == 0)
        #expect(chmod(journal.path, 0o640) == 0)
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-20 08:00", "log", "a"], in: dir,
                                     environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(r.exitCode == 0, "\(r.stderr)")
        let after = Hardening.owner(journal.path)
        #expect(after?.uid == 1234 && after?.gid == 1234, "owner now \(String(describing: after))")
        #expect(after?.mode == 0o640)
        #expect(try String(contentsOf: journal, encoding: .utf8).hasSuffix("2026-11-20 08:00  A\n"))
    }

    @Test func aWriterThatCannotKeepTheOwnerChangesNothing() throws {
        guard Hardening.isRoot(), Hardening.setprivAvailable else { print("skipped: needs root and setpriv"); return }
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(chmod(dir.path, 0o777) == 0)
        let journal = try Hardening.makeJournal(in: dir)
        #expect(chmod(journal.path, 0o666) == 0)
        let (r, _) = try Hardening.run(["-f", "sites.journal", "--now", "2026-11-20 08:00", "log", "a"], in: dir,
                                       environment: BinaryRunner.baseEnvironment(home: dir), user: 4321)
        #expect(r.exitCode == 1)
        #expect(r.stderr.unwrapped.contains("keep its owner (uid 0); nothing was changed"), "\(r.stderr)")
        #expect(try String(contentsOf: journal, encoding: .utf8) == Hardening.journalText())
        #expect(Hardening.owner(journal.path)?.uid == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}

/// 4. Without `$HOME`, the default journal is under the passwd home folder,
/// never under a literal `./~`.
struct HomeFolderTests {
    @Test func withoutHOMEThePasswdHomeIsUsed() throws {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { print("skipped: no passwd entry"); return }
        let home = String(cString: dir)
        let work = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        var env = BinaryRunner.baseEnvironment(home: work)
        env["HOME"] = nil
        let r = try BinaryRunner.run(["check"], in: work, environment: env)
        let expected = home + "/.local/share/sitecycle/sites.journal"
        // Exit 0 when this machine's user really has a journal there.
        #expect(r.exitCode == 0 || r.stderr.contains("no journal at \(expected) "), "\(r.stderr)")
        #expect(!r.stderr.contains("~"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("~").path))
    }

    @Test func withNoHomeAtAllInitRefusesClearly() throws {
        let uid: uid_t = 4321
        guard Hardening.isRoot(), Hardening.setprivAvailable, getpwuid(uid) == nil else {
            print("skipped: needs root, setpriv and a uid with no passwd entry"); return
        }
        let work = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        #expect(chmod(work.path, 0o777) == 0)
        var env = BinaryRunner.baseEnvironment(home: work)
        env["HOME"] = nil
        let (r, _) = try Hardening.run(["init", "--timezone", "UTC"], in: work, environment: env, user: uid)
        #expect(r.exitCode == 1)
        #expect(r.stderr == """
            sitecycle: error: $HOME is not set and this user has no passwd home folder
              hint: pass -f PATH, or set $SITECYCLE_FILE or $HOME

            """, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("~").path))
        let (check, _) = try Hardening.run(["status"], in: work, environment: env, user: uid)
        #expect(check.exitCode == 1)
        #expect(check.stderr.hasPrefix("sitecycle: error: $HOME is not set"), "\(check.stderr)")
    }
}

/// 5. A journal symlink to nothing is named as such, by every command and
/// by `init`, instead of "no journal" followed by "file exists".
struct DanglingSymlinkTests {
    @Test func aDanglingJournalSymlinkIsNamedWithItsTarget() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sync"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("sites.journal").path,
                                                   withDestinationPath: "sync/missing.journal")
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["SITECYCLE_FILE"] = dir.path + "/sites.journal"
        let expected = """
            sitecycle: error: $WORK/sites.journal is a symlink to sync/missing.journal, which does not exist
              hint: `sitecycle init -f $WORK/sync/missing.journal` creates the journal there, or remove the symlink $WORK/sites.journal

            """
        for args in [["status"], ["--now", "2026-11-20 08:00", "log", "a"], ["init", "--timezone", "UTC"]] {
            let r = try BinaryRunner.run(args, in: dir, environment: env)
            #expect(r.exitCode == 1, "\(args)")
            // Wrapped to 80 columns where the temporary path falls; compared as written.
            #expect(r.stderr.unwrapped.replacingOccurrences(of: dir.path, with: "$WORK") == expected.unwrapped, "\(args)")
        }
        #expect(Hardening.fileType(dir.appendingPathComponent("sites.journal").path) == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("sync/missing.journal").path))
        // The hint's command works.
        let created = try BinaryRunner.run(["init", "-f", dir.path + "/sync/missing.journal", "--timezone", "UTC"],
                                           in: dir, environment: env)
        #expect(created.exitCode == 0, "\(created.stderr)")
        #expect(try BinaryRunner.run(["status"], in: dir, environment: env).exitCode == 0)
    }
}

/// 6. Only regular files are read, never blocking on a FIFO, and never more
/// than the size limit (256 MB, lowered here with $SITECYCLE_MAX_BYTES).
struct SpecialSourceTests {
    @Test func devZeroAsTheJournalIsRefusedAtOnce() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["SITECYCLE_FILE"] = "/dev/zero"
        let (r, timedOut) = try Hardening.run(["status"], in: dir, environment: env)
        #expect(!timedOut)
        #expect(r.exitCode == 1)
        #expect(r.stderr.hasPrefix("sitecycle: error: cannot read /dev/zero: it is a character device\n"),
                "\(r.stderr)")
    }

    @Test func aConflictCopyLinkedToDevZeroIsRefused() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try Hardening.makeJournal(in: dir)
        let copy = dir.appendingPathComponent("sites.sync-conflict-20261101-120000-ABCDEFG.journal")
        try FileManager.default.createSymbolicLink(atPath: copy.path, withDestinationPath: "/dev/zero")
        let (r, timedOut) = try Hardening.run(["-f", "sites.journal", "sync"], in: dir,
                                              environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(!timedOut)
        #expect(r.exitCode == 1)
        // Issue 28: a link beside the journal is never followed, whatever it
        // points at; it is named and left alone (a warning since issue 28's
        // sync follow-up: the other copies are merged; with none, and no
        // git, there is nothing to sync).
        #expect(r.stderr.unwrapped.contains("conflict copy \(copy.path): it is a symlink; it was left alone"), "\(r.stderr)")
        #expect(Hardening.fileType(copy.path) == S_IFLNK)
        #expect(try String(contentsOf: journal, encoding: .utf8) == Hardening.journalText())
    }

    @Test func aFIFOAsTheJournalOrAnImportFileNeverBlocks() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try Hardening.makeJournal(in: dir)
        #expect(mkfifo(dir.appendingPathComponent("fifo.journal").path, 0o600) == 0)
        let env = BinaryRunner.baseEnvironment(home: dir)
        let (r, timedOut) = try Hardening.run(["-f", "fifo.journal", "status"], in: dir, environment: env, seconds: 5)
        #expect(!timedOut, "status blocked on a FIFO journal")
        #expect(r.exitCode == 1)
        #expect(r.stderr.contains("cannot read fifo.journal: it is a FIFO (named pipe)"), "\(r.stderr)")
        let (i, importTimedOut) = try Hardening.run(["-f", "sites.journal", "import", "fifo.journal"], in: dir,
                                                    environment: env, seconds: 5)
        #expect(!importTimedOut, "import blocked on a FIFO")
        #expect(i.exitCode == 1)
        #expect(i.stderr.contains("cannot read fifo.journal: it is a FIFO (named pipe)"), "\(i.stderr)")
        #expect(try String(contentsOf: journal, encoding: .utf8) == Hardening.journalText())
    }

    @Test func filesOverTheSizeLimitAreRefusedByName() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try Hardening.makeJournal(in: dir)
        let size = Hardening.journalText().utf8.count
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["SITECYCLE_MAX_BYTES"] = String(size)
        #expect(try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-20", "status"], in: dir, environment: env).exitCode == 0)
        env["SITECYCLE_MAX_BYTES"] = String(size - 1)
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-11-20 08:00", "log", "a"], in: dir, environment: env)
        #expect(r.exitCode == 1)
        #expect(r.stderr == """
            sitecycle: error: cannot read sites.journal: it is larger than \(size - 1) bytes
              hint: is this the right file? A journal is far smaller than that

            """, "\(r.stderr)")
        #expect(try String(contentsOf: journal, encoding: .utf8) == Hardening.journalText())
        // An import file is held to the same limit.
        try String(repeating: "date,location,duration_hours,note\n", count: 10).write(
            to: dir.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
        env["SITECYCLE_MAX_BYTES"] = "200"
        let i = try BinaryRunner.run(["-f", "sites.journal", "import", "big.csv"], in: dir, environment: env)
        #expect(i.exitCode == 1)
        #expect(i.stderr.hasPrefix("sitecycle: error: cannot read big.csv: it is larger than 200 bytes\n"), "\(i.stderr)")
    }
}

/// 8. A failed export names the export file, not the journal.
struct ExportFailureTests {
    @Test func aFullDiskDuringExportNamesTheExportFile() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let mountPoint = try BinaryRunner.mountSmallDisk(in: dir) else {
            print("skipped: the full-disk test needs to mount a small tmpfs (root with CAP_SYS_ADMIN)")
            return
        }
        defer { BinaryRunner.unmount(mountPoint) }
        // The journal is outside the full disk; only the export goes there.
        var text = "timezone UTC\nlocation A\n\n"
        for i in 0..<600 { text += "2001-01-\(String(format: "%02d", 1 + i / 24)) \(String(format: "%02d", i % 24)):00  A\n" }
        let journal = dir.appendingPathComponent("sites.journal")
        try text.write(to: journal, atomically: true, encoding: .utf8)
        let filler = mountPoint.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(repeating: 0, count: 1024)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
        let out = mountPoint.appendingPathComponent("export.csv").path
        let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2002-01-01", "export", "-o", out], in: dir,
                                     environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(r.exitCode == 1)
        #expect(r.stderr.unwrapped.contains("no space left on device; nothing was written to \(out)"), "\(r.stderr)")
        #expect(!r.stderr.contains("journal"), "\(r.stderr)")
        #expect(try String(contentsOf: journal, encoding: .utf8) == text)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}

/// A journal in a folder the user may not write: the change is refused
/// with the reason and what to do, and the journal is untouched.
struct ReadOnlyFolderTests {
    @Test func aReadOnlyFolderIsExplained() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try? FileManager.default.removeItem(at: dir)
        }
        let text = "timezone UTC\nlocation A\n\n2026-02-01 08:00  A\n"
        try text.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: dir.appendingPathComponent("sites.journal").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
        // Root may write anywhere: run as nobody, when this machine allows it.
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv.path),
              try BinaryRunner.process(setpriv, asNobody + ["test", "-x", BinaryRunner.executable.path], in: dir,
                                       environment: BinaryRunner.baseEnvironment(home: dir)).exitCode == 0 else {
            print("skipped: the read-only folder test runs as root with setpriv, on a binary nobody may run")
            return
        }
        let r = try BinaryRunner.process(setpriv, asNobody + [BinaryRunner.executable.path, "-f", "sites.journal",
                                                              "--now", "2026-02-05 08:00", "log", "a"],
                                         in: dir, environment: BinaryRunner.baseEnvironment(home: dir))
        #expect(r.exitCode == 1)
        #expect(r.stderr.unwrapped.contains("cannot write a temporary file in \(dir.path): permission denied"), "\(r.stderr)")
        #expect(r.stderr.unwrapped.contains("its folder must be writable; nothing was changed"))
        #expect(try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8) == text)
    }
}

/// A journal of a megabyte or more is mapped by the commands that only
/// read it. Another program cutting it short mid-read is a clean error
/// naming what happened, never a crash, and nothing is written.
struct MappedJournalTests {
    /// 40,000 site changes: past the 1 MB at which reading maps the file.
    static func bigJournal() -> String {
        var text = "timezone UTC\nlocation Left Arm\nlocation Right Arm\n\n"
        var (year, month, day) = (1900, 1, 1)
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]  // no 29 February is ever written
        for i in 0..<40_000 {
            text += String(format: "%04d-%02d-%02d 08:00  ", year, month, day)
            text += (i % 2 == 0 ? "Left Arm" : "Right Arm") + "  ; a note to make the line longer\n"
            day += 3
            if day > lengths[month - 1] {
                day -= lengths[month - 1]
                month += 1
                if month > 12 { (year, month) = (year + 1, 1) }
            }
        }
        return text
    }

    @Test func aBigJournalReadsTheSameMappedAndCopied() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.bigJournal()
        #expect(text.utf8.count > 1 << 20)
        try text.write(to: dir.appendingPathComponent("big.journal"), atomically: true, encoding: .utf8)
        let env = BinaryRunner.baseEnvironment(home: dir)
        // `check` and `history` map it; `log --dry-run` reads it into memory.
        let check = try BinaryRunner.run(["-f", "big.journal", "--now", "2400-01-01 00:00", "check"], in: dir,
                                         environment: env)
        #expect(check.exitCode == 0 && check.stderr.isEmpty, "\(check.stderr)")
        let history = try BinaryRunner.run(["-f", "big.journal", "--now", "2400-01-01 00:00", "history"], in: dir,
                                           environment: env)
        #expect(history.exitCode == 0, "\(history.stderr)")
        #expect(history.stdout.components(separatedBy: "a note to make the line longer").count - 1 == 40_000)
    }

    @Test func aJournalCutShortWhileMappedIsACleanError() throws {
        guard RequiredTools.strace else { print("skipped: needs strace"); return }
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.journal").path
        try Self.bigJournal().write(toFile: path, atomically: true, encoding: .utf8)
        // strace stops the run at its first madvise, which is the mapped
        // journal's first window (its log says when the stop has happened:
        // the process is stopped by the tracer at other moments too); the
        // file is cut short there, then the run goes on and meets the
        // missing pages.
        let log = dir.appendingPathComponent("strace.log").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = ["-o", log, "-e", "trace=madvise", "-e", "inject=madvise:signal=SIGSTOP:when=1",
                             BinaryRunner.executable.path, "-f", path, "check"]
        process.environment = BinaryRunner.baseEnvironment(home: dir)
        let errPipe = Pipe()
        process.standardError = errPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var child: pid_t = 0
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("stopped by SIGSTOP"),
               let children = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children",
                                          encoding: .utf8),
               let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) {
                child = pid
                break
            }
            usleep(5_000)
        }
        #expect(child > 0, "the run never stopped at its first madvise")
        #expect(truncate(path, 100) == 0)
        if child > 0 { kill(child, SIGCONT) }
        process.waitUntilExit()
        let stderr = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 1,
                "\(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus): \(stderr)")
        #expect(stderr.contains("the journal was cut short by another program while it"), "\(stderr)")
        #expect(stderr.contains("hint: run the command again"))
        #expect(stderr.split(separator: "\n").allSatisfy { $0.count <= 80 })
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_size == 100, "something was written to the journal")
    }
}
