import Foundation
import SiteCycleKit
import Testing
@testable import SiteCycleCLI

/// Issue 31 item 11: `delete N` with a stale line number said nothing of
/// the two-year-old entry it took.
struct DeleteSaysWhatTests {
    static let text = """
        timezone UTC
        device sensor 14d
        location Left Buttock
        location Right Buttock
        location Left Back Arm  for sensor

        2024-11-30 08:00  Left Buttock
        2026-02-01 08:00  sensor  Left Back Arm
        2026-02-03 08:00  Right Buttock

        """

    func journal() throws -> String {
        let path = CommandLineTests().temporaryPath("sites.journal")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Self.text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func itSaysTheDateDeviceAndLocation() throws {
        let path = try journal()
        let r = run(arguments: ["-f", path, "--now", "2026-02-04 08:00", "delete", "8"], environment: ["TZ": "UTC"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Deleted line 8, Left Back Arm (sensor) from 2026-02-01 08:00:\n"), "\(r.stdout)")
    }

    @Test func onATerminalAnOlderEntryAsksFirst() throws {
        let path = try journal()
        let no = run(arguments: ["-f", path, "--now", "2026-02-04 08:00", "delete", "7"], environment: ["TZ": "UTC"],
                     stdin: "\n", terminal: true)
        #expect(no.exitCode == 1)
        #expect(no.stdout.contains("Line 7 is Left Buttock (pump) from 2024-11-30 08:00"), "\(no.stdout)")
        #expect(no.stdout.contains("Nothing was deleted."))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text)
        let yes = run(arguments: ["-f", path, "--now", "2026-02-04 08:00", "delete", "7"], environment: ["TZ": "UTC"],
                      stdin: "y\n", terminal: true)
        #expect(yes.exitCode == 0, "\(yes.stderr)")
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("2024-11-30"))
        // The newest entry goes without a question.
        let newest = run(arguments: ["-f", path, "--now", "2026-02-04 08:00", "delete", "last"], environment: ["TZ": "UTC"],
                         stdin: "", terminal: true)
        #expect(newest.exitCode == 0 && !newest.stdout.contains("Delete it?"), "\(newest.stdout)")
    }
}
