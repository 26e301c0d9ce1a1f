/// Why a service did nothing, as facts: which line, which name, which
/// device. The command line says it in words, with the hint and the exit
/// status that go with it; no sentence is made here.
public struct ServiceError: Error, Sendable {
    public enum Kind: Sendable {
        /// Refused: the request does not fit the journal.
        case refused
        /// The journal has errors; `journal` says which.
        case journalHasErrors
        /// The planned result would not read back cleanly: a bug, caught.
        case wouldBreakJournal
        /// Reading or writing a file failed.
        case file
    }

    /// What stopped the service, grouped by what the person must do.
    public enum Reason: Equatable, Sendable {
        // The journal itself
        /// The journal has errors (`journal` carries them): fix them first.
        case journalHasErrors(path: String)
        /// A new line held a line break; nothing was written (a bug).
        case newLineBreaksLines(path: String)
        /// The result would not read back (`journal` is the result; a bug).
        case resultUnreadable(path: String)
        /// `fmt`'s layout would change what the journal says (a bug).
        case formatChangesMeaning
        /// `fmt` would sort `line`, which `check` asks "a mistyped year?"
        /// about, into time order: its year is to be corrected first.
        case mistypedYear(path: String, line: Int)
        case file(FileError)
        /// A conflict copy to merge could not be read.
        case copyUnreadable(FileError)
        /// The journal changed since the bytes a write expects were read
        /// (sync's text-conflict resolution): nothing was written.
        case changedMeanwhile(path: String)

        // What was typed, read under the lock (`ChangeRequest`)
        /// "Now" as given does not read as a time in the journal's zone.
        case invalidNow(RunClock.Source, SettingError)
        /// A time given for the change does not read in the journal's zone.
        case invalidTime(TimeQuery.Role, SettingError)
        /// A time given for the change is after now (`now` as the journal
        /// shows it).
        case timeInFuture(TimeQuery.Role, text: String, now: String)
        /// A new site was asked for with a device alone and no location.
        case missingLocation
        /// The location typed was empty.
        case noLocationTyped
        /// A word where none was expected (`remove`'s DEVICE that names none).
        case unexpectedArgument(String)
        /// A first word and the device option name two devices.
        case twoDevicesNamed(word: String, option: String)
        /// A device the journal (at `journal`) does not declare.
        case undeclaredDevice(name: String, journal: String, declared: [String])
        /// What was typed names no single enabled location: why
        /// (`LocationMatcher.resolve`).
        case unresolvedLocation(typed: String, LocationResolution)
        /// What was typed names no location or zone: why
        /// (`LocationMatcher.select`).
        case unselectedLocation(typed: String, LocationSelection)
        /// The location picked on the terminal was disabled or removed
        /// meanwhile.
        case pickedLocationGone(name: String)
        /// A zone was typed where one location is needed.
        case zoneForOneLocation(typed: String)
        /// A correction's location is declared for other devices only:
        /// `devices` is the list that would let `device` use it.
        case correctedLocationNotForDevice(location: String, device: String, devices: [String])
        /// ENTRY as typed is not `last`, a line number or a start time.
        case entryUnreadable(typed: String)
        /// A pause's end day is not after today (`today` ISO).
        case pauseEndNotAfterToday(typed: String, today: String)

        // Which entry
        /// No site changes yet (of `device`, when the journal has devices).
        case noSiteChanges(device: String?)
        /// The line is another device's site change: name that device.
        case otherDevicesLine(line: Int, device: String)
        case notASiteChange(line: Int)
        /// No change (of `device`, when the journal has devices) starts at `time`.
        case noChangeStarts(time: String, device: String?)
        case notAnEntry(line: Int)

        // Times
        /// Another change of the device starts at `time` on `line`;
        /// `newEntry` when a new line was to be written there.
        case startTaken(time: String, line: Int, newEntry: Bool)
        /// A new end would pass the next site, which went in at `time`.
        case endAfterNextSite(line: Int, time: String)
        /// A new start at or past the `removed` line that ends this site
        /// (or, for a `removed` line, at or before the start of its site).
        case startPastOwnEnd(line: Int, time: String, isRemoval: Bool)
        case endNotAfterStart
        case startAndEndTogether
        case nothingToChange
        case removalHasNoLocation
        case removalHasNoEnd
        /// No site was active at `time` to take the previous site's note.
        case noSiteForPreviousNote(time: String)
        /// No site was active at `time` to take --previous-reason.
        case noSiteForPreviousReason(time: String)
        /// A `removed` line takes no reason or lot: they describe a site.
        case removalHasNoReason
        /// No site is active at `time` to remove.
        case nothingToRemove(time: String)

        // Devices
        /// The journal declares no such device; these are the ones it has.
        case unknownDevice(name: String, declared: [String])
        /// A `for` list names a device the journal lacks (`name` empty: an
        /// empty name). `list` is as typed; `withAdd` when it followed
        /// `add`'s option rather than being a word of its own.
        case unknownDeviceInList(name: String, list: String, withAdd: Bool, journal: String, declared: [String])
        /// Not a device name; `problem` says why (`Device.problem`).
        case invalidDeviceName(name: String, problem: String)

        // Locations
        /// No such location, zone, or either, as typed.
        case unknownLocation(name: String, as: LocationWord)
        /// A declared location that is out of rotation (`disabled`).
        case disabledLocation(name: String)
        /// A new site of `device` at a location that only `serves` use.
        case locationNotForDevice(location: String, device: String, serves: [String])
        /// A location for several devices, none the pump, and none named.
        case locationNeedsDevice(location: String, serves: [String])
        /// Not a location name; `problem` says why (`LocationName.problem`).
        case invalidLocationName(problem: String)
        /// An import's mapping names no valid location.
        case invalidMapTarget(name: String)
        /// `name` is declared on `line`; `anotherDeviceMayUseIt` when the
        /// journal has devices (the location's `for` list may be the point).
        case alreadyDeclared(name: String, line: Int, anotherDeviceMayUseIt: Bool)
        /// Sides were asked for a name that has one.
        case alreadySided(name: String)
        /// A zone was named where one of its sided locations is needed.
        case zoneOfSides(zone: String, locations: [String])
        /// A zone's new name was given with a side.
        case zoneRenamedWithSide(typed: String)
        case notPaused([String])
        case moveRelativeToItself
        case noEnabledLocationLeft
    }

    /// What a name that matched nothing was looked up as.
    public enum LocationWord: Equatable, Sendable { case location, zone, locationOrZone }

    public var reason: Reason
    /// The journal (or the result) whose diagnostics explain the error.
    public var journal: Journal?

    public init(_ reason: Reason, journal: Journal? = nil) {
        self.reason = reason
        self.journal = journal
    }

    public var kind: Kind {
        switch reason {
        case .journalHasErrors: .journalHasErrors
        case .newLineBreaksLines, .resultUnreadable, .formatChangesMeaning: .wouldBreakJournal
        case .file: .file
        default: .refused
        }
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
    /// The write stands, but its undo record could not be kept (set only
    /// with an `UndoRecording`).
    public var recordFailure: FileError?
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

/// Where a write is remembered for `undo`: its record is appended under the
/// same lock, right after the write, so no other writer comes between.
public struct UndoRecording {
    public var history: WriteHistory
    /// The command in the user's words, for `undo --list`.
    public var command: String
    /// When the write happened: a time fixed beforehand, or the run's
    /// clock, whose "now" if given as a wall time is read in the journal's
    /// zone, known once the transaction has read the file (reading it
    /// beforehand to learn the zone was a second parse of every write).
    private var when: When

    private enum When {
        case fixed(Int64)
        case clock(RunClock)
    }

    public init(history: WriteHistory, command: String, writtenAt: Int64) {
        self.history = history
        self.command = command
        when = .fixed(writtenAt)
    }

    public init(history: WriteHistory, command: String, clock: RunClock) {
        self.history = history
        self.command = command
        when = .clock(clock)
    }

    /// When the write happened, in seconds: "now" as given, read in the
    /// zone of the journal before the write (`zone`, asked only then);
    /// else, or when it does not read there, the clock's reading.
    public func writtenAt(zone: () -> ZoneRules) -> Int64 {
        switch when {
        case .fixed(let seconds): return seconds
        case .clock(let clock):
            guard clock.given != nil else { return clock.clock.seconds }
            return ((try? clock.now(in: zone())) ?? clock.clock).seconds
        }
    }
}

/// A whole new journal planned from its bytes as they are, whether they
/// parse or not: `edit`'s copy, `undo`'s record reversed.
public struct PlannedReplacement<Outcome> {
    public var bytes: [UInt8]
    /// Written even when the result has errors (`undo --force`).
    public var allowsErrors: Bool
    /// Runs once the file is as planned, still under the lock (`undo`
    /// forgets the record it reversed).
    public var whenDone: () -> Void
    public var outcome: (Journal) -> Outcome

    public init(bytes: [UInt8], allowsErrors: Bool = false, whenDone: @escaping () -> Void = {},
                outcome: @escaping (Journal) -> Outcome) {
        self.bytes = bytes
        self.allowsErrors = allowsErrors
        self.whenDone = whenDone
        self.outcome = outcome
    }
}

/// Why a planned replacement was not written: the service's own refusal,
/// a result with errors (`journal` shows them), or the file.
public enum ReplacementFailure<Refusal: Error>: Error {
    case refused(Refusal)
    case resultHasErrors(Journal)
    case file(FileError)
}

/// The one way a journal is changed: under the lock, read and parse it,
/// let the service plan an edit, re-parse the result and write it only if
/// it still reads without errors. On any failure the file is left exactly
/// as it was. With an `UndoRecording`, the write's undo record is appended
/// under the same lock.
public struct JournalTransaction {
    public let fileSystem: FileSystem
    public let path: String
    /// The zone for a journal without a `timezone` line.
    public let defaultZone: ZoneRules
    /// Plans an edit of a journal that has errors (sync replacing git's
    /// marked text with a merge by meaning); the result is still re-read.
    public var acceptsErrors = false
    /// Where the write is remembered for `undo`; nil: nowhere.
    public var recording: UndoRecording?

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
                let zone = journal.zone
                guard !journal.diagnostics.hasErrors || acceptsErrors else {
                    return .failure(ServiceError(.journalHasErrors(path: path), journal: journal))
                }
                let change: PlannedChange<Outcome>
                do throws(ServiceError) { change = try plan(journal) } catch { return .failure(error) }
                guard !change.editor.breaksALine else {
                    return .failure(ServiceError(.newLineBreaksLines(path: path)))
                }
                // An append is written as the file's bytes and the new ones,
                // without first making one array of both (at a million
                // entries that was 39 MB of fresh pages and a copy).
                // A journal laid out as `fmt` lays it out stays so.
                let realigned = change.writesConflictMarkers || journal.diagnostics.hasErrors
                    ? nil : EntryAlignment.keepingColumns(journal, change.editor)
                let appended = realigned == nil ? change.editor.appendedBytes : nil
                let after = realigned ?? (appended == nil ? change.editor.result() : nil)
                // The journal is handed over, not copied: the append check
                // extends its changes in place (a copy was 10% of `log`).
                let updated = (realigned == nil && change.outcomeNeedsOnlyChanges
                               ? JournalTransaction.verifiedAppend(consume journal, change.editor) : nil)
                    ?? JournalBuilder.load(SourceFile(path: path, bytes: after ?? bytes + appended!), defaultZone: defaultZone)
                guard !updated.diagnostics.hasErrors || change.writesConflictMarkers else {
                    return .failure(ServiceError(.resultUnreadable(path: path), journal: updated))
                }
                var done: TransactionResult<Outcome>
                if let appended {
                    if !appended.isEmpty { try fileSystem.replace(path, with: bytes, appending: appended) }
                    done = TransactionResult(outcome: change.outcome(updated), before: bytes, appended: appended)
                } else {
                    if after! != bytes { try fileSystem.replace(path, with: after!) }
                    done = TransactionResult(outcome: change.outcome(updated), before: bytes, after: after!)
                }
                done.recordFailure = remember(done, zone: { zone })
                return .success(done)
            }
        } catch {
            throw ServiceError(.file(error))
        }
        return try result.get()
    }

    /// Replaces the journal whole with what `plan` makes of its bytes as
    /// they are (they need not parse: `undo` may put back a journal with
    /// errors, and undo a write to one). Under the lock; the result is
    /// parsed and written only without errors, unless it allows them.
    public func replace<Outcome, Refusal: Error>(_ plan: ([UInt8]) -> Result<PlannedReplacement<Outcome>, Refusal>)
        throws(ReplacementFailure<Refusal>) -> TransactionResult<Outcome> {
        let result: Result<TransactionResult<Outcome>, ReplacementFailure<Refusal>>
        do throws(FileError) {
            result = try fileSystem.withLock(path) {
                () throws(FileError) -> Result<TransactionResult<Outcome>, ReplacementFailure<Refusal>> in
                let bytes = try fileSystem.read(path)
                let change: PlannedReplacement<Outcome>
                switch plan(bytes) {
                case .failure(let refusal): return .failure(.refused(refusal))
                case .success(let planned): change = planned
                }
                let updated = JournalBuilder.load(SourceFile(path: path, bytes: change.bytes), defaultZone: defaultZone)
                guard !updated.diagnostics.hasErrors || change.allowsErrors else { return .failure(.resultHasErrors(updated)) }
                if change.bytes != bytes { try fileSystem.replace(path, with: change.bytes) }
                change.whenDone()
                var done = TransactionResult(outcome: change.outcome(updated), before: bytes, after: change.bytes)
                // The bytes replaced need not parse; their zone is read
                // only when a given "now" needs it.
                done.recordFailure = remember(done, zone: {
                    JournalBuilder.load(SourceFile(path: path, bytes: bytes), defaultZone: defaultZone).zone
                })
                return .success(done)
            }
        } catch {
            throw .file(error)
        }
        return try result.get()
    }

    /// Appends the write's undo record, still under the lock; the reason
    /// it could not be kept (the write stands either way).
    private func remember<Outcome>(_ done: TransactionResult<Outcome>, zone: () -> ZoneRules) -> FileError? {
        guard let recording, done.wrote else { return nil }
        do throws(FileError) {
            try recording.history.append(done.record(command: recording.command, writtenAt: recording.writtenAt(zone: zone)))
            return nil
        } catch {
            return error
        }
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
