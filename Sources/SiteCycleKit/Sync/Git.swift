import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs git with an argument vector (never through a shell), in a folder,
/// without ever waiting for a password prompt.
package struct Git {
    package let folder: String
    package let environment: [String: String]

    package init(folder: String, environment: [String: String]) {
        self.folder = folder
        self.environment = environment
    }

    package struct Output {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        package var timedOut = false
        package var ok: Bool { status == 0 && !timedOut }
        /// git's own words, for messages: its last non-empty stderr lines.
        package var reason: String {
            let lines = stderr.split(separator: "\n").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
            return lines.suffix(3).joined(separator: "; ")
        }
    }

    /// Runs git and waits for it, for at most `timeout` seconds when given:
    /// then git and everything it started (its process group: ssh, a
    /// remote helper) are killed and the output says `timedOut`.
    @discardableResult
    package func run(_ arguments: [String], timeout: Double? = nil) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["GIT_ASKPASS"] = env["GIT_ASKPASS"] ?? "true"
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        // stdout and stderr to files: nothing can fill up and block git, and
        // a killed git's children cannot keep a pipe (and us) open.
        let scratch = FileManager.default.temporaryDirectory
        let outPath = scratch.appendingPathComponent("sitecycle-git-\(UUID().uuidString)")
        let errPath = scratch.appendingPathComponent("sitecycle-git-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outPath.path, contents: nil, attributes: [.posixPermissions: 0o600])
        _ = FileManager.default.createFile(atPath: errPath.path, contents: nil, attributes: [.posixPermissions: 0o600])
        defer {
            try? FileManager.default.removeItem(at: outPath)
            try? FileManager.default.removeItem(at: errPath)
        }
        guard let outHandle = try? FileHandle(forWritingTo: outPath), let errHandle = try? FileHandle(forWritingTo: errPath) else {
            return Output(status: 127, stdout: "", stderr: "cannot create a temporary file")
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        do { try process.run() } catch {
            return Output(status: 127, stdout: "", stderr: "git could not be started: \(error)")
        }
        var timedOut = false
        if let timeout {
            let deadline = JournalStore.monotonicSeconds() + timeout
            while process.isRunning {
                if JournalStore.monotonicSeconds() >= deadline {
                    timedOut = true
                    // Its own process group (Foundation starts it in one);
                    // else git alone.
                    if kill(-process.processIdentifier, SIGKILL) != 0 { process.terminate() }
                    break
                }
                usleep(20_000)
            }
        }
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()
        let outData = (try? Data(contentsOf: outPath)) ?? Data()
        let errData = (try? Data(contentsOf: errPath)) ?? Data()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), timedOut: timedOut)
    }

    /// The top of the work tree holding `folder`, or nil outside git.
    package var topLevel: String? {
        let r = run(["rev-parse", "--show-toplevel"])
        return r.ok ? r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    package func value(_ arguments: [String]) -> String? {
        let r = run(arguments)
        let v = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return r.ok && !v.isEmpty ? v : nil
    }
}
