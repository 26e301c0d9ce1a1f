import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// The fuzzer's promises, checked on a fixed set of seeded mutations so CI
/// runs them every time: no crash, no hang, a diagnostic for everything
/// unreadable, fmt and merge safe on whatever reads cleanly.
struct RandomInputTests {
    static let seeds: [[UInt8]] = {
        LosslessTests.examples.compactMap { try? Array(Data(contentsOf: packageRoot.appendingPathComponent("examples/\($0)"))) }
            .map { Array($0.prefix(6_000)) } + [Array(devicesSeed.utf8)]
    }()

    /// A pump and a sensor sharing sites, with a rest period and a pause.
    static let devicesSeed = """
        timezone UTC
        target 72h
        device sensor 10d
        rest 5d

        location Left Front Abdomen  for pump,sensor
        location Left Back Arm  for sensor
        location Left Front Thigh  paused until 2026-03-15  ; bruise
        location Lower Back

        2026-02-01 08:15  Left Front Abdomen
        2026-02-01 08:15  sensor  Left Back Arm      ; same minute, two devices
        2026-02-04 08:00  pump  Lower Back
        2026-02-11 10:30  sensor  Left Front Abdomen
        2026-02-20 09:00  sensor  removed

        """

    static let fragments: [[UInt8]] = [
        "location X\n", "2026-03-29 02:30  X\n", "<<<<<<< HEAD\n", "\r", "\0", "\u{FEFF}", "; note\n", "    ; more\n",
        "removed", "+14:00", "9999-12-31 23:59", "0000-00-00 99:99", "\"", "timezone Nowhere/Else\n", "target 0h\n",
        "\n\n", "\t", "disabled", "strategy cooldown 11\n", "\u{E9}", "\u{1F489}",
        "device sensor 10d\n", "rest 5d\n", "  for pump,sensor", "  paused until 2026-03-15", "sensor  ",
    ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]]

    static func mutate(_ input: [UInt8], _ r: inout SeededRandom) -> [UInt8] {
        var b = input
        for _ in 0..<(1 + r.int(3)) {
            guard !b.isEmpty else { b = fragments[r.int(fragments.count)]; continue }
            let i = r.int(b.count)
            switch r.int(6) {
            case 0: b[i] = UInt8(truncatingIfNeeded: r.next())
            case 1: b.insert(contentsOf: fragments[r.int(fragments.count)], at: i)
            case 2: b.removeSubrange(i..<min(b.count, i + 1 + r.int(40)))
            case 3:  // swap two lines
                let lines = b.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                guard lines.count > 2 else { continue }
                var l = lines
                l.swapAt(r.int(l.count), r.int(l.count))
                b = Array(l.joined(separator: [0x0A]))
            case 4: b.insert(contentsOf: b[i..<min(b.count, i + r.int(200))], at: r.int(b.count))
            default: b.append(contentsOf: fragments[r.int(fragments.count)])
            }
        }
        return b
    }

    /// The CGM examples, cut short and mutated: read without a crash, in
    /// order, every reading accounted for (issue 32).
    @Test func mutatedCGMExportsKeepEveryPromise() throws {
        let seeds = try ["clarity.csv", "clarity-2019-mmol.csv", "libreview-us.csv", "libreview-eu-mmol.csv",
                         "nightscout-entries.json"].map {
            Array(try Data(contentsOf: packageRoot.appendingPathComponent("examples/cgm/\($0)")).prefix(4_000))
        } + RandomInputTests.europeanCGMSeeds.map { Array($0.utf8) }
        var r = SeededRandom(seed: 32)
        var read = 0
        for n in 0..<1_000 {
            let input = RandomInputTests.mutate(seeds[n % seeds.count], &r)
            if let problem = JournalInvariants.cgmViolation(in: input) { Issue.record("input \(n): \(problem)") }
            if input.withUnsafeBufferPointer({ CGMReader.detect($0) }) != nil { read += 1 }
        }
        #expect(read > 500, "most mutations still read as an export (\(read))")
    }

    /// The shapes beyond the examples: semicolons and decimal commas, an
    /// unquoted decimal comma between commas, a header told by position,
    /// and Nightscout's v3 answer.
    static let europeanCGMSeeds = [
        "Glukose-Werte;Erstellt am;27-11-2026 10:00 UTC;Erstellt von;Test\nGerät;Seriennummer;Gerätezeitstempel;"
            + "Aufzeichnungstyp;Glukosewert-Verlauf mmol/L;Glukose-Scan mmol/L;Notizen\n"
            + (0..<40).map { "FreeStyle LibreLink;ABC;0\($0 % 9 + 1).03.2026 1\($0 % 10):00;0;\(4 + $0 % 7),\($0 % 10);;\n" }.joined(),
        "Q,R,S,T,U mmol/L,V mmol/L,W\n"
            + (0..<40).map { "L,A,1\($0 % 9).03.2026 0\($0 % 10):15,\($0 % 2),\(5 + $0 % 3),\($0 % 10),"
                + ($0 % 5 == 0 ? "\n" : ",\n") }.joined(),
        "{\"status\":200,\"result\":[\n"
            + (0..<40).map { "{\"type\":\"sgv\",\"sgv\":\(90 + $0),\"date\":\(1_772_000_000_000 + $0 * 300_000)}" }
                .joined(separator: ",\n") + "\n]}\n",
    ]

    @Test func mutatedJournalsKeepEveryPromise() {
        var r = SeededRandom(seed: 2026)
        var clean = 0, broken = 0
        for n in 0..<1_500 {
            let input: [UInt8]
            if n % 10 == 9 {
                input = (0..<r.int(400)).map { _ in UInt8(truncatingIfNeeded: r.next()) }
            } else {
                input = RandomInputTests.mutate(RandomInputTests.seeds[n % RandomInputTests.seeds.count], &r)
            }
            if let problem = JournalInvariants.violation(in: input) {
                Issue.record("input \(n): \(problem)")
            }
            if JournalBuilder.load(SourceFile(path: "x", bytes: input), defaultZone: .utc).diagnostics.hasErrors {
                broken += 1
            } else {
                clean += 1
            }
        }
        #expect(clean > 100 && broken > 500, "clean \(clean), broken \(broken)")
    }

    /// Import sources shaped like the hostile ones: line breaks, `;`, CR,
    /// NUL and terminal escapes in notes and names, in every format.
    static let hostileTexts = ["x\r\n2026-02-12 08:00  Left Arm\r\nlocation Injected Site", "Right Leg;  not a comment",
                               "Hip\r\ntarget 1h", "a\rb", "nul\u{0}", "\u{1B}]0;pwned\u{7}", "\u{9B}31m", "=HYPERLINK(1)",
                               "Left Arm", "", " ", "\n\n", "2026-02-03 08:00  Left Arm"]

    static func jsonString(_ s: String) -> String {
        "\"" + s.unicodeScalars.map { c -> String in
            switch c {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            default: return c.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count)
                + String(c.value, radix: 16) : String(c)
            }
        }.joined() + "\""
    }

    @Test func hostileImportsNeverInjectLines() {
        var r = SeededRandom(seed: 12)
        for n in 0..<400 {
            let name = RandomInputTests.hostileTexts[r.int(RandomInputTests.hostileTexts.count)]
            let note = RandomInputTests.hostileTexts[r.int(RandomInputTests.hostileTexts.count)]
            let text: String
            switch n % 3 {
            case 0:
                text = "[{\"eventType\":\"Site Change\",\"created_at\":\"2026-02-10T08:00:00Z\",\"location\":"
                    + RandomInputTests.jsonString(name) + ",\"notes\":" + RandomInputTests.jsonString(note) + "}]"
            case 1:
                text = "{\"format\":\"sitecycle-journal\",\"locations\":[{\"name\":" + RandomInputTests.jsonString(name)
                    + "}],\"entries\":[{\"start\":\"2026-02-10T08:00:00Z\",\"location\":" + RandomInputTests.jsonString(name)
                    + ",\"note\":" + RandomInputTests.jsonString(note) + "}]}"
            default:
                func cell(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                text = "date,location,duration_hours,note\n2026-02-10T08:00:00Z," + cell(name) + ",72.0," + cell(note) + "\n"
            }
            if let problem = JournalInvariants.importViolation(in: Array(text.utf8)) {
                Issue.record("input \(n) (\(text)): \(problem)")
            }
        }
    }
}

/// `fmt` checks `sameMeaning` before it writes: it must see every part of
/// what devices add to a journal.
struct DeviceMeaningTests {
    func load(_ text: String) -> Journal { JournalBuilder.load(SourceFile(path: "j", text: text), defaultZone: .utc) }

    @Test func sameMeaningSeesDevicesRestForPauseAndEntryDevice() {
        let base = RandomInputTests.devicesSeed
        let a = load(base)
        #expect(!a.diagnostics.hasErrors)
        #expect(Journal.sameMeaning(a, load(base)))
        let changed = [
            base.replacingOccurrences(of: "device sensor 10d", with: "device sensor 14d"),
            base.replacingOccurrences(of: "rest 5d", with: "rest 6d"),
            base.replacingOccurrences(of: "Abdomen  for pump,sensor", with: "Abdomen  for sensor,pump"),
            base.replacingOccurrences(of: "until 2026-03-15", with: "until 2026-03-16"),
            base.replacingOccurrences(of: "08:00  pump  Lower Back", with: "08:00  sensor  Lower Back"),
        ]
        for text in changed {
            #expect(!Journal.sameMeaning(a, load(text)), "\(text)")
        }
    }

    @Test func fmtKeepsDeviceWordsAndClauses() {
        let journal = load(RandomInputTests.devicesSeed)
        let text = String(decoding: JournalFormatter(journal: journal).formatted(), as: UTF8.self)
        #expect(text.contains("location Left Front Thigh  paused until 2026-03-15  ; bruise\n"))
        #expect(text.contains("2026-02-01 08:15  sensor  Left Back Arm       ; same minute, two devices\n"))
        #expect(text.contains("2026-02-04 08:00  pump  Lower Back\n"))
        #expect(Journal.sameMeaning(journal, load(text)))
    }
}

/// The second example journal stays clean: no error, no warning, already
/// formatted, and it shows what it is there to show.
struct PumpAndSensorExampleTests {
    @Test func theExampleIsCleanAndFormatted() throws {
        let bytes = Array(try Data(contentsOf: packageRoot.appendingPathComponent("examples/pump-and-sensor.journal")))
        let journal = JournalBuilder.load(SourceFile(path: "pump-and-sensor.journal", bytes: bytes), defaultZone: .utc)
        #expect(journal.diagnostics.isEmpty, "\(journal.diagnostics.prefix(3).map(\.message))")
        #expect(JournalFormatter(journal: journal).formatted() == bytes)
        #expect(journal.settings.devices.map(\.name) == ["sensor"] && journal.settings.restHours == 120)
        #expect(journal.locations.contains { $0.pausedUntil != nil })
        #expect(journal.locations.contains { $0.devices == ["sensor"] })
        #expect(journal.locations.contains { $0.devices == ["pump", "sensor"] })
        let sensor = journal.rotation("sensor").changes
        #expect(sensor.count > 100 && sensor.contains { $0.isRemoval })
        #expect(journal.changes.first!.start < Instant(seconds: 1_675_209_600))  // before February 2023
    }
}
