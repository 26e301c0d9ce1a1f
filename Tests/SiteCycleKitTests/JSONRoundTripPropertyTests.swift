import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Issue 23, item 5: `export --format json` holds the whole journal. Random
/// pump-and-sensor journals (devices, `rest`, `for` lists, pauses with their
/// reason, disabled locations, settings, travelling offsets, `removed`) go
/// to JSON and are imported into an empty file: the journal means the same,
/// and its JSON is byte for byte the first.
struct JSONRoundTripPropertyTests {
    typealias Random = SeededRandom

    static let names = ["Left Front Abdomen", "Right Front Abdomen", "Left Side Thigh", "Right Side Thigh",
                        "Left Back Arm", "Right Back Arm", "Lower Back", "Left Buttock", "Right Buttock"]
    static let reasons = ["bruise", "hard lump, rest about a month", "itchy; try again later"]
    static let notes = ["bled a little", "occlusion alarm at 2 am", "fell off, \"adhesive\"", "G7"]

    static func pick<T>(_ list: [T], _ r: inout Random) -> T { list[r.int(list.count)] }

    /// A journal that reads without errors, in the words a person writes.
    static func journal(seed: UInt64) -> String {
        var r = Random(seed: seed)
        var out = "timezone \(pick(["UTC", "Europe/Berlin", "America/New_York"], &r))\n"
        if r.chance(70) {
            let target = pick(["48h", "72h", "60h", "3d", "66.5h"], &r)
            // The pump's grace lives on a `device pump` line.
            out += r.chance(30) ? "device pump \(target) grace \(pick(["6h", "12h"], &r))\n" : "target \(target)\n"
        }
        if r.chance(40) { out += "absorption-threshold \(pick(["15%", "25%", "12.5%"], &r))\n" }
        if r.chance(30) { out += "absorption-mode robust\n" }
        if r.chance(40) { out += "strategy \(pick(["by-body-part", "cooldown 3", "by-site"], &r))\n" }
        var devices = [Device.pumpName]
        for (name, target) in [("sensor", ["10d", "14d", "7d", "252h"]), ("cgm-2", ["10d", "15d"])] where r.chance(60) {
            out += "device \(name) \(pick(target, &r))" + (r.chance(30) ? " grace 12h" : "") + "\n"
            devices.append(name)
        }
        if r.chance(50) { out += "rest \(pick(["5d", "36h", "2d"], &r))\n" }
        if r.chance(30) { out += "patient \(pick(["Ada Lovelace", "Grace \t Hopper", "Zoë O'Brien-Núñez  ; née"], &r))\n" }
        out += "\n"
        var declared: [(name: String, devices: [String])] = []
        for name in names where r.chance(70) || declared.isEmpty {
            var line = "location \(name)"
            var usedBy = devices.filter { _ in r.chance(60) }
            if usedBy.isEmpty { usedBy = [pick(devices, &r)] }
            if usedBy != [Device.pumpName] { line += "  for " + usedBy.joined(separator: ",") }
            if r.chance(25) { line += "  paused until 2026-\(pick(["03", "07", "12"], &r))-1\(r.int(10))" }
            if r.chance(15) { line += "  disabled" }
            if r.chance(25) { line += "  ; " + pick(reasons, &r) }
            out += line + "\n"
            declared.append((name, usedBy))
        }
        out += "\n"
        // Each device's changes an hour or more apart, at day times (never in
        // a DST gap); some logged while travelling, some `removed`.
        var lines: [(key: Int64, text: String)] = []
        for device in devices {
            let places = declared.filter { $0.devices.contains(device) }.map(\.name)
            guard !places.isEmpty else { continue }
            var day = r.int(20)
            for _ in 0..<(r.int(12)) {
                day += 1 + r.int(12)
                let minute = (6 + r.int(16)) * 60 + r.int(60)
                let wall = CivilDateTime(secondsAsIfUTC: 1_767_225_600 + Int64(day) * 86_400 + Int64(minute) * 60)
                var text = wall.journalText
                if r.chance(10) { text += " " + pick(["+05:30", "-04:00", "+00:00"], &r) }
                text += "  " + (device == Device.pumpName ? "" : device + "  ")
                text += r.chance(10) ? "removed" : pick(places, &r)
                if r.chance(30) { text += "  ; " + pick(notes, &r) }
                lines.append((Int64(day) * 10_000 + Int64(minute) * 4 + Int64(devices.firstIndex(of: device)!), text))
            }
        }
        return out + lines.sorted { $0.key < $1.key }.map { $0.text + "\n" }.joined()
    }

    @Test(arguments: 0..<60)
    func jsonRebuildsTheJournal(seed: Int) throws {
        let text = Self.journal(seed: UInt64(seed) &* 7919 &+ 23)
        let original = JournalBuilder.load(SourceFile(path: "a", text: text), defaultZone: .utc)
        try #require(!original.diagnostics.hasErrors, "seed \(seed) made a bad journal:\n\(text)")
        let now = instant("2027-06-01T00:00:00Z")
        let json = Exporters.json(original, original.changes, now: now).rendered()

        guard case .success(let source) = ImportReaders.journalJSON(json) else { Issue.record("unreadable"); return }
        #expect(source.rejected.isEmpty, "\(source.rejected)")
        let fs = InMemoryFileSystem(["/j/sites.journal": ""])
        let outcome = try fs.transaction("/j/sites.journal").run { journal throws(ServiceError) in
            try ImportService.merge(.init(source: source), into: journal)
        }.outcome
        #expect(outcome.plan.rejected.isEmpty && outcome.plan.conflicts.isEmpty, "\(outcome.plan.rejected)")
        let rebuilt = JournalBuilder.load(SourceFile(path: "b", text: fs.text("/j/sites.journal")!), defaultZone: .utc)
        #expect(!rebuilt.diagnostics.hasErrors, "\(rebuilt.diagnostics.map(\.message))")
        let same = Journal.sameMeaning(original, rebuilt)  // a Bool: a failure shows the texts, not the models
        #expect(same, "seed \(seed):\n\(text)\n---\n\(fs.text("/j/sites.journal")!)")
        #expect(Exporters.json(rebuilt, rebuilt.changes, now: now).rendered() == json, "seed \(seed)")
    }
}
