/// Reverses the last write this tool made to a journal, exactly, from its
/// `WriteHistory` — never "the newest entry". It refuses, and changes
/// nothing, when the journal is no longer what that write left, and when
/// the journal it would put back has errors (unless forced).
public struct UndoService {
    public let fileSystem: FileSystem
    public let path: String
    public let history: WriteHistory
    /// The zone for a journal without a `timezone` line.
    public let defaultZone: ZoneRules

    public init(fileSystem: FileSystem, path: String, history: WriteHistory, defaultZone: ZoneRules) {
        self.fileSystem = fileSystem
        self.path = path
        self.history = history
        self.defaultZone = defaultZone
    }

    /// What an undo did.
    public struct Outcome {
        /// The write that was reversed, as its record names it.
        public var command: String
        public var writtenAt: Instant
        /// The journal's zone before the undo, to show `writtenAt` in.
        public var zone: ZoneRules
        /// Where the changed lines start in the journal put back (1-based).
        public var firstLine: Int
        /// The lines put back and the lines taken out, as bytes.
        public var putBack: [UInt8]
        public var tookOut: [UInt8]
        /// Set when forced: the journal as put back, with the errors it has.
        public var restoredWithErrors: Journal?
    }

    /// The writes on record, newest first, and whether the newest can be
    /// reversed now.
    public struct Listing {
        public var records: [WriteRecord]
        public var zone: ZoneRules
        /// False when the journal changed after the newest write: undo
        /// would refuse.
        public var newestCanBeUndone: Bool
    }

    /// The record files that cannot be read (cut short, tampered with):
    /// they are skipped, and the caller says so.
    public func unreadableRecords() -> [String] { history.unreadable() }

    /// Puts the journal back as it was before the last write on record,
    /// through a `JournalTransaction`: the record is read, checked against
    /// the journal, reversed and forgotten under the lock. `force` is the
    /// plan's "allow errors": the journal put back may have them.
    public func undoLast(force: Bool) throws(UndoRefusal) -> Outcome {
        let transaction = JournalTransaction(fileSystem: fileSystem, path: path, defaultZone: defaultZone)
        var reversed: WriteRecord?
        do throws(ReplacementFailure<UndoRefusal>) {
            return try transaction.replace { current -> Result<PlannedReplacement<Outcome>, UndoRefusal> in
                guard let (number, record) = history.records().first else { return .failure(.nothingOnRecord) }
                reversed = record
                let zone = zone(of: current)
                let written = Instant(seconds: record.writtenAt)
                guard case .restored(let before) = record.reverse(current) else {
                    return .failure(.changedSince(command: record.command, writtenAt: written, zone: zone))
                }
                return .success(PlannedReplacement(bytes: before, allowsErrors: force, whenDone: { history.forget(number) }) {
                    restored in
                    Outcome(command: record.command, writtenAt: written, zone: zone, firstLine: record.firstLine(in: before),
                            putBack: record.removed, tookOut: record.inserted,
                            restoredWithErrors: restored.diagnostics.hasErrors ? restored : nil)
                })
            }.outcome
        } catch {
            switch error {
            case .refused(let refusal): throw refusal
            case .resultHasErrors(let journal): throw .wouldBringBackErrors(command: reversed?.command ?? "", journal: journal)
            case .file(let e): throw .file(e)
            }
        }
    }

    /// What `undoLast` would reverse, without changing anything.
    public func list() -> Listing {
        let records = history.records().map(\.record)
        let current = (try? fileSystem.read(path)) ?? []
        return Listing(records: records, zone: zone(of: current),
                       newestCanBeUndone: records.first.map { $0.reverse(current) != .changedSince } ?? false)
    }

    /// The zone times in the journal are read in.
    func zone(of bytes: [UInt8]) -> ZoneRules {
        JournalBuilder.load(SourceFile(path: path, bytes: bytes), defaultZone: defaultZone).zone
    }
}

/// Why `undo` changed nothing: facts for the command line to word.
public enum UndoRefusal: Error {
    /// No write to this journal is on record.
    case nothingOnRecord
    /// The journal is no longer exactly what the last write left (a hand
    /// edit or a sync since).
    case changedSince(command: String, writtenAt: Instant, zone: ZoneRules)
    /// The journal put back would have errors; `journal` shows them.
    case wouldBringBackErrors(command: String, journal: Journal)
    /// Reading or writing the journal failed.
    case file(FileError)
}
