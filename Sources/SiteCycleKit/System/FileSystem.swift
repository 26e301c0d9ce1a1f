#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a service may do to files, as a value handed to it: the real POSIX
/// form for the program, and an in-memory form for tests that need neither
/// a disk nor a clock. Health data is never written any other way.
public protocol FileSystem: AnyObject {
    func read(_ path: String) throws(FileError) -> [UInt8]
    /// The journal's bytes for a command that writes nothing: mapped, when
    /// `mapped` and the file is big enough to gain from it (see the
    /// extension: read whole).
    func readSource(_ path: String, mapped: Bool) throws(FileError) -> SourceBytes
    /// A file the person named to be read (`import FILE`, `--cgm FILE`):
    /// taken as given, a link followed (they named it), a regular file
    /// only, no larger than `limit` bytes (nil: the journal's limit), big
    /// ones mapped. Never written.
    func readInput(_ path: String, limit: Int?) throws(FileError) -> SourceBytes
    /// Whether a file is there: the journal's link is followed; beside it
    /// (`FilePolicy`), anything at the name counts, a link too, so that
    /// what comes next refuses it rather than creating around it.
    func exists(_ path: String) -> Bool
    /// Whether anything is there, a dangling symlink too: a name that a
    /// new file must not take.
    func entryExists(_ path: String) -> Bool
    /// Replaces the file whole: the old bytes or the new, never a mix. The
    /// file keeps its mode (a new one is private).
    func replace(_ path: String, with bytes: [UInt8]) throws(FileError)
    /// `bytes` and then `extra` as the new file (see the extension).
    func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8]) throws(FileError)
    /// Replaces the file whole and gives it `mode` (0600: a merge result
    /// that git checked out readable by everyone).
    func replace(_ path: String, with bytes: [UInt8], mode: UInt32) throws(FileError)
    /// Creates a new file, private (0600), with any missing parent folders
    /// (0700); fails if anything is already there, a symlink too.
    func create(_ path: String, with bytes: [UInt8]) throws(FileError)
    /// Renames a file; whatever was at `target` is replaced.
    func move(_ path: String, to target: String) throws(FileError)
    /// Removes a regular file; a link or anything else there is refused
    /// and left alone (`FilePolicy`).
    func remove(_ path: String) throws(FileError)
    /// The names in a folder (none when it does not exist).
    func names(in folder: String) -> [String]
    /// The file a path finally names, symlinks followed; the path itself
    /// when there is none yet.
    func resolvedPath(_ path: String) -> String
    /// Writes a command's product where `-o` names (not a device or FIFO,
    /// which the command line writes into): never over the journal or its
    /// state, never through a link; replaced whole, a new file private.
    func writeOutput(_ path: String, _ bytes: [UInt8]) throws(FileError)
    /// `writeOutput` of what `produce` hands its sink, piece by piece: a
    /// long export is written as it is made, never held whole.
    func writeOutput(_ path: String, producing produce: OutputProducer) throws(FileError)
    /// Runs `body` while no other writer may change `path`.
    func withLock<T>(_ path: String, _ body: () throws(FileError) -> T) throws(FileError) -> T
    /// A regular file's size, times and inode (the journal's link followed,
    /// none beside it); nil for anything else or nothing.
    func stamp(_ path: String) -> FileStamp?
}

/// Makes an output in pieces, each handed to the sink it is given.
public typealias OutputProducer = (_ sink: ([UInt8]) throws(FileError) -> Void) throws(FileError) -> Void

extension FileSystem {
    /// Collects the pieces and writes them whole (memory, for tests).
    public func writeOutput(_ path: String, producing produce: OutputProducer) throws(FileError) {
        var bytes: [UInt8] = []
        try produce { (piece: [UInt8]) throws(FileError) in bytes += piece }
        try writeOutput(path, bytes)
    }

    public func readSource(_ path: String, mapped: Bool) throws(FileError) -> SourceBytes {
        SourceBytes(try read(path))
    }

    /// `bytes` and then `extra` as the new file, written without first
    /// making one array of both (an append to a big journal).
    public func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8]) throws(FileError) {
        try replace(path, with: bytes + extra)
    }
}

/// The disk. The journal (the path `policy` names) through `JournalFile`
/// and `JournalStore`: a symlink to it followed, regular files only, size
/// caps, unique temporaries, owner and mode kept, an `flock`. Every other
/// path through `FilePolicy`: no link followed, nothing written outside.
public final class POSIXFileSystem: FileSystem {
    /// Set once per run, when the journal's path is known.
    public var policy: FilePolicy

    public init(policy: FilePolicy = FilePolicy()) { self.policy = policy }

    public func read(_ path: String) throws(FileError) -> [UInt8] {
        policy.isJournal(path) ? try JournalFile.read(path) : try policy.read(path)
    }
    public func readSource(_ path: String, mapped: Bool) throws(FileError) -> SourceBytes {
        mapped && policy.isJournal(path) ? try JournalFile.readMapped(path) : SourceBytes(try read(path))
    }
    public func readInput(_ path: String, limit: Int?) throws(FileError) -> SourceBytes {
        let read: Result<SourceBytes, FileError> = JournalFile.$readLimit.withValue(limit ?? JournalFile.readLimit) {
            do throws(FileError) { return .success(try JournalFile.readMapped(path)) } catch { return .failure(error) }
        }
        return try read.get()
    }
    public func exists(_ path: String) -> Bool {
        policy.isJournal(path) ? JournalFile.exists(path) : policy.entryExists(path)
    }
    public func entryExists(_ path: String) -> Bool {
        if !policy.isJournal(path) { return policy.entryExists(path) }
        var st = stat()
        return lstat(path.systemPath, &st) == 0
    }
    public func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
        policy.isJournal(path) ? try JournalStore.replace(path, with: bytes) : try policy.replace(path, with: bytes)
    }
    public func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8]) throws(FileError) {
        if policy.isJournal(path) {
            try JournalStore.replace(path, with: bytes, appending: extra)
        } else {
            try policy.replace(path, with: bytes, appending: extra)
        }
    }
    /// `mode` is given to the journal, and to a new file; an existing file
    /// that is not the journal keeps its own.
    public func replace(_ path: String, with bytes: [UInt8], mode: UInt32) throws(FileError) {
        if policy.isJournal(path) {
            try JournalStore.replace(path, with: bytes, mode: mode_t(mode))
        } else {
            try policy.replace(path, with: bytes, newMode: mode)
        }
    }
    public func create(_ path: String, with bytes: [UInt8]) throws(FileError) {
        policy.isJournal(path) ? try JournalFile.createPrivate(path, bytes) : try policy.create(path, with: bytes)
    }
    public func move(_ path: String, to target: String) throws(FileError) { try policy.move(path, to: target) }
    public func remove(_ path: String) throws(FileError) { try policy.remove(path) }
    public func names(in folder: String) -> [String] { policy.names(in: folder) }
    public func resolvedPath(_ path: String) -> String {
        policy.isJournal(path) ? policy.resolvedJournal! : JournalStore.resolvedPath(path)
    }
    public func writeOutput(_ path: String, _ bytes: [UInt8]) throws(FileError) {
        try policy.checkOutput(path)
        try policy.replace(path, with: bytes, unchanged: "nothing was written to \(path.terminalSafe)")
    }
    public func writeOutput(_ path: String, producing produce: OutputProducer) throws(FileError) {
        try policy.checkOutput(path)
        try policy.replace(path, producing: produce, unchanged: "nothing was written to \(path.terminalSafe)")
    }
    public func withLock<T>(_ path: String, _ body: () throws(FileError) -> T) throws(FileError) -> T {
        try JournalStore.withLock(path, body)
    }
    public func stamp(_ path: String) -> FileStamp? {
        policy.isJournal(path) ? FileStamp.following(path) : policy.stamp(path)
    }
}

/// Files in a dictionary, for tests: what a service wrote is there to read
/// back, and a file can be made to fail.
public final class InMemoryFileSystem: FileSystem {
    public var files: [String: [UInt8]]
    /// Each file's permission bits: 0644 for the files it was made with, as
    /// git checks them out; 0600 for those a service created.
    public var modes: [String: UInt32]
    /// Paths whose replacement fails, as a full disk would.
    public var failingWrites: Set<String> = []
    /// How many replacements happened (a refused change makes none).
    public private(set) var writes = 0
    /// Paths written (replaced, created, moved, removed) while no lock was
    /// held: a journal write, or an undo record, must never be among them.
    public private(set) var unlockedWrites: [String] = []
    /// Paths read, in order: a test can tell that nothing was read before
    /// a refusal of what was typed.
    public private(set) var reads: [String] = []
    /// Each file's modification time (nanoseconds; 0 when not set), and
    /// the time a write gives the file it writes.
    public var modified: [String: Int64] = [:]
    public var writeTime: Int64 = 0
    private var locks = 0

    public init(_ files: [String: String] = [:]) {
        self.files = files.mapValues { Array($0.utf8) }
        modes = files.mapValues { _ in 0o644 }
    }

    public func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }

    public func read(_ path: String) throws(FileError) -> [UInt8] {
        reads.append(path)
        guard let bytes = files[path] else {
            throw FileError(kind: .notFound, path: path, message: "cannot read \(path.terminalSafe): no such file or directory")
        }
        return bytes
    }

    public func readInput(_ path: String, limit: Int?) throws(FileError) -> SourceBytes {
        let bytes = try read(path)
        if let limit, bytes.count > limit {
            throw FileError(kind: .tooLarge, path: path, message: "cannot read \(path.terminalSafe): larger than \(limit) bytes")
        }
        return SourceBytes(bytes)
    }

    public func exists(_ path: String) -> Bool { files[path] != nil }
    public func entryExists(_ path: String) -> Bool { files[path] != nil }

    public func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
        try replace(path, with: bytes, mode: modes[path] ?? 0o600)
    }

    public func replace(_ path: String, with bytes: [UInt8], mode: UInt32) throws(FileError) {
        guard !failingWrites.contains(path) else {
            throw FileError(kind: .other, path: path, message: "cannot write \(path.terminalSafe): no space left on device")
        }
        files[path] = bytes
        modes[path] = mode
        modified[path] = writeTime
        writes += 1
        if locks == 0 { unlockedWrites.append(path) }
    }

    public func create(_ path: String, with bytes: [UInt8]) throws(FileError) {
        guard files[path] == nil else {
            throw FileError(kind: .exists, path: path, message: "cannot create \(path.terminalSafe): file exists")
        }
        try replace(path, with: bytes, mode: 0o600)
    }

    public func move(_ path: String, to target: String) throws(FileError) {
        guard let bytes = files.removeValue(forKey: path) else {
            throw FileError(kind: .notFound, path: path, message: "cannot move aside \(path.terminalSafe): no such file or directory")
        }
        files[target] = bytes
        modes[target] = modes.removeValue(forKey: path)
        if locks == 0 { unlockedWrites += [path, target] }
    }

    public func remove(_ path: String) throws(FileError) {
        guard files.removeValue(forKey: path) != nil else {
            throw FileError(kind: .notFound, path: path, message: "cannot remove \(path.terminalSafe): no such file or directory")
        }
        modes[path] = nil
        if locks == 0 { unlockedWrites.append(path) }
    }

    public func names(in folder: String) -> [String] {
        let prefix = folder + "/"
        return files.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
            .map { String($0.dropFirst(prefix.count)) }
    }

    public func resolvedPath(_ path: String) -> String { path }

    public func writeOutput(_ path: String, _ bytes: [UInt8]) throws(FileError) { try replace(path, with: bytes) }

    public func stamp(_ path: String) -> FileStamp? {
        files[path].map { FileStamp(size: Int64($0.count), modified: modified[path] ?? 0, changed: modified[path] ?? 0, inode: 0) }
    }

    public func withLock<T>(_ path: String, _ body: () throws(FileError) -> T) throws(FileError) -> T {
        locks += 1
        defer { locks -= 1 }
        return try body()
    }
}
