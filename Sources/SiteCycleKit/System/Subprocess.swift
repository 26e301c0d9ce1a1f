#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program with an argument vector (never through a shell
/// unless the program is one), by `posix_spawn`: git, an editor, a
/// notifier. What it prints is caught in unlinked temporary files rather
/// than pipes, so nothing it prints can fill up and block it, and a child
/// it leaves behind cannot keep us waiting on a pipe.
package enum Subprocess {
    package enum Stream {
        /// The caller's own (a terminal, for an editor).
        case inherit
        /// `/dev/null`.
        case null
        /// Caught and handed back.
        case capture
    }

    package struct Result {
        /// The exit status; for a program killed by a signal, the signal.
        package var status: Int32
        package var stdout: [UInt8] = []
        package var stderr: [UInt8] = []
        package var timedOut = false
        /// Why the program could not be started, if it was not.
        package var failure: String?
    }

    /// Runs `path` with `arguments` (the program's own name is added as
    /// the first) and waits. With `timeout`, after that many seconds the
    /// program and everything it started (its own process group) are
    /// killed. `stderr: .capture` with `mergeErrors` sends both streams to
    /// `stdout`, in the order they were written.
    ///
    /// An `interactive` program (an editor) stays in the terminal's
    /// foreground process group, so it can read the keyboard and set the
    /// terminal up; while it runs, Ctrl-C and Ctrl-\ are its alone (we
    /// ignore them, as git does for its editor). Any other program gets a
    /// process group of its own.
    package static func run(_ path: String, _ arguments: [String], environment: [String: String],
                            stdin: Stream = .null, stdout: Stream = .capture, stderr: Stream = .capture,
                            mergeErrors: Bool = false, interactive: Bool = false, timeout: Double? = nil) -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setSignalsAndGroup(&attributes, interactive: interactive)

        var opened: [Int32] = []
        defer { opened.forEach { _ = close($0) } }
        guard let captured = redirect(&actions, stdin: stdin, stdout: stdout, stderr: stderr,
                                      mergeErrors: mergeErrors, opened: &opened) else {
            return Result(status: 127, failure: "cannot create a temporary file in \(temporaryFolder())")
        }

        let argv = ([path] + arguments).map { strdup($0.systemPath) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)".systemPath) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        return ignoringInterrupts(if: interactive) {
            spawnAndWait(path, argv, envp, &actions, &attributes, timeout: timeout, captured: captured)
        }
    }

    /// The program starts with the usual answer to Ctrl-C and Ctrl-\
    /// even while we ignore them; unless interactive, in a process group
    /// of its own, so a timeout can stop all of it.
    private static func setSignalsAndGroup(_ attributes: inout posix_spawnattr_t, interactive: Bool) {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | (interactive ? 0 : POSIX_SPAWN_SETPGROUP)))
        posix_spawnattr_setpgroup(&attributes, 0)
    }

    /// The program's standard streams: /dev/null, ours, or a scratch file
    /// each (with `mergeErrors`, stderr into stdout's), every scratch file
    /// added to `opened`. The scratch files to read back, or nil when one
    /// could not be made.
    private static func redirect(_ actions: inout posix_spawn_file_actions_t,
                                 stdin: Stream, stdout: Stream, stderr: Stream, mergeErrors: Bool,
                                 opened: inout [Int32]) -> (out: Int32?, err: Int32?)? {
        if stdin == .null { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        var outFD: Int32?, errFD: Int32?
        for (stream, target) in [(stdout, Int32(1)), (stderr, Int32(2))] {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .capture:
                if target == 2, mergeErrors, let out = outFD {
                    posix_spawn_file_actions_adddup2(&actions, out, 2)
                    continue
                }
                guard let fd = scratchFile() else { return nil }
                opened.append(fd)
                posix_spawn_file_actions_adddup2(&actions, fd, target)
                if target == 1 { outFD = fd } else { errFD = fd }
            }
        }
        return (outFD, errFD)
    }

    /// An unlinked temporary file, open for reading and writing, numbered
    /// above the standard streams; nil when none can be made.
    private static func scratchFile() -> Int32? {
        var template = (temporaryFolder() + "/sitecycle-run-XXXXXX").systemPath
        // Close-on-exec: the program gets it as its stdout or stderr
        // only (dup2 clears the flag there), never as a stray descriptor.
        var fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        // With a standard stream of ours closed, the file could get its
        // number and be replaced by the spawn's own redirections.
        if fd <= 2 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
            close(fd)
            guard moved >= 0 else { return nil }
            fd = moved
        }
        return fd
    }

    /// For an interactive program, Ctrl-C and Ctrl-\ are ignored from
    /// before the spawn (so none can fall between the editor starting and
    /// us ignoring it) until `body` is done, then answered as before.
    private static func ignoringInterrupts(if interactive: Bool, _ body: () -> Result) -> Result {
        var keptInterrupt = sigaction(), keptQuit = sigaction()
        if interactive {
            keptInterrupt = setSignalHandler(SIGINT, SIG_IGN)
            keptQuit = setSignalHandler(SIGQUIT, SIG_IGN)
        }
        defer {
            if interactive {
                sigaction(SIGINT, &keptInterrupt, nil)
                sigaction(SIGQUIT, &keptQuit, nil)
            }
        }
        return body()
    }

    /// Starts the program, waits for it, and reads back what it printed.
    private static func spawnAndWait(_ path: String, _ argv: [UnsafeMutablePointer<CChar>?],
                                     _ envp: [UnsafeMutablePointer<CChar>?],
                                     _ actions: inout posix_spawn_file_actions_t, _ attributes: inout posix_spawnattr_t,
                                     timeout: Double?, captured: (out: Int32?, err: Int32?)) -> Result {
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path.systemPath, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return Result(status: 127, failure: String(cString: strerror(spawned))) }

        var result = Result(status: 0)
        var status: Int32 = 0
        guard reap(pid, within: timeout, status: &status, timedOut: &result.timedOut) else {
            return Result(status: 127, timedOut: result.timedOut,
                          failure: "its exit status was lost (\(String(cString: strerror(errno))))")
        }
        // The wait status: the exit code, or else the signal that ended it.
        let signal = status & 0x7F
        result.status = signal == 0 ? (status >> 8) & 0xFF : signal
        if let fd = captured.out { result.stdout = readAll(fd) }
        if let fd = captured.err { result.stderr = readAll(fd) }
        return result
    }

    /// Waits for the program; with `timeout`, after that many seconds it and
    /// its process group are killed (and `timedOut` set) and then waited
    /// for. False when its status cannot be had (reaped elsewhere): then it
    /// is no success.
    private static func reap(_ pid: pid_t, within timeout: Double?, status: inout Int32, timedOut: inout Bool) -> Bool {
        guard let timeout else { return waitFor(pid, status: &status) }
        let deadline = JournalStore.monotonicSeconds() + timeout
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return true }
            if done < 0 && errno != EINTR { return false }
            if JournalStore.monotonicSeconds() >= deadline {
                timedOut = true
                if kill(-pid, SIGKILL) != 0 { _ = kill(pid, SIGKILL) }
                return waitFor(pid, status: &status)
            }
            usleep(20_000)
        }
    }

    /// Waits for the program, however long; false when its status cannot
    /// be had.
    private static func waitFor(_ pid: pid_t, status: inout Int32) -> Bool {
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// A program by name through `PATH`, as a shell finds it.
    package static func find(_ name: String, in environment: [String: String]) -> String? {
        for dir in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            var st = stat()
            if stat(path.systemPath, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(path.systemPath, X_OK) == 0 { return path }
        }
        return nil
    }

    static func temporaryFolder() -> String {
        if let dir = getenv("TMPDIR").map({ SystemPath.string(cString: $0) }), !dir.isEmpty { return dir }
        return "/tmp"
    }

    /// Everything written to `fd` from the start.
    static func readAll(_ fd: Int32) -> [UInt8] {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return [] }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc_read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }
}
