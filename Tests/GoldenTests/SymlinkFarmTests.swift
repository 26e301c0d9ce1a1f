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
        /// Variables of this run only (an editor that changes the copy).
        var environment: [String: String] = [:]
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

        /// Leaves an edit unfinished: its copy and base in the state folder.
        func leaveAnUnfinishedEdit() throws {
            let r = try run(["edit"], environment: SymlinkFarmTests.editor(appending: "bogus"))
            guard r.exitCode == 1, FileManager.default.fileExists(atPath: root.appendingPathComponent(editCopy).path) else {
                throw CocoaError(.fileNoSuchFile)
            }
        }

        /// Where `edit` keeps its copy of the journal, from the root.
        var editCopy: String {
            "state/sitecycle/edit/" + StateFolder.key(forJournal: journal) + "/sites.journal"
        }

        /// The journal's undo history, from the root.
        var undoFolder: String { "state/sitecycle/undo/" + StateFolder.key(forJournal: journal) }

        static let journalText = "timezone UTC\ntarget 72h\nlocation A\nlocation B\n\n2026-11-01 08:00  A\n"

        @discardableResult
        func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> BinaryRunner.Output {
            try BinaryRunner.run(arguments, in: root.appendingPathComponent("j"),
                                 environment: environment.merging(extra) { $1 })
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

    /// An `EDITOR` that appends `line` to the file it is given.
    static func editor(appending line: String) -> [String: String] {
        ["EDITOR": "/bin/sh -c 'printf \"\(line)\\n\" >> \"$1\"' editor"]
    }
    static let addLine = editor(appending: "2026-11-03 08:00  B")

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
        // What forgotten writes deleted (issue 39 item 12).
        Scenario(name: "log: deleted-entries", arguments: ["log", "A"], prepare: { try $0.run(["log", "B"]) },
                 names: { farm in [farm.undoFolder + "/deleted-entries"] }),
        Scenario(name: "sync: deleted-entries", arguments: ["sync"], prepare: { farm in
            try farm.run(["log", "B"])
            try (Farm.journalText + "2026-11-03 08:00  B\n").write(toFile: farm.root.appendingPathComponent(conflictCopy).path,
                                                                 atomically: true, encoding: .utf8)
        }, names: { farm in [farm.undoFolder + "/deleted-entries"] }),
        Scenario(name: "remind: the state folder", arguments: ["remind", "--now", "2026-11-05 09:00"],
                 names: { _ in ["state/sitecycle/remind"] }),
        Scenario(name: "remind: the state file", arguments: ["remind", "--again"], prepare: { try $0.run(["remind"]) },
                 names: { farm in farm.made(in: "state/sitecycle/remind") }),
        Scenario(name: "remind --install: the units", arguments: ["remind", "--install"], names: { _ in
            ["config/systemd/user/sitecycle-remind.service", "config/systemd/user/sitecycle-remind.timer"]
        }),
        // The state folder's own `sitecycle` folder is ours like any below it.
        Scenario(name: "log: the state folder itself", arguments: ["log", "B"], names: { _ in ["state/sitecycle"] }),
        Scenario(name: "undo: the state folder itself", arguments: ["undo"], prepare: { try $0.run(["log", "B"]) },
                 names: { _ in ["state/sitecycle"] }),
        Scenario(name: "edit: the state folder itself", arguments: ["edit"], names: { _ in ["state/sitecycle"] },
                 environment: addLine),
        Scenario(name: "remind: the state folder itself", arguments: ["remind"], names: { _ in ["state/sitecycle"] }),
        Scenario(name: "sync: the state folder itself", arguments: ["sync"], prepare: { farm in
            try (Farm.journalText + "2026-11-03 08:00  B\n").write(toFile: farm.root.appendingPathComponent(conflictCopy).path,
                                                                 atomically: true, encoding: .utf8)
        }, names: { _ in ["state/sitecycle"] }),
    ] + editScenarios

    /// Every name `edit` may open, tidy or move, beside the journal (an
    /// older version's) and in the state folder, for a new edit that
    /// changes the copy and for an unfinished one resumed or discarded.
    static let editScenarios: [Scenario] = {
        let names: [(String, @Sendable (Farm) -> String)] = [
            ("an older version's copy", { _ in "j/.sites.journal.edit" }),
            ("an older version's base", { _ in "j/.sites.journal.edit.base" }),
            ("its copy", { $0.editCopy }), ("its base", { $0.editCopy + ".base" }),
            ("its discarded copy", { $0.editCopy + ".discarded" }),
        ]
        var scenarios: [Scenario] = []
        for (what, name) in names {
            scenarios.append(Scenario(name: "edit, a line added: \(what)", arguments: ["edit"], names: { [name($0)] },
                                      environment: addLine))
            for flag in ["--resume", "--discard"] {
                scenarios.append(Scenario(name: "edit \(flag), a line added: \(what)", arguments: ["edit", flag],
                                          prepare: { try $0.leaveAnUnfinishedEdit() }, names: { [name($0)] },
                                          environment: addLine))
            }
        }
        return scenarios
    }()

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
            let r = try farm.run(scenario.arguments, environment: scenario.environment)
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
            // Each planted name is still the link: never removed, never
            // replaced by a file.
            for name in names {
                let path = farm.root.appendingPathComponent(name).path
                #expect(lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK, "\(what): \(name)")
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

    /// What a command said, its lines joined: a wrapped message reads whole.
    static func said(_ r: BinaryRunner.Output) -> String {
        (r.stdout + r.stderr).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Issue 28, acceptance F10: a link at a conflict copy's name is named
    /// by every other command too, in one warning of at most 80 columns,
    /// without being read.
    @Test func aLinkedConflictCopyIsNamedByEveryCommand() throws {
        for kind in [Plant.toCanary, .dangling] {
            let farm = try Farm()
            defer { try? FileManager.default.removeItem(at: farm.root) }
            try farm.plant(Self.conflictCopy, kind)
            for command in [["status"], ["recommend"], ["history"]] {
                let r = try farm.run(command)
                #expect(r.exitCode == 0, "\(command) \(kind): \(r.stderr)")
                let warning = r.stderr.components(separatedBy: "sitecycle: warning: ").filter { $0.contains("symlink") }
                #expect(warning.count == 1, "\(command) \(kind): \(r.stderr)")
                #expect(Self.said(r).contains("sites.sync-conflict-20261102-120000-ABCDEFG.journal beside the journal is a symlink;"
                                              + " sync leaves it alone"), "\(command) \(kind): \(r.stderr)")
                #expect(r.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.stderr)")
                #expect(!r.stdout.contains(farm.secret) && !r.stderr.contains(farm.secret))
            }
        }
    }

    /// Issue 28, acceptance F4: `$XDG_STATE_HOME/sitecycle` itself as a link
    /// is left alone and named, whether it points at a folder outside or at
    /// nothing; the change is still logged, and no undo record (journal
    /// text) lands where the link points.
    @Test func theStateFolderItselfIsNeverFollowed() throws {
        for kind in [Plant.toOutsideFolder, .dangling] {
            let farm = try Farm()
            defer { try? FileManager.default.removeItem(at: farm.root) }
            try farm.plant("state/sitecycle", kind)
            let r = try farm.run(["log", "B"])
            #expect(r.exitCode == 0, "\(kind): \(r.stderr)")
            let state = farm.root.appendingPathComponent("state/sitecycle").path
            #expect(Self.said(r).contains("\(state) is a symlink; it was left alone"), "\(kind): \(r.stderr)")
            #expect(try String(contentsOfFile: farm.journal, encoding: .utf8).hasSuffix("  B\n"))
            let outside = try FileManager.default.contentsOfDirectory(atPath: farm.root.appendingPathComponent("outside").path)
            #expect(outside == ["canary.txt"], "\(kind): \(outside)")
            // undo reads no history through it, and says why rather than
            // "nothing to undo".
            let undo = try farm.run(["undo"])
            #expect(undo.exitCode == 1, "\(kind): \(undo.stderr)")
            #expect(Self.said(undo).contains("no undo history is read: \(state) is a symlink; it was left alone"),
                    "\(kind): \(undo.stderr)")
            #expect(undo.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(undo.stderr)")
        }
        // The folder holding it is the user's, and may be a link.
        let farm = try Farm()
        defer { try? FileManager.default.removeItem(at: farm.root) }
        try FileManager.default.createDirectory(at: farm.root.appendingPathComponent("real-state"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: farm.root.appendingPathComponent("state"))
        try FileManager.default.createSymbolicLink(atPath: farm.root.appendingPathComponent("state").path,
                                                   withDestinationPath: farm.root.appendingPathComponent("real-state").path)
        let r = try farm.run(["log", "B"])
        #expect(r.exitCode == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(!farm.made(in: "real-state/sitecycle/undo", suffix: ".undo").isEmpty)
    }

    /// Issue 28, acceptance F6: `edit`, `edit --resume` and `edit --discard`
    /// name every link at a name they would read, tidy away or move to
    /// ("it is a symlink; it was left alone"), and stop or go on without it.
    @Test func editNamesEveryLinkItMeets() throws {
        // The pairs where the command never looks at the name.
        let untouched: Set<String> = ["edit its discarded copy", "edit --resume its discarded copy",
                                      "edit --resume an older version's base", "edit --discard an older version's base"]
        for scenario in Self.editScenarios {
            for kind in [Plant.toCanary, .dangling] {
                let farm = try Farm()
                defer { try? FileManager.default.removeItem(at: farm.root) }
                try scenario.prepare(farm)
                for name in try scenario.names(farm) { try farm.plant(name, kind) }
                let r = try farm.run(scenario.arguments, environment: scenario.environment)
                let key = scenario.arguments.joined(separator: " ") + " " + scenario.name.components(separatedBy: ": ").last!
                let named = Self.said(r).contains("is a symlink; it was left alone")
                #expect(named != untouched.contains(key), "\(key), \(kind): exit \(r.exitCode)\n\(r.stdout)\(r.stderr)")
                #expect(try String(contentsOfFile: farm.canary, encoding: .utf8) == farm.secret + "\n", "\(key), \(kind)")
            }
        }
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
        #expect(r.stdout.contains("Site change ") || r.stderr.contains("Site change "), "\(r.stdout)\(r.stderr)")
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
