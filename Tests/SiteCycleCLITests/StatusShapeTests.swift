import Foundation
import Testing
@testable import SiteCycleCLI

/// Issue 23 item 10: `status --json` has one shape whether or not a sensor
/// is declared: the first device's fields at the top (the pump's, as
/// scripts read them) and every device in `devices`.
struct StatusShapeTests {
    func status(_ journal: String, _ extra: [String] = []) throws -> [String: Any] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("sites.journal").path
        try journal.write(toFile: path, atomically: true, encoding: .utf8)
        let result = run(arguments: ["-f", path, "--now", "2026-02-02 12:00", "--json", "status"] + extra,
                         environment: ["TZ": "UTC"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test func oneShapeWithOrWithoutASensor() throws {
        let pumpOnly = try status("timezone UTC\nlocation Belly\n\n2026-02-01 08:00  Belly\n")
        let both = try status("""
            timezone UTC
            device sensor 10d
            location Belly  for pump,sensor
            location Arm  for sensor

            2026-02-01 08:00  Belly
            2026-02-01 09:00  sensor  Arm

            """)
        #expect(Set(pumpOnly.keys) == ["device", "active", "next", "nextFlags", "noneBecause", "devices"])
        #expect(Set(both.keys) == Set(pumpOnly.keys))
        #expect(pumpOnly["device"] as? String == "pump" && both["device"] as? String == "pump")
        let devices = (both["devices"] as? [[String: Any]])?.compactMap { $0["device"] as? String }
        #expect(devices == ["pump", "sensor"])
        #expect((pumpOnly["devices"] as? [[String: Any]])?.count == 1)
    }
}
