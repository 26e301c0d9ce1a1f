/// Why a service did nothing, in words for the person at the keyboard.
/// `usage` marks a mistake in what was asked (the command line's exit 2).
public struct ServiceError: Error, Sendable {
    public enum Kind: Sendable {
        /// Refused: the request does not fit the journal.
        case refused
        /// The journal has errors; `diagnostics` says which.
        case journalHasErrors
        /// The planned result would not read back cleanly: a bug, caught.
        case wouldBreakJournal
        /// Reading or writing a file failed.
        case file
    }

    public var kind: Kind = .refused
    public var message: String
    public var help: String?
    public var usage = false
    /// The journal (or the result) whose diagnostics explain the error.
    public var journal: Journal?

    public init(_ message: String, help: String? = nil, usage: Bool = false) {
        self.message = message
        self.help = help
        self.usage = usage
    }
}

/// A change a service has planned: the edit, and the outcome it reports
/// once the result has been read back.
public struct PlannedChange<Outcome> {
    public var editor: JournalEditor
    /// Set only when the edit writes conflict markers on purpose (merging a
    /// conflict copy): then the result is written although it has errors.
    public var writesConflictMarkers = false
    /// Set when the outcome reads only the site changes: an append may then
    /// be verified by parsing just the new lines in the journal's context.
    public var outcomeNeedsOnlyChanges = false
    public var outcome: (Journal) -> Outcome

    public init(editor: JournalEditor, writesConflictMarkers: Bool = false, outcomeNeedsOnlyChanges: Bool = false,
                outcome: @escaping (Journal) -> Outcome) {
        self.editor = editor
        self.writesConflictMarkers = writesConflictMarkers
        self.outcomeNeedsOnlyChanges = outcomeNeedsOnlyChanges
        self.outcome = outcome
    }
}

/// What a transaction did: the outcome, and the bytes before and after (the
/// same when nothing changed), for `undo`'s history.
public struct TransactionResult<Outcome> {
    public var outcome: Outcome
    public var before: [UInt8]
    /// When the write only added bytes at the end: those bytes (the file
    /// is now `before` and these). Nil for any other edit.
    public var appended: [UInt8]?
    private var replaced: [UInt8]

    init(outcome: Outcome, before: [UInt8], after: [UInt8]) {
        self.outcome = outcome
        self.before = before
        replaced = after
    }

    init(outcome: Outcome, before: [UInt8], appended: [UInt8]) {
        self.outcome = outcome
        self.before = before
        self.appended = appended
        replaced = []
    }

    /// The file as written (made on demand for an append).
    public var after: [UInt8] { appended.map { before + $0 } ?? replaced }
    public var wrote: Bool { appended.map { !$0.isEmpty } ?? (before != replaced) }

    /// The undo record of this write; an append's is made from its parts,
    /// without the new file.
    public func record(command: String, writtenAt: Int64) -> WriteRecord {
        if let appended { return WriteRecord(command: command, writtenAt: writtenAt, before: before, appended: appended) }
        return WriteRecord(command: command, writtenAt: writtenAt, before: before, after: replaced)
    }
}

/// The one way a journal is changed: under the lock, read and parse it,
/// let the service plan an edit, re-parse the result and write it only if
/// it still reads without errors. On any failure the file is left exactly
/// as it was.
public struct JournalTransaction {
    public let fileSystem: FileSystem
    public let path: String
    /// The zone for a journal without a `timezone` line.
    public let defaultZone: ZoneRules

    public init(fileSystem: FileSystem, path: String, defaultZone: ZoneRules) {
        self.fileSystem = fileSystem
        self.path = path
        self.defaultZone = defaultZone
    }

    public func run<Outcome>(_ plan: (Journal) throws(ServiceError) -> PlannedChange<Outcome>)
        throws(ServiceError) -> TransactionResult<Outcome> {
        let result: Result<TransactionResult<Outcome>, ServiceError>
        do throws(FileError) {
            result = try fileSystem.withLock(path) { () throws(FileError) -> Result<TransactionResult<Outcome>, ServiceError> in
                let bytes = try fileSystem.read(path)
                let journal = JournalBuilder.load(SourceFile(path: path, bytes: bytes), defaultZone: defaultZone)
                guard !journal.diagnostics.hasErrors else {
                    var e = ServiceError("\(path) has errors; nothing was done", help: "fix them, then run `sitecycle check`")
                    e.kind = .journalHasErrors
                    e.journal = journal
                    return .failure(e)
                }
                let change: PlannedChange<Outcome>
                do throws(ServiceError) { change = try plan(journal) } catch { return .failure(error) }
                guard !change.editor.breaksALine else {
                    var e = ServiceError("a line break inside a new line would have added lines to \(path); "
                                         + "nothing was written", help: "this is a bug in sitecycle; please report it")
                    e.kind = .wouldBreakJournal
                    return .failure(e)
                }
                // An append is written as the file's bytes and the new ones,
                // without first making one array of both (at a million
                // entries that was 39 MB of fresh pages and a copy).
                let appended = change.editor.appendedBytes
                let after = appended == nil ? change.editor.result() : nil
                // The journal is handed over, not copied: the append check
                // extends its changes in place (a copy was 10% of `log`).
                let updated = (change.outcomeNeedsOnlyChanges
                               ? JournalTransaction.verifiedAppend(consume journal, change.editor) : nil)
                    ?? JournalBuilder.load(SourceFile(path: path, bytes: after ?? bytes + appended!), defaultZone: defaultZone)
                guard !updated.diagnostics.hasErrors || change.writesConflictMarkers else {
                    var e = ServiceError("the change would leave \(path) unreadable, so nothing was written",
                                         help: "this is a bug in sitecycle; please report it with the lines above")
                    e.kind = .wouldBreakJournal
                    e.journal = updated
                    return .failure(e)
                }
                if let appended {
                    if !appended.isEmpty { try fileSystem.replace(path, with: bytes, appending: appended) }
                    return .success(TransactionResult(outcome: change.outcome(updated), before: bytes, appended: appended))
                }
                if after! != bytes { try fileSystem.replace(path, with: after!) }
                return .success(TransactionResult(outcome: change.outcome(updated), before: bytes, after: after!))
            }
        } catch {
            var e = ServiceError(error.message, help: error.hint)
            e.kind = .file
            throw e
        }
        return try result.get()
    }

    /// Re-reads an append without re-reading the file: the new lines are
    /// parsed after the journal's directives and the entry they follow —
    /// everything a new line's meaning depends on — and must read without
    /// errors. The result carries the journal's changes plus the new ones,
    /// with their real line numbers; its syntax is the old one. Nil when the
    /// edit is not a plain append (the caller then parses the whole file).
    static func verifiedAppend(_ journal: consuming Journal, _ editor: JournalEditor) -> Journal? {
        // With devices, the change a new line closes may be far above the
        // last line: read the whole file instead.
        guard !journal.hasDevices, let added = editor.appendedLines, let last = journal.changes.last else { return nil }
        let source = journal.source
        var context: [UInt8] = []
        for n in journal.syntax.lineNumbers(.directive) {
            let span = source.lines[n - 1]
            context += source.bytes[span.start..<span.contentEnd]
            context.append(0x0A)
        }
        let lastLine = EntryWriter(journal: copy journal).lastLineOfEntry(last.line)  // the writer goes at once
        for n in last.line...lastLine {
            let span = source.lines[n - 1]
            context += source.bytes[span.start..<span.contentEnd]
            context.append(0x0A)
        }
        let before = context.filter { $0 == 0x0A }.count  // lines ahead of the new ones
        let mini = JournalBuilder.load(SourceFile(path: source.path, bytes: context + added), defaultZone: journal.zone)
        guard !mini.diagnostics.hasErrors, let first = mini.changes.first, first.start == last.start else { return nil }
        let shift = source.lines.count - before  // mini line + shift = real line
        var updated = consume journal
        let lastIndex = updated.changes.count - 1
        updated.changes[lastIndex].end = first.end
        // The mini journal's notes and names are its own: carry them over.
        if mini.note(of: first) != updated.note(of: updated.changes[lastIndex]) {
            updated.changes[lastIndex].noteIndex = updated.notes.add(mini.note(of: first) ?? "")
        }
        for var change in mini.changes.dropFirst() {
            change.line += shift
            change.noteIndex = updated.notes.add(mini.note(of: change) ?? "")
            if let name = mini.name(of: change) {
                guard let index = updated.locationNames.firstIndex(of: name) else { return nil }
                change.locationIndex = UInt16(index)
            }
            updated.changes.append(change)
        }
        return updated
    }
}
