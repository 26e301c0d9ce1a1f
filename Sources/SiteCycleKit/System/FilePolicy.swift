#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one door to the disk for every file that is not the journal: its
/// conflict copies, `.sitecycle-merged/`, `.gitattributes`, the editor's
/// copies, the undo and reminder state, `-o` outputs, reminder units.
///
/// The journal may be a symlink: the user chose it, and it is resolved once
/// per run. Nothing else is followed. A peer of a shared folder or a cloned
/// repository can plant a link under any name beside the journal; followed,
/// it would make `sync` copy a private file into the journal, or a write
/// land outside the folder. So:
/// - the last name of a path is opened with O_NOFOLLOW and must be a regular
///   file (a folder: a real folder); anything else is left alone and named;
/// - below an anchor (the journal's real folder, the folder holding the
///   state folder) no folder on the way is a link either, the state
///   folder's own `sitecycle` included: each is opened with O_NOFOLLOW in turn,
///   and what is created is created inside the folder opened, not by name;
/// - a write replaces through a temporary created O_EXCL|O_NOFOLLOW in that
///   folder, keeps an existing file's mode (a new file is 0600), and never
///   changes the mode of a file this program did not create;
/// - an output that is the journal (by name or by inode), its editor copies
///   or a file in the state folder is refused: "that is the journal".
public struct FilePolicy: Sendable {
    /// The journal as the user named it; nil when there is none (a test, a
    /// merge driver run by git).
    public let journal: String?
    /// Its real path, resolved once.
    public let resolvedJournal: String?
    /// Real folders below which no link is followed, deepest chosen.
    public let anchors: [String]
    /// The state folder (undo history, reminders sent); outputs never go there.
    public let stateFolder: String?

    public init(journal: String? = nil, stateFolder: String? = nil, anchors more: [String] = []) {
        self.journal = journal
        let resolved = journal.map { JournalStore.resolvedPath(WriteHistory.absolute($0)) }
        resolvedJournal = resolved
        self.stateFolder = stateFolder
        let given = journal.map { JournalStore.parentFolder(of: WriteHistory.absolute($0)) }
        // The anchor is the folder *holding* the state folder: that one
        // ($XDG_STATE_HOME, ~/.local/state) is the user's and may be a link,
        // but `sitecycle` in it is ours and is opened like any folder below.
        let stateParent = stateFolder.map { JournalStore.parentFolder(of: $0) }
        anchors = ([resolved.map(JournalStore.parentFolder(of:)), given, stateParent].compactMap { $0 } + more)
            .filter { $0.hasPrefix("/") && $0 != "/" }
    }

    /// The policy for files beside `file` (a conflict copy, git's folder):
    /// no link followed below its real folder.
    public static func beside(_ file: String) -> FilePolicy {
        let folder = JournalStore.parentFolder(of: WriteHistory.absolute(file))
        return FilePolicy(anchors: [folder, JournalStore.resolvedPath(folder)])
    }

    /// Whether `path` names the journal itself (followed when a link).
    public func isJournal(_ path: String) -> Bool {
        guard let journal else { return false }
        return path == journal || path == resolvedJournal || WriteHistory.absolute(path) == WriteHistory.absolute(journal)
    }

    // MARK: Folders, opened link by link

    /// The folder holding `path`, opened without following a link below its
    /// anchor (made 0700 if `creating`), and the last name in it.
    /// `named`: the path messages name, when it is not `path` (a folder
    /// opened through a name inside it).
    private func openFolder(of path: String, creating: Bool, verb: String,
                            named: String? = nil) throws(FileError) -> (fd: Int32, name: String) {
        let shown = named ?? path
        let absolute = WriteHistory.absolute(path)
        let folder = JournalStore.parentFolder(of: absolute)
        let name = String(absolute[absolute.index(after: absolute.lastIndex(of: "/")!)...])
        guard !name.isEmpty, name != ".", name != ".." else { throw JournalFile.error(shown, verb, EISDIR) }
        let anchor = anchors.filter { folder == $0 || folder.hasPrefix($0 + "/") }.max { $0.count < $1.count }
        let start = anchor ?? folder
        if creating { try JournalFile.makeParentDirectories(of: start + "/-") }
        var fd = open(start.systemPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw JournalFile.error(start == folder ? shown : start, verb) }
        var current = start
        for part in folder.dropFirst(start.count).split(separator: "/") where part != "." {
            current += "/" + part
            if part == ".." {
                close(fd)
                throw notFollowed(shown, at: current, type: "a way out of its folder (..)", verb: verb)
            }
            if creating && mkdirat(fd, String(part).systemPath, 0o700) != 0 && errno != EEXIST {
                let e = JournalFile.error(current, "create folder")
                close(fd)
                throw e
            }
            let next = openat(fd, String(part).systemPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 {
                let code = errno
                let type = entryType(fd, String(part))
                close(fd)
                if code == ELOOP || code == ENOTDIR, let type { throw notFollowed(shown, at: current, type: type, verb: verb) }
                throw JournalFile.error(current, verb, code)
            }
            close(fd)
            fd = next
        }
        return (fd, name)
    }

    /// What is at `name` in the folder, as `typeName` words it; nil for
    /// nothing there, "a regular file" for one.
    private func entryType(_ folder: Int32, _ name: String) -> String? {
        var st = stat()
        guard fstatat(folder, name.systemPath, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return (st.st_mode & S_IFMT) == S_IFREG ? "a regular file" : JournalFile.typeName(st.st_mode)
    }

    private func notFollowed(_ path: String, at place: String, type: String, verb: String) -> FileError {
        let what = place == WriteHistory.absolute(path) ? "it" : place
        // A folder of ours that is a link: what to do with it, by name.
        let folder = verb == "create folder" || verb == "use folder"
        return FileError(kind: .notRegularFile, path: path, message: "cannot \(verb) \(path.terminalSafe): \(what.terminalSafe) is \(type); it was left alone",
                         hint: folder ? .folderNotFollowed(place) : .linksNotFollowed)
    }

    // MARK: What a FileSystem does

    public func read(_ path: String) throws(FileError) -> [UInt8] {
        let (folder, name) = try openFolder(of: path, creating: false, verb: "read")
        defer { close(folder) }
        let fd = openat(folder, name.systemPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw refusal(folder, name, path, "read") }
        defer { close(fd) }
        let size = try JournalFile.checkedForReading(fd, path: path)
        return try JournalFile.read(fd, size: size, path: path)
    }

    /// Whether anything is at `path` (a link too, never followed).
    public func entryExists(_ path: String) -> Bool {
        guard let (folder, name) = try? openFolder(of: path, creating: false, verb: "read") else { return false }
        defer { close(folder) }
        return entryType(folder, name) != nil
    }

    /// The stamp of the regular file at `path`, never through a link.
    public func stamp(_ path: String) -> FileStamp? {
        guard let (folder, name) = try? openFolder(of: path, creating: false, verb: "read") else { return nil }
        defer { close(folder) }
        var st = stat()
        guard fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileStamp(st)
    }

    /// What is at `path` when it is there but is no regular file ("a
    /// symbolic link", "a folder", …, never followed); nil otherwise.
    public func otherThanFile(_ path: String) -> String? {
        guard let (folder, name) = try? openFolder(of: path, creating: false, verb: "read") else { return nil }
        defer { close(folder) }
        return entryType(folder, name).flatMap { $0 == "a regular file" ? nil : $0 }
    }

    /// Replaces `path` whole through a temporary beside it. An existing file
    /// keeps its mode; a new one gets `newMode`. Anything there that is not
    /// a regular file is left alone and refused.
    public func replace(_ path: String, with bytes: [UInt8], appending extra: [UInt8] = [], newMode: UInt32 = 0o600,
                        unchanged: String = "nothing was changed") throws(FileError) {
        try replace(path, producing: { (sink: ([UInt8]) throws(FileError) -> Void) throws(FileError) in
            try sink(bytes)
            if !extra.isEmpty { try sink(extra) }
        }, newMode: newMode, unchanged: unchanged)
    }

    /// `replace` with the new bytes written as `produce` makes them, into
    /// the temporary that is renamed over `path` once all are there.
    public func replace(_ path: String, producing produce: OutputProducer, newMode: UInt32 = 0o600,
                        unchanged: String = "nothing was changed") throws(FileError) {
        let (folder, name) = try openFolder(of: path, creating: false, verb: "write")
        defer { close(folder) }
        var st = stat()
        let exists = fstatat(folder, name.systemPath, &st, AT_SYMLINK_NOFOLLOW) == 0
        if exists && (st.st_mode & S_IFMT) != S_IFREG {
            throw notFollowed(path, at: WriteHistory.absolute(path), type: JournalFile.typeName(st.st_mode), verb: "write")
        }
        let mode = exists ? st.st_mode & 0o7777 : mode_t(newMode)
        if exists && mode & 0o200 == 0 {
            throw FileError(kind: .permissionDenied, path: path,
                            message: "\(path.terminalSafe) is read-only (mode \(String(mode, radix: 8))); \(unchanged)")
        }
        let (fd, temporary) = try createTemporary(in: folder, for: name, path: path)
        do throws(FileError) {
            try produce { (piece: [UInt8]) throws(FileError) in try JournalFile.writeAll(fd, piece, path: path) }
            if exists { try JournalStore.keepOwner(fd, of: path, uid: st.st_uid, gid: st.st_gid) }
            guard fchmod(fd, mode) == 0, fsync(fd) == 0 else { throw JournalFile.error(path, "write") }
        } catch {
            close(fd)
            unlinkat(folder, temporary.systemPath, 0)
            var e = error
            e.detail += "; " + unchanged
            throw e
        }
        close(fd)
        guard renameat(folder, temporary.systemPath, folder, name.systemPath) == 0 else {
            let e = JournalFile.error(path, "replace")
            unlinkat(folder, temporary.systemPath, 0)
            throw e
        }
        fsync(folder)
    }

    private func createTemporary(in folder: Int32, for name: String, path: String) throws(FileError) -> (Int32, String) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let temporary = "." + name + ".tmp-\(getpid())-" + String(generator.next() as UInt64, radix: 36)
            let fd = openat(folder, temporary.systemPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, temporary) }
            guard errno == EEXIST else { throw JournalFile.error(path, "write") }
        }
        throw JournalFile.error(path, "write", EEXIST)
    }

    /// A new private file (0600), its missing folders made (0700); fails
    /// when anything is already at that name, a link too.
    public func create(_ path: String, with bytes: [UInt8]) throws(FileError) {
        let (folder, name) = try openFolder(of: path, creating: true, verb: "create")
        defer { close(folder) }
        let fd = openat(folder, name.systemPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalFile.error(path, "create") }
        do throws(FileError) {
            try JournalFile.writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw JournalFile.error(path, "write") }
        } catch {
            close(fd)
            unlinkat(folder, name.systemPath, 0)
            throw error
        }
        close(fd)
    }

    /// A real folder at `path` (0700 when made); a link there is refused.
    public func createFolder(_ path: String) throws(FileError) {
        let (folder, _) = try openFolder(of: path + "/-", creating: true, verb: "create folder", named: path)
        close(folder)
    }

    /// Refuses a folder sitecycle keeps things in that is there but is no
    /// real folder (a link, a file), before anything else is changed; its
    /// absence is fine (it is made when needed).
    public func requireFolderOrNothing(_ path: String) throws(FileError) {
        let (folder, name) = try openFolder(of: path, creating: false, verb: "use folder")
        defer { close(folder) }
        if let type = entryType(folder, name), type != "a folder" {
            throw notFollowed(path, at: WriteHistory.absolute(path), type: type, verb: "use folder")
        }
    }

    /// Renames a regular file; at `target` only a regular file is replaced.
    public func move(_ path: String, to target: String) throws(FileError) {
        let (from, name) = try openFolder(of: path, creating: false, verb: "move")
        defer { close(from) }
        let (to, newName) = try openFolder(of: target, creating: false, verb: "move")
        defer { close(to) }
        for (folder, entry, full) in [(from, name, path), (to, newName, target)] {
            if let type = entryType(folder, entry), type != "a regular file" {
                throw notFollowed(full, at: WriteHistory.absolute(full), type: type, verb: "move")
            }
        }
        guard renameat(from, name.systemPath, to, newName.systemPath) == 0 else { throw JournalFile.error(path, "move") }
    }

    /// Removes a regular file. Anything else at the name (a link someone
    /// planted, a folder) is left alone and refused, named: no cleanup of
    /// ours removes what it did not make without saying so.
    public func remove(_ path: String) throws(FileError) {
        let (folder, name) = try openFolder(of: path, creating: false, verb: "remove")
        defer { close(folder) }
        if let type = entryType(folder, name), type != "a regular file" {
            throw notFollowed(path, at: WriteHistory.absolute(path), type: type, verb: "remove")
        }
        guard unlinkat(folder, name.systemPath, 0) == 0 else { throw JournalFile.error(path, "remove") }
    }

    /// The names in a real folder (none when it is not one).
    public func names(in path: String) -> [String] {
        guard let (parent, name) = try? openFolder(of: path, creating: false, verb: "read") else { return [] }
        let fd = openat(parent, name.systemPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        close(parent)
        guard fd >= 0, let dir = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return []
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = directoryEntryName(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Takes group and other permissions off a regular file with a single
    /// name (a hard link to someone else's file is left as it is); whether
    /// it changed anything.
    public func makePrivate(_ path: String) throws(FileError) -> Bool {
        let (folder, name) = try openFolder(of: path, creating: false, verb: "make private")
        defer { close(folder) }
        let fd = openat(folder, name.systemPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw refusal(folder, name, path, "make private") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw JournalFile.error(path, "read the permissions of") }
        guard (st.st_mode & S_IFMT) == S_IFREG, st.st_nlink == 1, st.st_mode & 0o077 != 0 else { return false }
        guard fchmod(fd, st.st_mode & 0o7700) == 0 else { throw JournalFile.error(path, "make private") }
        return true
    }

    /// Why opening `name` failed: a link or another kind of file left
    /// alone, or the system's reason.
    private func refusal(_ folder: Int32, _ name: String, _ path: String, _ verb: String) -> FileError {
        let code = errno
        if code == ELOOP || code == EMLINK, let type = entryType(folder, name) {
            return notFollowed(path, at: WriteHistory.absolute(path), type: type, verb: verb)
        }
        return JournalFile.error(path, verb, code)
    }

    // MARK: Outputs

    /// Refuses an output (`-o`) that would land on the journal (by name, by
    /// link or by hard link), its editor copies or temporaries, or a file
    /// in the state folder.
    public func checkOutput(_ path: String) throws(FileError) {
        let folder = JournalStore.resolvedPath(JournalStore.parentFolder(of: WriteHistory.absolute(path)))
        let real = folder + "/" + String(path.split(separator: "/").last ?? "")
        var refused = false
        if let resolvedJournal {
            let journalFolder = JournalStore.parentFolder(of: resolvedJournal)
            let journalName = String(resolvedJournal.split(separator: "/").last ?? "")
            refused = real == resolvedJournal || JournalStore.resolvedPath(real) == resolvedJournal
                || (folder == journalFolder && real.dropFirst(folder.count + 1).hasPrefix("." + journalName + "."))
            var mine = stat(), theirs = stat()
            if stat(resolvedJournal.systemPath, &mine) == 0, stat(real.systemPath, &theirs) == 0,
               mine.st_dev == theirs.st_dev, mine.st_ino == theirs.st_ino { refused = true }
        }
        if let stateFolder {
            let state = JournalStore.resolvedPath(stateFolder)
            refused = refused || real.hasPrefix(state + "/") || real.hasPrefix(stateFolder + "/")
        }
        if refused {
            throw FileError(kind: .exists, path: path, message: "cannot write \(path.terminalSafe): that is the journal or its undo state; nothing was written",
                            hint: .outputIsJournal)
        }
    }
}
