#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Safe replacement of a journal: one writer at a time, and a crash at any
/// moment leaves either the old file or the new one, never a torn mix.
public enum JournalStore {
    /// How long a second writer waits for the first before giving up.
    public static let lockTimeoutSeconds = 5.0

    /// Runs `body` holding an exclusive lock for `path`. The lock is an
    /// `flock` on the folder that holds the journal (the file itself is
    /// replaced by rename, so its inode cannot carry the lock), which leaves
    /// no lock file behind for git or a sync client to pick up.
    public static func withLock<T>(_ path: String, _ body: () throws(FileError) -> T) throws(FileError) -> T {
        let folder = parentFolder(of: resolvedPath(path))
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw JournalFile.error(folder, "open folder") }
        defer { close(fd) }
        let deadline = monotonicSeconds() + lockTimeoutSeconds
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw JournalFile.error(folder, "lock") }
            guard monotonicSeconds() < deadline else {
                throw FileError(kind: .other, path: path,
                                message: "another sitecycle has been writing \(path) for \(Int(lockTimeoutSeconds)) seconds; nothing was changed, try again")
            }
            usleep(20_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Replaces the journal with `bytes`: a temporary file in the same folder
    /// with the journal's mode, flushed to disk, renamed over it, and the
    /// folder flushed. A symlinked journal has its target replaced.
    public static func replace(_ path: String, with bytes: [UInt8], mode forcedMode: mode_t? = nil) throws(FileError) {
        let target = resolvedPath(path)
        var st = stat()
        let existing: mode_t = stat(target, &st) == 0 ? st.st_mode & 0o7777 : 0o600
        let mode = forcedMode ?? existing
        // Renaming over the file would succeed even when it is read-only;
        // a read-only journal is a wish to keep it as it is, so honour it.
        if existing & 0o200 == 0 {
            throw FileError(kind: .permissionDenied, path: path,
                            message: "\(path) is read-only (mode \(String(existing, radix: 8))); nothing was changed")
        }
        let folder = parentFolder(of: target)
        let name = String(target.split(separator: "/").last ?? "journal")
        let temporary = folder + "/." + name + ".tmp-\(getpid())"
        removeStaleTemporaries(folder: folder, name: name)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalFile.error(folder, "write a temporary file in") }
        do throws(FileError) {
            try JournalFile.writeAll(fd, bytes, path: temporary)
            guard fchmod(fd, mode) == 0, fsync(fd) == 0 else { throw JournalFile.error(temporary, "write") }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary)
            throw FileError(kind: error.kind, path: path, message: error.message + "; the journal was not changed")
        }
        guard rename(temporary, target) == 0 else {
            let e = JournalFile.error(target, "replace")
            unlink(temporary)
            throw e
        }
        let dir = open(folder, O_RDONLY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }

    /// A writer killed between writing its temporary file and renaming it
    /// leaves `.NAME.tmp-PID` behind; once that process is gone, the file is
    /// an unfinished copy of a write that never happened, and goes.
    static func removeStaleTemporaries(folder: String, name: String) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        let prefix = "." + name + ".tmp-"
        while let entry = readdir(dir) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard file.hasPrefix(prefix), let pid = Int32(file.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + file) }
        }
    }

    /// The file a path finally names, following symlinks; the path itself
    /// when it does not exist yet.
    public static func resolvedPath(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
