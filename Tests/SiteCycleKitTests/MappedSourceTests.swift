import Foundation
import Testing
@testable import SiteCycleKit

/// A big journal is mapped, not copied, by the commands that only read
/// it, and its pages are released behind each pass (`ReadingWindow`). The
/// journal read that way must be the journal read into an array: every
/// change, note and message the same.
struct MappedSourceTests {
    /// About 5 MB, so each pass moves its window past the 4 MB mark: notes,
    /// continuation lines, a CRLF line, bad lines and no final line break.
    static func bigJournal() -> [UInt8] {
        var text = "timezone Europe/Berlin\nlocation Left Arm\nlocation Right Arm\n\n"
        var minutes = 0
        for i in 0..<180_000 {
            minutes += 4_320 + i % 17
            let day = minutes / 1_440, hour = minutes % 1_440 / 60, minute = minutes % 60
            let date = CivilDate(daysSinceEpoch: Int64(day) + 10_957)
            let stamp = "\(date.year)-\(pad2(date.month))-\(pad2(date.day)) \(pad2(hour)):\(pad2(minute))"
            text += "\(stamp)  \(i % 2 == 0 ? "Left Arm" : "Right Arm")"
            if i % 5 == 0 { text += "  ; note \(i)" }
            text += i % 9_999 == 0 ? "\r\n" : "\n"
            if i % 7_001 == 0 { text += "    ; and a second line\n" }
            if i % 50_001 == 0 { text += "not a line of a journal\n" }
        }
        text += "; the end, with no line break"
        return Array(text.utf8)
    }

    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString).journal").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aMappedJournalReadsAsTheSameJournal() throws {
        let bytes = Self.bigJournal()
        #expect(bytes.count > 4 << 20 + 1 << 20)
        let path = try Self.write(bytes)
        defer { unlink(path) }
        let mapped = try JournalFile.readMapped(path)
        #expect(mapped.isMapped)
        #expect(mapped.same(as: bytes))
        let zone = try #require(ZoneRules.named("Europe/Berlin"))
        let fromMap = JournalBuilder.load(SourceFile(path: path, bytes: mapped), defaultZone: zone)
        let fromArray = JournalBuilder.load(SourceFile(path: path, bytes: bytes), defaultZone: zone)
        #expect(fromMap.changes.count > 170_000)
        #expect(fromMap.changes == fromArray.changes)
        #expect(fromMap.diagnostics == fromArray.diagnostics)
        #expect(fromMap.diagnostics.errors.filter { $0.code == .unknownDirective }.count == 4)
        #expect(fromMap.changes.map { fromMap.note(of: $0) } == fromArray.changes.map { fromArray.note(of: $0) })
        // Pages released by the passes come back when read again.
        #expect(fromMap.source.reassembled() == bytes)
        #expect(fromMap.source.lineText(5) == fromArray.source.lineText(5))
    }

    /// Each pass asks for its window; a window already mapped in is not
    /// asked of the kernel again, and one released is.
    @Test func aWindowAlreadyMappedInIsNotAskedForAgain() throws {
        let page = 4096, bytes = [UInt8](repeating: 0x0A, count: 40 * page + 100)
        let path = try Self.write(bytes)
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let file = try #require(MappedFile(fd: fd, count: bytes.count))
        #expect(file.knownMappedIn.isEmpty)
        file.populate(0..<(10 * page))
        #expect(file.knownMappedIn == 0..<(10 * page))
        file.populate(100..<(5 * page))  // inside: nothing asked, nothing changes
        #expect(file.knownMappedIn == 0..<(10 * page))
        file.populate((8 * page + 7)..<(20 * page))  // overlapping: grows
        #expect(file.knownMappedIn == 0..<(20 * page))
        file.populate((30 * page)..<(1 << 30))  // apart, and past the end
        #expect(file.knownMappedIn == (30 * page)..<(41 * page))
        file.release(0..<(32 * page))  // the start of it released
        #expect(file.knownMappedIn == (32 * page)..<(41 * page))
        file.release((35 * page)..<(36 * page))  // its middle: nothing known
        #expect(file.knownMappedIn.isEmpty)
        file.populate(0..<(1 << 30))
        #expect(file.knownMappedIn == 0..<(41 * page))
        // Every byte reads back after all that.
        #expect(UnsafeBufferPointer(start: file.base, count: file.count).elementsEqual(bytes))
    }

    @Test func smallFilesAreReadAndTheThresholdDecides() throws {
        let bytes = Array("timezone UTC\nlocation A\n\n2026-01-01 08:00  A\n".utf8)
        let path = try Self.write(bytes)
        defer { unlink(path) }
        let read = try JournalFile.readMapped(path)
        #expect(!read.isMapped)
        #expect(read.same(as: bytes))
        let mapped = try JournalFile.readMapped(path, threshold: 1)
        #expect(mapped.isMapped)
        #expect(mapped.array == bytes)
        #expect(mapped.array(13..<23) == Array("location A".utf8))
        // An empty file cannot be mapped; it is read, and is empty.
        let empty = try Self.write([])
        defer { unlink(empty) }
        let none = try JournalFile.readMapped(empty, threshold: 0)
        #expect(!none.isMapped && none.isEmpty)
    }

    @Test func whatIsNoFileIsRefusedBeforeMapping() throws {
        #expect(throws: FileError.self) { try JournalFile.readMapped("/nonexistent/sites.journal") }
        let dir = FileManager.default.temporaryDirectory.path
        let e = try #require(throws: FileError.self) { try JournalFile.readMapped(dir) }
        #expect(e.kind == .isDirectory)
    }
}
