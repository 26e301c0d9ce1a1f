import Foundation
import Testing

/// Issue 37 item 7: every change `sync` commits is said in the message, so
/// `git log` on the other computer reads what happened; "reformat the
/// journal" only for comments and layout.
extension SyncTests {
    static let withLibre = """
        timezone UTC
        device libre 14d
        location Left Hip
        location Right Hip
        location Lower Back
        location Left Back Arm  for libre

        2026-11-01 08:00  Left Hip
        2026-11-07 08:00  libre  Left Back Arm

        """

    @Test func everyChangeIsSaidInTheCommitMessage() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try git("init", "-q", "-b", "main", "solo")
        try write(SyncTests.withLibre, "solo/sites.journal")
        try git("add", "sites.journal", in: "solo")
        try git("commit", "-q", "-m", "by hand", in: "solo")
        func run(_ args: String...) throws {
            let r = try sitecycle(["--now", "2026-11-21 09:00"] + args, in: "solo")
            #expect(r.exitCode == 0, "\(args): \(r.stderr)")
        }
        func committed() throws -> String {
            let r = try sitecycle(["sync"], in: "solo")
            #expect(r.exitCode == 0, "\(r.stderr)")
            #expect(try clean("solo"))
            return try git("log", "-1", "--format=%s", in: "solo").stdout.trimmingCharacters(in: .newlines)
        }
        _ = try committed()  // .gitattributes
        try run("locations", "pause", "Left Hip", "--for", "7d")
        #expect(try committed() == "pause location Left Hip until 2026-11-28")
        try run("locations", "for", "Lower Back", "pump,libre")
        #expect(try committed() == "location Lower Back for pump,libre")
        // A pause committed with a log is said beside it.
        try run("log", "lower back", "--at", "2026-11-21 08:00")
        try run("locations", "pause", "Right Hip", "--until", "2026-12-01")
        #expect(try committed() == "log Lower Back 2026-11-21 08:00; pause location Right Hip until 2026-12-01")
        try run("locations", "resume", "Left Hip")
        #expect(try committed() == "resume location Left Hip")
        try run("remove", "--device", "libre", "--at", "2026-11-21 08:00")
        #expect(try committed() == "remove libre 2026-11-21 08:00")
        try run("log", "Left Back Arm", "--device", "libre", "--at", "2026-11-21 08:30")
        #expect(try committed() == "log libre Left Back Arm 2026-11-21 08:30")
        try run("amend", "2026-11-01 08:00", "--reason", "pain")
        #expect(try committed() == "amend Left Hip 2026-11-01 08:00")
        try run("set", "device", "libre", "15d")
        #expect(try committed() == "set device libre 15d")
        try run("locations", "move", "Lower Back", "--before", "Left Hip")
        #expect(try committed() == "reorder locations")
        // Comments and layout alone are what the fallback says.
        try write(try read("solo/sites.journal") + "; a comment\n", "solo/sites.journal")
        #expect(try committed() == "reformat the journal (comments and layout only)")
    }
}
