import Foundation
import Testing
@testable import SiteCycleKit

#if canImport(Glibc)
import Glibc
#endif

/// Issue 28 item 1: the one door. Below an anchor no link is followed,
/// folder by folder; the journal alone may be one.
struct FilePolicyTests {
    struct Folder {
        let root: String
        var journal: String { root + "/j/sites.journal" }
        var canary: String { root + "/outside/canary" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-policy-\(UUID().uuidString)").path
            for folder in ["j", "outside", "real"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try "secret\n".write(toFile: canary, atomically: true, encoding: .utf8)
            try "timezone UTC\n".write(toFile: root + "/real/sites.journal", atomically: true, encoding: .utf8)
            // The journal itself is a link: the user's choice.
            try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: root + "/real/sites.journal")
        }

        func link(_ name: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
        }
    }

    @Test func theJournalIsFollowedAndNothingElse() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        let fs = POSIXFileSystem(policy: FilePolicy(journal: f.journal))
        #expect(try fs.read(f.journal) == Array("timezone UTC\n".utf8))
        try fs.replace(f.journal, with: Array("timezone UTC\n\n".utf8))
        #expect(try String(contentsOfFile: f.root + "/real/sites.journal", encoding: .utf8) == "timezone UTC\n\n")
        // Files beside it are beside its real file, and no link there is followed.
        try f.link("real/copy", to: f.canary)
        #expect(throws: FileError.self) { try fs.read(f.root + "/real/copy") }
        #expect(throws: FileError.self) { try fs.replace(f.root + "/real/copy", with: [0x41]) }
        #expect(throws: FileError.self) { try fs.create(f.root + "/real/copy", with: [0x41]) }
        #expect(try String(contentsOfFile: f.canary, encoding: .utf8) == "secret\n")
    }

    @Test func noFolderOnTheWayIsALink() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        let policy = FilePolicy(journal: f.journal)
        try f.link("real/.sitecycle-merged", to: f.root + "/outside")
        let through = f.root + "/real/.sitecycle-merged/new"
        do throws(FileError) {
            try policy.create(through, with: [0x41])
            Issue.record("created through a folder link")
        } catch {
            #expect(error.detail.contains(".sitecycle-merged is a symlink; it was left alone"), "\(error.detail)")
            #expect(error.advice == .linksNotFollowed)
        }
        #expect(throws: FileError.self) { try policy.createFolder(f.root + "/real/.sitecycle-merged") }
        #expect(policy.names(in: f.root + "/real/.sitecycle-merged").isEmpty)
        #expect(!policy.entryExists(f.root + "/real/.sitecycle-merged/canary"))
        #expect(throws: FileError.self) { try policy.read(f.root + "/real/../outside/canary") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.root + "/outside") == ["canary"])
        // A real folder is made, private.
        try policy.create(f.root + "/real/new/deeper/file", with: [0x41])
        var st = stat()
        #expect(stat(f.root + "/real/new/deeper", &st) == 0 && st.st_mode & 0o777 == 0o700)
        #expect(stat(f.root + "/real/new/deeper/file", &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test func aFileItDidNotCreateKeepsItsMode() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        let policy = FilePolicy(journal: f.journal)
        let shared = f.root + "/real/.gitattributes"
        try "a\n".write(toFile: shared, atomically: true, encoding: .utf8)
        chmod(shared, 0o664)
        try policy.replace(shared, with: Array("b\n".utf8), newMode: 0o644)
        var st = stat()
        #expect(stat(shared, &st) == 0 && st.st_mode & 0o777 == 0o664)
        // A hard link to someone else's file is not made private.
        link(f.canary, f.root + "/real/hard")
        chmod(f.canary, 0o644)
        #expect(try policy.makePrivate(f.root + "/real/hard") == false)
        #expect(stat(f.canary, &st) == 0 && st.st_mode & 0o777 == 0o644)
    }

    @Test func anOutputOnTheJournalIsRefused() throws {
        let f = try Folder()
        defer { try? FileManager.default.removeItem(atPath: f.root) }
        let policy = FilePolicy(journal: f.journal, stateFolder: f.root + "/state")
        for output in [f.journal, f.root + "/real/sites.journal", f.root + "/real/.sites.journal.edit",
                       f.root + "/state/undo/x/00000001.undo"] {
            #expect(throws: FileError.self, "\(output)") { try policy.checkOutput(output) }
        }
        try policy.checkOutput(f.root + "/real/export.csv")
    }
}
