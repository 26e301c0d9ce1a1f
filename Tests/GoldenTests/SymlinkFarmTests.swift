import Foundation
import SiteCycleKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 28 item 5, "one door to the disk" as a property: for each command
/// that touches files, every name it may open beside the journal (and in
/// the state and unit folders) is planted as a symlink to a canary file
/// outside, as a dangling symlink, and (for folders) as a symlink to a
/// folder outside. Whatever the command does, the canary's bytes and mode
/// never change, nothing appears outside, the canary's text reaches no
/// output and not the journal, and the command either refuses with a
/// message or goes on without following the link.
struct SymlinkFarmTests {
    enum Plant: CaseIterable, Sendable { case toCanary, dangling, toOutsideFolder }

    struct Scenario: Sendable {
        var name: String
        var arguments: [String]
        /// Runs before planting (a first write that makes a state file).
        var prepare: @Sendable (Farm) throws -> Void = { _ in }
        /// What to plant, relative to the farm's root, once prepared.
        var names: @Sendable (Farm) throws -> [String]
        var git = false
    }

    /// A temporary root: `j/sites.journal` (the working folder), `outside/`
    /// with the canary, `state/`, `config/` and `bin/` (a recording
    /// systemctl).
    struct Farm: Sendable {
        let root: URL
        let secret = "CANARY-\(UUID().uuidString)"
        var canary: String { root.appendingPathComponent("outside/canary.txt").path }
        var journal: String { root.appendingPathComponent("j/sites.journal").path }
        var environment: [String: String] {
            BinaryRunner.baseEnvironment(home: root.appendingPathComponent("home")).merging([
                "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "PATH": root.appendingPathComponent("bin").path + ":/usr/bin:/bin",
                "EDITOR": "true", "SITECYCLE_NOW": "2026-11-05 09:00", "SITECYCLE_FILE": "sites.journal",
            ]) { $1 }
        }

        init() throws {
            root = try BinaryRunner.temporaryDirectory()
            for folder in ["j", "outside", "home", "state", "config", "bin"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try (secret + "\n").write(toFile: canary, atomically: true, encoding: .utf8)
            chmod(canary, 0o604)
            try Self.journalText.write(toFile: journal, atomically: true, encoding: .utf8)
            let systemctl = root.appendingPathComponent("bin/systemctl").path
            try "#!/bin/sh\nexit 0\n".write(toFile: systemctl, atomically: true, encoding: .utf8)
            chmod(systemctl, 0o755)
        }

        /// Where `edit` keeps its copy of the journal, from the root.
        var editCopy: String {
            "state/sitecycle/edit/" + StateFolder.key(forJournal: journal) + "/sites.journal"
        }

        static let journalText = "timezone UTC\ntarget 72h\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n"

        @discardableResult
        func run(_ arguments: [String]) throws -> BinaryRunner.Output {
            try BinaryRunner.run(arguments, in: root.appendingPathComponent("j"), environment: environment)
        }

        func shell(_ command: String) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", command]
            p.currentDirectoryURL = root.appendingPathComponent("j")
            p.environment = environment.merging(["GIT_CONFIG_NOSYSTEM": "1"]) { $1 }
            try p.run()
            p.waitUntilExit()
        }

        /// The single file under `folder` (relative to the root) ending in
        /// `suffix`, found after a first run made it.
        func made(in folder: String, suffix: String = "") -> [String] {
            let base = root.appendingPathComponent(folder)
            let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            return found.filter { $0.hasSuffix(suffix) && !$0.hasSuffix("/") }
                .filter { (try? FileManager.default.attributesOfItem(atPath: base.appendingPathComponent($0).path)[.type]
                    as? FileAttributeType) == .typeRegular }
                .map { folder + "/" + $0 }
        }

        func plant(_ name: String, _ kind: Plant) throws {
            let path = root.appendingPathComponent(name).path
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            let target: String
            switch kind {
            case .toCanary: target = canary
            case .dangling: target = root.appendingPathComponent("outside/missing").path
            case .toOutsideFolder: target = root.appendingPathComponent("outside").path
            }
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
    }

    static let conflictCopy = "j/sites.sync-conflict-20261102-120000-ABCDEFG.journal"

    static let scenarios: [Scenario] = [
        Scenario(name: "sync: a conflict copy", arguments: ["sync"], names: { _ in [conflictCopy] }),
        Scenario(name: "sync: .sitecycle-merged", arguments: ["sync"], prepare: { farm in
            try (Farm.journalText + "2026-11-03 08:00  B\n").write(toFile: farm.root.appendingPathComponent(conflictCopy).path,
                                                                 atomically: true, encoding: .utf8)
        }, names: { _ in ["j/.sitecycle-merged"] }),
        Scenario(name: "sync --setup: .gitattributes", arguments: ["sync", "--setup"], prepare: { farm in
            try farm.shell("git init -q . && git config user.name t && git config user.email t@example.com")
        }, names: { _ in ["j/.gitattributes"] }, git: true),
        Scenario(name: "edit: the state folder", arguments: ["edit"], names: { _ in ["state/sitecycle/edit"] }),
        Scenario(name: "edit: its copy", arguments: ["edit"], names: { farm in [farm.editCopy] }),
        Scenario(name: "edit: its base", arguments: ["edit"], names: { farm in [farm.editCopy + ".base"] }),
        Scenario(name: "edit: an older version's copy", arguments: ["edit"], names: { _ in ["j/.sites.journal.edit"] }),
        Scenario(name: "edit: an older version's base", arguments: ["edit"], names: { _ in ["j/.sites.journal.edit.base"] }),
        Scenario(name: "edit --discard", arguments: ["edit", "--discard"], prepare: { farm in
            try Farm.journalText.write(toFile: farm.root.appendingPathComponent("j/.sites.journal.edit").path,
                                       atomically: true, encoding: .utf8)
        }, names: { farm in [farm.editCopy + ".discarded"] }),
        Scenario(name: "export -o", arguments: ["export", "-o", "out.csv"], names: { _ in ["j/out.csv"] }),
        Scenario(name: "report -o", arguments: ["report", "-o", "report.html"], names: { _ in ["j/report.html"] }),
        Scenario(name: "log: the undo folder", arguments: ["log", "B"], names: { _ in ["state/sitecycle/undo"] }),
        Scenario(name: "log: an undo record", arguments: ["log", "A"], prepare: { try $0.run(["log", "B"]) },
                 names: { farm in farm.made(in: "state/sitecycle/undo", suffix: ".undo") }),
        Scenario(name: "undo: an undo record", arguments: ["undo"], prepare: { try $0.run(["log", "B"]) },
                 names: { farm in farm.made(in: "state/sitecycle/undo", suffix: ".undo") }),
        Scenario(name: "remind: the state folder", arguments: ["remind", "--now", "2026-11-05 09:00"],
                 names: { _ in ["state/sitecycle/remind"] }),
        Scenario(name: "remind: the state file", arguments: ["remind", "--again"], prepare: { try $0.run(["remind"]) },
                 names: { farm in farm.made(in: "state/sitecycle/remind") }),
        Scenario(name: "remind --install: the units", arguments: ["remind", "--install"], names: { _ in
            ["config/systemd/user/sitecycle-remind.service", "config/systemd/user/sitecycle-remind.timer"]
        }),
    ]

    static func gitWorks() -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/git") }

    @Test(arguments: scenarios.indices)
    func noLinkBesideTheJournalIsFollowed(_ index: Int) throws {
        let scenario = Self.scenarios[index]
        if scenario.git && !Self.gitWorks() { return }
        for kind in Plant.allCases {
            let farm = try Farm()
            defer { try? FileManager.default.removeItem(at: farm.root) }
            try scenario.prepare(farm)
            let names = try scenario.names(farm)
            #expect(!names.isEmpty, "\(scenario.name): nothing to plant")
            for name in names { try farm.plant(name, kind) }
            let r = try farm.run(scenario.arguments)
            let what = "\(scenario.name), \(kind): exit \(r.exitCode)\n\(r.stderr)"
            // The canary is untouched, and nothing was made beside it.
            #expect(try String(contentsOfFile: farm.canary, encoding: .utf8) == farm.secret + "\n", "\(what)")
            var st = stat()
            #expect(stat(farm.canary, &st) == 0 && st.st_mode & 0o7777 == 0o604, "\(what)")
            let outside = try FileManager.default.contentsOfDirectory(atPath: farm.root.appendingPathComponent("outside").path)
            #expect(outside == ["canary.txt"], "\(what): \(outside)")
            // Its text went nowhere.
            #expect(!r.stdout.contains(farm.secret) && !r.stderr.contains(farm.secret), "\(what)")
            let journal = try String(contentsOfFile: farm.journal, encoding: .utf8)
            #expect(!journal.contains(farm.secret), "\(what)")
            // Each planted name is still the link, or gone; never a file.
            for name in names {
                let path = farm.root.appendingPathComponent(name).path
                #expect(lstat(path, &st) != 0 || st.st_mode & S_IFMT == S_IFLNK, "\(what): \(name)")
            }
            // A refusal says so.
            if r.exitCode != 0 { #expect(r.stderr.contains("sitecycle:") || r.stdout.contains("sitecycle:"), "\(what)") }
        }
    }

    /// The refusal names the link and says it was left alone.
    @Test func aLinkedConflictCopyIsNamedAndLeftAlone() throws {
        let farm = try Farm()
        defer { try? FileManager.default.removeItem(at: farm.root) }
        try farm.plant(Self.conflictCopy, .toCanary)
        let r = try farm.run(["sync"])
        #expect(r.exitCode == 1)
        #expect(r.stderr.contains("it is a symlink; it was left alone"), "\(r.stderr)")
        #expect(try String(contentsOfFile: farm.journal, encoding: .utf8) == Farm.journalText)
    }

    /// Issue 33 item 9: `remind`'s state file is written without following a
    /// link planted at its name: the reminder is still shown, the link is
    /// named and left alone, and the file it points at keeps its bytes.
    @Test func remindsStateFileIsNeverFollowed() throws {
        let farm = try Farm()
        defer { try? FileManager.default.removeItem(at: farm.root) }
        #expect(try farm.run(["remind"]).exitCode == 3)
        let state = try #require(farm.made(in: "state/sitecycle/remind").first)
        try farm.plant(state, .toCanary)
        let r = try farm.run(["remind", "--again"])
        #expect(r.stdout.contains("Site change due") || r.stderr.contains("Site change due"), "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("it is a symlink; it was left alone"), "\(r.stderr)")
        #expect(try String(contentsOfFile: farm.canary, encoding: .utf8) == farm.secret + "\n")
        var st = stat()
        #expect(lstat(farm.root.appendingPathComponent(state).path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
    }

    /// "that is the journal": an output never lands on the journal, under
    /// its own name, through a link, through a hard link, as its editor
    /// copy, or in its undo state.
    @Test func anOutputOnTheJournalIsRefused() throws {
        let farm = try Farm()
        defer { try? FileManager.default.removeItem(at: farm.root) }
        try farm.run(["log", "B"])
        let journalNow = try String(contentsOfFile: farm.journal, encoding: .utf8)
        let j = farm.root.appendingPathComponent("j")
        try FileManager.default.createSymbolicLink(atPath: farm.root.appendingPathComponent("link").path,
                                                   withDestinationPath: farm.journal)
        link(farm.journal, j.appendingPathComponent("hard.csv").path)
        let record = try #require(farm.made(in: "state/sitecycle/undo", suffix: ".undo").first)
        let recordPath = farm.root.appendingPathComponent(record).path
        let recordBytes = try Data(contentsOf: URL(fileURLWithPath: recordPath))
        for output in ["sites.journal", farm.journal, "../j/sites.journal", "../link", "hard.csv", ".sites.journal.edit",
                       farm.root.appendingPathComponent(farm.editCopy).path, recordPath] {
            for command in [["export", "-o", output], ["report", "-o", output]] {
                let r = try farm.run(command)
                #expect(r.exitCode == 1, "\(command)")
                #expect(r.stderr.contains("that is the journal"), "\(command): \(r.stderr)")
                #expect(try String(contentsOfFile: farm.journal, encoding: .utf8) == journalNow, "\(command)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: recordPath)) == recordBytes)
        #expect(!FileManager.default.fileExists(atPath: j.appendingPathComponent(".sites.journal.edit").path))
    }

    /// The policy is written down in one place, and the README's security
    /// paragraph points to it.
    @Test func helpSecurityStatesThePolicy() throws {
        let farm = try Farm()
        defer { try? FileManager.default.removeItem(at: farm.root) }
        let help = try farm.run(["help", "security"]).stdout
        for words in ["ONE DOOR", "resolved once per run", "O_NOFOLLOW", "left alone", "that is the journal",
                      "keeps its mode", "Nothing is written outside"] {
            #expect(help.contains(words), "\(words)")
        }
        let readme = try String(contentsOf: CompletionTests.repo.appendingPathComponent("README.md"), encoding: .utf8)
        let paragraph = try #require(readme.components(separatedBy: "\n\n").first { $0.contains("nothing beside it is followed") })
        #expect(paragraph.contains("`sitecycle help security`"))
    }

    /// An output the tool did not create keeps its mode; a new one is private.
    @Test func anExistingOutputKeepsItsMode() throws {
        let farm = try Farm()
        defer { try? FileManager.default.removeItem(at: farm.root) }
        let j = farm.root.appendingPathComponent("j")
        try "old\n".write(to: j.appendingPathComponent("shared.csv"), atomically: true, encoding: .utf8)
        chmod(j.appendingPathComponent("shared.csv").path, 0o644)
        #expect(try farm.run(["export", "-o", "shared.csv"]).exitCode == 0)
        #expect(try farm.run(["export", "-o", "new.csv"]).exitCode == 0)
        var st = stat()
        #expect(stat(j.appendingPathComponent("shared.csv").path, &st) == 0 && st.st_mode & 0o777 == 0o644)
        #expect(stat(j.appendingPathComponent("new.csv").path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOf: j.appendingPathComponent("shared.csv"), encoding: .utf8).contains("2026-11-01"))
    }
}
