import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// Travelling: the journal keeps Berlin time while the clock is in New York.
/// A bare wall time is journal time, and says so; `local` means the clock's.
struct WallTimeNoteTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-travel-\(UUID().uuidString).journal").path
    let newYork = ["TZ": "America/New_York"]

    init() throws {
        try (header + "2026-11-01 08:15  Lower Back\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    func lastLine() throws -> String {
        String(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last ?? "")
    }

    @Test func aBareTimeSaysWhichZoneItWasReadIn() throws {
        let r = run(arguments: ["-f", path, "--now", "2026-11-03T18:00:00Z", "log", "lfa", "--at", "08:00"],
                    environment: newYork)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(try lastLine() == "2026-11-03 08:00  Left Front Abdomen")
        #expect(r.stderr == """
            sitecycle: note: 08:00 read in the journal's zone Europe/Berlin (your clock is
                    in America/New_York); write "08:00 local" for yours

            """)
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func localMeansTheSystemsZone() throws {
        let r = run(arguments: ["-f", path, "--now", "2026-11-03T18:00:00Z", "log", "lfa", "--at", "08:00 local"],
                    environment: newYork)
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        // 08:00 in New York is 14:00 in Berlin.
        #expect(try lastLine() == "2026-11-03 14:00  Left Front Abdomen")
        let y = run(arguments: ["-f", path, "--now", "2026-11-04T18:00:00Z", "log", "rfa", "--at", "yesterday 21:00 local"],
                    environment: newYork)
        #expect(y.exitCode == 0, "\(y.stderr)")
        #expect(try lastLine() == "2026-11-04 03:00  Right Front Abdomen")
    }

    @Test func everyTimeOptionIsNotedOnce() {
        let r = run(arguments: ["-f", path, "--now", "2026-11-03 12:00", "history", "--from", "2026-11-01 08:00",
                                "--to", "2026-11-03 12:00"], environment: newYork)
        #expect(r.exitCode == 0)
        #expect(r.stderr.components(separatedBy: "sitecycle: note:").count == 3)
        #expect(r.stderr.contains("2026-11-01 08:00 read in the journal's zone"))
        #expect(r.stderr.contains("write \"2026-11-03 12:00 local\""))
    }

    @Test func nothingToSayWhenTheClocksAgreeOrNoWallTimeIsGiven() {
        let quiet: [([String], [String: String])] = [
            (["--now", "2026-11-03 12:00", "log", "lfa", "--at", "08:00"], ["TZ": "Europe/Berlin"]),
            // Paris keeps Berlin's offset: the same instant either way.
            (["--now", "2026-11-03 12:00", "history", "--from", "2026-11-01 08:00"], ["TZ": "Europe/Paris"]),
            (["--now", "2026-11-03T12:00:00Z", "history", "--from", "2026-11-01", "--to", "yesterday"], newYork),
            (["--now", "2026-11-03T12:00:00Z", "log", "rfa", "--at", "-2h"], newYork),
            // $SITECYCLE_NOW is for scripts and tests.
            (["history"], newYork.merging(["SITECYCLE_NOW": "2026-11-03 12:00"]) { a, _ in a }),
        ]
        for (args, env) in quiet {
            let r = run(arguments: ["-f", path] + args, environment: env)
            #expect(r.exitCode == 0, "\(args): \(r.stderr)")
            #expect(r.stderr == "", "\(args)")
        }
    }

    @Test func localGoesOnlyAfterAWallTime() {
        let r = run(arguments: ["-f", path, "--now", "2026-11-03 12:00", "log", "lfa", "--at", "-2h local"],
                    environment: newYork)
        #expect(r.exitCode == ExitCode.usage)
        #expect(r.stderr.contains("`local` goes after a wall time"))
    }
}
