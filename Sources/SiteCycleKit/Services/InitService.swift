/// Creates a new journal from the choices made for it: composed by
/// `NewJournal`, read back before it is written, and written private
/// (0600) as a new file: an existing journal is never overwritten.
public struct InitService {
    public let fileSystem: FileSystem

    public init(fileSystem: FileSystem) {
        self.fileSystem = fileSystem
    }

    /// What was written, and where.
    public struct Outcome {
        public var path: String
        public var journal: NewJournal
        public var bytes: [UInt8]
    }

    /// Whether a journal may be created at `location`: asked before any
    /// question is, and again when writing.
    public func check(_ location: JournalLocation) throws(InitRefusal) {
        guard location.origin != .noHome, !location.path.isEmpty else { throw .noLocation }
        let path = location.path
        if fileSystem.exists(path) { throw .alreadyExists(path: path) }
        if fileSystem.entryExists(path) { throw .danglingSymlink(path: path) }
    }

    /// Writes `journal` (its command comments given by the caller) at
    /// `location`.
    public func create(_ journal: NewJournal, comments: NewJournal.Comments,
                       at location: JournalLocation) throws(InitRefusal) -> Outcome {
        try check(location)
        guard ZoneRules(identifier: journal.timezone) != nil else { throw .unknownTimeZone(journal.timezone) }
        let devices = [Device.pumpName] + (journal.sensorHours == nil ? [] : [Device.sensorName])
        for name in journal.locations {
            if let problem = LocationName.problem(with: name, devices: devices) {
                throw .invalidLocationName(name, problem: problem)
            }
        }
        let bytes = Array(journal.text(comments).utf8)
        let written = JournalBuilder.load(SourceFile(path: location.path, bytes: bytes), defaultZone: .utc)
        guard !written.diagnostics.hasErrors else { throw .wouldNotRead(written) }
        do throws(FileError) { try fileSystem.create(location.path, with: bytes) } catch { throw .file(error) }
        return Outcome(path: location.path, journal: journal, bytes: bytes)
    }
}

/// Why `init` wrote nothing: facts for the command line to word.
public enum InitRefusal: Error {
    /// No path: no home folder, and none given.
    case noLocation
    /// A file is already there: init never overwrites one.
    case alreadyExists(path: String)
    /// The path is a symlink to nothing.
    case danglingSymlink(path: String)
    case unknownTimeZone(String)
    /// A location name the journal could not declare.
    case invalidLocationName(String, problem: String)
    /// The composed journal would not read back without errors (a bug, caught).
    case wouldNotRead(Journal)
    /// Creating the file failed.
    case file(FileError)
}
