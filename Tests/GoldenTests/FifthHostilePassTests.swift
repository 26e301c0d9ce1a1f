import Foundation
import Testing

/// The fifth hostile pass (issue 39), run on the real binary: each test
/// failed before its fix.
struct FifthHostilePassTests {
    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        env = BinaryRunner.environment(home: dir, zone: "UTC").merging(["SITECYCLE_NOW": "2026-11-20 12:00"]) { $1 }
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("examples/pump-and-sensor.journal"),
                                         to: dir.appendingPathComponent("sites.journal"))
    }

    /// `script` in /bin/sh with `sitecycle` meaning the binary under test.
    func shell(_ script: String) throws -> BinaryRunner.Output {
        try BinaryRunner.process(URL(fileURLWithPath: "/bin/sh"), ["-c", "sitecycle() { \"$SITECYCLE\" \"$@\"; }\n" + script],
                                 in: dir, environment: env.merging(["SITECYCLE": BinaryRunner.executable.path]) { $1 })
    }

    // Item 8: output that cannot be written fails the run, for every
    // command, whether the output is small (written at exit) or large.
    @Test func outputThatCannotBeWrittenIsAnError() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let commands = ["export --format csv", "export --format json", "history", "status", "check --json",
                        "timeline", "--version", "help", "help security", "fmt --stdin < sites.journal"]
        for command in commands {
            let r = try shell("sitecycle -f sites.journal \(command) > /dev/full")
            #expect(r.exitCode == 1, "\(command): \(r.exitCode)")
            // (CSV warns first of a note it leaves out.)
            #expect(r.stderr.hasSuffix("sitecycle: error: cannot write standard output: no space left on device\n"),
                    "\(command): \(r.stderr)")
        }
        // A closed standard output is no better.
        let closed = try shell("sitecycle -f sites.journal history >&-")
        #expect(closed.exitCode == 1)
        #expect(closed.stderr.hasPrefix("sitecycle: error: cannot write standard output: "), "\(closed.stderr)")
    }

    // Item 8: a reader that went away (`| head`) ends the run quietly,
    // whether SIGPIPE kills it or (ignored) the write fails with EPIPE.
    @Test func aClosedPipeIsAQuietEnd() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        for trap in ["", "trap '' PIPE; "] {
            let r = try shell("\(trap){ sleep 0.3; sitecycle -f sites.journal history; } | true")
            #expect(r.stderr == "", "\(trap): \(r.stderr)")
            let head = try shell("\(trap)sitecycle -f sites.journal export --format json | head -n 1")
            #expect(head.stderr == "", "\(trap): \(head.stderr)")
            #expect(head.stdout == "{\n", "\(head.stdout)")
        }
    }
}
