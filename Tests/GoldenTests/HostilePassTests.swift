import Foundation
import Testing

/// The second hostile pass (issue 22), run on the real binary: each test
/// failed before its fix.
struct HostilePassTests {
    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: dir).merging(["SITECYCLE_NOW": "2026-03-01 12:00"]) { $1 }
    }

    func sitecycle(_ arguments: String..., environment: [String: String] = [:]) throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", "sites.journal"] + arguments, in: dir, environment: env.merging(environment) { $1 })
    }

    func write(_ text: String, to name: String = "sites.journal") throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func read(_ name: String = "sites.journal") throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    // Item 6: undoing the edit that fixed the journal would bring its
    // errors back; undo says so and refuses unless forced.
    @Test func undoRefusesToBringBackErrorsUnlessForced() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = "timezone UTC\nlocation Left Arm\n\n2026-02-01 08:00  Lft Arm\n"
        try write(broken)
        try write("#!/bin/sh\nsed -i 's/Lft Arm/Left Arm/' \"$1\"\n", to: "fix.sh")
        chmod(dir.appendingPathComponent("fix.sh").path, 0o755)
        let edit = try sitecycle("edit", environment: ["EDITOR": dir.appendingPathComponent("fix.sh").path])
        #expect(edit.exitCode == 0, "\(edit.stderr)")
        let fixed = try read()
        #expect(fixed.contains("08:00  Left Arm"))

        let undo = try sitecycle("undo")
        #expect(undo.exitCode == 1)
        #expect(undo.stderr.contains("unknown location \"Lft Arm\""), "\(undo.stderr)")
        #expect(undo.stderr.contains("would bring back the 1 error above; nothing was\n        undone"), "\(undo.stderr)")
        #expect(undo.stderr.contains("undo --force"))
        #expect(try read() == fixed)

        let forced = try sitecycle("undo", "--force")
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(forced.stderr.contains("the journal now has the 1 error above"), "\(forced.stderr)")
        #expect(try read() == broken)
    }
}
