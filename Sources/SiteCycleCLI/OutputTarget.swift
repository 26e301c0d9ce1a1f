#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SiteCycleKit

/// Where a `-o PATH` goes. Only a regular file (or a new one) is written by
/// replacing it; a device, a FIFO or a standard stream is written straight
/// into, as the shell's `>` would, because renaming a file over it would
/// destroy it (as root: `/dev/null` turned into a plain file).
enum OutputTarget: Equatable, Sendable {
    /// `-`, `/dev/stdout`, `/dev/fd/1`: the command's own standard output.
    case standardOutput
    /// `/dev/stderr`, `/dev/fd/2`.
    case standardError
    /// An existing character device or FIFO.
    case stream(String)
    /// An existing folder.
    case folder(String)
    /// A regular file, new or existing, or anything else the file policy
    /// then refuses (a symlink is never followed): replaced whole.
    case file(String)

    static func classify(_ path: String) -> OutputTarget {
        switch path {
        case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .standardOutput
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .standardError
        default: break
        }
        var st = stat()
        guard lstat(path.systemPath, &st) == 0 else { return .file(path) }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return .folder(path)
        case S_IFCHR, S_IFIFO: return .stream(path)
        // Anything else (a link, a block device, a socket) is refused by
        // the file policy.
        default: return .file(path)
        }
    }

    /// Writes `bytes` into an existing device or FIFO without creating,
    /// truncating or renaming anything. A FIFO waits for its reader. If the
    /// path turned into a regular file meanwhile, it is replaced instead.
    static func writeStream(_ path: String, _ bytes: [UInt8], unchanged: String, fileSystem: FileSystem) throws(FileError) {
        let fd = open(path.systemPath, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw JournalFile.error(path, "write") }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = JournalFile.error(path, "write")
            close(fd)
            throw e
        }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFCHR || kind == S_IFIFO else {
            close(fd)
            try fileSystem.writeOutput(path, bytes)
            return
        }
        defer { close(fd) }
        try JournalFile.writeAll(fd, bytes, path: path)
    }
}
