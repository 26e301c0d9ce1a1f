import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

struct CommandLineTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-unit-\(UUID().uuidString)/\(name)").path
    }

    @Test func initAsksForZonesOnATerminal() throws {
        let path = temporaryPath("sites.journal")
        // Enter keeps the time zone and the target; then the zones.
        let result = run(arguments: ["-f", path, "init"], environment: ["TZ": "UTC"], stdin: "\n\n2 x\n1 7\n",
                         terminal: true)
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("Which zones do you use?"))
        #expect(result.stdout.contains("Please type numbers from 1 to 7"))
        let journal = load(try String(contentsOfFile: path, encoding: .utf8))
        #expect(journal.locations.map(\.name) == ["Left Front Abdomen", "Right Front Abdomen", "Left Buttock", "Right Buttock"])
    }

    @Test func initKeepsAllZonesOnEnterOrEndOfInput() throws {
        for answer in ["\n", ""] {
            let path = temporaryPath("sites.journal")
            let result = run(arguments: ["-f", path, "init"], environment: ["TZ": "UTC"], stdin: answer, terminal: true)
            #expect(result.exitCode == 0)
            #expect(load(try String(contentsOfFile: path, encoding: .utf8)).locations.count == 14)
        }
    }

    @Test func initMakesAPrivateJournalThatChecksClean() throws {
        let path = temporaryPath("deeper/folder/sites.journal")
        #expect(run(arguments: ["init", "-f", path, "--timezone", "Europe/Berlin"]).exitCode == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let check = run(arguments: ["check", "--file=\(path)"])
        #expect(check == RunResult(exitCode: 0, stdout: "", stderr: ""))
        let journal = load(try String(contentsOfFile: path, encoding: .utf8))
        #expect(journal.locations.map(\.name) == DefaultZones.locationNames(zones: DefaultZones.all, sides: true))
        #expect(journal.locations.first?.name == "Left Front Abdomen" && journal.locations.last?.name == "Right Buttock")
    }

    @Test func globalOptionsGoAnywhere() {
        let path = temporaryPath("x.journal")
        _ = run(arguments: ["init", "-f", path, "--timezone", "UTC"])
        #expect(run(arguments: ["--file", path, "check"]).exitCode == 0)
        #expect(run(arguments: ["check", "--json", "-f", path]).stdout.contains("\"errors\": []"))
        #expect(run(arguments: ["-f", path, "--", "check"]).exitCode == 0)
    }

    @Test func usageErrorsHaveTheirOwnExitCode() {
        #expect(run(arguments: ["frobnicate"]).exitCode == ExitCode.usage)
        #expect(run(arguments: ["check", "--nope"]).exitCode == ExitCode.usage)
        #expect(run(arguments: ["check", "-f"]).exitCode == ExitCode.usage)
        #expect(run(arguments: ["--bogus"]).exitCode == ExitCode.usage)
    }

    @Test func nowComesFromTheFlagOrTheEnvironment() throws {
        let invocation = { (args: [String], env: [String: String]) -> Invocation in
            let parsed = try! ArgumentParser.parse(args, options: globalOptions, command: nil)
            let e = RunEnvironment(environment: env, stdin: LinesInput(""), stdout: CollectedOutput(),
                                   stderr: CollectedOutput(), clock: { Instant(seconds: 42) })
            return Invocation(command: CommandRegistry.check, arguments: parsed, environment: e)
        }
        #expect(try invocation([], [:]).now(in: berlin) == Instant(seconds: 42))
        #expect(try invocation(["--now", "2026-02-07 08:15"], [:]).now(in: berlin) == instant("2026-02-07T07:15:00Z"))
        #expect(try invocation([], ["SITECYCLE_NOW": "2026-02-07T08:15:00Z"]).now(in: berlin) == instant("2026-02-07T08:15:00Z"))
        #expect(throws: UsageError.self) { try invocation(["--now", "soon"], [:]).now(in: berlin) }
    }
}

struct LogInProcessTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-log-\(UUID().uuidString).journal").path

    func journal() throws -> Journal { load(try String(contentsOfFile: path, encoding: .utf8)) }

    init() throws {
        try (header + "2026-11-01 08:15  Lower Back\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func notesRoundTripExactly() throws {
        let notes = ["  spaced  ", "semi; colon", "\"quoted\"", "two\nlines", "  two\n  indented  \nlines; too "]
        for (i, note) in notes.enumerated() {
            let r = run(arguments: ["-f", path, "--now", "2026-11-0\(i + 2) 09:00", "log", "lfa", "--note", note])
            #expect(r.exitCode == 0, "\(r.stderr)")
            let j = try journal()
            #expect(j.changes.last.flatMap(j.note(of:)) == note)
        }
        #expect(try journal().diagnostics.isEmpty)
    }

    @Test func previousNoteAddsToAMultiLineNote() throws {
        _ = run(arguments: ["-f", path, "--now", "2026-11-02 09:00", "log", "rfa", "--note", "first\nsecond"])
        let r = run(arguments: ["-f", path, "--now", "2026-11-03 09:00", "log", "lfa", "--previous-note", "third"])
        #expect(r.exitCode == 0)
        let j = try journal()
        #expect(j.changes.map(j.note(of:)) == [nil, "first\nsecond\nthird", nil])
    }

    @Test func replaceNoteReplacesAMultiLineNote() throws {
        _ = run(arguments: ["-f", path, "--now", "2026-11-02 09:00", "log", "rfa", "--note", "first\nsecond"])
        let r = run(arguments: ["-f", path, "--now", "2026-11-03 09:00", "log", "lfa", "--previous-note", "one\ntwo\nthree",
                                "--replace-note"])
        #expect(r.exitCode == 0)
        let j = try journal()
        #expect(j.changes.map(j.note(of:)) == [nil, "one\ntwo\nthree", nil])
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("""
            2026-11-02 09:00  Right Front Abdomen  ; one
                                                   ; two
                                                   ; three
            2026-11-03 09:00  Left Front Abdomen

            """))
    }

    @Test func controlCharactersInNotesAreRefused() throws {
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let r = run(arguments: ["-f", path, "--now", "2026-11-02 09:00", "log", "lfa", "--note", "bad\u{0}byte"])
        #expect(r.exitCode == ExitCode.usage)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test func locationsAreMatchedAsPeopleType() throws {
        let matcher = LocationMatcher(locations: try journal().locations)
        #expect(matcher.match("LEFT FRONT ABDOMEN") == .found(try journal().locations[0]))
        #expect(matcher.match("right-front-abdomen") == .found(try journal().locations[1]))
        #expect(matcher.match("rfa") == .found(try journal().locations[1]))
        #expect(matcher.match("low") == .found(try journal().locations[2]))
        #expect(matcher.match("left fr ab") == .found(try journal().locations[0]))
        #expect(matcher.match("front") == .notFound(suggestion: nil))
        let all = try journal().locations
        #expect(matcher.match("l") == .ambiguous([all[0], all[2]]))
        #expect(matcher.match("r") == .found(all[1]))
    }
}

struct EditInProcessTests {
    @Test func errorsOfferAnotherRoundOnATerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("sites.journal").path
        try (header + "2026-11-01 08:15  Lower Back\n").write(toFile: journal, atomically: true, encoding: .utf8)
        // First round breaks the location name; the second round fixes it.
        let editor = dir.appendingPathComponent("editor.sh").path
        try """
            #!/bin/sh
            for last; do :; done
            if [ -f "\(dir.path)/round1" ]; then sed -i 's/08:15  Lowr Back/08:15  Lower Back ; fixed/' "$last"
            else touch "\(dir.path)/round1"; sed -i 's/08:15  Lower Back/08:15  Lowr Back/' "$last"; fi
            """.write(toFile: editor, atomically: true, encoding: .utf8)
        // Run by the shell, not executed: a parallel test's spawn may still
        // hold the new file open for writing ("Text file busy").
        let r = run(arguments: ["-f", journal, "edit"], environment: ["EDITOR": "/bin/sh '\(editor)'", "PATH": "/usr/bin:/bin",
                                                                   "XDG_STATE_HOME": dir.path + "/state"],
                    stdin: "y\n", terminal: true)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stderr.contains("location \"Lowr Back\""))
        #expect(r.stdout.contains("Edit again? [Y/n] "))
        #expect(r.stdout.contains("Saved"))
        #expect(try String(contentsOfFile: journal, encoding: .utf8).hasSuffix("2026-11-01 08:15  Lower Back ; fixed\n"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".sites.journal.edit").path))
    }
}


/// Issue 11, item 17: `init` on a terminal follows the app's onboarding.
struct OnboardingTests {
    func temporaryPath(_ name: String) -> String { CommandLineTests().temporaryPath(name) }

    @Test func aWalkThroughFromWelcomeToTheFirstLog() throws {
        let path = temporaryPath("sites.journal")
        // Time zone, target, zones 1 and 7, an own zone, Buttock and Calf
        // without sides, no CGM, then log the recommended first site (now).
        let answers = "Europe/Berln\nEurope/Berlin\n48h\n1 7\nCalf\n2 3\n\nlfa\n"
        let r = run(arguments: ["-f", path, "--now", "2026-11-20 08:00", "init"], environment: ["TZ": "UTC"],
                    stdin: answers, terminal: true)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Welcome to sitecycle: your pump sites, kept in one plain-text journal.")
        #expect(r.stdout.contains("Time zone [UTC]: "))
        #expect(r.stdout.contains("did you mean `Europe/Berlin`?"))
        #expect(r.stdout.contains("How long should a site stay in? [72h]: "))
        #expect(r.stdout.contains("Recommended for your first site: "))
        #expect(r.stdout.contains("Logged Left Front Abdomen at 2026-11-20 08:00."), "\(r.stdout)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let journal = load(text)
        #expect(journal.zone.identifier == "Europe/Berlin")
        #expect(text.contains("target 48h"))
        #expect(journal.locations.map(\.name) == ["Left Front Abdomen", "Right Front Abdomen", "Buttock", "Calf"])
        #expect(journal.changes.map(journal.name(of:)) == ["Left Front Abdomen"])
    }

    /// Issue 28, acceptance F8: a zone of one's own that starts with a
    /// device word is refused and asked again, the reason wrapped to 80
    /// columns like every other message.
    @Test func aDeviceWordZoneIsReaskedWithinEightyColumns() throws {
        let path = temporaryPath("sites.journal")
        let answers = "\n\n\npump site\nsensor hip\nCalf\n\n\n\n"
        let r = run(arguments: ["-f", path, "--now", "2026-11-20 08:00", "init"], environment: ["TZ": "UTC"],
                    stdin: answers, terminal: true)
        // The answers are not echoed: each prompt ends a line on a terminal.
        let screen = r.stdout.replacingOccurrences(of: "Enter for none: ", with: "Enter for none:\n")
        #expect(screen.contains("the device name `pump`") && screen.contains("the device name `sensor`"), "\(r.stdout)")
        // Each refusal, with the lines that go on from it.
        var refusal: [Substring] = [], refusals = 0
        for line in screen.split(separator: "\n") {
            if line.hasPrefix("pump site:") || line.hasPrefix("sensor hip:") {
                refusals += 1
                refusal.append(line)
            } else if !refusal.isEmpty && line.hasPrefix("  ") {
                refusal.append(line)
            } else {
                #expect(refusal.allSatisfy { $0.count <= 80 }, "\(refusal)")
                refusal = []
            }
        }
        #expect(refusals == 2, "\(screen)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("location Left Calf\n"))
    }

    /// Issue 23, item 7: a Dexcom G7 wearer says so, and the sensor's wear
    /// time and grace come from it; its sites (shared or its own), and when
    /// the pump's site and the sensor went in, are asked, not taken as now.
    @Test func aG7WearerGetsTheSensorItsSitesAndWhenEachWentIn() throws {
        let path = temporaryPath("sites.journal")
        // Zone, target; zones Front Abdomen (1), Back Arm (6); nothing own,
        // sides kept; CGM 1 (G7); the sensor may use 1 and 2 of those, 2 is
        // its own (first 7, then both, which leaves the pump nothing); the
        // pump's site went in yesterday at 21:00, the sensor two days ago
        // (first a time in the future).
        let answers = "\n\n1 6\n\n\n1\n1 2\n7\n1 2\n2\nlfa\nyesterday 21:00\nlba\n08:30\n-2d\n"
        let r = run(arguments: ["-f", path, "--now", "2026-11-20 08:00", "init"], environment: ["TZ": "UTC"],
                    stdin: answers, terminal: true)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1. Dexcom G7 (10 days, then 12 h grace)"))
        #expect(r.stdout.contains("Please type some of 1 2, separated by spaces."), "\(r.stdout)")
        #expect(r.stdout.contains("The pump needs at least one zone of its own or shared."))
        #expect(r.stdout.contains("Recommended for your first sensor site: "))
        #expect(r.stdout.contains("That is in the future"))
        // Each prompt ends a line on a terminal, where the answer is echoed.
        #expect(r.stdout.replacingOccurrences(of: ": ", with: ":\n").split(separator: "\n").allSatisfy { $0.count <= 80 })
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The grace is the device line's own, which status reads (issue 23 item 9).
        #expect(text.contains("device sensor 10d grace 12h  ; Dexcom G7\n"), "\(text)")
        #expect(text.contains("location Left Front Abdomen  for pump,sensor\n"))
        #expect(text.contains("location Left Back Arm  for sensor\n"))
        let journal = load(text)
        #expect(!journal.diagnostics.hasErrors)
        #expect(journal.graceHours(of: "sensor") == 12)
        #expect(journal.changes.map { "\(journal.deviceName(of: $0)) \(journal.name(of: $0)!) \(isoTime($0.start, in: .utc))" }
                == ["sensor Left Back Arm 2026-11-18T08:00:00Z", "pump Left Front Abdomen 2026-11-19T21:00:00Z"])
    }

    /// Libre, Guardian, G7 15 Day, Libre 3 Plus and another sensor's days;
    /// Enter shares every zone.
    @Test func theSensorsWearTimeComesFromItsMaker() throws {
        for (answer, line) in [("2\n", "device sensor 14d\n"), ("3\n", "device sensor 7d\n"),
                               ("4\n", "device sensor 15d grace 12h  ; Dexcom G7 15 Day\n"), ("5\n", "device sensor 15d\n"),
                               ("6\n16\n", "device sensor 16d\n")] {
            let path = temporaryPath("sites.journal")
            let r = run(arguments: ["-f", path, "init"], environment: ["TZ": "UTC"], stdin: "\n\n1\n\n\n" + answer,
                        terminal: true)
            #expect(r.exitCode == 0, "\(r.stderr)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // A Libre or a G7 goes on the back of the arm by default (issue 31 item 7).
            let arm = answer.hasPrefix("2") || answer.hasPrefix("4") || answer.hasPrefix("5")
            #expect(text.contains(line), "\(text)")
            #expect(arm ? text.contains("location Left Back Arm  for sensor\n") && text.contains("location Right Front Abdomen\n")
                        : text.contains("location Right Front Abdomen  for pump,sensor\n"), "\(text)")
        }
    }

    /// `init --sensor 10d` on a terminal still asks the rest: the zones,
    /// the sensor's sites and the sites worn now.
    @Test func initWithSensorOnATerminalStillAsks() throws {
        let path = temporaryPath("sites.journal")
        let r = run(arguments: ["-f", path, "--now", "2026-11-20 08:00", "init", "--sensor", "10d"],
                    environment: ["TZ": "UTC"], stdin: "\n\n1 6\n\n\n2\n\n\nrba\n-1d\n", terminal: true)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Which zones may the sensor use?") && !r.stdout.contains("Do you wear a CGM"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("device sensor 10d\n") && text.contains("location Left Front Abdomen\n"), "\(text)")
        #expect(text.contains("location Right Back Arm  for pump,sensor\n"))
        #expect(text.contains("2026-11-19 08:00  sensor  Right Back Arm"), "\(text)")
    }

    @Test func enterAcceptsEveryDefaultAndSkipsTheFirstLog() throws {
        let path = temporaryPath("sites.journal")
        let r = run(arguments: ["-f", path, "init"], environment: ["TZ": "Europe/Berlin"], stdin: "\n\n\n\n\n\n",
                    terminal: true)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Log it later with `sitecycle log LOCATION`."))
        let journal = load(try String(contentsOfFile: path, encoding: .utf8))
        #expect(journal.locations.count == 14 && journal.changes.isEmpty)
        #expect(journal.zone.identifier == "Europe/Berlin")
    }
}

/// One scratch folder per test, made on first use: a file's path in it.
struct ScratchFolder {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-unit-\(UUID().uuidString)")

    func path(_ name: String) -> String {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }
}

/// Issue 28 item 4: a location name that begins with a device's word
/// (`pump site`, `sensor hip`) is refused up front with the reason, never by
/// the parser's "this is a bug" check of the planned journal.
struct DeviceWordNameTests {
    let scratch = ScratchFolder()

    func temporaryPath(_ name: String) -> String { scratch.path(name) }

    func journal(_ text: String) throws -> String {
        let path = temporaryPath("sites.journal")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func locationsAddAndRenameRefuseADeviceWord() throws {
        let path = try journal("timezone UTC\ndevice sensor 10d\nlocation Left Arm  for pump,sensor\n")
        let before = try String(contentsOfFile: path, encoding: .utf8)
        for arguments in [["locations", "add", "pump site"], ["locations", "add", "sensor hip"],
                          ["locations", "rename", "Left Arm", "sensor arm"]] {
            let r = run(arguments: ["-f", path] + arguments, environment: ["TZ": "UTC"])
            #expect(r.exitCode != 0, "\(arguments)")
            #expect(r.stderr.contains("cannot begin with the device name"), "\(arguments): \(r.stderr)")
            #expect(!r.stderr.contains("bug"), "\(arguments): \(r.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        }
        // Without a sensor declared, `sensor hip` is an ordinary name.
        let plain = try journal("timezone UTC\nlocation Left Arm\n")
        #expect(run(arguments: ["-f", plain, "locations", "add", "sensor hip"], environment: ["TZ": "UTC"]).exitCode == 0)
    }

    @Test func importRejectsOnlyTheRowWithADeviceWord() throws {
        let path = try journal("timezone UTC\nlocation Left Arm\n")
        let csv = temporaryPath("app.csv")
        try """
            date,location,duration_hours,note
            2026-01-01T08:00:00Z,Left Arm,48.0,
            2026-01-03T08:00:00Z,pump site,48.0,
            2026-01-05T08:00:00Z,Left Arm,,

            """.write(toFile: csv, atomically: true, encoding: .utf8)
        let r = run(arguments: ["-f", path, "import", csv], environment: ["TZ": "UTC"])
        #expect(r.exitCode == ExitCode.rowsRejected, "\(r.stderr)")
        #expect(r.stdout.contains("row 3: location \"pump site\": a location name cannot begin with the device name"),
                "\(r.stdout)\(r.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("pump site"))
        #expect(text.contains("2026-01-05 08:00") && text.contains("2026-01-01 08:00"), "\(text)")
    }

    @Test func initAsksAgainForAZoneNamedLikeADevice() throws {
        let path = temporaryPath("sites.journal")
        // Zone, target, zone 1, then an own zone `sensor hip` (asked
        // again), then `Calf`; sides kept; no CGM; no first log.
        let answers = "\n\n1\nsensor hip\nCalf\n\n\n\n"
        let r = run(arguments: ["-f", path, "--now", "2026-11-20 08:00", "init"], environment: ["TZ": "UTC"],
                    stdin: answers, terminal: true)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.contains("sensor hip: a location name cannot begin with the device name `sensor`"), "\(r.stdout)")
        let journal = load(try String(contentsOfFile: path, encoding: .utf8))
        #expect(journal.locations.map(\.name) == ["Left Front Abdomen", "Right Front Abdomen", "Left Calf", "Right Calf"])
    }
}

/// Issue 28 item 4: `init` and `log` honour `TZ=:/usr/share/zoneinfo/…`,
/// and say so when `TZ` is a POSIX rule they cannot use.
struct TZFormsCommandTests {
    let scratch = ScratchFolder()

    func path(_ name: String) -> String { scratch.path(name) }

    @Test func initWritesTheZoneOfAZoneinfoPath() throws {
        try #require(ZoneRules(identifier: "Asia/Tokyo") != nil, "needs tzdata's Asia/Tokyo")
        let journal = path("sites.journal")
        let r = run(arguments: ["-f", journal, "init", "--zones", "front-abdomen"],
                    environment: ["TZ": ":/usr/share/zoneinfo/Asia/Tokyo"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8).contains("timezone Asia/Tokyo\n"))
    }

    @Test func logInAJournalWithoutAZoneReadsTheZoneinfoPath() throws {
        try #require(ZoneRules(identifier: "Asia/Tokyo") != nil, "needs tzdata's Asia/Tokyo")
        let journal = path("sites.journal")
        try "location Left Arm\n".write(toFile: journal, atomically: true, encoding: .utf8)
        let r = run(arguments: ["-f", journal, "--now", "2026-11-30T01:00:00Z", "log", "Left Arm"],
                    environment: ["TZ": "/usr/share/zoneinfo/Asia/Tokyo"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8).contains("2026-11-30 10:00  Left Arm"))
    }

    @Test func aPOSIXRuleIsSaidNotSilentlyReplaced() throws {
        let journal = path("sites.journal")
        let r = run(arguments: ["-f", journal, "init", "--zones", "front-abdomen"], environment: ["TZ": "JST-9"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stderr.contains("TZ=JST-9 names no time zone"), "\(r.stderr)")
        let log = run(arguments: ["-f", journal, "--now", "2026-11-30 10:00", "status"], environment: ["TZ": "JST-9"])
        #expect(!log.stderr.contains("TZ=JST-9"), "a journal with a timezone line is not warned: \(log.stderr)")
    }
}

/// Issue 28 item 4: `locations resume` on a disabled location says it is
/// still disabled, not "back in rotation".
struct ResumeDisabledTests {
    @Test func saysStillDisabled() throws {
        let journal = ScratchFolder().path("sites.journal")
        try "timezone UTC\nlocation Left Arm  disabled  paused until 2026-12-20\nlocation Right Arm\n"
            .write(toFile: journal, atomically: true, encoding: .utf8)
        let r = run(arguments: ["-f", journal, "--now", "2026-11-30", "locations", "resume", "Left Arm"], environment: ["TZ": "UTC"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("back in rotation"), "\(r.stdout)")
        #expect(r.stdout.contains("still disabled"), "\(r.stdout)")
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
