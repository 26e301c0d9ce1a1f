import Foundation
import SiteCycleKit
import Testing

/// Issue 40 item 7: what the tool writes is what `fmt` would write. A
/// journal that passes `fmt --check` still passes it after any sequence of
/// the commands that change it: `log` (notes, devices, late entries, names
/// wider than any before), `remove`, `amend`, `delete`, `undo`,
/// `locations add` and `rename`. The sequences are drawn from a seeded
/// generator, so a failure names its seed and step and repeats exactly.
struct FmtKeptTests {
    /// The seeded generator every property test uses, with a pick.
    struct Draw {
        var random: SeededRandom
        init(state: UInt64) { random = SeededRandom(seed: state) }
        mutating func below(_ n: Int) -> Int { random.int(n) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let journals = [
        """
        timezone UTC
        device sensor 10d

        location Left Abdomen for pump,sensor
        location Right Abdomen for pump,sensor
        location Bauch links über for pump,sensor
        location Left Back of Arm for sensor

        2026-01-02 08:00  Left Abdomen  ; first
        2026-01-03 09:00  sensor  Left Back of Arm
        2026-01-05 08:00  Right Abdomen  reason: occlusion
        """,
        """
        timezone UTC

        location Left Abdomen
        location Right Abdomen
        location Bauch links über

        2026-01-02 08:00  Left Abdomen
        2026-01-05 08:00  Right Abdomen
        """,
    ]

    static let notes = ["sore", "kinked after a swim", "ok", "Schmerz – leicht", "red; itchy"]
    static let reasons = ["occlusion", "pain", "fell-out", "high-glucose", "none"]

    @Test(arguments: [(0, UInt64(1)), (0, 2), (0, 3), (1, 4), (1, 5), (1, 6)])
    func everyWriterKeepsAFormattedJournalFormatted(journal: Int, seed: UInt64) throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sites.journal")
        try (Self.journals[journal] + "\n").write(to: file, atomically: true, encoding: .utf8)
        var minutes = 0  // after 2026-01-06 00:00
        func stamp(_ m: Int) -> String {
            let day = 6 + m / 1440, hour = m % 1440 / 60, minute = m % 60
            let base = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                      year: 2026, month: 1, day: day, hour: hour, minute: minute)
            let date = base.date!
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy-MM-dd HH:mm"
            return f.string(from: date)
        }
        func run(_ args: [String]) throws -> BinaryRunner.Output {
            var env = BinaryRunner.baseEnvironment(home: dir)
            env["SITECYCLE_NOW"] = stamp(minutes)
            return try BinaryRunner.run(["-f", file.path] + args, in: dir, environment: env)
        }
        let formatted = try run(["fmt"])
        #expect(formatted.exitCode == 0, "\(formatted.stderr)")
        var draw = Draw(state: seed)
        var names = ["Left Abdomen", "Right Abdomen", "Bauch links über"]
        var done: [String] = []
        for step in 0..<14 {
            minutes += 60 * (20 + draw.below(60)) + draw.below(60)
            var args: [String]
            switch draw.below(9) {
            case 0, 1:
                args = ["log", draw.pick(names)]
                if draw.below(2) == 0 { args += ["--note", draw.pick(Self.notes)] }
                if draw.below(3) == 0 { args += ["--lot", "LOT\(draw.below(10_000))"] }
            case 2:
                // A late entry: between the last two, or wider than any.
                args = ["log", draw.pick(names), "--at", stamp(minutes - 60 * (1 + draw.below(10)))]
                if draw.below(2) == 0 { args += ["--note", draw.pick(Self.notes)] }
            case 3:
                args = journal == 0 ? ["log", "--device", "sensor", draw.pick(["Left Back of Arm", "Left Abdomen"])]
                    : ["remove", "--note", draw.pick(Self.notes)]
            case 4:
                args = ["amend", "last", draw.pick(["--note", "--reason", "--lot"])]
                switch args[2] {
                case "--note": args.append(draw.pick(Self.notes + [""]))
                case "--reason": args.append(draw.pick(Self.reasons))
                default: args.append(draw.pick(["A1", "", "BATCH-2026-000017"]))
                }
            case 5:
                args = ["amend", "last", "--location", draw.pick(names)]
            case 6:
                args = ["delete", "last"]
            case 7:
                args = ["undo"]
            default:
                if draw.below(2) == 0 {
                    let name = "Upper Right Outer Buttock \(step)"
                    args = ["locations", "add", name]
                    names.append(name)
                } else {
                    let old = draw.pick(names), new = old + " Side"
                    args = ["locations", "rename", old, new]
                    names = names.map { $0 == old ? new : $0 }
                }
            }
            let result = try run(args)
            done.append(args.joined(separator: " ") + " → \(result.exitCode)")
            let check = try run(["fmt", "--check"])
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(check.exitCode == 0,
                    "seed \(seed), step \(step): \(done.joined(separator: "; "))\n\(result.stderr)\(check.stderr)\n\(text)")
            if check.exitCode != 0 { return }
        }
        // The sequence did write: not a run of refusals.
        #expect(done.filter { $0.hasSuffix("→ 0") }.count >= 7, "\(done)")
    }

    /// A journal laid out by hand otherwise (notes two spaces after the
    /// name) keeps its own layout: only the new line is written.
    @Test func aJournalLaidOutOtherwiseIsLeftAsItIs() throws {
        let dir = try BinaryRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sites.journal")
        let before = """
            timezone UTC
            location Left Abdomen
            location Right Abdomen Upper Outer

            2026-01-02 08:00 Left Abdomen  ; first
            2026-01-05 08:00 Right Abdomen Upper Outer  ; second

            """
        try before.write(to: file, atomically: true, encoding: .utf8)
        var env = BinaryRunner.baseEnvironment(home: dir)
        env["SITECYCLE_NOW"] = "2026-01-08 08:00"
        let logged = try BinaryRunner.run(["-f", file.path, "log", "Right Abdomen Upper Outer", "--note", "third"],
                                          in: dir, environment: env)
        #expect(logged.exitCode == 0, "\(logged.stderr)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after.hasPrefix(before), "\(after)")
    }
}
