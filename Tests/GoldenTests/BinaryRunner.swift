import Foundation
@_exported import SiteCycleTestSupport

/// Runs the built `sitecycle` executable as a user would: a real process in
/// a real directory, with an explicit environment (no clock, no system zone).
struct BinaryRunner {
    struct Output: Equatable {
        var stdout: String
        var stderr: String
        var exitCode: Int32
    }

    /// The executable SwiftPM built next to the test bundle; `SITECYCLE_BIN`
    /// overrides it (e.g. to test a release build).
    static let executable: URL = {
        if let given = ProcessInfo.processInfo.environment["SITECYCLE_BIN"] { return URL(fileURLWithPath: given) }
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for dir in candidates {
            let url = dir.appendingPathComponent("sitecycle")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("sitecycle executable not found near \(candidates.map(\.path)); set SITECYCLE_BIN")
    }()

    /// The environment every test starts from: deterministic and private.
    static func baseEnvironment(home: URL) -> [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
    }

    /// `baseEnvironment` in another zone, with the state folder (undo
    /// history, edit copies) inside `home` too.
    static func environment(home: URL, zone: String) -> [String: String] {
        var env = baseEnvironment(home: home)
        env["TZ"] = zone
        env["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        return env
    }

    static func run(_ arguments: [String], in directory: URL, environment: [String: String], stdin: String = "") throws -> Output {
        try process(executable, arguments, in: directory, environment: environment, stdin: stdin)
    }

    /// Any program (git, a shell, python3), run the same way.
    static func process(_ program: URL, _ arguments: [String], in directory: URL, environment: [String: String],
                        stdin: String = "") throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        // Files, not pipes: no deadlock however much a command prints.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("in"), outURL = scratch.appendingPathComponent("out"),
            errURL = scratch.appendingPathComponent("err")
        try Data(stdin.utf8).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let inHandle = try FileHandle(forReadingFrom: inURL)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        process.standardInput = inHandle
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try inHandle.close(); try outHandle.close(); try errHandle.close()
        return Output(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                      exitCode: process.terminationStatus)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 64 KB tmpfs at `dir/small`, for full-disk tests; nil when this
    /// process may not mount one (not root, or no CAP_SYS_ADMIN).
    static func mountSmallDisk(in dir: URL) throws -> URL? {
        let mountPoint = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        return mount.terminationStatus == 0 ? mountPoint : nil
    }

    static func unmount(_ mountPoint: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [mountPoint.path]
        try? umount.run()
        umount.waitUntilExit()
    }

}

/// A suite that runs the binary in a temporary folder of its own: files
/// are written into it the one way.
protocol WorkFolder {
    var dir: URL { get }
}

extension WorkFolder {
    func write(_ name: String, _ text: String) throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
}
