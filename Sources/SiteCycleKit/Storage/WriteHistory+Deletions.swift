#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `deleted-entries`: the entry lines this machine's forgotten writes took
/// out, beside the undo records. A conflict copy made before such a write
/// still has the line, and without it the merge would take the line for
/// the copy's new entry and bring it back (`ConflictCopyMerge`).
///
/// A line is kept only while a conflict copy could bring it back: while a
/// conflict copy beside the journal was last changed at or before the
/// deletion; before such a copy was seen, while one may still come; and
/// never longer than 90 days. The file is pruned whenever it
/// is read or written (every write of the journal, every `sync`), and
/// removed once nothing is left in it.
///
/// Format 2: a header line, then one line per deleted entry line, the
/// deletion's time first (seconds since 1970, UTC) and a space. Format 1
/// had no times: its lines count as deleted when the file was last
/// changed, which is no earlier than any of their deletions, so none is
/// dropped sooner than its own time would have dropped it.
extension WriteHistory {
    /// One deleted entry line, and when the write that took it out ran.
    package struct DeletedLine: Equatable, Sendable {
        package var line: [UInt8]
        package var deletedAt: Int64
        /// A conflict copy older than the deletion has been seen beside the
        /// journal (written `+` after the time): once no such copy is there,
        /// `sync` has merged them and the line has done its work.
        package var copySeen: Bool

        package init(line: [UInt8], deletedAt: Int64, copySeen: Bool = false) {
            self.line = line
            self.deletedAt = deletedAt
            self.copySeen = copySeen
        }
    }

    /// The file of entry lines that forgotten writes deleted.
    package var deletionsPath: String { folder + "/deleted-entries" }

    /// How many deleted entry lines are kept at most (the newest).
    public static let deletionsLimit = 20_000

    /// The longest a deleted line is kept, in seconds: 90 days.
    public static let deletionsKeptAtMost: Int64 = 90 * 86_400

    /// The format `deleted-entries` is written in now.
    public static let deletionsFormat = 2

    /// Entry lines this machine's writes took out (and did not put back),
    /// from writes whose records are forgotten, that a conflict copy could
    /// still bring back at `now` (`keptDeletions`); the file is pruned to
    /// them. Anything at its name that is not a regular file (a link) is
    /// refused and named, never read through.
    public func deletedLines(now: Int64) throws(FileError) -> Set<[UInt8]> {
        let all = try readDeletions()
        guard !all.isEmpty else { return [] }
        let kept = keptDeletions(all, now: now)
        if kept != all { try? writeDeletions(kept) }
        return Set(kept.map(\.line))
    }

    /// The lines in the file, oldest first; none without a file.
    package func readDeletions() throws(FileError) -> [DeletedLine] {
        guard fileSystem.entryExists(deletionsPath) else { return [] }
        let bytes = try fileSystem.read(deletionsPath)
        let lines = WriteHistory.lines(bytes)
        guard let header = lines.first else { return [] }
        let timed = header.elementsEqual("sitecycle-deleted-entries \(WriteHistory.deletionsFormat)".utf8)
        let untimed = fileSystem.stamp(deletionsPath).map { $0.modified / 1_000_000_000 } ?? Int64(time(nil))
        return lines.dropFirst().compactMap { whole in
            var line = whole, at = untimed, seen = false
            if timed {
                // A sign, digits (13 at most: no overflow), a space.
                let negative = line.first == 0x2D
                let digits = line.startIndex + (negative ? 1 : 0)
                var seconds: Int64 = 0, i = digits
                while i < line.endIndex, i - digits < 13, (0x30...0x39).contains(line[i]) {
                    seconds = seconds * 10 + Int64(line[i] - 0x30)
                    i += 1
                }
                if negative { seconds = -seconds }
                if i > digits, i < line.endIndex, line[i] == UInt8(ascii: "+") {
                    seen = true
                    i += 1
                }
                guard i > digits, i < line.endIndex, line[i] == 0x20,
                      WriteRecord.writtenRange.contains(seconds) else { return nil }
                at = seconds
                line = line[(i + 1)...]
            }
            return ConflictCopyMerge.entryKey(line) == nil ? nil : DeletedLine(line: Array(line), deletedAt: at, copySeen: seen)
        }
    }

    /// The lines of `bytes` as `ConflictCopyMerge.lines` splits them (a
    /// CR before the LF dropped), found with memchr: every write reads
    /// the file, up to 20,000 lines.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var at = 0
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                ends.append(end)
                at = end + 1
            }
        }
        var result: [ArraySlice<UInt8>] = []
        result.reserveCapacity(ends.count + 1)
        var start = 0
        for end in ends {
            result.append(ConflictCopyMerge.trimmed(bytes[start..<end]))
            start = end + 1
        }
        if start < bytes.count { result.append(ConflictCopyMerge.trimmed(bytes[start...])) }
        return result
    }

    /// The lines a conflict copy could still bring back at `now`, each
    /// 90 days at most: while a conflict copy beside the journal was last
    /// changed at or before the deletion (it may still have the line; one
    /// changed after it saw it gone), and, before any such copy was seen,
    /// while one may still come from a computer that was away. Once the
    /// copies that could have it are gone (merged by `sync`), it goes.
    package func keptDeletions(_ lines: [DeletedLine], now: Int64) -> [DeletedLine] {
        let oldestCopy = conflictCopyTimes().min() ?? Int64.max
        return lines.compactMap { line in
            guard now - line.deletedAt < WriteHistory.deletionsKeptAtMost else { return nil }
            if oldestCopy <= line.deletedAt {
                var seen = line
                seen.copySeen = true
                return seen
            }
            return line.copySeen ? nil : line
        }
    }

    /// When each conflict copy of the journal was last changed (seconds);
    /// a link among them is no copy (`sync` leaves it alone).
    private func conflictCopyTimes() -> [Int64] {
        guard let journal else { return [] }
        return ConflictCopies.find(for: journal, in: fileSystem).compactMap { copy in
            fileSystem.stamp(copy).map { $0.modified / 1_000_000_000 }
        }
    }

    /// Writes the lines (the newest `deletionsLimit`), private; removes
    /// the file when there are none.
    package func writeDeletions(_ lines: [DeletedLine]) throws(FileError) {
        guard !lines.isEmpty else {
            if fileSystem.entryExists(deletionsPath) { try fileSystem.remove(deletionsPath) }
            return
        }
        var bytes = Array("sitecycle-deleted-entries \(WriteHistory.deletionsFormat)\n".utf8)
        for l in lines.suffix(WriteHistory.deletionsLimit) { bytes += Array("\(l.deletedAt)\(l.copySeen ? "+" : "") ".utf8) + l.line + [0x0A] }
        try fileSystem.replace(deletionsPath, with: bytes)
    }
}
