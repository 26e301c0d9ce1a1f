import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The zone rules read from the system's TZif files must agree with
/// Foundation, which they replace on the hot path; these cases are the ones
/// a reader of TZif gets wrong: gaps and folds, the time before the first
/// transition, and the years after the last one (the footer's TZ string).
struct TZifTests {
    static let hasZoneinfo = FileManager.default.fileExists(atPath: TZifRules.directory + "/Europe/Berlin")

    /// The same rules engine fed Foundation's (ICU's) offsets: what the
    /// TZif reading is compared with. The binary itself carries no ICU.
    func foundation(_ name: String) -> ZoneRules {
        let zone = TimeZone(identifier: name)!
        return ZoneRules(identifier: name, offsetsFrom: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })
    }

    @Test func utcIsKnownWithoutZoneData() {
        #expect(ZoneRules.universal.allSatisfy { ZoneRules(identifier: $0)?.offset(at: Instant(seconds: 0)) == 0 })
        #expect(ZoneRules(identifier: "GMT+1") == nil)
        #expect(knownZoneIdentifiers(directory: "/nonexistent").contains("UTC"))
        // Without zoneinfo, the fix names the package to install.
        #expect(unknownZoneHelp(for: "Europe/Berlin", hasZoneData: false).contains("install the `tzdata` package"))
        #expect(unknownZoneHelp(for: "Europe/Berln", hasZoneData: true) == "did you mean `Europe/Berlin`?")
        if TZifTests.hasZoneinfo {
            let names = knownZoneIdentifiers()
            #expect(names.contains("Europe/Berlin") && names.contains("America/Argentina/Buenos_Aires"))
            #expect(!names.contains("zone.tab") && !names.contains("SECURITY") && !names.contains { $0.hasPrefix("right/") })
        }
    }

    func civil(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> CivilDateTime {
        CivilDateTime(date: CivilDate(year: y, month: mo, day: d), hour: h, minute: mi)
    }

    @Test(.enabled(if: hasZoneinfo)) func systemZonesAreReadFromTZif() {
        #expect(ZoneRules(identifier: "Europe/Berlin")!.readsTZif)
        #expect(ZoneRules(identifier: "UTC")!.readsTZif)
        #expect(ZoneRules(identifier: "Nowhere/Atlantis") == nil)
        // Not zone names, though files of that name exist.
        #expect(TZifRules(identifier: "../../etc/passwd") == nil)
        #expect(TZifRules(identifier: "posixrules") == nil)
    }

    /// The system zone is read from `/etc/localtime`'s link or Debian's
    /// `/etc/timezone`, without asking Foundation (and ICU).
    @Test func theSystemZoneNameComesFromTheLinkOrTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let link = dir + "/localtime", file = dir + "/timezone"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/New_York")
        #expect(ZoneRules.systemZoneName(localtime: link, timezoneFile: file) == "America/New_York")
        try FileManager.default.removeItem(atPath: link)
        try "Europe/Berlin\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(ZoneRules.systemZoneName(localtime: link, timezoneFile: file) == "Europe/Berlin")
        try "../../etc/passwd\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(ZoneRules.systemZoneName(localtime: link, timezoneFile: file) == nil)
    }

    @Test(.enabled(if: hasZoneinfo), arguments: [
        (2026, "Europe/Berlin"), (2026, "America/New_York"), (2100, "Europe/Berlin"), (2100, "America/New_York"),
        (2400, "Europe/Berlin"), (2400, "America/New_York"),
    ])
    func gapsAndFoldsResolveAsFoundationDoes(year: Int, name: String) {
        let tzif = ZoneRules(identifier: name)!, foundation = foundation(name)
        #expect(tzif.readsTZif && !foundation.readsTZif)
        // Every half hour of the days around the spring and autumn changes.
        for (month, days) in [(3, 7...31), (10, 24...31), (11, 1...7)] {
            for day in days {
                for minutes in stride(from: 0, to: 24 * 60, by: 30) {
                    let wall = civil(year, month, day, minutes / 60, minutes % 60)
                    #expect(tzif.resolve(wall) == foundation.resolve(wall), "\(name) \(wall.secondsAsIfUTC)")
                }
            }
        }
    }

    @Test(.enabled(if: hasZoneinfo)) func knownGapsAndFoldsFarBeyondTheLastTransition() {
        let berlin = ZoneRules(identifier: "Europe/Berlin")!, newYork = ZoneRules(identifier: "America/New_York")!
        // 2100: March 28 and October 31 are the last Sundays in Berlin;
        // March 14 and November 7 the second and first Sundays in New York.
        guard case .nonexistent(let from, let to) = berlin.resolve(civil(2100, 3, 28, 2, 30)) else {
            Issue.record("expected a gap")
            return
        }
        #expect((from.hour, to.hour) == (2, 3))
        if case .ambiguous = berlin.resolve(civil(2100, 10, 31, 2, 30)) {} else { Issue.record("expected a fold") }
        if case .nonexistent = newYork.resolve(civil(2100, 3, 14, 2, 30)) {} else { Issue.record("expected a gap") }
        if case .ambiguous = newYork.resolve(civil(2100, 11, 7, 1, 30)) {} else { Issue.record("expected a fold") }
        #expect(newYork.offset(at: Instant(seconds: civil(2300, 7, 4, 12, 0).secondsAsIfUTC)) == -4 * 3600)
        #expect(berlin.offset(at: Instant(seconds: civil(2300, 1, 15, 12, 0).secondsAsIfUTC)) == 3600)
    }

    @Test(.enabled(if: hasZoneinfo), arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe",
                                                 "America/Santiago", "Asia/Kolkata", "UTC"])
    func farPastAndFarFutureMatchFoundation(_ name: String) {
        let tzif = ZoneRules(identifier: name)!, foundation = foundation(name)
        // Local mean time before the first transition, and the footer's rule
        // for centuries after the last, sampled across every hour of the day.
        for (from, to) in [(-6_000_000_000 as Int64, -2_000_000_000 as Int64), (4_000_000_000, 13_000_000_000)] {
            var t = from
            while t < to {
                #expect(tzif.offset(at: Instant(seconds: t)) == foundation.offset(at: Instant(seconds: t)), "\(name) at \(t)")
                t += 86_400 * 29 + 3_607
            }
        }
    }

    @Test func posixRulesOfTheFooter() {
        let berlin = PosixZone("CET-1CEST,M3.5.0,M10.5.0/3")!
        #expect(berlin.standard == 3600 && berlin.daylight == 7200)
        let lordHowe = PosixZone("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")!
        #expect(lordHowe.standard == 37_800 && lordHowe.daylight == 39_600)
        // Southern hemisphere: daylight time spans the new year.
        #expect(lordHowe.offset(at: civil(2300, 1, 1, 0, 0).secondsAsIfUTC) == 39_600)
        #expect(lordHowe.offset(at: civil(2300, 7, 1, 0, 0).secondsAsIfUTC) == 37_800)
        #expect(PosixZone("UTC0") == PosixZone("<+00>0"))
        #expect(PosixZone("<-03>3")!.offset(at: 0) == -3 * 3600)
        // Julian days (February 29 not counted) and zero-based days.
        let julian = PosixZone("AAA0BBB,J60/0,J300/0")!
        #expect(julian.offset(at: civil(2400, 3, 1, 0, 0).secondsAsIfUTC) == 3600)  // J60 is March 1 even in a leap year
        #expect(julian.offset(at: civil(2400, 2, 29, 23, 59).secondsAsIfUTC) == 0)
        let zeroBased = PosixZone("AAA0BBB,59/0,299/0")!
        #expect(zeroBased.offset(at: civil(2400, 2, 29, 0, 0).secondsAsIfUTC) == 3600)  // day 59 is February 29 in a leap year
        #expect(PosixZone("CET-1CEST,M13.5.0,M10.5.0") == nil)
    }
}
