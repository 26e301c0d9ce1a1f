import Foundation

/// Runs git with an argument vector (never through a shell), in a folder,
/// without ever waiting for a password prompt.
struct Git {
    let folder: String
    let environment: [String: String]

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var ok: Bool { status == 0 }
        /// git's own words, for messages: its last non-empty stderr lines.
        var reason: String {
            let lines = stderr.split(separator: "\n").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
            return lines.suffix(3).joined(separator: "; ")
        }
    }

    @discardableResult
    func run(_ arguments: [String]) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["GIT_ASKPASS"] = env["GIT_ASKPASS"] ?? "true"
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        // stdout through a pipe, stderr to a file: neither can fill up and
        // block git while the other is being read.
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("sitecycle-git-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errPath.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errPath) }
        let out = Pipe()
        process.standardOutput = out
        guard let errHandle = try? FileHandle(forWritingTo: errPath) else {
            return Output(status: 127, stdout: "", stderr: "cannot create a temporary file")
        }
        process.standardError = errHandle
        do { try process.run() } catch {
            return Output(status: 127, stdout: "", stderr: "git could not be started: \(error)")
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errHandle.close()
        let errData = (try? Data(contentsOf: errPath)) ?? Data()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The top of the work tree holding `folder`, or nil outside git.
    var topLevel: String? {
        let r = run(["rev-parse", "--show-toplevel"])
        return r.ok ? r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    func value(_ arguments: [String]) -> String? {
        let r = run(arguments)
        let v = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return r.ok && !v.isEmpty ? v : nil
    }
}
