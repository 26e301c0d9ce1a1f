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
        let fd = open(folder.systemPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw JournalFile.error(folder, "open folder") }
        defer { close(fd) }
        let deadline = monotonicSeconds() + lockTimeoutSeconds
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw JournalFile.error(folder, "lock") }
            guard monotonicSeconds() < deadline else {
                throw FileError(kind: .busy(seconds: Int(lockTimeoutSeconds)), path: path)
            }
            usleep(20_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Replaces the journal with `bytes`: a new temporary file in the same
    /// folder (a unique random name, created exclusively, never through a
    /// symlink), given the journal's mode, owner and group, flushed to disk,
    /// renamed over it, and the folder flushed. A symlinked journal has its
    /// target replaced. Only a regular file (or a new one) is ever replaced:
    /// renaming over a device or a FIFO would destroy it. `unchanged` ends
    /// the message of a failed write ("the journal was not changed").
    public static func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8] = [],
                               mode forcedMode: mode_t? = nil,
                               unchanged: String = "the journal was not changed") throws(FileError) {
        let target = resolvedPath(path)
        var st = stat()
        let exists = stat(target.systemPath, &st) == 0
        if exists && (st.st_mode & S_IFMT) != S_IFREG {
            var e = JournalFile.notRegular(path, st.st_mode, "replace")
            e.detail += "; nothing was changed"
            throw e
        }
        let existing: mode_t = exists ? st.st_mode & 0o7777 : 0o600
        let mode = forcedMode ?? existing
        // Renaming over the file would succeed even when it is read-only;
        // a read-only journal is a wish to keep it as it is, so honour it.
        if existing & 0o200 == 0 {
            throw FileError(kind: .permissionDenied, path: path,
                            message: "\(path.terminalSafe) is read-only (mode \(String(existing, radix: 8))); nothing was changed")
        }
        let folder = parentFolder(of: target)
        let name = String(target.split(separator: "/").last ?? "journal")
        removeStaleTemporaries(folder: folder, name: name)
        let (fd, temporary) = try createTemporary(folder: folder, name: name)
        do throws(FileError) {
            try JournalFile.writeAll(fd, bytes, path: path)
            if !extra.isEmpty { try JournalFile.writeAll(fd, extra, path: path) }
            // Owner first: fchown clears set-id bits, fchmod then sets them.
            if exists { try keepOwner(fd, of: path, uid: st.st_uid, gid: st.st_gid) }
            guard fchmod(fd, mode) == 0, fsync(fd) == 0 else { throw JournalFile.error(path, "write") }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary.systemPath)
            var e = error
            if e.kind != .permissionDenied || e.advice == nil { e.detail += "; " + unchanged }
            throw e
        }
        guard rename(temporary.systemPath, target.systemPath) == 0 else {
            let e = JournalFile.error(target, "replace")
            unlink(temporary.systemPath)
            throw e
        }
        let dir = open(folder.systemPath, O_RDONLY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }

    /// Gives the temporary file the replaced file's owner and group, so that
    /// root writing a user's journal leaves it the user's. A user who may
    /// write a file they do not own (a group-writable journal) cannot give it
    /// away: rather than take it over, the write is refused.
    package static func keepOwner(_ fd: Int32, of path: String, uid: uid_t, gid: gid_t) throws(FileError) {
        var own = stat()
        guard fstat(fd, &own) == 0 else { throw JournalFile.error(path, "write") }
        if own.st_uid == uid && own.st_gid == gid { return }
        if fchown(fd, uid, gid) == 0 { return }
        guard own.st_uid == uid else {
            throw FileError(kind: .permissionDenied, path: path,
                            message: "cannot replace \(path.terminalSafe) and keep its owner (uid \(uid)); nothing was changed",
                            hint: .runAsOwner)
        }
        // Ours already; a group we are not in cannot be kept, and is not
        // worth refusing the write for (the mode is kept).
    }

    /// `.NAME.tmp-PID-RANDOM`, created with O_EXCL|O_NOFOLLOW and mode 0600:
    /// nothing planted in the folder beforehand (a symlink under a guessed
    /// name) can be followed or reused.
    package static func createTemporary(folder: String, name: String) throws(FileError) -> (Int32, String) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let random = String(decoding: (0..<12).map { _ in letters.randomElement(using: &generator)! }, as: UTF8.self)
            let temporary = folder + "/." + name + ".tmp-\(getpid())-" + random
            let fd = open(temporary.systemPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, temporary) }
            guard errno == EEXIST else {
                var e = JournalFile.error(folder, "write a temporary file in")
                if e.kind == .permissionDenied {
                    e.advice = .text("a change is written beside the file and renamed over it, so its folder must be "
                                     + "writable; nothing was changed")
                }
                throw e
            }
        }
        throw JournalFile.error(folder, "write a temporary file in", EEXIST)
    }

    /// A writer killed between writing its temporary file and renaming it
    /// leaves `.NAME.tmp-PID-RANDOM` (or, from older versions, `.NAME.tmp-PID`)
    /// behind; once that process is gone, the file is an unfinished copy of
    /// a write that never happened, and goes.
    package static func removeStaleTemporaries(folder: String, name: String) {
        guard let dir = opendir(folder.systemPath) else { return }
        defer { closedir(dir) }
        let prefix = "." + name + ".tmp-"
        while let entry = readdir(dir) {
            let file = directoryEntryName(entry)
            guard file.hasPrefix(prefix), let pid = temporaryOwner(String(file.dropFirst(prefix.count))),
                  pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink((folder + "/" + file).systemPath) }
        }
    }

    /// The writer's process id in `PID-RANDOM` or `PID`; nil for anything else.
    package static func temporaryOwner(_ suffix: String) -> Int32? {
        let parts = suffix.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pid = Int32(parts[0]), pid > 0 else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].utf8.allSatisfy({ $0 < 0x80 && (isalnum(Int32($0)) != 0) }) else { return nil }
        }
        return pid
    }

    /// The file a path finally names, following symlinks; the path itself
    /// when it does not exist yet.
    public static func resolvedPath(_ path: String) -> String {
        guard let real = realpath(path.systemPath, nil) else { return path }
        defer { free(real) }
        return SystemPath.string(cString: real)
    }

    package static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
