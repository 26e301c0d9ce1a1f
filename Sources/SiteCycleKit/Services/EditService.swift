/// What `edit` does with files around the editor: a private copy of the
/// journal (under the journal's own name, so an editor knows the file type)
/// and the journal as it was when the edit began (`NAME.base`), both in the
/// journal's own folder of the state folder (`STATE/edit/KEY/`), never
/// beside the journal: that folder may be synced or a repository, and an
/// edit's copy is no one else's business. After the
/// editor, the copy is checked and saved over the journal only if the
/// journal has not changed since. An edit that did not finish leaves both,
/// to be resumed or discarded. The editor itself is the caller's to run.
public struct EditService {
    public let fileSystem: FileSystem
    public let journalPath: String
    /// The zone for a journal without a `timezone` line.
    public let defaultZone: ZoneRules
    /// The copy the editor opens, in the state folder.
    public let copy: String
    /// Where versions before the state folder left their copy: beside the
    /// journal's real file (`.NAME.edit`, its base `.NAME.edit.base`).
    public let olderCopy: String

    /// `stateFolder`: `StateFolder.path`, which the caller must have.
    public init(fileSystem: FileSystem, journalPath: String, stateFolder: String, defaultZone: ZoneRules) {
        self.fileSystem = fileSystem
        self.journalPath = journalPath
        self.defaultZone = defaultZone
        let real = fileSystem.resolvedPath(journalPath)
        let name = real.split(separator: "/").last.map(String.init) ?? real
        copy = StateFolder.place("edit", forJournal: journalPath, in: stateFolder) + "/" + name
        olderCopy = EditService.besidePath(for: real)
    }

    /// The journal as it was when the edit began, beside its copy.
    public var base: String { copy + ".base" }
    /// Where `discard` moves the copy (replacing an older one).
    public var discarded: String { copy + ".discarded" }

    /// Whether an edit that did not finish left its copy (anything at that
    /// name counts, a dangling symlink too: a copy is never overwritten).
    public var hasUnfinishedEdit: Bool { fileSystem.entryExists(copy) }

    /// Refuses an unfinished edit whose copy is not a regular file (a link
    /// planted at its name): it is named and left alone, and no editor is
    /// ever opened on it, since an editor would follow it.
    public func checkCopy() throws(FileError) {
        _ = try fileSystem.read(copy)
    }

    /// The bytes an edit's copy is saved over: the journal as it was when
    /// the edit began.
    public struct Start: Equatable {
        public var original: [UInt8]
        /// Lines of the journal the copy lacks, when a copy left by an older
        /// version (without a base) is resumed: saving removes them.
        public var linesNotInCopy = 0
        /// Links (or other non-files) at names `edit` tidies that were left
        /// alone, each a refusal naming it: to be shown, not silently kept.
        public var leftAlone: [FileError] = []
    }

    /// What became of an older version's unfinished edit.
    public enum Adoption: Equatable {
        /// There is none beside the journal.
        case none
        /// It was moved into the state folder (`copy`), from `from`.
        case moved(from: String)
        /// It stays where it is: an edit already waits in the state folder
        /// (or the old one could not be removed once copied).
        case leftBeside(String)
        /// What is at its name is no file (a link planted there): it was
        /// neither read nor moved; the refusal names it.
        case notAFile(FileError)
    }

    /// Moves an unfinished edit that an older version left beside the
    /// journal, with its base if it has one, into the state folder, where
    /// it is resumed or discarded like any other. It is copied (the state
    /// folder may be on another disk), then removed from beside the journal.
    /// A link at its name is never followed: it is left there, named, and
    /// the edit goes on without it.
    public func adoptOlderEdit() throws(FileError) -> Adoption {
        guard fileSystem.entryExists(olderCopy) else { return .none }
        let text: [UInt8]
        do throws(FileError) { text = try fileSystem.read(olderCopy) } catch {
            if error.kind == .notRegularFile { return .notAFile(error) }
            throw error
        }
        guard !hasUnfinishedEdit else { return .leftBeside(olderCopy) }
        let olderBase = olderCopy + ".base"
        let baseText = fileSystem.entryExists(olderBase) ? try fileSystem.read(olderBase) : nil
        try removeIfThere(base)  // a leftover here belongs to no copy
        if let baseText { try fileSystem.create(base, with: baseText) }
        try fileSystem.create(copy, with: text)
        do throws(FileError) { try fileSystem.remove(olderCopy) } catch { return .leftBeside(olderCopy) }
        if baseText != nil { try? fileSystem.remove(olderBase) }
        return .moved(from: olderCopy)
    }

    /// A new copy of `journal`, and the same bytes as the base beside it.
    /// A link at the base's name refuses the edit (a new base must go
    /// there); one at an older version's base beside the journal is left
    /// there and named in `leftAlone`.
    public func begin(_ journal: [UInt8]) throws(FileError) -> Start {
        // Leftovers of an edit whose copy was moved over the journal by hand.
        try removeIfThere(base)
        var start = Start(original: journal)
        if !fileSystem.entryExists(olderCopy) {
            do throws(FileError) { try removeIfThere(olderCopy + ".base") } catch { start.leftAlone.append(error) }
        }
        try fileSystem.create(copy, with: journal)
        try fileSystem.create(base, with: journal)
        return start
    }

    /// Reopens an unfinished edit. What it is saved over is the journal as
    /// it was when that edit began, so lines logged since are never
    /// silently dropped; without a base (an older version's copy), the
    /// journal as it is now.
    public func resume(journalNow: [UInt8]) throws(FileError) -> Start {
        // Read first whatever else: the editor is opened on it, and would
        // follow a link that reading refuses.
        let copyText = try fileSystem.read(copy)
        if fileSystem.entryExists(base) { return Start(original: try fileSystem.read(base)) }
        let copyLines = Set(copyText.split(separator: 0x0A))
        let missing = journalNow.split(separator: 0x0A).filter { !copyLines.contains($0) }.count
        return Start(original: journalNow, linesNotInCopy: missing)
    }

    /// Moves the copy aside to `discarded` and drops its base; a link at
    /// the base's name is left there and returned, named.
    public func discard() throws(FileError) -> [FileError] {
        try fileSystem.move(copy, to: discarded)
        do throws(FileError) { try removeIfThere(base) } catch { return [error] }
        return []
    }

    /// What became of an edit once the editor closed.
    public enum Finished {
        /// The copy is what it was: nothing to save; the copy is gone.
        case unchanged
        /// The journal was replaced by the copy, which is gone. `journal`
        /// is the copy as read (its warnings to show); `recordFailure`, why
        /// the undo record could not be kept.
        case saved(before: [UInt8], after: [UInt8], journal: Journal, recordFailure: FileError?)
    }

    /// Reads the copy back after the editor and saves it over the journal
    /// through a `JournalTransaction` (the lock, the journal still
    /// `original`, the re-parse, the undo record in `recording`), if it
    /// reads without errors. On a refusal the copy stays.
    public func finish(_ start: Start, recording: UndoRecording? = nil) throws(EditRefusal) -> Finished {
        let edited: [UInt8]
        do throws(FileError) { edited = try fileSystem.read(copy) } catch { throw .file(error) }
        if edited == start.original {
            removeCopy()
            return .unchanged
        }
        // Named by the copy: that is where the text to fix is.
        let result = JournalBuilder.load(SourceFile(path: copy, bytes: edited), defaultZone: defaultZone)
        guard !result.diagnostics.hasErrors else { throw .copyHasErrors(result) }
        var transaction = JournalTransaction(fileSystem: fileSystem, path: journalPath, defaultZone: defaultZone)
        transaction.recording = recording
        let saved: TransactionResult<Void>
        do throws(ReplacementFailure<EditRefusal>) {
            saved = try transaction.replace { current -> Result<PlannedReplacement<Void>, EditRefusal> in
                current == start.original ? .success(PlannedReplacement(bytes: edited) { _ in }) : .failure(.journalChangedSince)
            }
        } catch {
            switch error {
            case .refused(let refusal): throw refusal
            case .resultHasErrors(let journal): throw .copyHasErrors(journal)
            case .file(let e): throw .saveFailed(e)
            }
        }
        removeCopy()
        return .saved(before: start.original, after: edited, journal: result, recordFailure: saved.recordFailure)
    }

    /// Removes a file of ours if one is there; anything else at the name is
    /// refused by the file system, named.
    func removeIfThere(_ path: String) throws(FileError) {
        if fileSystem.entryExists(path) { try fileSystem.remove(path) }
    }

    func removeCopy() {
        try? fileSystem.remove(copy)
        try? fileSystem.remove(base)
    }

    static func besidePath(for journal: String) -> String {
        let folder = JournalStore.parentFolder(of: journal)
        let name = journal.split(separator: "/").last.map(String.init) ?? journal
        return (folder == "." && !journal.hasPrefix("./") ? "" : folder + "/") + "." + name + ".edit"
    }
}

/// Why an edit's copy was not saved; the copy keeps the text.
public enum EditRefusal: Error {
    /// The copy has errors; `journal` (named by the copy) shows them.
    case copyHasErrors(Journal)
    /// The journal changed while the copy was being edited.
    case journalChangedSince
    /// Reading the copy failed.
    case file(FileError)
    /// Reading or replacing the journal failed.
    case saveFailed(FileError)
}
