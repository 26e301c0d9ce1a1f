#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells one version of a file from another without reading it: its
/// size, its modification and change times (nanoseconds since the epoch)
/// and its inode. A change time cannot be set back, so a file rewritten
/// with its old size and modification time still shows.
public struct FileStamp: Sendable, Equatable {
    public var size: Int64
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64

    public init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// A regular file's stamp from `stat`; nil for anything else.
    init?(_ st: stat) {
        guard (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let m = st.st_mtimespec, c = st.st_ctimespec
        #else
        let m = st.st_mtim, c = st.st_ctim
        #endif
        self.init(size: Int64(st.st_size), modified: Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec),
                  changed: Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec), inode: UInt64(st.st_ino))
    }

    /// The stamp of the file `path` finally names, links followed (a file
    /// the user typed); nil when it is no regular file or cannot be seen.
    public static func following(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileStamp(st)
    }
}
