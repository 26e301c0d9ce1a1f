import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct JournalLocationTests {
    @Test func theDefaultUsesHOMEThenThePasswdHome() {
        let withHome = JournalLocation.resolve(flag: nil, environment: ["HOME": "/home/pat"], passwdHome: { "/elsewhere" })
        #expect(withHome.path == "/home/pat/.local/share/sitecycle/sites.journal")
        let noHOME = JournalLocation.resolve(flag: nil, environment: [:], passwdHome: { "/home/pat" })
        #expect(noHOME.path == "/home/pat/.local/share/sitecycle/sites.journal")
        #expect(noHOME.origin == .xdgDefault)
        let emptyHOME = JournalLocation.resolve(flag: nil, environment: ["HOME": ""], passwdHome: { "/home/pat/" })
        #expect(emptyHOME.path == "/home/pat/.local/share/sitecycle/sites.journal")
    }

    @Test func noHomeAtAllIsNoPathRatherThanATilde() {
        let none = JournalLocation.resolve(flag: nil, environment: [:], passwdHome: { nil })
        #expect(none.origin == .noHome)
        #expect(none.path.isEmpty)
        // A flag or $SITECYCLE_FILE still works.
        #expect(JournalLocation.resolve(flag: "j", environment: [:], passwdHome: { nil }).path == "j")
        #expect(JournalLocation.resolve(flag: nil, environment: ["SITECYCLE_FILE": "/j"], passwdHome: { nil }).path == "/j")
    }

    /// The passwd file is read by sitecycle itself (no name-service
    /// module can be loaded into the static binary): the first line for
    /// the uid, as glibc takes it.
    @Test func thePasswdHomeIsTheFirstLineForTheUid() {
        let passwd = Array("""
            # a comment:x:1000:1000::/not/this:/bin/sh
            root:x:0:0:root:/root:/bin/bash
            +nis:x:1000:1000::/nis/home:/bin/sh
            pat:x:1000:1000:Pat,,,:/home/pat:/bin/zsh
            again:x:1000:1000::/home/again:/bin/sh
            nohome:x:1001:1001:::/bin/sh
            relative:x:1002:1002::home/rel:/bin/sh
            short:x:1003
            big:x:4294967296:0::/home/big:/bin/sh
            caf\u{e9}:x:1004:1004::/home/caf\u{e9}:/bin/sh
            """.utf8)
        #expect(PasswdHome.home(of: 0, in: passwd) == "/root")
        #expect(PasswdHome.home(of: 1000, in: passwd) == "/home/pat")
        #expect(PasswdHome.home(of: 1001, in: passwd) == nil)
        #expect(PasswdHome.home(of: 1002, in: passwd) == nil)
        #expect(PasswdHome.home(of: 1003, in: passwd) == nil)
        #expect(PasswdHome.home(of: 0xFFFF_FFFF, in: passwd) == nil)
        #expect(PasswdHome.home(of: 1004, in: passwd) == "/home/caf\u{e9}")
        #expect(PasswdHome.home(of: 4321, in: passwd) == nil)
        #expect(PasswdHome.home(of: 0, in: Array("root:x:0:0::/root:/bin/sh\r\n".utf8)) == "/root")
    }
}

struct ReadLimitTests {
    @Test func theLimitCanOnlyBeLowered() {
        #expect(JournalFile.readLimit(environment: [:]) == 256 << 20)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "1000"]) == 1000)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "999999999999"]) == 256 << 20)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "0"]) == 256 << 20)
        #expect(JournalFile.readLimit(environment: ["SITECYCLE_MAX_BYTES": "lots"]) == 256 << 20)
    }
}

/// Undo records: the smallest whole-line difference, and fingerprints that
/// tell the file a write left from any other.
struct WriteRecordTests {
    /// An append is recorded without making the new file: the record and
    /// both fingerprints are the ones the whole new file would give.
    @Test func anAppendRecordsWhatTheWholeFileWould() {
        var r = SeededRandom(seed: 31)
        let alphabet = Array("ab \n;2-".utf8)
        for _ in 0..<400 {
            let before = (0..<r.int(200)).map { _ in alphabet[r.int(alphabet.count)] }
            let appended = (0..<r.int(70)).map { _ in alphabet[r.int(alphabet.count)] }
            let whole = WriteRecord(command: "log a", writtenAt: 7, before: before, after: before + appended)
            let append = WriteRecord(command: "log a", writtenAt: 7, before: before, appended: appended)
            #expect(append == whole)
            #expect(WriteRecord.fingerprint(before, followedBy: appended) == WriteRecord.fingerprint(before + appended))
        }
    }

    let before = Array("timezone UTC\nlocation A\nlocation B\n\n2026-01-01 08:00  A\n".utf8)
    let after = Array("timezone UTC\nlocation A\nlocation B\n\n2026-01-01 08:00  A\n2026-01-04 08:00  B\n".utf8)

    @Test func aRecordHoldsOnlyTheChangedLinesAndReverses() {
        let record = WriteRecord(command: "log B", writtenAt: 0, before: before, after: after)
        #expect(record.removed.isEmpty)
        #expect(String(decoding: record.inserted, as: UTF8.self) == "2026-01-04 08:00  B\n")
        #expect(WriteRecord.decode(record.encoded()) == record)
        #expect(record.reverse(after) == .restored(before))
        var edited = after
        edited[edited.count - 2] = UInt8(ascii: "A")
        #expect(record.reverse(edited) == .changedSince)
    }

    /// Files long enough for the block-wise comparison and the word-wise
    /// fingerprint: one byte changed anywhere is seen.
    @Test func oneByteChangedAnywhereInABigFileIsSeen() {
        var big: [UInt8] = []
        for i in 0..<5_000 { big += Array("2026-01-01 08:00  Site \(i)\n".utf8) }
        for position in [0, 7, 4_095, 4_096, big.count / 2, big.count - 33, big.count - 2] {
            var other = big
            other[position] ^= 0x01
            #expect(WriteRecord.fingerprint(other) != WriteRecord.fingerprint(big))
            let record = WriteRecord(command: "x", writtenAt: 0, before: big, after: other)
            #expect(record.reverse(other) == .restored(big))
            #expect(record.removed.count < 40 && record.inserted.count < 40)
        }
    }

    /// The state folder of a journal (undo history, reminder state) keeps
    /// the name earlier versions gave it, whatever format records use:
    /// after an upgrade, `undo` still finds the writes made before.
    @Test func theStateFolderNameNeverChanges() {
        #expect(StateFolder.key(forJournal: "/nonexistent-sitecycle/sites.journal") == "e2da33427e256e47")
    }

    /// A record written by the first format (byte-wise fingerprint) still
    /// undoes after an upgrade.
    @Test func aFirstFormatRecordStillUndoes() throws {
        var old = WriteRecord(command: "log B", writtenAt: 0, before: before, after: after)
        old.format = 1
        old.beforeFingerprint = WriteRecord.fingerprint(before, format: 1)
        old.afterFingerprint = WriteRecord.fingerprint(after, format: 1)
        let encoded = old.encoded()
        #expect(String(decoding: encoded.prefix(16), as: UTF8.self) == "sitecycle-undo 1")
        let read = try #require(WriteRecord.decode(encoded))
        #expect(read.format == 1)
        #expect(read.reverse(after) == .restored(before))
    }
}
