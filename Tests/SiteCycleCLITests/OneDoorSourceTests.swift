import Foundation
import Testing
import SiteCycleTestSupport

/// Issue 28 item 2, "one write path", held as a property of the source:
/// the command line changes the journal only by handing the Kit a typed
/// request (`Invocation.change` → `JournalTransaction.run(_:clock:notes:)`),
/// so no code of its own runs under the lock, and no refusal is smuggled
/// through the Kit as an opaque error.
struct OneDoorSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func sources(_ folder: String) throws -> [(path: String, text: String)] { try swiftSources(folder) }

    @Test func theCommandLineOpensOneTransactionAndHandsItARequest() throws {
        let cli = try sources("Sources/SiteCycleCLI")
        #expect(cli.count > 20)
        let opening = cli.filter { $0.text.contains("JournalTransaction(") }.map(\.path)
        #expect(opening == ["JournalChange.swift"])
        for (path, text) in cli {
            // A closure handed to a transaction would run the command line's
            // own code under the lock.
            #expect(!text.contains("transaction.run {") && !text.contains("transaction.replace {"), "\(path)")
            #expect(!text.contains(".run({"), "\(path)")
        }
        let change = try #require(cli.first { $0.path == "JournalChange.swift" }?.text)
        #expect(change.contains("transaction.run(request, clock: clock, notes: &notes)"))
    }

    /// The release binary is a static executable: glibc's name-service
    /// modules, which `getpwuid` and its kin load for a user /etc/passwd
    /// does not list, crash it. So nothing calls them, directly or through
    /// Foundation's user and owner lookups; `PasswdHome` reads the file.
    @Test func nothingLooksUpAUserThroughTheNameService() throws {
        let calls = ["getpw", "getgr", "getlogin", "homeDirectory", "NSUserName", "NSHomeDirectory", "attributesOfItem",
                     "expandingTildeInPath", "ownerAccountName", "getaddrinfo", "gethostbyname", "dlopen("]
        let shipped = try ["Sources/SiteCycleKit", "Sources/SiteCycleCLI", "Sources/sitecycle"].flatMap(sources)
        #expect(shipped.count > 100)
        for (path, text) in shipped {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            for call in calls { #expect(!code.contains { $0.contains(call) }, "\(path) calls \(call)") }
        }
        // The one use of FileManager reads a link, which asks no one.
        for (path, text) in shipped where text.contains("FileManager") {
            let uses = text.components(separatedBy: "FileManager.default.").dropFirst()
            #expect(uses.allSatisfy { $0.hasPrefix("destinationOfSymbolicLink(") }, "\(path)")
        }
    }

    @Test func noRefusalIsCarriedAsAnOpaqueError() throws {
        for (path, text) in try sources("Sources") {
            #expect(!text.contains("callerRefused") && !text.contains("CallerError"), "\(path)")
        }
    }

    /// `JournalStore` writes the journal; only `FileSystem` calls it, and
    /// only a transaction replaces the journal through `FileSystem`.
    @Test func onlyTheFileSystemWritesTheJournalStore() throws {
        let writers = try sources("Sources").filter { $0.text.contains("JournalStore.replace(") }.map(\.path)
        #expect(writers == ["SiteCycleKit/System/FileSystem.swift"])
    }

    /// Issue 41 item 4: reads come through the same door. The command line
    /// reads a file the person named (`import FILE`, `--cgm FILE`, the
    /// journal completion reads) through `FileSystem.readInput`, so tests
    /// can hand it a fake, never by calling the disk itself.
    @Test func theCommandLineReadsThroughTheFileSystem() throws {
        for (path, text) in try sources("Sources/SiteCycleCLI") {
            for call in ["JournalFile.read(", "JournalFile.readMapped(", "opendir(", "fopen(", "FileManager.default.contents("] {
                #expect(!text.contains(call), "\(path) calls \(call)")
            }
        }
        // Conflict copies are listed through the file system too.
        let copies = try #require(try sources("Sources/SiteCycleKit").first { $0.path.hasSuffix("Sync/ConflictCopies.swift") })
        #expect(!copies.text.contains("opendir(") && !copies.text.contains("readdir("))
        let readers = try sources("Sources/SiteCycleCLI").filter { $0.text.contains(".readInput(") }.map(\.path).sorted()
        #expect(readers.contains("Options/CGMFiles.swift") && readers.contains("Commands/Import/ImportCommand.swift")
                && readers.contains("Completion.swift") && readers.contains("Options/GlucoseEvidence.swift"), "\(readers)")
    }
}
