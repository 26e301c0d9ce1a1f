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

/// An edit a command has planned, and what to say once it is written.
struct PlannedEdit {
    var editor: JournalEditor
    /// Set only when the edit writes conflict markers on purpose (merging
    /// a conflict copy): then the result is written although it has errors.
    var writesConflictMarkers = false
    /// Set by commands whose report reads only `changes`: an append may then
    /// be verified by parsing just the new lines in the journal's context.
    var reportNeedsOnlyChanges = false
    /// Prints the outcome, given the journal as re-read after the edit.
    var report: (Journal) -> Void

    init(editor: JournalEditor, writesConflictMarkers: Bool = false, report: @escaping (Journal) -> Void) {
        self.editor = editor
        self.writesConflictMarkers = writesConflictMarkers
        self.report = report
    }
}

extension Invocation {
    /// The time an `--at`-style option names, read in the journal's zone;
    /// `now` when the option is absent. Future times are refused.
    func time(option: String, in journal: Journal, now: Instant) throws(CommandError) -> Instant {
        guard let text = arguments.value(option) else { return now }
        switch TimeArgument.parse(text, zone: journal.zone, now: now) {
        case .failure(let e):
            throw CommandError("invalid \(option): \(e.message)", help: e.help, usage: true)
        case .success(let t):
            guard t <= now else {
                throw CommandError("\(option) \(text) is in the future",
                                   help: "it is now \(displayTime(now, in: journal.zone)); log what has happened")
            }
            return t
        }
    }

    /// "Now" for a command that has a journal; a bad `--now` is a usage error.
    func now(for journal: Journal) throws(CommandError) -> Instant {
        do { return try now(in: journal.zone) } catch { throw CommandError(error.message, help: error.help, usage: true) }
    }

    func fail(_ error: CommandError) -> Int32 {
        error.usage ? usageError(UsageError(error.message, help: error.help))
            : fail(error.message, help: error.help)
    }

    /// Loads the journal and runs a read-only report over it.
    func report(_ body: (Journal, Instant) throws(CommandError) -> Void) -> Int32 {
        guard let journal = loadJournal() else { return ExitCode.failure }
        do throws(CommandError) {
            try body(journal, try now(for: journal))
            return ExitCode.ok
        } catch {
            return fail(error)
        }
    }

    /// Changes the journal safely: under the lock, load it, plan the edit,
    /// re-parse the result and write it only if it still reads without
    /// errors. On any failure the file is left exactly as it was.
    func changeJournal(_ plan: (Journal, Instant) throws(CommandError) -> PlannedEdit) -> Int32 {
        let path = journalLocation.path
        guard JournalFile.exists(path) else {
            _ = readJournal()  // says where it looked and how to create one
            return ExitCode.failure
        }
        do throws(FileError) {
            return try JournalStore.withLock(path) { () throws(FileError) -> Int32 in
                guard let journal = loadJournal() else { return ExitCode.failure }
                let edit: PlannedEdit
                do throws(CommandError) {
                    edit = try plan(journal, try now(for: journal))
                } catch {
                    return fail(error)
                }
                guard !edit.editor.breaksALine else {
                    return fail("a line break inside a new line would have added lines to \(path); nothing was written",
                                help: "this is a bug in sitecycle; please report the command you ran")
                }
                let bytes = edit.editor.result()
                let updated = (edit.reportNeedsOnlyChanges ? verifiedAppend(journal, edit.editor) : nil)
                    ?? JournalBuilder.load(SourceFile(path: journal.source.path, bytes: bytes), defaultZone: systemZone)
                guard !updated.diagnostics.hasErrors || edit.writesConflictMarkers else {
                    err(DiagnosticRenderer(style: errStyle).render(updated.diagnostics.errors, in: updated.source))
                    return fail("the change would leave \(path) unreadable, so nothing was written",
                                help: "this is a bug in sitecycle; please report it with the lines above")
                }
                if !edit.editor.isEmpty && bytes != journal.source.bytes {
                    try JournalStore.replace(path, with: bytes)
                    remember(from: journal.source.bytes, to: bytes)
                }
                edit.report(updated)
                return ExitCode.ok
            }
        } catch {
            return fail(error.message, help: error.hint)
        }
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

    /// Keeps what `undo` needs to reverse this write. The write has
    /// happened; if the record cannot be kept, say so rather than fail.
    func remember(from before: [UInt8], to after: [UInt8]) {
        let path = journalLocation.path
        guard let history = WriteHistory(journalPath: path, environment: env) else {
            warn("no home folder for the undo history; `sitecycle undo` cannot reverse this write")
            return
        }
        let when = (try? now(in: systemZone)) ?? environment.clock()
        do {
            try history.append(WriteRecord(command: commandDescription, writtenAt: when.seconds, before: before, after: after))
        } catch {
            warn("\(error.message); `sitecycle undo` cannot reverse this write")
        }
    }
}

extension Invocation {
    /// Re-reads an append without re-reading the file: the new lines are
    /// parsed after the journal's directives and the entry they follow —
    /// everything a new line's meaning depends on — and must read without
    /// errors. The result carries the journal's changes plus the new ones,
    /// with their real line numbers; its syntax is the old one. Nil when the
    /// edit is not a plain append (the caller then parses the whole file).
    func verifiedAppend(_ journal: Journal, _ editor: JournalEditor) -> Journal? {
        guard let added = editor.appendedLines, let last = journal.changes.last else { return nil }
        let source = journal.source
        var context: [UInt8] = []
        for line in journal.syntax.lines {
            if case .directive = line.kind { context += source.bytes[line.span.start..<line.span.contentEnd] + [0x0A] }
        }
        let writer = EntryWriter(journal: journal)
        for n in last.line...writer.lastLineOfEntry(last.line) {
            let span = source.lines[n - 1]
            context += source.bytes[span.start..<span.contentEnd] + [0x0A]
        }
        let before = context.filter { $0 == 0x0A }.count  // lines ahead of the new ones
        let mini = JournalBuilder.load(SourceFile(path: source.path, bytes: context + added), defaultZone: systemZone)
        guard !mini.diagnostics.hasErrors, let first = mini.changes.first, first.start == last.start else { return nil }
        let shift = source.lines.count - before  // mini line + shift = real line
        var updated = journal
        updated.changes[updated.changes.count - 1].end = first.end
        for var change in mini.changes.dropFirst() {
            change.line += shift
            updated.changes.append(change)
        }
        return updated
    }
}

