#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file operation: what failed and where, the system's account of
/// it, and what to do about it as a value. The command line words it.
public struct FileError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case notFound, exists, isDirectory, permissionDenied, notRegularFile, tooLarge, other
        /// Another writer has held the journal's lock for this long.
        case busy(seconds: Int)
    }

    /// What to do about it, when there is something better than the message:
    /// plain words (written as a string), or a fix the command line spells.
    public enum Advice: Equatable, Sendable, ExpressibleByStringInterpolation {
        case text(String)
        /// Write as the file's owner, or take the file over.
        case runAsOwner
        /// Only regular files (or symlinks to them) are read and written.
        case regularFilesOnly
        /// `symlink` points at `target`, which does not exist: create the
        /// journal there, or remove the link.
        case createJournal(at: String, symlink: String)
        /// A `.gitattributes` that is not UTF-8 was left alone: add the merge
        /// line by hand.
        case addAttributesLineByHand
        /// A link (or something else than a file or folder) beside the
        /// journal was left alone: `help security`'s one-door rule.
        case linksNotFollowed
        /// A folder sitecycle keeps things in (`.sitecycle-merged/`,
        /// `.git/sitecycle/`) is a link or no folder: remove or rename it.
        case folderNotFollowed(String)
        /// A `-o` output that would land on the journal or its state.
        case outputIsJournal

        public init(stringLiteral value: String) { self = .text(value) }
        public init(stringInterpolation: DefaultStringInterpolation) { self = .text(String(stringInterpolation: stringInterpolation)) }
    }

    public var kind: Kind
    public var path: String
    /// The system's account of what failed ("cannot open …: Permission
    /// denied"); empty when `kind` says it all.
    public var detail: String
    public var advice: Advice?
    /// The system's error number, when a system call failed (0 otherwise).
    public var code: Int32 = 0

    public init(kind: Kind, path: String, message: String = "", hint: Advice? = nil) {
        self.kind = kind
        self.path = path
        self.detail = message
        self.advice = hint
    }
}

/// File access through POSIX calls: exact error causes, explicit modes, and
/// `fsync` where durability matters. Health data files are created 0600.
public enum JournalFile {
    /// Takes group and other permissions off a file (0644 → 0600): git
    /// writes what it checks out readable by everyone (0666 less the
    /// umask), and the journal is health data. Whether it changed anything.
    package static func makePrivate(_ path: String) throws(FileError) -> Bool {
        var st = stat()
        guard stat(path.systemPath, &st) == 0 else { throw error(path, "read the permissions of") }
        guard (st.st_mode & S_IFMT) == S_IFREG, st.st_mode & 0o077 != 0 else { return false }
        guard chmod(path.systemPath, st.st_mode & 0o7700) == 0 else { throw error(path, "make private") }
        return true
    }

    package static func error(_ path: String, _ verb: String, _ code: Int32 = errno) -> FileError {
        let kind: FileError.Kind
        switch code {
        case ENOENT: kind = .notFound
        case EEXIST: kind = .exists
        case EISDIR: kind = .isDirectory
        case EACCES, EPERM, EROFS: kind = .permissionDenied
        default: kind = .other
        }
        let reason = String(cString: strerror(code)).lowercased()
        var error = FileError(kind: kind, path: path, message: "cannot \(verb) \(path.terminalSafe): \(reason)")
        error.code = code
        return error
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path.systemPath, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path.systemPath, &st) == 0
    }

    /// The most a read takes in: 256 MB. A journal of a lifetime is a few
    /// megabytes; anything bigger is the wrong file (or `/dev/zero`).
    public static let defaultReadLimit = 256 << 20

    /// The most `import` reads: 64 MB. Sources are parsed whole (JSON by
    /// Foundation, at about twenty times their size in memory), so the cap
    /// is what keeps a 200 MB download from taking gigabytes. Twenty years
    /// of site changes in any supported format is a few megabytes.
    public static let importReadLimit = 64 << 20

    /// The limit in force; `run` lowers it from `$SITECYCLE_MAX_BYTES`.
    @TaskLocal public static var readLimit = defaultReadLimit

    /// What a file that is not a regular file is, for messages.
    package static func typeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symlink"
        default: return "not a regular file"
        }
    }

    package static func notRegular(_ path: String, _ mode: mode_t, _ verb: String) -> FileError {
        FileError(kind: .notRegularFile, path: path,
                  message: "cannot \(verb) \(path.terminalSafe): it is \(typeName(mode))",
                  hint: .regularFilesOnly)
    }

    /// `$SITECYCLE_MAX_BYTES` (a positive number of bytes) lowers the limit;
    /// it cannot raise it, and anything else leaves the default.
    public static func readLimit(environment: [String: String]) -> Int {
        guard let given = environment["SITECYCLE_MAX_BYTES"].flatMap({ Int($0) }), given > 0 else { return defaultReadLimit }
        return min(given, defaultReadLimit)
    }

    package static func describe(bytes n: Int) -> String {
        n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20) MB" : "\(n) bytes"
    }

    /// Reads a whole regular file (symlinks followed), refusing anything
    /// else before reading a byte: a FIFO is opened without blocking and
    /// refused, a device is never read. At most `readLimit` bytes.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let (fd, size) = try openForReading(path)
        defer { close(fd) }
        return try read(fd, size: size, path: path)
    }

    /// A file this large or larger is mapped by `readMapped`: 1 MB, about
    /// 25,000 site changes. Below it, reading costs less than mapping.
    public static let mapThreshold = 1 << 20

    /// The whole file as `read` takes it in, mapped instead of copied when
    /// it is at least `mapThreshold` bytes. Only for commands that write
    /// nothing: a mapped file another program shortens while it is read
    /// ends the run with a message (see `MappedFile`).
    public static func readMapped(_ path: String, threshold: Int = mapThreshold) throws(FileError) -> SourceBytes {
        let (fd, size) = try openForReading(path)
        defer { close(fd) }
        if size >= threshold, let file = MappedFile(fd: fd, count: size) { return SourceBytes(mapped: file) }
        return SourceBytes(try read(fd, size: size, path: path))
    }

    private static func tooLarge(_ path: String, _ limit: Int) -> FileError {
        FileError(kind: .tooLarge, path: path, message: "cannot read \(path.terminalSafe): it is larger than \(describe(bytes: limit))",
                  hint: "is this the right file? A journal is far smaller than that")
    }

    /// Opens a regular file (symlinks followed) for reading, refusing
    /// anything else and anything over `readLimit`; returns it and its size.
    private static func openForReading(_ path: String) throws(FileError) -> (Int32, Int) {
        let fd = open(path.systemPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw error(path, "read") }
        return (fd, try checkedForReading(fd, path: path))
    }

    /// Checks a file opened with O_NONBLOCK before a byte is read: a regular
    /// file within `readLimit` (its size returned, reads made blocking), or
    /// it is closed and refused.
    package static func checkedForReading(_ fd: Int32, path: String) throws(FileError) -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = error(path, "read")
            close(fd)
            throw e
        }
        let failure: FileError?
        if (st.st_mode & S_IFMT) == S_IFDIR {
            failure = error(path, "read", EISDIR)
        } else if (st.st_mode & S_IFMT) != S_IFREG {
            failure = notRegular(path, st.st_mode, "read")
        } else if Int(st.st_size) > readLimit {
            failure = tooLarge(path, readLimit)
        } else {
            failure = nil
        }
        if let failure {
            close(fd)
            throw failure
        }
        // A regular file: blocking reads are what we want from here on.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return Int(st.st_size)
    }

    package static func read(_ fd: Int32, size: Int, path: String) throws(FileError) -> [UInt8] {
        let limit = readLimit
        let tooLarge = tooLarge(path, limit)
        // Straight into the array, sized by fstat (one byte over, to see a
        // file that grew); only a file that keeps growing goes on in chunks.
        let expected = size + 1
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            Memory.prepareForWriting(buffer.baseAddress!, expected)
            while count < expected {
                let n = Glibc_read(fd, buffer.baseAddress! + count, expected - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if failed { throw error(path, "read") }
        guard bytes.count <= limit else { throw tooLarge }
        if bytes.count < expected { return bytes }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc_read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw error(path, "read")
            }
            if n == 0 { break }
            // The size can lie (a file still growing, or one in /proc).
            guard bytes.count + n <= limit else { throw tooLarge }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// The target of `path` when it is a symlink to nothing (`lstat` finds
    /// the link, `stat` finds no file); nil otherwise.
    public static func danglingSymlinkTarget(_ path: String) -> String? {
        var st = stat()
        guard lstat(path.systemPath, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK else { return nil }
        guard stat(path.systemPath, &st) != 0, errno == ENOENT else { return nil }
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBytes { readlink(path.systemPath, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        guard n > 0 else { return nil }
        return SystemPath.string(buffer[0..<n])
    }

    /// "no journal" worded for a dangling symlink: it names the link and
    /// where it points, and how to create the journal there. Nil when
    /// `path` is not a dangling symlink.
    public static func danglingJournalSymlink(_ path: String) -> FileError? {
        guard let target = danglingSymlinkTarget(path) else { return nil }
        var resolved = target
        if !target.hasPrefix("/"), let slash = path.lastIndex(of: "/") {
            resolved = String(path[...slash]) + target
        }
        return FileError(kind: .notFound, path: path,
                         message: "\(path.terminalSafe) is a symlink to \(target.terminalSafe), which does not exist",
                         hint: .createJournal(at: resolved, symlink: path))
    }

    /// Creates a new file with `bytes`, mode 0600, failing if anything is
    /// already there (a symlink too, dangling or not); missing parent
    /// folders are created 0700.
    public static func createPrivate(_ path: String, _ bytes: [UInt8]) throws(FileError) {
        try makeParentDirectories(of: path)
        let fd = open(path.systemPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw error(path, "create") }
        do throws(FileError) {
            try writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw error(path, "write") }
        } catch {
            close(fd)
            unlink(path.systemPath)
            throw error
        }
        close(fd)
    }

    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileError) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc_write(fd, raw.baseAddress! + written, bytes.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw error(path, "write")
            }
            written += n
        }
    }

    package static func makeParentDirectories(of path: String) throws(FileError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        guard !components.isEmpty else { return }
        var current = path.hasPrefix("/") ? "" : "."
        if path.hasPrefix("/") { components = components.dropFirst() }
        for component in components where !component.isEmpty {
            current += "/" + component
            if mkdir(current.systemPath, 0o700) != 0 && errno != EEXIST { throw error(current, "create folder") }
        }
    }
}

// The unqualified names clash with methods in some scopes; these spell out
// the C functions.
@inline(__always) package func Glibc_read(_ fd: Int32, _ buf: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buf, count)
}

@inline(__always) package func Glibc_write(_ fd: Int32, _ buf: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buf, count)
}

/// The name of a directory entry from `readdir`, read up to its NUL. A
/// `dirent` may be shorter than the struct (its `d_reclen`): copying the
/// whole 256-byte `d_name` out could read past the end of the kernel's
/// buffer, and did crash when an entry ended at a page boundary.
package func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
    return SystemPath.string(cString: name)
}
