/// What a service may do to files, as a value handed to it: the real POSIX
/// form for the program, and an in-memory form for tests that need neither
/// a disk nor a clock.
public protocol FileSystem: AnyObject {
    func read(_ path: String) throws(FileError) -> [UInt8]
    func exists(_ path: String) -> Bool
    /// Replaces the file whole: the old bytes or the new, never a mix.
    func replace(_ path: String, with bytes: [UInt8]) throws(FileError)
    /// `bytes` and then `extra` as the new file (see the extension).
    func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8]) throws(FileError)
    /// Runs `body` while no other writer may change `path`.
    func withLock<T>(_ path: String, _ body: () throws(FileError) -> T) throws(FileError) -> T
}

extension FileSystem {
    /// `bytes` and then `extra` as the new file, written without first
    /// making one array of both (an append to a big journal).
    public func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8]) throws(FileError) {
        try replace(path, with: bytes + extra)
    }
}

/// The disk, through `JournalFile` and `JournalStore`: regular files only,
/// size caps, unique temporaries, owner and mode kept, an `flock`.
public final class POSIXFileSystem: FileSystem {
    public init() {}

    public func read(_ path: String) throws(FileError) -> [UInt8] { try JournalFile.read(path) }
    public func exists(_ path: String) -> Bool { JournalFile.exists(path) }
    public func replace(_ path: String, with bytes: [UInt8]) throws(FileError) { try JournalStore.replace(path, with: bytes) }
    public func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8]) throws(FileError) {
        try JournalStore.replace(path, with: bytes, appending: extra)
    }
    public func withLock<T>(_ path: String, _ body: () throws(FileError) -> T) throws(FileError) -> T {
        try JournalStore.withLock(path, body)
    }
}

/// Files in a dictionary, for tests: what a service wrote is there to read
/// back, and a file can be made to fail.
public final class InMemoryFileSystem: FileSystem {
    public var files: [String: [UInt8]]
    /// Paths whose replacement fails, as a full disk would.
    public var failingWrites: Set<String> = []
    /// How many replacements happened (a refused change makes none).
    public private(set) var writes = 0

    public init(_ files: [String: String] = [:]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    public func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }

    public func read(_ path: String) throws(FileError) -> [UInt8] {
        guard let bytes = files[path] else {
            throw FileError(kind: .notFound, path: path, message: "cannot read \(path): no such file or directory")
        }
        return bytes
    }

    public func exists(_ path: String) -> Bool { files[path] != nil }

    public func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
        guard !failingWrites.contains(path) else {
            throw FileError(kind: .other, path: path, message: "cannot write \(path): no space left on device")
        }
        files[path] = bytes
        writes += 1
    }

    public func withLock<T>(_ path: String, _ body: () throws(FileError) -> T) throws(FileError) -> T { try body() }
}
