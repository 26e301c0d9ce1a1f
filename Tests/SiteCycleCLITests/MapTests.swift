import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// The body map: every location placed or listed, and every screen within
/// 80 columns whatever the measure, the colour or the number of locations.
struct MapTests {
    static let realistic = packageRoot.appendingPathComponent("examples/realistic.journal").path
    static let now = "2026-11-21 12:00"

    func visibleLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func journalWith(_ names: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var text = "timezone Europe/Berlin\n" + names.map { "location \($0)\n" }.joined() + "\n"
        for (i, name) in names.enumerated() { text += "2026-\(i < 20 ? "10" : "11")-\(String(format: "%02d", i % 20 + 1)) 08:00  \(name)\n" }
        let path = dir.appendingPathComponent("sites.journal").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: ["rest", "uses", "hours"], ["always", "never"])
    func realisticMapFitsEightyColumnsAndTwentyFourLines(by: String, color: String) {
        let result = run(arguments: ["-f", MapTests.realistic, "--now", MapTests.now, "--color", color, "map", "--by", by],
                         environment: ["TZ": "Europe/Berlin", "LANG": "C.UTF-8"])
        #expect(result.exitCode == 0)
        let lines = visibleLines(result.stdout)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.count <= 24)
        // Every enabled and disabled location of the example has a key line.
        for name in ["Left Front Abdomen", "Right Back Arm", "Lower Back", "Right Buttock"] {
            #expect(result.stdout.contains(name))
        }
    }

    /// Issue 23 item 10: the device's own site and another device's differ
    /// in shape (in Unicode and in the ASCII stand-ins) and in colour, so
    /// neither colour nor a squint is needed to tell them apart.
    @Test func activeAndOtherDeviceMarksDifferInShapeAndColour() throws {
        let text = """
            timezone UTC
            device sensor 10d
            location Left Front Abdomen  for pump,sensor
            location Left Back Arm  for pump,sensor

            2026-02-01 08:00  Left Front Abdomen
            2026-02-01 09:00  sensor  Left Back Arm

            """
        let path = temporaryJournal(text)
        for lang in ["C.UTF-8", "C"] {
            let result = run(arguments: ["-f", path, "--now", "2026-02-02 12:00", "--color", "always", "map"],
                             environment: ["TZ": "UTC", "LANG": lang])
            #expect(result.exitCode == 0)
            // Key lines: the colour (30–37 of the codes; bold is no colour),
            // the mark, its key letter, the name.
            func mark(_ name: String) -> (colour: [String], sign: String)? {
                let pattern = "((?:\u{1B}\\[[0-9;]*m)+)(\\S)[a-z](?:\u{1B}\\[0m)+ " + name
                guard let regex = try? NSRegularExpression(pattern: pattern),
                      let m = regex.firstMatch(in: result.stdout, range: NSRange(result.stdout.startIndex..., in: result.stdout)),
                      let codes = Range(m.range(at: 1), in: result.stdout), let sign = Range(m.range(at: 2), in: result.stdout)
                else { return nil }
                let numbers = result.stdout[codes].split(whereSeparator: { !$0.isNumber }).map(String.init)
                return (numbers.filter { ("30"..."37").contains($0) }, String(result.stdout[sign]))
            }
            let active = mark("Left Front Abdomen"), other = mark("Left Back Arm")
            #expect(active != nil && other != nil, "\(lang): \(result.stdout)")
            #expect(active?.sign != other?.sign, "\(lang)")
            #expect(active?.colour != other?.colour, "\(lang)")
        }
    }

    func temporaryJournal(_ text: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-map-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("sites.journal").path
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func fortyCustomLocationsAreAllListedAndFit() throws {
        let names = (1...37).map { "Custom Spot \($0)" + ($0 % 9 == 0 ? " on the other side of the belly" : "") }
            + ["Left Calf", "right chest", "Lower Back"]
        let path = try journalWith(names)
        let result = run(arguments: ["-f", path, "--now", "2026-11-21 12:00", "--color", "never", "map"],
                         environment: ["TZ": "Europe/Berlin", "LANG": "C.UTF-8"])
        #expect(result.exitCode == 0)
        let lines = visibleLines(result.stdout)
        #expect(lines.allSatisfy { $0.count <= 80 })
        for name in names { #expect(result.stdout.contains(name), "\(name) is missing") }
        let json = run(arguments: ["-f", path, "--now", "2026-11-21 12:00", "--json", "map"], environment: ["TZ": "UTC"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let locations = parsed?["locations"] as? [[String: Any]] ?? []
        #expect(locations.count == 40)
        #expect(locations.filter { $0["view"] as? String == "none" }.count == 37)
        let chest = locations.first { $0["location"] as? String == "right chest" }
        #expect(chest?["view"] as? String == "front")
    }

    @Test func everyKnownPlaceIsInsideTheOutlineAndNoTwoOverlap() {
        var taken: Set<String> = []
        for (name, place) in BodyMap.knownPlaces {
            #expect(place.column >= 0 && place.column + 1 < BodyMap.width, "\(name)")
            #expect(place.row >= 0 && place.row < BodyMap.height, "\(name)")
            for c in place.column...(place.column + 1) {
                #expect(taken.insert("\(place.view)-\(place.row)-\(c)").inserted, "\(name) overlaps another place")
            }
            #expect((0...1).contains(place.x) && (0...1).contains(place.y))
        }
        #expect(BodyMap.knownPlaces.count == 25)
        #expect(BodyMap.outline.allSatisfy { $0.count == BodyMap.width })
        #expect(BodyMap.outline.count == BodyMap.height)
        for name in DefaultZones.locationNames(zones: DefaultZones.all, sides: true) {
            #expect(BodyMap.place(of: name) != nil, "\(name) has no place")
        }
    }

    @Test func restStatesFollowTheHistory() {
        let journal = load(header + """
            2026-10-01 08:00  Lower Back
            2026-11-10 08:00  Right Front Abdomen
            2026-11-13 08:00  Left Front Abdomen

            """)
        let map = BodyMap.compute(journal, by: .rest, now: instant("2026-11-14T12:00:00Z"))
        // Three locations: Avoid holds two (`Recommender.avoidSize`); the
        // one rested longest, left 4 days ago, is only recent.
        #expect(map.marks.map(\.state) == [.active, .avoid, .recent])
        let later = BodyMap.compute(journal, by: .uses, now: instant("2026-11-14T12:00:00Z"))
        #expect(later.marks.map(\.state) == [.even, .even, .even])
    }
}
