#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The writes this tool made to one journal, newest last, so that `undo`
/// can reverse exactly the last one — not "the newest entry".
///
/// Each record keeps the lines a write took out and the lines it put in
/// (whole lines, between the unchanged start and end of the file), and a
/// fingerprint of the file before and after. Reversing needs the journal
/// to be exactly as that write left it: a hand edit or a sync since then
/// makes `undo` refuse rather than guess.
///
/// Records live in `$XDG_STATE_HOME/sitecycle/undo/<key>/` (else
/// `~/.local/state/…`), one file per write, private (0600), the folder keyed
/// by the journal's real path.
public struct WriteRecord: Equatable, Sendable {
    /// What was run, in the user's words: `delete last`, `log lfa`.
    public var command: String
    /// When it was written (seconds since 1970, UTC).
    public var writtenAt: Int64
    /// Byte offset where the changed lines start (the same in both files).
    public var offset: Int
    /// The lines the write took out, and the lines it put in their place.
    public var removed: [UInt8]
    public var inserted: [UInt8]
    public var beforeFingerprint: UInt64
    public var afterFingerprint: UInt64
    /// Which fingerprint the record was written with (1: byte-wise).
    public var format = WriteRecord.format

    /// The format records are written in now.
    public static let format = 2

    /// The times a record may say it was written: years 0001 to 9999.
    public static let writtenRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// The record of a write from `before` to `after`, as whole lines.
    public init(command: String, writtenAt: Int64, before: [UInt8], after: [UInt8]) {
        var start = WriteRecord.commonPrefix(before, after)
        while start > 0, before[start - 1] != 0x0A { start -= 1 }  // back to a line start
        let shorter = min(before.count, after.count)
        var tail = WriteRecord.commonSuffix(before, after, limit: shorter - start)
        // Forward to a line start, so both sides hold whole lines.
        while tail > 0, before.count - tail > 0, before[before.count - tail - 1] != 0x0A { tail -= 1 }
        self.command = command
        self.writtenAt = writtenAt
        offset = start
        removed = Array(before[start..<(before.count - tail)])
        inserted = Array(after[start..<(after.count - tail)])
        beforeFingerprint = WriteRecord.fingerprint(before)
        afterFingerprint = WriteRecord.fingerprint(after)
    }

    /// The record of a write that only added `appended` at the end of
    /// `before`: the same record as from `before` to `before + appended`,
    /// without comparing or copying the whole file.
    public init(command: String, writtenAt: Int64, before: [UInt8], appended: [UInt8]) {
        // The steps of the general init, on the new file as the two parts:
        // all of `before` is a common prefix, and only its last line can
        // share a suffix with the new file.
        let total = before.count + appended.count
        @inline(__always) func after(_ j: Int) -> UInt8 { j < before.count ? before[j] : appended[j - before.count] }
        var start = before.count
        while start > 0, before[start - 1] != 0x0A { start -= 1 }  // back to a line start
        var tail = 0
        while tail < before.count - start, before[before.count - 1 - tail] == after(total - 1 - tail) { tail += 1 }
        while tail > 0, before.count - tail > 0, before[before.count - tail - 1] != 0x0A { tail -= 1 }
        self.command = command
        self.writtenAt = writtenAt
        offset = start
        removed = Array(before[start..<(before.count - tail)])
        inserted = (start..<(total - tail)).map(after)
        beforeFingerprint = WriteRecord.fingerprint(before)
        afterFingerprint = WriteRecord.fingerprint(before, followedBy: appended)
    }

    /// How many leading bytes two files share, compared a block at a time.
    static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let n = min(a.count, b.count)
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var i = 0
                while i + 4096 <= n, memcmp(pa.baseAddress! + i, pb.baseAddress! + i, 4096) == 0 { i += 4096 }
                while i < n, pa[i] == pb[i] { i += 1 }
                return i
            }
        }
    }

    /// How many trailing bytes two files share, at most `limit`.
    static func commonSuffix(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var tail = 0
                while tail + 4096 <= limit,
                      memcmp(pa.baseAddress! + (pa.count - tail - 4096), pb.baseAddress! + (pb.count - tail - 4096), 4096) == 0 {
                    tail += 4096
                }
                while tail < limit, pa[pa.count - 1 - tail] == pb[pb.count - 1 - tail] { tail += 1 }
                return tail
            }
        }
    }

    package init(command: String, writtenAt: Int64, offset: Int, removed: [UInt8], inserted: [UInt8],
         beforeFingerprint: UInt64, afterFingerprint: UInt64) {
        self.command = command
        self.writtenAt = writtenAt
        self.offset = offset
        self.removed = removed
        self.inserted = inserted
        self.beforeFingerprint = beforeFingerprint
        self.afterFingerprint = afterFingerprint
    }

    /// FNV-1a over the bytes and their count: enough to tell "exactly the
    /// file this write left" from any edit since. Four lanes over 8-byte
    /// words (a byte at a time took 10 ms a write on a 4 MB journal); records
    /// of the first format keep their byte-wise fingerprint.
    public static func fingerprint(_ bytes: [UInt8], format: Int = WriteRecord.format) -> UInt64 {
        guard format >= 2 else {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in bytes { h = (h ^ UInt64(b)) &* prime }
            return (h ^ UInt64(bytes.count)) &* prime
        }
        return fingerprint(bytes, followedBy: [])
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The fingerprint of `first` and then `second`, as one file, without
    /// making that file: an append's "after" is the journal and its new
    /// lines.
    static func fingerprint(_ first: [UInt8], followedBy second: [UInt8]) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x84222325cbf29ce4, 0x9ce4_8422_2325_cbf2,
                                                      0x2325_cbf2_9ce4_8422)
        /// The whole 32-byte blocks of `raw`; where they end.
        func blocks(_ raw: UnsafeRawBufferPointer) -> Int {
            var i = 0
            while i + 32 <= raw.count {
                lanes.0 = (lanes.0 ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
                lanes.1 = (lanes.1 ^ raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* prime
                lanes.2 = (lanes.2 ^ raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* prime
                lanes.3 = (lanes.3 ^ raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* prime
                i += 32
            }
            return i
        }
        // The first part's blocks in place; what is left of it, with the
        // second part, goes on from there.
        let done = first.withUnsafeBytes(blocks)
        let rest = Array(first[done...]) + second
        var h: UInt64 = 0
        rest.withUnsafeBytes { raw in
            var i = blocks(raw)
            h = lanes.0
            for lane in [lanes.1, lanes.2, lanes.3] { h = ((h ^ (h >> 29)) ^ lane) &* prime }
            while i < raw.count { h = (h ^ UInt64(raw[i])) &* prime; i += 1 }
        }
        return (h ^ UInt64(first.count + second.count)) &* prime
    }

    public enum Reversal: Equatable, Sendable {
        case restored([UInt8])
        /// The journal is no longer what this write left.
        case changedSince
    }

    /// The journal as it was before this write, from the journal as it is.
    public func reverse(_ current: [UInt8]) -> Reversal {
        guard WriteRecord.fingerprint(current, format: format) == afterFingerprint, offset <= current.count,
              inserted.count <= current.count - offset,
              Array(current[offset..<(offset + inserted.count)]) == inserted
        else { return .changedSince }
        let before = Array(current[..<offset]) + removed + Array(current[(offset + inserted.count)...])
        guard WriteRecord.fingerprint(before, format: format) == beforeFingerprint else { return .changedSince }
        return .restored(before)
    }

    /// The 1-based line where the changed lines start.
    public func firstLine(in bytes: [UInt8]) -> Int {
        var line = 1
        for b in bytes[..<min(offset, bytes.count)] where b == 0x0A { line += 1 }
        return line
    }

    // MARK: Encoding

    /// A text header (one `key value` per line, a blank line) and then the
    /// removed and inserted bytes, whose lengths the header gives.
    package func encoded() -> [UInt8] {
        let command = self.command.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : String($0) }.joined()
        let header = """
            sitecycle-undo \(format)
            command \(command)
            written \(writtenAt)
            offset \(offset)
            removed \(removed.count)
            inserted \(inserted.count)
            before \(String(beforeFingerprint, radix: 16))
            after \(String(afterFingerprint, radix: 16))


            """
        return Array(header.utf8) + removed + inserted
    }

    /// Nil for anything that is not a whole, well-formed record.
    package static func decode(_ bytes: [UInt8]) -> WriteRecord? {
        guard let split = bytes.indices.first(where: { $0 + 1 < bytes.count && bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A })
        else { return nil }
        let header = String(decoding: bytes[..<split], as: UTF8.self).split(separator: "\n").map(String.init)
        guard let first = header.first, first.hasPrefix("sitecycle-undo "),
              let format = Int(first.dropFirst("sitecycle-undo ".count)), (1...WriteRecord.format).contains(format)
        else { return nil }
        var fields: [String: String] = [:]
        for line in header.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        // Every number is range-checked before any arithmetic: a record is
        // a file anyone could have changed.
        let body = split + 2
        guard let command = fields["command"], let written = fields["written"].flatMap({ Int64($0) }),
              WriteRecord.writtenRange.contains(written),
              let offset = fields["offset"].flatMap({ Int($0) }), offset >= 0,
              let removedCount = fields["removed"].flatMap({ Int($0) }), (0...(bytes.count - body)).contains(removedCount),
              let insertedCount = fields["inserted"].flatMap({ Int($0) }), (0...(bytes.count - body)).contains(insertedCount),
              let before = fields["before"].flatMap({ UInt64($0, radix: 16) }),
              let after = fields["after"].flatMap({ UInt64($0, radix: 16) })
        else { return nil }
        guard bytes.count - body == removedCount + insertedCount else { return nil }
        var record = WriteRecord(command: command, writtenAt: written, offset: offset,
                                 removed: Array(bytes[body..<(body + removedCount)]),
                                 inserted: Array(bytes[(body + removedCount)...]),
                                 beforeFingerprint: before, afterFingerprint: after)
        record.format = format
        return record
    }
}

/// The folder of write records for one journal, read and written through
/// a `FileSystem`.
public struct WriteHistory {
    /// How many writes are kept; older ones are forgotten.
    public static let limit = 50

    public let folder: String
    public let fileSystem: FileSystem
    /// The journal, whose conflict copies keep deleted lines remembered
    /// (`keptDeletions`); nil: none are looked for.
    public let journal: String?

    /// The history of the journal at `journalPath`, under the state folder
    /// the environment names; nil when there is no home to put it in.
    public init?(journalPath: String, environment: [String: String], fileSystem: FileSystem = POSIXFileSystem()) {
        guard let state = StateFolder.path(environment: environment) else { return nil }
        self.init(folder: StateFolder.place("undo", forJournal: journalPath, in: state), fileSystem: fileSystem,
                  journal: journalPath)
    }

    /// The history kept in `folder`, of `journal` when given.
    public init(folder: String, fileSystem: FileSystem, journal: String? = nil) {
        self.folder = folder
        self.fileSystem = fileSystem
        self.journal = journal
    }

    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return SystemPath.string(cString: cwd) + "/" + path
    }

    /// Record numbers are 1 to 999,999,999: a file named otherwise is no
    /// record of ours, and no arithmetic on its number can overflow.
    public static let numberRange = 1...999_999_999

    /// Record numbers present, oldest first.
    package func numbers() -> [Int] {
        recordFiles().compactMap(\.number).sorted()
    }

    /// Every `*.undo` file in the folder, with its number when it is one.
    private func recordFiles() -> [(name: String, number: Int?)] {
        fileSystem.names(in: folder).filter { $0.hasSuffix(".undo") }.map { name in
            (name, Int(name.dropLast(5)).flatMap { WriteHistory.numberRange.contains($0) ? $0 : nil })
        }
    }

    /// The `*.undo` files that are not records undo can read (a bad name,
    /// a bad number in a field, cut short), sorted: skipped, and said so.
    public func unreadable() -> [String] {
        recordFiles().filter { file in
            guard let n = file.number else { return true }
            return (try? fileSystem.read(path(n))).flatMap(WriteRecord.decode) == nil
        }.map { folder + "/" + $0.name }.sorted()
    }

    package func path(_ number: Int) -> String {
        let digits = String(number)
        return folder + "/" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".undo"
    }

    /// Adds a record (private, the folder made if need be) and forgets the
    /// oldest beyond the limit, keeping what they deleted for as long as a
    /// conflict copy could bring it back (`deletedLines`).
    public func append(_ record: WriteRecord) throws(FileError) {
        // Read first: a link at its name stops the record here, named, as
        // a link at the history's folder does.
        let deletions = try readDeletions()
        var existing = numbers()
        if let last = existing.last, last >= WriteHistory.numberRange.upperBound {
            // Numbering has run out (only a hand-made file can do that):
            // start again rather than fail after the journal was written.
            for n in existing { try? fileSystem.remove(path(n)) }
            existing = []
        }
        try fileSystem.create(path((existing.last ?? 0) + 1), with: record.encoded())
        let forgotten = existing.dropLast(max(0, WriteHistory.limit - 1))
        let taken = forgotten.compactMap { n in (try? fileSystem.read(path(n))).flatMap(WriteRecord.decode) }
            .flatMap { old in old.netRemovedEntryLines.map { DeletedLine(line: Array($0), deletedAt: old.writtenAt) } }
        if !taken.isEmpty || !deletions.isEmpty {
            let kept = keptDeletions(deletions + taken, now: record.writtenAt)
            let changed = !taken.isEmpty || kept.count != deletions.count
            // Not kept on disk: the records stay, forgotten next time.
            if changed, (try? writeDeletions(kept)) == nil { return }
        }
        for n in forgotten { try? fileSystem.remove(path(n)) }
    }

    /// Records, newest first; unreadable files are skipped.
    public func records() -> [(number: Int, record: WriteRecord)] {
        numbers().reversed().compactMap { n in
            (try? fileSystem.read(path(n))).flatMap(WriteRecord.decode).map { (n, $0) }
        }
    }

    /// The first folder on the way from the state folder `state` to this
    /// history that is a link (or anything but a real folder), and what it
    /// is: the file policy reads nothing through it, so the history reads
    /// as empty, and `undo` names it rather than saying there is nothing.
    public func folderNotFollowed(below state: String) -> (path: String, kind: String)? {
        guard folder.hasPrefix(state + "/") else { return nil }
        let policy = FilePolicy(stateFolder: state)
        var path = state
        // The state folder itself (`…/sitecycle`), then each one below it.
        for part in [""] + folder.dropFirst(state.count + 1).split(separator: "/").map(String.init) {
            if !part.isEmpty { path += "/" + part }
            if let kind = policy.otherThanFile(path), kind != JournalFile.typeName(S_IFDIR) { return (path, kind) }
        }
        return nil
    }

    public func forget(_ number: Int) {
        try? fileSystem.remove(path(number))
    }
}
