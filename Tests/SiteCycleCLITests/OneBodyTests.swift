import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// Issue 23: one body, every device. Random pump-and-sensor journals; for
/// every location, the occupancy model matches the sessions it is built
/// from, and recommend, the map, the picker, completion's words and the
/// report's and stats' "rested" figures all say the same of it.
struct OneBodyTests {
    static let names = ["Left Front Abdomen", "Right Front Abdomen", "Left Back Arm", "Right Back Arm",
                        "Left Buttock", "Lower Back"]
    static let clauses = ["  for pump,sensor", "  for pump,sensor", "  for sensor", "  for sensor", "", ""]

    /// A journal of `seed`: a pump changed every 2–4 days, a sensor every
    /// 7–11, now and then a `removed`, and a moment to look at it from.
    static func journal(_ seed: UInt64) -> (text: String, now: Instant) {
        var random = SeededRandom(seed: seed)
        var text = "timezone UTC\ntarget 72h\ndevice sensor 10d\n" + (random.chance(50) ? "rest \(1 + random.int(6))d\n" : "")
        for (name, clause) in zip(names, clauses) { text += "location \(name)\(clause)\n" }
        text += "\n"
        var lines: [(Int64, String)] = []
        for (device, span, pool) in [("pump", 2...4, [0, 1, 4, 5]), ("sensor", 7...11, [0, 1, 2, 3])] {
            var t: Int64 = 1_767_225_600 + Int64(random.int(86_400 / 60)) * 60
            for _ in 0..<(4 + random.int(12)) {
                let what = random.chance(10) ? "removed" : names[pool[random.int(pool.count)]]
                lines.append((t, "\(device)  \(what)"))
                t += Int64(span.lowerBound + random.int(span.count)) * 86_400 + Int64(random.int(600)) * 60
            }
        }
        for (t, rest) in lines.sorted(by: { $0.0 < $1.0 }) {
            text += formatISO8601(Instant(seconds: t), offsetSeconds: 0).prefix(16).replacingOccurrences(of: "T", with: " ")
                + "  " + rest + "\n"
        }
        let last = lines.map(\.0).max()!
        return (text, Instant(seconds: last - Int64(random.int(20)) * 86_400 + Int64(random.int(30)) * 86_400))
    }

    @Test func everyViewReadsTheSameBody() throws {
        for seed in UInt64(1)...150 {
            let (text, now) = Self.journal(seed)
            let journal = load(text, zone: .utc)
            try #require(!journal.diagnostics.hasErrors, "seed \(seed): \(journal.diagnostics.first?.message ?? "")\n\(text)")
            let body = Occupancy.compute(journal, now: now)
            for site in body.sites {
                // The model against its intervals.
                let sessions = Occupancy.sessions(journal, at: site.location.name, now: now)
                #expect(site.occupiedBy == journal.deviceNames.filter { d in sessions.contains { $0.device == d && $0.end == nil } },
                        "seed \(seed) \(site.location.name)")
                let left = sessions.compactMap(\.end).max()
                #expect(site.vacatedAt == (site.isOccupied ? nil : left), "seed \(seed) \(site.location.name)")
            }
            for device in journal.deviceNames {
                let r = Recommender.recommend(journal, device: device, now: now)
                let map = BodyMap.compute(journal, device: device, by: .rest, now: now)
                let picker = SitePicker(recommendation: r, now: now, zone: .utc, device: device)
                let stats = Statistics.compute(journal.rotation(device), include: nil, now: now, robust: false, body: body)
                for (item, tag) in r.all {
                    let name = item.location.name
                    let site = try #require(body.site(name))
                    let days = body.restedDays(site)
                    let mark = try #require(map.marks.first { $0.location.name == name }, "seed \(seed) \(device): \(name) not on its map")
                    #expect(item.restedDays == days && mark.daysSinceUse == days, "seed \(seed) \(device) \(name)")
                    #expect(stats.locations.first { $0.location.name == name }?.daysSinceLastUse == days,
                            "seed \(seed) \(device) \(name): stats")
                    let row = try #require(picker.rows.first { $0.name == name })
                    // The state after a flagged site's verdict ("⚠ … · rested 14 days").
                    let state = row.lastUsed.components(separatedBy: " · ").last ?? ""
                    if !site.occupiedBy.contains(device), let other = site.occupiedBy.first {
                        #expect(tag == .occupied && mark.state == .occupied && row.tag == "in use (\(other))",
                                "seed \(seed) \(device) \(name)")
                    } else if site.isOccupied {
                        #expect(mark.isActive && state == "in use", "seed \(seed) \(device) \(name)")
                    } else if site.lastChange != nil {
                        #expect(state == BodyWords.rested(days), "seed \(seed) \(device) \(name)")
                    }
                }
                // The report's per-site rest column, for this device.
                let html = ClinicReport.html(journal, device: device, period: .init(from: Instant(seconds: 0), to: now), now: now)
                for (item, _) in r.all where item.location.isEnabled {
                    let shown = item.restedDays.map(String.init) ?? (item.lastUse == nil ? "–" : "in use")
                    #expect(html.contains("<td>\(ClinicReport.escape(item.location.name))</td>")
                            && html.contains("data-rested=\"\(ClinicReport.escape(item.location.name))\">\(shown)<"),
                            "seed \(seed) \(device) \(item.location.name): report says otherwise")
                }
            }
        }
    }

    /// The issue's own case: a 10-day sensor left a site two days ago.
    @Test func aSiteASensorLeftTwoDaysAgoHasRestedTwoDays() {
        let journal = load("""
            timezone UTC
            device sensor 10d
            location Left Front Abdomen  for pump,sensor
            location Left Back Arm  for sensor
            location Lower Back

            2026-01-01 08:00  sensor  Left Front Abdomen
            2026-01-02 08:00  pump  Lower Back
            2026-01-11 08:00  sensor  Left Back Arm

            """, zone: .utc)
        let now = instant("2026-01-13T09:00:00Z")
        let r = Recommender.recommend(journal, now: now)
        let map = BodyMap.compute(journal, by: .rest, now: now)
        #expect(r.all.first { $0.item.location.name == "Left Front Abdomen" }?.item.restedDays == 2)
        #expect(map.marks.first { $0.location.name == "Left Front Abdomen" }?.daysSinceUse == 2)
        #expect(BodyWords.rested(2) == "rested 2 days")
    }
}
