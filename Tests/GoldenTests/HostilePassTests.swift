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

    // Item 13: a huge COLUMNS is clamped, never an overflow.
    @Test func aHugeScreenWidthIsClamped() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("examples/pump-and-sensor.journal"),
                                         to: dir.appendingPathComponent("sites.journal"))
        for columns in ["9223372036854775807", "99999999999999999999", "-3", "0", "1"] {
            for command in [["timeline"], ["stats"], ["recommend"], ["status"], ["map"], ["history"], ["help", "timeline"]] {
                let r = try BinaryRunner.run(["-f", "sites.journal"] + command, in: dir,
                                             environment: env.merging(["COLUMNS": columns]) { $1 })
                #expect(r.exitCode == 0, "COLUMNS=\(columns) \(command): \(r.stderr.prefix(300))")
                #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 1_000 })
            }
        }
    }

    // Item 15: the report's period starts no earlier than the journal.
    @Test func theReportPeriodIsClampedToTheJournal() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("timezone UTC\nlocation Left Arm\nlocation Right Arm\n\n2026-02-01 08:00  Left Arm\n2026-02-04 08:00  Right Arm\n")
        let wide = try sitecycle("report", "--from", "0001-01-01")
        #expect(wide.exitCode == 0, "\(wide.stderr)")
        #expect(wide.stdout.utf8.count < 200_000, "\(wide.stdout.utf8.count) bytes")
        #expect(wide.stdout.contains("<dd>2026-02-01 to 2026-03-01</dd>"))  // whole days, as dates (issue 31 item 13)
        let far = try sitecycle("report", "--from", "-9999999d")
        #expect(far.exitCode == 2)
        #expect(far.stderr.contains("`-9999999d` is before the year 0001"), "\(far.stderr)")
    }

    // Item 16: a row the journal cannot hold is rejected; the rest lands.
    @Test func anImportRowTheJournalCannotHoldIsRejectedAlone() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("timezone America/New_York\nlocation Left Arm\nlocation Right Arm\n")
        try write("date,location,duration_hours,note\n0001-01-01T01:00:00Z,Left Arm,,\n"
                  + "2026-02-10T08:00:00Z,Left Arm,,a\u{FEFF}b\n2026-02-11T08:00:00Z,Le\u{FEFF}ft Arm,,\n"
                  + "2026-02-12T08:00:00Z,Right Arm,,ok\n", to: "in.csv")
        let r = try sitecycle("import", "in.csv")
        #expect(r.exitCode == 4, "\(r.stderr)")
        #expect(r.stdout.contains("row 2: starts at 0000-12-31 20:03:58 in the journal's time"), "\(r.stdout)")
        #expect(r.stdout.contains("row 3: a note cannot contain a byte order mark (U+FEFF)"))
        #expect(r.stdout.contains("row 4: location"))
        #expect(try read().hasSuffix("\n2026-02-12 03:00  Right Arm  ; ok\n"))
        #expect(try sitecycle("log", "Left Arm", "--at", "-9999999d").exitCode == 2)
    }

    // Item 12: tampered undo records are skipped with a warning; nothing traps.
    @Test func tamperedUndoRecordsAreSkippedNotTrapped() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try write("timezone UTC\nlocation Left Arm\nlocation Right Arm\n\n2026-02-01 08:00  Left Arm\n")
        #expect(try sitecycle("log", "Right Arm", "--at", "2026-02-03 08:00").exitCode == 0)
        let state = dir.appendingPathComponent(".local/state/sitecycle/undo")
        let folder = try #require(FileManager.default.contentsOfDirectory(atPath: state.path).first)
        let records = state.appendingPathComponent(folder)
        let good = try #require(FileManager.default.contentsOfDirectory(atPath: records.path).first)
        let text = try String(contentsOf: records.appendingPathComponent(good), encoding: .utf8)
        let huge = "9223372036854775807"
        func line(_ key: String) -> String {
            text.split(separator: "\n").first { $0.hasPrefix(key + " ") }.map(String.init) ?? ""
        }
        let tampered = [
            "00000002.undo": text.replacingOccurrences(of: line("written"), with: "written " + huge),
            "00000003.undo": text.replacingOccurrences(of: line("offset"), with: "offset " + huge),
            "00000004.undo": text.replacingOccurrences(of: line("removed"), with: "removed " + huge)
                .replacingOccurrences(of: line("inserted"), with: "inserted " + huge),
            "00000005.undo": text.replacingOccurrences(of: line("written"), with: "written -" + huge),
            huge + ".undo": text,
            "99999999999999999999.undo": text,
        ]
        for (name, body) in tampered {
            try body.write(to: records.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        for arguments in [["undo", "--list"], ["undo"], ["log", "Left Arm", "--at", "2026-02-05 08:00"], ["undo", "--list"]] {
            let r = try BinaryRunner.run(["-f", "sites.journal"] + arguments, in: dir, environment: env)
            #expect(r.exitCode <= 1, "\(arguments): \(r.stderr.prefix(400))")
            #expect(!r.stderr.contains("crashed"), "\(arguments)")
            if arguments[0] == "undo" { #expect(r.stderr.contains("undo records that cannot be read"), "\(r.stderr)") }
        }
        // A record that says so: the offset is the one honest thing about it.
        let offsetOnly = text.replacingOccurrences(of: line("offset"), with: "offset " + huge)
        try offsetOnly.write(to: records.appendingPathComponent("00000009.undo"), atomically: true, encoding: .utf8)
        let undo = try sitecycle("undo")
        #expect(undo.exitCode <= 1 && !undo.stderr.contains("crashed"), "\(undo.stderr.prefix(400))")
    }
}
