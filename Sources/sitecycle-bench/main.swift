// sitecycle-bench: whole-process timings of the real `sitecycle` binary on
// deterministic synthetic journals, beside ledger and hledger when they are
// installed. Run: swift run -c release sitecycle-bench [--sizes 1000,10000] [--runs 5]
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SiteCycleKit

// MARK: Options

var sizes = [1_000, 3_000, 10_000, 100_000, 1_000_000]
var runs = 5
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let a = arguments.removeFirst()
    if a == "--sizes", let v = arguments.first {
        sizes = v.split(separator: ",").compactMap { Int($0) }
        arguments.removeFirst()
    } else if a == "--runs", let v = arguments.first, let n = Int(v) {
        runs = max(1, n)
        arguments.removeFirst()
    } else {
        print("usage: sitecycle-bench [--sizes 1000,10000,...] [--runs N]")
        exit(2)
    }
}

let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let binary = here.appendingPathComponent("sitecycle").path
guard FileManager.default.isExecutableFile(atPath: binary) else {
    print("sitecycle not found next to the benchmark (\(binary)); build both: swift build -c release")
    exit(1)
}
let work = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

// MARK: Synthetic journals

let zones = ["Front Abdomen", "Side Abdomen", "Back Abdomen", "Front Thigh", "Side Thigh", "Back Arm", "Buttock"]
let locations = zones.flatMap { ["Left \($0)", "Right \($0)"] }
let notes = ["bled on insertion", "sore, red area", "occlusion alarm at 2 am", "itchy adhesive", "kinked cannula"]

/// `n` site changes 48–96 h apart (UTC wall clock, so times are unambiguous),
/// a note on every fifth, and the same entries as a ledger journal.
func generate(_ n: Int) throws -> (journal: String, ledger: String, last: String) {
    var r = SeededRandom(seed: UInt64(n))
    var journal = "; synthetic benchmark journal, \(n) site changes\ntimezone UTC\ntarget 72h\n\n"
    journal += locations.map { "location \($0)\n" }.joined() + "\n"
    var ledger = ""
    journal.reserveCapacity(n * 48)
    ledger.reserveCapacity(n * 80)
    // Start early enough that a million changes end before year 9999.
    var t = (n >= 1_000_000 ? -30_610_224_000 : -2_208_988_800) as Int64  // 1000-01-01 or 1900-01-01
    var last = ""
    for i in 0..<n {
        t += Int64(48 * 3600 + r.int(48 * 12) * 300)
        let c = CivilDateTime(secondsAsIfUTC: t)
        let stamp = c.journalText
        let (y, m, d) = (c.date.year, c.date.month, c.date.day)
        let location = locations[r.int(locations.count)]
        journal += "\(stamp)  \(location)" + (i % 5 == 0 ? "  ; \(notes[r.int(notes.count)])" : "") + "\n"
        ledger += "\(pad(y, 4))/\(pad(m, 2))/\(pad(d, 2)) Site change\n    Sites:\(location)  1 sites\n    Changes\n\n"
        last = stamp
    }
    return (journal, ledger, last)
}

func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

// MARK: Timing

struct Sample { var seconds: Double; var maxRSSKB: Int; var status: Int32 }

/// One whole-process run: spawn, wait, wall time and peak resident memory.
func measure(_ argv: [String], env: [String] = ["TZ=UTC", "LANG=C.UTF-8"]) -> Sample {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup($0) } + [nil]
    defer { (cArgs + cEnv).forEach { free($0) } }
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else { return Sample(seconds: .nan, maxRSSKB: 0, status: -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    clock_gettime(CLOCK_MONOTONIC, &end)
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    return Sample(seconds: seconds, maxRSSKB: Int(usage.ru_maxrss), status: (status >> 8) & 0xFF)
}

@MainActor func median(_ argv: [String], prepare: () -> Void = {}) -> Sample {
    var samples: [Sample] = []
    for _ in 0..<runs {
        prepare()
        samples.append(measure(argv))
    }
    let sorted = samples.sorted { $0.seconds < $1.seconds }
    var m = sorted[sorted.count / 2]
    m.maxRSSKB = samples.map(\.maxRSSKB).max() ?? 0
    return m
}

func which(_ tool: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

func ms(_ s: Double) -> String { s.isNaN ? "fail" : String(format: "%.1f", s * 1000) }

// MARK: Run

let ledger = which("ledger"), hledger = which("hledger")
print("sitecycle-bench: median of \(runs) whole-process runs; peak memory is the largest of them")
print("binary: \(binary)")
print("")
print("| entries | command | median ms | peak MB | vs ledger bal | vs hledger bal |")
print("|---:|---|---:|---:|---:|---:|")
for n in sizes {
    let (journalText, ledgerText, last) = try generate(n)
    let journal = work.appendingPathComponent("j\(n).journal").path
    let scratch = work.appendingPathComponent("log\(n).journal").path
    let ledgerFile = work.appendingPathComponent("j\(n).ledger").path
    try journalText.write(toFile: journal, atomically: true, encoding: .utf8)
    try ledgerText.write(toFile: ledgerFile, atomically: true, encoding: .utf8)
    let now = "--now=\(last.prefix(10)) 23:59"
    var reference: [String: Double] = [:]
    if let ledger, n <= 100_000 { reference["ledger"] = median([ledger, "-f", ledgerFile, "bal"]).seconds }
    if let hledger, n <= 100_000 { reference["hledger"] = median([hledger, "-f", ledgerFile, "bal"]).seconds }
    let commands: [(String, [String])] = [
        ("check", ["check"]), ("status", [now, "status"]), ("recommend", [now, "recommend"]),
        ("stats", [now, "stats"]), ("export csv", [now, "export"]),
        ("complete log", [now, "__complete", "--shell", "fish", "--", "-f", journal, "log", ""]),
    ]
    for (name, args) in commands {
        let s = median([binary, "-f", journal] + args)
        let ratio = { (tool: String) -> String in
            reference[tool].map { String(format: "%.1f× faster", $0 / s.seconds) } ?? "-"
        }
        print("| \(n) | \(name)\(s.status == 0 ? "" : " (exit \(s.status))") | \(ms(s.seconds)) | \(s.maxRSSKB / 1024) | \(ratio("ledger")) | \(ratio("hledger")) |")
    }
    let log = median([binary, "-f", scratch, "--now=9999-12-31 23:00", "log", "lfa"]) {
        _ = try? FileManager.default.removeItem(atPath: scratch)
        try? FileManager.default.copyItem(atPath: journal, toPath: scratch)
    }
    print("| \(n) | log (append) | \(ms(log.seconds)) | \(log.maxRSSKB / 1024) | - | - |")
    for (tool, seconds) in reference.sorted(by: { $0.key < $1.key }) {
        print("| \(n) | \(tool) bal (reference) | \(ms(seconds)) | - | - | - |")
    }
}

// MARK: Hostile shapes

// Inputs an adversarial pass found slow: each must stay linear (a note of
// 200,000 continuation lines) or bounded (a thousand misspelt names against
// a thousand locations, each needing a did-you-mean).
func hostileShapes() throws -> [(String, String, [String])] {
    var notes = "timezone UTC\nlocation Left Arm\n\n2026-02-01 08:00  Left Arm  ; start\n"
    notes.reserveCapacity(200_000 * 40)
    for i in 0..<200_000 { notes += "                            ; more text \(i)\n" }
    var r = SeededRandom(seed: 7)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    func name() -> String { String((0..<18).map { _ in letters[r.int(letters.count)] }) }
    var unknown = "timezone UTC\n"
    for _ in 0..<1_000 { unknown += "location L\(name())\n" }
    unknown += "\n"
    var t: Int64 = 1_767_225_600
    for _ in 0..<1_000 {
        unknown += CivilDateTime(secondsAsIfUTC: t).journalText + "  L\(name())\n"
        t += 3 * 86_400
    }
    return [("200k note continuation lines", notes, ["check"]),
            ("200k note continuation lines", notes, ["fmt", "--check"]),
            ("1,000 unknown names × 1,000 locations", unknown, ["check"])]
}

print("")
print("| hostile shape | command | median ms | peak MB | goal |")
print("|---|---|---:|---:|---|")
for (i, (shape, text, args)) in try hostileShapes().enumerated() {
    let file = work.appendingPathComponent("hostile\(i).journal").path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let s = median([binary, "-f", file] + args)
    let met = s.seconds < 1 ? "met" : "missed"
    print("| \(shape) | \(args.joined(separator: " ")) | \(ms(s.seconds)) | \(s.maxRSSKB / 1024) | < 1 s (\(met)) |")
}
