#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SiteCycleKit

/// Where a command writes. The executable writes straight to file
/// descriptors (so a prompt shows before its answer is read); tests collect.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
    /// Bytes as they are (`fmt --stdin` gives back input that is not UTF-8).
    func write(bytes: [UInt8])
    /// Sends on whatever is held back (before a prompt, a child program or
    /// the end of the run).
    func flush()
    /// Why a write failed (the first that did); nothing is written after it.
    /// `run` turns it into the run's error.
    var failure: FileError? { get }
}

extension TextOutput {
    public func flush() {}
    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
    public var failure: FileError? { nil }
}

public final class CollectedOutput: TextOutput {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}

/// A file descriptor. Standard output is assembled in one buffer and
/// written in large pieces (a million-line history was a million writes);
/// standard error is written at once, after what standard output holds, so
/// the two keep their order on a terminal. Every byte the executable prints
/// goes through `send`, so a full disk or a closed pipe is seen here, once.
public final class FileDescriptorOutput: TextOutput {
    let fd: Int32
    let buffered: Bool
    /// Flushed before each write here (standard output, for standard error).
    let first: FileDescriptorOutput?
    var buffer: [UInt8] = []
    static let chunk = 1 << 16
    public private(set) var failure: FileError?

    public init(fd: Int32, buffered: Bool = false, after first: FileDescriptorOutput? = nil) {
        self.fd = fd
        self.buffered = buffered
        self.first = first
    }

    public func write(_ text: String) { write(bytes: Array(text.utf8)) }

    public func write(bytes: [UInt8]) {
        first?.flush()
        guard buffered else { return send(bytes) }
        buffer.append(contentsOf: bytes)
        if buffer.count >= FileDescriptorOutput.chunk { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        send(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// After a failed write nothing more is sent: the rest would be a
    /// file cut short somewhere else.
    private func send(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        do throws(FileError) {
            try JournalFile.writeAll(fd, bytes, path: fd == 1 ? "standard output" : "standard error")
        } catch {
            failure = error
        }
    }
}

/// Where interactive answers come from.
public protocol TextInput: AnyObject {
    func readLine() -> String?
}

public final class LinesInput: TextInput {
    var lines: [Substring]
    public init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        if text.isEmpty { lines = [] }
    }
    public func readLine() -> String? { lines.isEmpty ? nil : String(lines.removeFirst()) }
}

public final class StandardInput: TextInput {
    /// The prompt must be on the screen before the answer is read.
    let prompts: TextOutput?
    public init(prompts: TextOutput? = nil) { self.prompts = prompts }
    public func readLine() -> String? {
        prompts?.flush()
        return Swift.readLine(strippingNewline: true)
    }
}

/// Everything a command may touch of the outside world, passed in so the
/// same code runs in the executable and in tests.
public struct RunEnvironment {
    public var environment: [String: String]
    public var stdin: TextInput
    public var stdout: TextOutput
    public var stderr: TextOutput
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// The real clock; only used when neither `--now` nor `$SITECYCLE_NOW` is set.
    public var clock: () -> Instant
    /// Where journal changes are read and written.
    public var fileSystem: FileSystem = POSIXFileSystem()
    /// Stands in for `$VISUAL`/`$EDITOR` (tests): gets the file and the
    /// line, returns the exit status.
    public var editor: ((String, Int) -> Int32)?
    /// Shows the site picker and returns the location, note and reason
    /// chosen (nil when cancelled); set only when stdin and stdout are a terminal.
    var picker: ((SitePicker) -> PickedSite?)?

    public init(environment: [String: String], stdin: TextInput, stdout: TextOutput, stderr: TextOutput,
                stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
                clock: @escaping () -> Instant) {
        self.environment = environment
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.clock = clock
    }

    /// The process's own streams and clock.
    public static func process(environment: [String: String]) -> RunEnvironment {
        let stdout = FileDescriptorOutput(fd: 1, buffered: true)
        var env = RunEnvironment(
            environment: environment, stdin: StandardInput(prompts: stdout),
            stdout: stdout, stderr: FileDescriptorOutput(fd: 2, after: stdout),
            stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
            clock: {
                var ts = timespec()
                clock_gettime(CLOCK_REALTIME, &ts)
                return Instant(seconds: Int64(ts.tv_sec))
            })
        if isatty(0) == 1 && isatty(1) == 1 { env.picker = TerminalPicker.run }
        return env
    }
}

/// Exit codes: documented in `sitecycle help options`; scripts rely on them.
public enum ExitCode {
    public static let ok: Int32 = 0
    /// Errors in the journal, a refused change, or a failed file operation.
    public static let failure: Int32 = 1
    /// The command line itself was wrong.
    public static let usage: Int32 = 2
}
