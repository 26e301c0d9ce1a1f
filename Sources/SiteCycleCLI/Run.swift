#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SiteCycleKit

/// The one entry point: the executable and the tests both come through here.
/// Returns the exit code; everything printed goes to `environment`'s streams.
public func run(_ arguments: [String], _ environment: RunEnvironment) -> Int32 {
    let code = JournalFile.$readLimit.withValue(JournalFile.readLimit(environment: environment.environment)) {
        runCommand(arguments, environment)
    }
    environment.stdout.flush()
    defer { environment.stderr.flush() }
    return outputFailure(environment) ?? code
}

/// Output that could not be written (a full disk, a closed file) fails the
/// run, whatever the command made of it: a backup cut short must not look
/// whole. A reader that went away (`| head`) is a quiet end, as for any
/// filter: it asked for no more.
private func outputFailure(_ environment: RunEnvironment) -> Int32? {
    guard let failure = environment.stdout.failure else { return nil }
    if failure.code == EPIPE { return ExitCode.failure }
    let style = TextStyle(colored: ColorChoice.auto.resolve(isTerminal: environment.stderrIsTerminal,
                                                            environment: environment.environment))
    environment.stderr.write(Messages.text(.error, failure.message, style: style))
    return ExitCode.failure
}

private func runCommand(_ arguments: [String], _ environment: RunEnvironment) -> Int32 {
    if let (option, words) = unquotedTime(in: arguments) {
        return usageFailure("`\(words.dropFirst().joined(separator: " "))` after \(option) \(words[0]) is a word of its own",
                            help: "quote it: `\(option) \"\(words.joined(separator: " "))\"`", environment)
    }
    let registry = CommandRegistry.all
    guard let commandIndex = ArgumentParser.commandIndex(arguments) else {
        return runWithoutCommand(arguments, environment)
    }
    let name = arguments[commandIndex]
    guard let command = registry.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
        let names = registry.map(\.name)
        // Two letters swapped (`stauts`) is one slip, as close as a letter missing.
        var guesses = suggestion(for: name, among: names).map { [$0] } ?? []
        guesses += names.filter { !guesses.contains($0) && swapsTwoLetters(name, $0) }
        let hint = guesses.isEmpty ? "`sitecycle help` lists the commands"
            : "did you mean " + guesses.map { "`\($0)`" }.joined(separator: " or ") + "?"
        return usageFailure("unknown command `\(name)`", help: hint, environment)
    }
    var rest = arguments
    rest.remove(at: commandIndex)
    let parsed: ParsedArguments
    do {
        parsed = try ArgumentParser.parse(rest, options: command.options + globalOptions, command: command.name)
    } catch {
        return usageFailure(error.message, help: error.help, environment)
    }
    let invocation = Invocation(command: command, arguments: parsed, environment: environment, rawArguments: rest)
    adoptFilePolicy(invocation)
    if parsed.flag("--help") {
        invocation.out(HelpText.command(command))
        return ExitCode.ok
    }
    if let color = parsed.value("--color"), ColorChoice(rawValue: color) == nil {
        return invocation.usageError(UsageError("`--color` takes auto, always or never, not `\(color)`"))
    }
    if parsed.flag("--json") && !command.reportsJSON {
        return invocation.usageError(UsageError("`\(command.name)` has no JSON output"))
    }
    guard command.positionals.contains(parsed.positionals.count) else {
        let n = parsed.positionals.count
        // `recommend sensor`: a device named where --device is meant.
        if n > command.positionals.upperBound, command.options.contains(where: { $0.key == "--device" }),
           case let word = parsed.positionals[command.positionals.upperBound],
           Device.problem(with: word) == nil, invocation.readJournalQuietly()?.deviceIndex(word) != nil {
            return invocation.usageError(UsageError("unexpected argument `\(word)`",
                                                    help: "for the \(word), say `--device \(word)`: "
                                                        + "`sitecycle \(command.name) --device \(word)`"))
        }
        let message = n > command.positionals.upperBound
            ? "unexpected argument `\(parsed.positionals[command.positionals.upperBound])`"
            : "missing argument"
        return invocation.usageError(UsageError(message, help: "usage: \(command.usage)"))
    }
    return command.run(invocation)
}

/// `sitecycle`, `sitecycle --help`, `sitecycle --version`.
private func runWithoutCommand(_ arguments: [String], _ environment: RunEnvironment) -> Int32 {
    let parsed: ParsedArguments
    do {
        parsed = try ArgumentParser.parse(arguments, options: globalOptions, command: nil)
    } catch {
        return usageFailure(error.message, help: error.help, environment)
    }
    if parsed.flag("--version") {
        environment.stdout.write("sitecycle \(sitecycleVersion)\n")
        return ExitCode.ok
    }
    if parsed.flag("--help") {
        environment.stdout.write(HelpText.overview())
        return ExitCode.ok
    }
    // A bare `sitecycle` answers the question of the day, as `git status`
    // and `task` do: the status with a journal, how to begin without one.
    let location = JournalLocation.resolve(flag: parsed.value("--file"), environment: environment.environment)
    guard location.origin != .noHome, environment.fileSystem.exists(location.path) else {
        environment.stdout.write(HelpText.gettingStarted(location))
        return ExitCode.ok
    }
    let status = CommandRegistry.status
    let invocation = Invocation(command: status, arguments: parsed, environment: environment, rawArguments: arguments)
    adoptFilePolicy(invocation)
    let code = status.run(invocation)
    if !invocation.json && code != ExitCode.failure { invocation.out("\n`sitecycle help` lists the commands.\n") }
    return code
}

/// The journal is resolved once, here: from now on only its path follows
/// a link, and every other file goes through the one door (`FilePolicy`).
private func adoptFilePolicy(_ invocation: Invocation) {
    guard let disk = invocation.fileSystem as? POSIXFileSystem else { return }
    let location = invocation.journalLocation
    disk.policy = FilePolicy(journal: location.origin == .noHome ? nil : location.path,
                             stateFolder: StateFolder.path(environment: invocation.env))
}

private func usageFailure(_ message: String, help: String?, _ environment: RunEnvironment) -> Int32 {
    let style = TextStyle(colored: ColorChoice.auto.resolve(isTerminal: environment.stderrIsTerminal,
                                                            environment: environment.environment))
    environment.stderr.write(Messages.text(.error, message, help: help, style: style))
    return ExitCode.usage
}

/// What a run printed and how it ended; for tests and embedding.
public struct RunResult: Equatable, Sendable {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs with collected output and scripted input; on `fileSystem` when
/// given (an `InMemoryFileSystem`: a whole run without a disk), with
/// `editor` standing in for `$EDITOR` (it gets the file and the line).
public func run(arguments: [String], environment: [String: String] = [:], stdin: String = "",
                terminal: Bool = false, clock: @escaping () -> Instant = { Instant(seconds: 0) },
                fileSystem: FileSystem? = nil, editor: ((String, Int) -> Int32)? = nil) -> RunResult {
    let out = CollectedOutput(), err = CollectedOutput()
    var env = RunEnvironment(environment: environment, stdin: LinesInput(stdin), stdout: out, stderr: err,
                             stdinIsTerminal: terminal, stdoutIsTerminal: terminal, stderrIsTerminal: terminal,
                             clock: clock)
    if let fileSystem { env.fileSystem = fileSystem }
    env.editor = editor
    let code = run(arguments, env)
    return RunResult(exitCode: code, stdout: out.text, stderr: err.text)
}

/// A time option's value typed without quotes (`--at 2026-12-16 07:30`):
/// the option and the words that belong together, or nil. The shell split
/// the time from its day, and the clock would otherwise read as a location
/// (`no location "rba 07:30"`) or a command.
func unquotedTime(in arguments: [String]) -> (option: String, words: [String])? {
    let options: Set = ["--at", "--end", "--now", "--from", "--to"]
    func isClock(_ w: String) -> Bool {
        let parts = w.split(separator: ":", omittingEmptySubsequences: false)
        return (2...3).contains(parts.count) && (1...2).contains(parts[0].count)
            && parts.dropFirst().allSatisfy { $0.count == 2 } && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
    func isOffset(_ w: String) -> Bool {
        w == "Z" || ((w.hasPrefix("+") || w.hasPrefix("-")) && (3...6).contains(w.count)
                     && w.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ":") })
    }
    // Words after `--` are someone else's (`__complete -- log --at …`).
    let arguments = Array(arguments.prefix { $0 != "--" })
    for i in arguments.indices {
        // `--at 2026-12-16 07:30` and `--at=2026-12-16 07:30` alike.
        let option: String, first: String, next: Int
        if options.contains(arguments[i]), i + 1 < arguments.count {
            (option, first, next) = (arguments[i], arguments[i + 1], i + 2)
        } else if let eq = arguments[i].firstIndex(of: "="), options.contains(String(arguments[i][..<eq])) {
            (option, first, next) = (String(arguments[i][..<eq]), String(arguments[i][arguments[i].index(after: eq)...]), i + 1)
        } else {
            continue
        }
        guard next < arguments.count, isClock(arguments[next]), !isClock(first) else { continue }
        var words = [first, arguments[next]]
        var j = next + 1
        if j < arguments.count, isOffset(arguments[j]) { words.append(arguments[j]); j += 1 }
        if j < arguments.count, arguments[j] == "local" { words.append(arguments[j]) }
        return (option, words)
    }
    return nil
}

/// Whether `a` is `b` with two neighbouring letters swapped.
func swapsTwoLetters(_ a: String, _ b: String) -> Bool {
    let x = Array(a.lowercased()), y = Array(b.lowercased())
    guard x.count == y.count, let i = x.indices.first(where: { x[$0] != y[$0] }), i + 1 < x.count else { return false }
    return x[i] == y[i + 1] && x[i + 1] == y[i] && x[(i + 2)...] == y[(i + 2)...]
}
