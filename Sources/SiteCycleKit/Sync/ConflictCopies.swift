#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a sync client leaves beside the journal when two devices changed
/// it at once: Syncthing's `NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT`,
/// Dropbox's and Nextcloud's `NAME (… conflicted copy …).EXT`.
package enum ConflictCopies {
    /// The conflict copies beside the journal on the disk.
    package static func find(for journal: String) -> [String] {
        let path = JournalStore.resolvedPath(journal)
        return find(for: path, in: POSIXFileSystem(policy: FilePolicy.beside(path)))
    }

    /// The conflict copies beside the file `journal` finally names, listed
    /// through `fileSystem` (a test's in memory), sorted.
    package static func find(for journal: String, in fileSystem: FileSystem) -> [String] {
        let path = fileSystem.resolvedPath(journal)
        let folder = JournalStore.parentFolder(of: path)
        let file = String(path.split(separator: "/").last ?? "")
        let (stem, ext) = split(file)
        var copies: [String] = []
        for name in fileSystem.names(in: folder) {
            guard name != file, name.hasPrefix(stem), ext.isEmpty || name.hasSuffix("." + ext) else { continue }
            let middle = name.dropFirst(stem.count).dropLast(ext.isEmpty ? 0 : ext.count + 1)
            if middle.hasPrefix(".sync-conflict-") || (middle.hasPrefix(" (") && middle.contains("conflicted copy") && middle.hasSuffix(")")) {
                copies.append(folder + "/" + name)
            }
        }
        return copies.sorted()
    }

    package static func split(_ file: String) -> (stem: String, ext: String) {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return (file, "") }
        return (String(file[..<dot]), String(file[file.index(after: dot)...]))
    }

    /// Writes `bytes` as a new file (0600) in `folder`, numbered like a
    /// moved copy when the name is taken.
    package static func saveAside(_ bytes: [UInt8], as name: String, in folder: String) throws(FileError) -> String {
        let policy = FilePolicy.beside(folder)
        try policy.createFolder(folder)
        var target = folder + "/" + name
        var n = 1
        while policy.entryExists(target) { n += 1; target = folder + "/\(n)-" + name }
        try policy.create(target, with: bytes)
        return target
    }

    /// Where merged copies go: `.sitecycle-merged/` beside `copy`.
    package static func asideFolder(of copy: String) -> String {
        JournalStore.parentFolder(of: copy) + "/.sitecycle-merged"
    }

    /// Moves a merged copy into `.sitecycle-merged/` beside the journal:
    /// out of the way, never deleted unread.
    package static func moveAside(_ copy: String) throws(FileError) -> String {
        let folder = asideFolder(of: copy)
        let policy = FilePolicy.beside(copy)
        try policy.createFolder(folder)
        let name = String(copy.split(separator: "/").last ?? "copy")
        var target = folder + "/" + name
        var n = 1
        while policy.entryExists(target) { n += 1; target = folder + "/\(n)-" + name }
        try policy.move(copy, to: target)
        // A sync client copies the journal's mode, or its own default:
        // kept aside, it is health data like the journal.
        _ = try? policy.makePrivate(target)
        return target
    }
}
