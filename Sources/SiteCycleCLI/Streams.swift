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
}

public final class CollectedOutput: TextOutput {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}

public final class FileDescriptorOutput: TextOutput {
    let fd: Int32
    public init(fd: Int32) { self.fd = fd }
    public func write(_ text: String) {
        try? JournalFile.writeAll(fd, Array(text.utf8), path: "standard output")
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
    public init() {}
    public func readLine() -> String? { Swift.readLine(strippingNewline: true) }
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
    /// Shows the site picker and returns the location and note chosen (nil
    /// when cancelled); set only when stdin and stdout are a terminal.
    var picker: ((SitePicker) -> (location: String, note: String?)?)?

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
        var env = RunEnvironment(
            environment: environment, stdin: StandardInput(),
            stdout: FileDescriptorOutput(fd: 1), stderr: FileDescriptorOutput(fd: 2),
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

/// Exit codes: documented in the README; scripts rely on them.
public enum ExitCode {
    public static let ok: Int32 = 0
    /// Errors in the journal, a refused change, or a failed file operation.
    public static let failure: Int32 = 1
    /// The command line itself was wrong.
    public static let usage: Int32 = 2
}
