import Foundation
import Testing
@testable import SiteCycleCLI

struct ReadLimitInProcessTests {
    @Test func theLimitHoldsInProcessToo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("sites.journal").path
        try "timezone UTC\nlocation A\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = run(arguments: ["-f", path, "check"], environment: ["SITECYCLE_MAX_BYTES": "10"])
        #expect(r.exitCode == 1)
        #expect(r.stderr.contains("it is larger than 10 bytes"))
        #expect(run(arguments: ["-f", path, "check"], environment: [:]).exitCode == 0)
    }
}
