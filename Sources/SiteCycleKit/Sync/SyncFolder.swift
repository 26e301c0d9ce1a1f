import FoundationEssentials

/// What sync does around the journal that a `FileSystem` cannot: list and
/// move aside the conflict copies beside it, resolve links, and read and
/// write `.gitattributes` (a text file git reads, mode 0644).
package protocol SyncFolder {
    /// Conflict copies a sync client left beside `journal`, sorted.
    func conflictCopies(of journal: String) -> [String]
    /// Moves a merged copy into `.sitecycle-merged/` beside it; the new path.
    func moveAside(_ copy: String) throws(FileError) -> String
    /// `path` with links and `..` resolved (itself when it cannot be).
    func resolvedPath(_ path: String) -> String
    /// A text file's contents; nil when it cannot be read.
    /// A text file's contents; nil when there is no such file. A file that
    /// cannot be read as UTF-8 text is an error, never taken as empty.
    func text(_ path: String) throws(FileError) -> String?
    /// Replaces `.gitattributes` whole, readable by everyone.
    func replaceAttributes(_ path: String, with bytes: [UInt8]) throws(FileError)
    /// Takes group and other permissions off a file; whether it had any.
    func makePrivate(_ path: String) throws(FileError) -> Bool
    /// Keeps `bytes` as a new private file named `name` in `folder` (made
    /// 0700 if need be), never over another; its path.
    func saveAside(_ bytes: [UInt8], as name: String, in folder: String) throws(FileError) -> String
    /// What a conflict copy is when it is no regular file ("a symbolic
    /// link"): sync leaves it alone and says so; nil for a file.
    func notAFile(_ path: String) -> String?
    /// Refuses a folder sync keeps files in (`.sitecycle-merged/`,
    /// `.git/sitecycle/`) that is there but no real folder: asked before
    /// the journal is changed.
    func requireFolderOrNothing(_ path: String) throws(FileError)
}

extension SyncFolder {
    package func notAFile(_ path: String) -> String? { nil }
    package func requireFolderOrNothing(_ path: String) throws(FileError) {}
}

/// The disk: `ConflictCopies` and `JournalStore`.
package struct POSIXSyncFolder: SyncFolder {
    package init() {}
    package func conflictCopies(of journal: String) -> [String] { ConflictCopies.find(for: journal) }
    package func moveAside(_ copy: String) throws(FileError) -> String { try ConflictCopies.moveAside(copy) }
    package func resolvedPath(_ path: String) -> String { JournalStore.resolvedPath(path) }
    package func text(_ path: String) throws(FileError) -> String? {
        guard FilePolicy.beside(path).entryExists(path) else { return nil }
        let bytes = try FilePolicy.beside(path).read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(kind: .other, path: path, message: "\(path.terminalSafe) is not UTF-8 text, so it was left as it is",
                            hint: .addAttributesLineByHand)
        }
        return text
    }
    package func replaceAttributes(_ path: String, with bytes: [UInt8]) throws(FileError) {
        try FilePolicy.beside(path).replace(path, with: bytes, newMode: 0o644)
    }
    package func makePrivate(_ path: String) throws(FileError) -> Bool { try JournalFile.makePrivate(path) }
    package func saveAside(_ bytes: [UInt8], as name: String, in folder: String) throws(FileError) -> String {
        try ConflictCopies.saveAside(bytes, as: name, in: folder)
    }
    package func notAFile(_ path: String) -> String? { FilePolicy.beside(path).otherThanFile(path) }
    package func requireFolderOrNothing(_ path: String) throws(FileError) {
        try FilePolicy.beside(path).requireFolderOrNothing(path)
    }
}
