import SiteCycleKit

/// A subcommand: how it is called, what it accepts, and the function that
/// does it. Each lives in `Commands/<Name>/<Name>Command.swift` beside its
/// options and its renderer (one-file commands in `Commands/`); the work is
/// done by engines that know nothing of the command line.
struct Command: Sendable {
    var name: String
    var aliases: [String] = []
    /// Left out of `help` (the completion query).
    var hidden = false
    /// One line for the command list.
    var summary: String
    /// `sitecycle check [--json]`
    var usage: String
    /// Paragraphs shown by `help COMMAND` after the options.
    var details: String = ""
    var options: [OptionSpec] = []
    /// How many positional arguments it takes.
    var positionals: ClosedRange<Int> = 0...0
    /// Whether `--json` means something for it.
    var reportsJSON = false
    var run: @Sendable (Invocation) -> Int32
}

/// One run of one command: the parsed line, the streams, and the shared
/// steps every command needs (finding and loading the journal, "now").
final class Invocation {
    let command: Command
    let arguments: ParsedArguments
    let environment: RunEnvironment
    /// The words after the command name, as typed.
    let rawArguments: [String]

    init(command: Command, arguments: ParsedArguments, environment: RunEnvironment, rawArguments: [String] = []) {
        self.command = command
        self.arguments = arguments
        self.environment = environment
        self.rawArguments = rawArguments
    }

    var env: [String: String] { environment.environment }
    var json: Bool { arguments.flag("--json") }

    lazy var colorChoice: ColorChoice = ColorChoice(rawValue: arguments.value("--color") ?? "auto") ?? .auto
    lazy var outStyle = TextStyle(colored: colorChoice.resolve(isTerminal: environment.stdoutIsTerminal, environment: env))
    lazy var errStyle = TextStyle(colored: colorChoice.resolve(isTerminal: environment.stderrIsTerminal, environment: env))

    /// Block characters and symbols, unless the locale is not UTF-8 or
    /// colour was turned off (the plain, ASCII-only mode).
    lazy var unicodeOutput: Bool = {
        let locale = env["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? env["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? env["LANG"] ?? ""
        let utf8 = locale.lowercased().contains("utf-8") || locale.lowercased().contains("utf8")
        let noColor = colorChoice == .never || !(env["NO_COLOR"] ?? "").isEmpty
        return utf8 && !noColor
    }()

    func out(_ text: String) { environment.stdout.write(text) }
    /// One message on stdout, broken at spaces to fit 80 columns (a path
    /// longer than a line stays whole); later lines start with `indent`.
    func say(_ text: String, indent: String = "  ") { out(TextWrap.wrap(text, indent: indent) + "\n") }
    func err(_ text: String) { environment.stderr.write(text) }
    /// A path as messages show it: under $HOME as `~/…`, so a file in the
    /// state folder (`~/.local/state/sitecycle/…`) fits a line; escaped
    /// like every path printed (`terminalSafe`).
    func shown(_ path: String) -> String {
        guard let home = env["HOME"], home.hasPrefix("/"), home != "/" else { return path.terminalSafe }
        let folder = home.hasSuffix("/") ? String(home.dropLast()) : home
        return (path.hasPrefix(folder + "/") ? "~" + path.dropFirst(folder.count) : path).terminalSafe
    }

    /// An error plus an optional hint (`Messages`); returns the exit code.
    @discardableResult
    func fail(_ message: String, help: String? = nil, code: Int32 = ExitCode.failure) -> Int32 {
        err(Messages.text(.error, message, help: help, style: errStyle))
        return code
    }

    /// A message made safe for the terminal and broken at spaces to fit 80
    /// columns after `prefix` (`Messages.wrap`).
    static func wrapped(_ text: String, after prefix: String) -> String { Messages.wrap(text, after: prefix) }

    /// A warning plus an optional hint, on standard error (`Messages`).
    func warn(_ message: String, help: String? = nil) {
        err(Messages.text(.warning, message, help: help, style: errStyle))
    }

    func usageError(_ e: UsageError) -> Int32 {
        fail(e.message, help: e.help ?? "see `sitecycle help \(command.name)`", code: ExitCode.usage)
    }

    lazy var journalLocation = JournalLocation.resolve(flag: arguments.value("--file"), environment: env)
    lazy var systemZone = ZoneRules.system(environment: env)
    /// Time arguments already noted as read in the journal's zone (one note each).
    var notedWallTimes: Set<String> = []
    /// Where journal changes are read and written (the disk, or memory in tests).
    var fileSystem: FileSystem { environment.fileSystem }

    /// Reads and parses the journal. On a missing file or any error in it,
    /// prints why and returns nil: no command computes from a misread file.
    /// `mapped`: see `readJournal`.
    func loadJournal(mapped: Bool = false) -> Journal? {
        guard let journal = readJournal(mapped: mapped) else { return nil }
        guard !journal.diagnostics.hasErrors else {
            refuse(journal)
            return nil
        }
        return journal
    }

    /// A journal with errors: each shown, and nothing done.
    func refuse(_ journal: Journal) {
        let renderer = DiagnosticRenderer(style: errStyle)
        err(renderer.render(journal.diagnostics.errors, in: journal.source))
        let n = journal.diagnostics.errors.count
        fail("\(journal.source.path.terminalSafe) has \(n) error\(n == 1 ? "" : "s"); nothing was done",
             help: "fix the lines above, then run `sitecycle check`")
    }

    /// The journal if it can be read, saying nothing either way (for a
    /// guess that must not print, like whether a word names a device).
    func readJournalQuietly() -> Journal? {
        guard let bytes = try? fileSystem.read(journalLocation.path) else { return nil }
        return JournalBuilder.load(SourceFile(path: journalLocation.path, bytes: bytes), defaultZone: systemZone)
    }

    /// Reads and parses the journal, errors and all (for `check`).
    /// `mapped` is for commands that write nothing to it and finish soon:
    /// a big journal is then mapped rather than copied in
    /// (`JournalFile.readMapped`).
    func readJournal(mapped: Bool = false) -> Journal? {
        let location = journalLocation
        if location.origin == .noHome {
            fail(JournalLocation.noHomeMessage, help: JournalLocation.noHomeHint)
            return nil
        }
        let bytes: SourceBytes
        do {
            if mapped { Invocation.saysWhenAMappedJournalIsCutShort() }
            bytes = try fileSystem.readSource(location.path, mapped: mapped)
        } catch {
            if let dangling = JournalFile.danglingJournalSymlink(location.path) {
                fail(dangling.message, help: dangling.hint)
            } else if error.kind == .notFound {
                fail("no journal at \(location.path.terminalSafe) (\(location.explanation))",
                     help: "create one with `sitecycle init" + (location.origin == .flag ? " -f \(location.path.terminalSafe)" : "") + "`")
            } else {
                fail(error.message, help: error.hint)
            }
            return nil
        }
        warnAboutConflictCopies()
        let journal = JournalBuilder.load(SourceFile(path: location.path, bytes: bytes), defaultZone: systemZone)
        if journal.syntax.directiveLines(.timezone).isEmpty { warnIfTZIgnored() }
        return journal
    }

    /// One warning when a sync client left conflict copies beside the
    /// journal, and one when something at a copy's name is a link (or no
    /// file): sync names and skips it, and so does every other command,
    /// without reading it.
    func warnAboutConflictCopies() {
        guard command.name != "sync" && command.name != "merge" else { return }
        var copies: [String] = [], others: [(path: String, kind: String)] = []
        for path in ConflictCopies.find(for: journalLocation.path, in: fileSystem) {
            if let kind = FilePolicy.beside(path).otherThanFile(path) { others.append((path, kind)) } else { copies.append(path) }
        }
        func named(_ path: String, of count: Int) -> String {
            (path.split(separator: "/").last.map(String.init) ?? path).terminalSafe + (count > 1 ? " and \(count - 1) more" : "")
        }
        // Wrapped to 80 columns like every other warning.
        if let first = copies.first {
            warn("conflict copy \(named(first, of: copies.count)) beside the journal; `sitecycle sync` merges "
                 + (copies.count > 1 ? "them" : "it"))
        }
        if let first = others.first {
            warn("\(named(first.path, of: others.count)) beside the journal is \(first.kind); sync leaves it alone")
        }
    }

    /// `--now`, else `$SITECYCLE_NOW`, else the clock, with the system's
    /// zone for `local` times: what a change reads "now" from (Kit's
    /// `RunClock`, the one reading of it).
    var runClock: RunClock {
        let flag = arguments.value("--now")
        let variable = env["SITECYCLE_NOW"].flatMap { $0.isEmpty ? nil : $0 }
        let given: (text: String, source: RunClock.Source)? = flag.map { ($0, .option) } ?? variable.map { ($0, .environment) }
        return RunClock(given: given, clock: environment.clock(), local: systemZone)
    }

    /// "Now" read in `zone`: a moment to evaluate at, for reminders,
    /// scripts and tests, not a time being logged, so no note is said.
    func now(in zone: ZoneRules) throws(UsageError) -> Instant {
        do throws(ServiceError) { return try runClock.now(in: zone) } catch {
            throw UsageError(error.message, help: error.help)
        }
    }
}

extension Invocation {
    /// A mapped journal cut short by another program ends the run from a
    /// signal handler: these are its words and its exit status, given to
    /// the Kit once, before the first mapping.
    private static let cutShortReport: Void = {
        MappedFile.cutShort = MappedFile.CutShort(message: Messages.cutShort, status: ExitCode.failure)
    }()

    static func saysWhenAMappedJournalIsCutShort() { _ = cutShortReport }
}
