import Foundation
import SiteCycleKit
import Testing

/// Issue 39 item 12: a link planted at `deleted-entries` (what forgotten
/// writes deleted, in the undo folder) is named, its path escaped for the
/// terminal, by a write and by `sync`; never followed or silently skipped.
struct DeletedEntriesLinkTests {
    let root: URL
    /// The state folder's name holds an ESC: printed as `\x1b`.
    var state: String { root.appendingPathComponent("st\u{1b}ate").path }
    var journal: String { root.appendingPathComponent("j/sites.journal").path }
    var outside: String { root.appendingPathComponent("outside.txt").path }
    var link: String { state + "/sitecycle/undo/" + StateFolder.key(forJournal: journal) + "/deleted-entries" }
    var shownLink: String { link.replacingOccurrences(of: "\u{1b}", with: "\\x1b") }

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("j"), withIntermediateDirectories: true)
        try "timezone UTC\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n".write(toFile: journal, atomically: true,
                                                                               encoding: .utf8)
        try "outside\n".write(toFile: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: (link as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
    }

    /// The run, its lines as wrapped for the terminal joined again.
    func run(_ arguments: [String]) throws -> BinaryRunner.Output {
        var r = try BinaryRunner.run(arguments, in: root.appendingPathComponent("j"), environment:
            BinaryRunner.baseEnvironment(home: root.appendingPathComponent("home")).merging([
                "XDG_STATE_HOME": state, "SITECYCLE_FILE": "sites.journal", "SITECYCLE_NOW": "2026-11-05 09:00", "TZ": "UTC",
            ]) { $1 })
        r.stderr = r.stderr.replacingOccurrences(of: "\n +", with: " ", options: .regularExpression)
        return r
    }

    func linkLeftAlone() throws -> Bool {
        let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
        let text = try String(contentsOfFile: outside, encoding: .utf8)
        return kind == .typeSymbolicLink && text == "outside\n"
    }

    @Test func aWriteNamesItAndIsNotRecorded() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try run(["log", "B"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8).hasSuffix("2026-11-05 09:00  B\n"))
        #expect(r.stderr.contains("cannot read \(shownLink): it is a symlink; it was left alone"), "\(r.stderr)")
        #expect(r.stderr.contains("`sitecycle undo` cannot reverse this write"), "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1b}"), "\(r.stderr)")
        #expect(try linkLeftAlone())
    }

    @Test func syncNamesItAndMergesNothing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let copy = root.appendingPathComponent("j/sites.sync-conflict-20261102-120000-ABCDEFG.journal").path
        try "timezone UTC\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n2026-11-03 08:00  B\n"
            .write(toFile: copy, atomically: true, encoding: .utf8)
        let before = try String(contentsOfFile: journal, encoding: .utf8)
        let r = try run(["sync"])
        #expect(r.exitCode != 0)
        #expect(r.stderr.contains("cannot read \(shownLink): it is a symlink; it was left alone"), "\(r.stderr)")
        #expect(r.stderr.contains("remove it"), "the way out: \(r.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == before)
        #expect(FileManager.default.fileExists(atPath: copy), "the copy stays to be merged once the link is gone")
        #expect(try linkLeftAlone())
    }

    /// `help delete` and `help security` say where the file is, how long
    /// a line stays, and how to empty it; within 80 columns.
    @Test func theHelpNamesTheFileAndHowToEmptyIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        for topic in ["delete", "security"] {
            let r = try run(["help", topic])
            #expect(r.exitCode == 0)
            let text = r.stdout.replacingOccurrences(of: "\n *", with: " ", options: .regularExpression)
            for words in ["$XDG_STATE_HOME/sitecycle/undo/KEY/", "deleted-entries", "90 days", "conflict copy", "`rm`",
                          "A link at its name"] where !(topic == "delete" && words == "`rm`") {
                #expect(text.contains(words), "help \(topic): \(words)")
            }
            #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "help \(topic)")
        }
        let delete = try run(["help", "delete"]).stdout.replacingOccurrences(of: "\n *", with: " ", options: .regularExpression)
        #expect(delete.contains("rm ~/.local/state/sitecycle/undo/*/deleted-entries"), "\(delete)")
    }
}
