import Foundation
import Testing

/// The data-loss and injection reports, each replayed through the real
/// binary on a real file: the journal must end up exactly as a person
/// expects, byte for byte.
struct TrustTests {
    let root: URL
    let env: [String: String]

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.baseEnvironment(home: root)
    }

    static let journal = """
        timezone UTC
        target 72h
        location Left Arm
        location Right Arm
        location Lower Back

        2026-02-01 08:00  Left Arm
        2026-02-03 08:00  Right Arm  ; bled; used IV3000 tape
        2026-02-06 08:00  Lower Back

        """

    func write(_ text: String, to name: String = "sites.journal") throws {
        try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func read(_ name: String = "sites.journal") throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    @discardableResult
    func sitecycle(_ args: String..., now: String = "2026-02-08 12:00") throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", "sites.journal", "--now", now] + args, in: root, environment: env)
    }

    // MARK: undo

    @Test func undoAfterDeleteBringsTheEntryBack() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        #expect(try sitecycle("delete", "last").exitCode == 0)
        let undo = try sitecycle("undo")
        #expect(undo.exitCode == 0, "\(undo.stderr)")
        #expect(try read() == Self.journal)
        #expect(undo.stdout.contains("Undid `delete last`"))
        #expect(undo.stdout.contains("Put back line 9:\n  2026-02-06 08:00  Lower Back"))
        // Nothing else on record: a second undo refuses and deletes nothing.
        let again = try sitecycle("undo")
        #expect(again.exitCode == 1)
        #expect(again.stderr.contains("nothing to undo"))
        #expect(try read() == Self.journal)
    }

    @Test func eachUndoReversesTheWriteBeforeIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        try sitecycle("log", "left arm", "--note", "first")
        let afterLog = try read()
        try sitecycle("set", "target", "48h")
        try sitecycle("locations", "rename", "Lower Back", "Low Back")
        try sitecycle("fmt")
        let list = try sitecycle("undo", "--list")
        #expect(list.stdout.contains("locations rename \"Lower Back\" \"Low Back\""), "\(list.stdout)")
        #expect(try sitecycle("undo").exitCode == 0)  // fmt (maybe nothing) or rename
        while try read() != afterLog {
            let r = try sitecycle("undo")
            #expect(r.exitCode == 0, "\(r.stderr)")
            if r.exitCode != 0 { break }
        }
        #expect(try read() == afterLog)
        #expect(try sitecycle("undo").exitCode == 0)
        #expect(try read() == Self.journal)
    }

    @Test func undoRefusesWhenTheJournalChangedSince() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        try sitecycle("log", "left arm")
        let edited = try read() + "; a hand edit\n"
        try write(edited)
        let undo = try sitecycle("undo")
        #expect(undo.exitCode == 1)
        #expect(undo.stderr.contains("changed after `log \"left arm\"`"), "\(undo.stderr)")
        #expect(try read() == edited)
    }

    @Test func theUndoHistoryIsPrivate() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        try sitecycle("log", "left arm")
        let folder = root.appendingPathComponent(".local/state/sitecycle/undo")
        let keys = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(keys.count == 1)
        let records = folder.appendingPathComponent(keys[0])
        for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
            let mode = try FileManager.default.attributesOfItem(atPath: records.appendingPathComponent(name).path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        let mode = try FileManager.default.attributesOfItem(atPath: records.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    // MARK: notes

    @Test func previousNoteAddsToTheNoteItCloses() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal.replacingOccurrences(of: "2026-02-06 08:00  Lower Back\n", with: ""))
        let r = try sitecycle("log", "lower back", "--previous-note", "itchy by day 2")
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Added a line to the note of Right Arm"))
        #expect(try read().contains("""
            2026-02-03 08:00  Right Arm  ; bled; used IV3000 tape
                                         ; itchy by day 2

            """))
        try sitecycle("undo")
        let replaced = try sitecycle("log", "lower back", "--previous-note", "new", "--replace-note")
        #expect(replaced.stdout.contains("Replaced the note of Right Arm (was: bled; used IV3000 tape)"))
        #expect(try read().contains("2026-02-03 08:00  Right Arm  ; new\n"))
    }

    @Test func longSessionsAreReportedByCheckLogAndStats() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        let log = try sitecycle("log", "lower back", "--at", "2026-01-01 08:00")
        #expect(log.exitCode == 0)
        #expect(log.stderr.contains("warning: Lower Back was in for 31 days, over 3× the target"), "\(log.stderr)")
        let check = try sitecycle("check")
        #expect(check.exitCode == 0)
        #expect(check.stderr.unwrapped.contains("in for 31 days, more than 3× the target: a change missing?"), "\(check.stderr)")
        let stats = try sitecycle("stats")
        #expect(stats.stdout.contains("1 session over 3× the target counted"), "\(stats.stdout)")
    }

    // MARK: hostile input

    @Test func importedLineBreaksNeverBecomeJournalLines() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        try """
            [{"eventType":"Site Change","created_at":"2026-02-07T08:00:00Z","location":"Left Arm",
              "notes":"x\\r\\n2026-02-07 09:00  Right Arm\\r\\nlocation Injected Site"}]
            """.write(to: root.appendingPathComponent("ns.json"), atomically: true, encoding: .utf8)
        let r = try sitecycle("import", "ns.json", "--format", "nightscout")
        #expect(r.exitCode == 0, "\(r.stderr)")
        let text = try read()
        #expect(!text.contains("\nlocation Injected Site"))
        #expect(!text.contains("\r"))
        #expect(text.hasSuffix("""
            2026-02-07 08:00  Left Arm  ; x
                                        ; 2026-02-07 09:00  Right Arm
                                        ; location Injected Site

            """), "\(text)")
        #expect(try sitecycle("check").stderr.isEmpty)
    }

    @Test func importedNamesAndNotesFollowTheJournalsRules() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        try """
            {"format":"sitecycle-journal","locations":[{"name":"Right Leg;  not a comment"},{"name":"Hip\\r\\ntarget 1h"}],
             "entries":[{"start":"2026-02-07T08:00:00Z","location":"Right Leg;  not a comment"},
                        {"start":"2026-02-07T09:00:00Z","location":"Left Arm","note":"a\\rb"},
                        {"start":"2026-02-07T10:00:00Z","location":"Left Arm","note":"nul\\u0000"},
                        {"start":"2026-02-07T11:00:00Z","location":"Right Arm","note":"fine"}]}
            """.write(to: root.appendingPathComponent("in.json"), atomically: true, encoding: .utf8)
        let r = try sitecycle("import", "in.json")
        #expect(r.exitCode == 4, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.unwrapped.contains("a location name cannot contain `;`"))
        #expect(r.stdout.unwrapped.contains("a note cannot contain a carriage return without a line feed"))
        #expect(r.stdout.unwrapped.contains("a note cannot contain a NUL byte"))
        #expect(r.stdout.unwrapped.contains("Hip\\x0d\\x0atarget 1h"), "\(r.stdout)")
        let text = try read()
        #expect(text == Self.journal + "2026-02-07 11:00  Right Arm  ; fine\n", "\(text)")
    }

    @Test func controlCharactersAreWarnedAboutAndNeverPrintedRaw() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal + "2026-02-07 08:00  Left Arm  ; evil \u{1B}]0;pwned\u{07} \u{1B}[31mred\n")
        let check = try sitecycle("check")
        #expect(check.exitCode == 0)
        #expect(check.stderr.contains("warning: control character \\x1b in a note"), "\(check.stderr)")
        #expect(!check.stderr.contains("\u{1B}"))
        for args in [["history"], ["export", "--format", "ics"], ["delete", "last"]] {
            let r = try BinaryRunner.run(["-f", "sites.journal", "--now", "2026-02-08 12:00"] + args, in: root,
                                         environment: env)
            #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\u{07}"), "\(args)")
            // ICS escapes `\` and `;` once more.
            let shown = args[0] == "export" ? #"\\x1b]0\;pwned\\x07"# : #"\x1b]0;pwned\x07"#
            #expect(r.stdout.contains(shown), "\(args): \(r.stdout)")
        }
    }

    @Test func csvCellsThatASpreadsheetWouldRunAreNeutralised() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal + """
            2026-02-07 08:00  Left Arm  ; =HYPERLINK("http://x.invalid","click")
            2026-02-07 09:00  Right Arm  ; +cmd|' /C calc'!A0
            2026-02-07 10:00  Left Arm  ; -2+3
            2026-02-07 11:00  Right Arm  ; @SUM(1)
            2026-02-07 12:00  Left Arm  ; a = b, fine

            """)
        let csv = try sitecycle("export").stdout
        #expect(csv.contains(",\"'=HYPERLINK(\"\"http://x.invalid\"\",\"\"click\"\")\"\n"), "\(csv)")
        #expect(csv.contains(",'+cmd|' /C calc'!A0\n"))
        #expect(csv.contains(",'-2+3\n"))
        #expect(csv.contains(",'@SUM(1)\n"))
        #expect(csv.contains(",\"a = b, fine\"\n"))
        // Read back, the notes are what the journal says.
        try csv.write(to: root.appendingPathComponent("out.csv"), atomically: true, encoding: .utf8)
        try write(Self.journal.components(separatedBy: "\n\n")[0] + "\n")
        #expect(try sitecycle("import", "out.csv").exitCode == 0)
        #expect(try read().contains("; =HYPERLINK(\"http://x.invalid\",\"click\")\n"))
        #expect(try read().contains("; -2+3\n"))
    }

    @Test func hugeTextIsQuotedNotRepeated() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let name = "Left " + String(repeating: "x", count: 1_200_000)
        let garbage = String(repeating: "y", count: 10_000_000)
        try write(Self.journal + "2026-02-07 08:00  \(name)\n\(garbage)\n")
        let check = try sitecycle("check")
        #expect(check.exitCode == 1)
        #expect(check.stderr.utf8.count < 5_000, "\(check.stderr.utf8.count) bytes")
        #expect(check.stderr.unwrapped.contains("unknown location \"Left xxx"))
        #expect(check.stderr.contains("x…"))
        let json = try sitecycle("check", "--json")
        #expect(json.stdout.utf8.count < 5_000, "\(json.stdout.utf8.count) bytes")
    }

    @Test func importFilesAreCappedAt64MB() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(Self.journal)
        let big = root.appendingPathComponent("treatments.json")
        _ = FileManager.default.createFile(atPath: big.path, contents: Data("[".utf8))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 64 << 20 + 1)  // sparse: no disk needed
        try handle.close()
        let r = try sitecycle("import", "treatments.json")
        #expect(r.exitCode == 1)
        #expect(r.stderr.contains("treatments.json: it is larger than 64 MB"), "\(r.stderr)")
        #expect(try read() == Self.journal)
    }
}
