import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The two forms of `FileSystem` agree: what a service does in a test's
/// memory is what it does on the disk.
struct FileSystemTests {
    /// Creates, replaces, moves, removes and lists under `root`; what it
    /// saw, to compare.
    func exercise(_ fs: FileSystem, root: String) -> [String] {
        var seen: [String] = []
        func note(_ what: String) { seen.append(what) }
        let file = root + "/state/undo/00000001.undo"
        do throws(FileError) {
            try fs.create(file, with: Array("one".utf8))
            note("created \(fs.exists(file))")
        } catch { note("create failed \(error.kind)") }
        do throws(FileError) { try fs.create(file, with: []) } catch { note("second create \(error.kind)") }
        do throws(FileError) { try fs.replace(file, with: Array("two".utf8), mode: 0o600) } catch { note("replace failed") }
        note("read " + String(decoding: (try? fs.read(file)) ?? [], as: UTF8.self))
        try? fs.create(root + "/state/undo/00000002.undo", with: [])
        note("names " + fs.names(in: root + "/state/undo").sorted().joined(separator: ","))
        do throws(FileError) { try fs.move(file, to: file + ".aside") } catch { note("move failed") }
        note("moved \(fs.exists(file)) \(fs.entryExists(file + ".aside"))")
        do throws(FileError) { try fs.remove(file + ".aside") } catch { note("remove failed") }
        do throws(FileError) { try fs.remove(file + ".aside") } catch { note("second remove \(error.kind)") }
        note("names " + fs.names(in: root + "/state/undo").sorted().joined(separator: ","))
        note("none " + fs.names(in: root + "/nothing").joined())
        return seen
    }

    @Test func posixAndInMemoryAgree() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-fs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let memory = InMemoryFileSystem()
        let onDisk = exercise(POSIXFileSystem(), root: dir)
        #expect(onDisk == exercise(memory, root: dir))
        #expect(onDisk.contains("second create exists") && onDisk.contains("second remove notFound"))
        // Created private, on the disk as in memory.
        let created = dir + "/state/undo/00000002.undo"
        let mode = try FileManager.default.attributesOfItem(atPath: created)[.posixPermissions] as? Int
        #expect(mode == 0o600 && memory.modes[created] == 0o600)
    }

    @Test func aDanglingSymlinkIsAnEntryButNoFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-fs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let link = dir + "/sites.journal"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir + "/gone")
        let fs = POSIXFileSystem(policy: FilePolicy(journal: link))
        #expect(!fs.exists(link) && fs.entryExists(link))
        #expect(throws: FileError.self) { try fs.create(link, with: []) }
        guard case .danglingSymlink(link)? = { () -> InitRefusal? in
            do throws(InitRefusal) { try InitService(fileSystem: fs).check(JournalLocation(path: link, origin: .flag)) } catch {
                return error
            }
            return nil
        }() else { Issue.record("expected a dangling symlink refusal"); return }
    }
}
