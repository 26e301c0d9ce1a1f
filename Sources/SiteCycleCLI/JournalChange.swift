import SiteCycleKit

/// A refusal with its reason and fix, from a command that changes or reads
/// the journal. `usage` marks a mistake on the command line itself.
struct CommandError: Error {
    var message: String
    var help: String?
    var usage = false

    init(_ message: String, help: String? = nil, usage: Bool = false) {
        self.message = message
        self.help = help
        self.usage = usage
    }
}

extension CommandError {
    init(_ e: ServiceError) { self.init(e.message, help: e.help, usage: e.usage) }
}

extension Invocation {
    /// "Now" for a command that has a journal; a bad `--now` is a usage error.
    func now(for journal: Journal) throws(CommandError) -> Instant {
        do { return try now(in: journal.zone) } catch { throw CommandError(error.message, help: error.help, usage: true) }
    }

    func fail(_ error: CommandError) -> Int32 {
        error.usage ? usageError(UsageError(error.message, help: error.help))
            : fail(error.message, help: error.help)
    }

    /// Loads the journal and runs a read-only report over it. A journal
    /// with errors is shown with them and, when `partial` allows, answered
    /// from the lines before the first error (`Journal.beforeFirstError`),
    /// said so, with a failing exit status; when those lines would answer
    /// something untrue, only the errors and why. One with warnings
    /// answers, and says in one line that it has them.
    func report(partial: Bool = true, _ body: (Journal, Instant) throws(CommandError) -> Void) -> Int32 {
        guard let full = readJournal(mapped: true) else { return ExitCode.failure }
        var journal = full
        if full.diagnostics.hasErrors {
            let lines = partial ? full.beforeFirstError() : nil
            let n = full.diagnostics.errors.count
            // Why on one line: the errors are right above it.
            let why: String
            switch lines {
            case .answer(let before, let line)?:
                journal = before
                why = "\(full.source.path.terminalSafe) has \(n) error\(n == 1 ? "" : "s"); this answer reads only the lines "
                    + "before line \(line)"
            case .refused(.beforeFirstSite(let line))?:
                why = "no answer: no site before the error on line \(line)"
            case .refused(.noSiteBefore(let device, let line))?:
                why = "no answer: no \(device) site before the error on line \(line)"
            case .refused(.unreadable)?, nil:
                refuse(full)
                return ExitCode.failure
            }
            err(DiagnosticRenderer(style: errStyle).render(full.diagnostics.errors, in: full.source))
            fail(why, help: "fix the lines above, then run `sitecycle check`; nothing is written until then")
            if case .refused? = lines { return ExitCode.failure }
        }
        do throws(CommandError) {
            let now = try now(for: journal)
            try body(journal, now)
            guard !full.diagnostics.hasErrors else { return ExitCode.failure }
            let n = journal.diagnostics.warnings.count + journal.futureEntryWarnings(now: now).count
            if n > 0 { warnAboutWarnings(n, in: journal.source.path) }
            return ExitCode.ok
        } catch {
            return fail(error)
        }
    }

    /// "The journal has N warnings", on one line whatever the path: the
    /// path if the line fits 80 columns, else the file's name, else none.
    func warnAboutWarnings(_ n: Int, in path: String) {
        let rest = " has \(n) warning\(n == 1 ? "" : "s"); `sitecycle check` shows \(n == 1 ? "it" : "them")"
        let names = [path, path.split(separator: "/").last.map(String.init) ?? path, "the journal"]
        let name = names.first { Messages.fitsOneLine(.warning, $0 + rest) } ?? "the journal"
        warn(name + rest)
    }

    /// `report` for a command with options: they are parsed and checked
    /// first, before the journal is read, so a wrong flag is named even
    /// when the journal has errors (or is missing).
    func report<Options>(partial: Bool = true, options parse: () throws(CommandError) -> Options,
                         _ body: (Options, Journal, Instant) throws(CommandError) -> Void) -> Int32 {
        let options: Options
        do throws(CommandError) { options = try parse() } catch { return fail(error) }
        return report(partial: partial) { journal, now throws(CommandError) in try body(options, journal, now) }
    }

    /// Changes the journal safely through a `JournalTransaction`: under the
    /// lock, load it, let the Kit's `request` resolve what was typed and
    /// plan the edit, re-parse the result and write it only if it still
    /// reads without errors; then say the plan's notes and `render` the
    /// outcome. Only the request runs under the lock; its options were read
    /// and checked before, and "now" is checked here before any file is
    /// read. On any failure the file is left exactly as it was.
    func change<Request: ChangeRequest>(_ request: Request, render: (Request.Outcome) -> Void) -> Int32 {
        let clock = runClock
        if let problem = clock.problem { return fail(problem) }
        let path = journalLocation.path
        guard fileSystem.exists(path) else {
            _ = readJournal()  // says where it looked and how to create one
            return ExitCode.failure
        }
        warnAboutConflictCopies()
        var transaction = JournalTransaction(fileSystem: fileSystem, path: path, defaultZone: systemZone)
        transaction.recording = undoRecording()
        var notes: [ChangeNote] = []
        do throws(ServiceError) {
            let result = try transaction.run(request, clock: clock, notes: &notes)
            notes.forEach(say)
            if result.wrote { warnIfNotRecorded(result.recordFailure, recording: transaction.recording) }
            render(result.outcome)
            return ExitCode.ok
        } catch {
            notes.forEach(say)
            return fail(error)
        }
    }

    /// A service's refusal, with the diagnostics that explain it.
    func fail(_ error: ServiceError) -> Int32 {
        switch error.kind {
        case .journalHasErrors:
            if let journal = error.journal {
                err(DiagnosticRenderer(style: errStyle).render(journal.diagnostics.errors, in: journal.source))
                let n = journal.diagnostics.errors.count
                return fail("\(journal.source.path.terminalSafe) has \(n) error\(n == 1 ? "" : "s"); nothing was done",
                            help: "fix the lines above, then run `sitecycle check`")
            }
        case .wouldBreakJournal:
            if let journal = error.journal {
                err(DiagnosticRenderer(style: errStyle).render(journal.diagnostics.errors, in: journal.source))
            }
        case .refused, .file:
            break
        }
        return error.usage ? usageError(UsageError(error.message, help: error.help)) : fail(error.message, help: error.help)
    }
}

extension Invocation {
    /// What this run was, in the user's words, for `undo --list`: the
    /// command and its arguments, without the global options.
    var commandDescription: String {
        var words = [command.name]
        var skip = false
        for a in rawArguments {
            if skip { skip = false; continue }
            if ["-f", "--file", "--now", "--color"].contains(a) { skip = true; continue }
            if a == "--json" || a.hasPrefix("--file=") || a.hasPrefix("--now=") || a.hasPrefix("--color=") { continue }
            words.append(a.contains(" ") || a.isEmpty ? "\"" + a + "\"" : a)
        }
        return words.joined(separator: " ")
    }

    /// Where a transaction appends this run's undo record, under its lock;
    /// nil without a home to keep it in (`warnIfNotRecorded` says so once
    /// a write happened).
    func undoRecording() -> UndoRecording? {
        WriteHistory(journalPath: journalLocation.path, environment: env, fileSystem: fileSystem).map {
            // --now is read in the journal's zone when it reads (a Chicago
            // journal's `--now "2026-11-30 10:00"` is 10:00 there, as undo
            // shows it); the transaction reads that zone on its own reading.
            UndoRecording(history: $0, command: commandDescription, clock: runClock)
        }
    }

    /// After a write: says when `undo` cannot reverse it.
    func warnIfNotRecorded(_ failure: FileError?, recording: UndoRecording?) {
        if recording == nil {
            warn("no home folder for the undo history; `sitecycle undo` cannot reverse this write")
        } else if let failure {
            warn("\(failure.message); `sitecycle undo` cannot reverse this write")
        }
    }
}
