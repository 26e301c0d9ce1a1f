#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `SyncService` runs git: an argument vector in a folder, giving back
/// the exit status and output. `Git` runs the real program; tests hand the
/// service a scripted runner, with no repository and no process.
package protocol GitRunner {
    /// Runs git with `arguments` in `folder`; after `timeout` seconds (when
    /// given) it is stopped and the output says `timedOut`.
    func run(_ arguments: [String], in folder: String, timeout: Double?) -> Git.Output
}

extension GitRunner {
    package func run(_ arguments: [String], in folder: String) -> Git.Output { run(arguments, in: folder, timeout: nil) }

    /// The top of the work tree holding `folder`, or nil outside git.
    package func topLevel(of folder: String) -> String? {
        let r = run(["rev-parse", "--show-toplevel"], in: folder)
        return r.ok ? r.stdout.trimmingWhitespace() : nil
    }

    /// What git printed, trimmed; nil when it failed or printed nothing.
    package func value(_ arguments: [String], in folder: String) -> String? {
        let r = run(arguments, in: folder)
        let v = r.stdout.trimmingWhitespace()
        return r.ok && !v.isEmpty ? v : nil
    }
}

/// Runs git with an argument vector (never through a shell), in a folder,
/// without ever waiting for a password prompt.
package struct Git: GitRunner {
    package let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    package struct Output {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        package var timedOut = false
        package init(status: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.timedOut = timedOut
        }
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
    package func run(_ arguments: [String], in folder: String, timeout: Double?) -> Output {
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["GIT_ASKPASS"] = env["GIT_ASKPASS"] ?? "true"
        let r = Subprocess.run("/usr/bin/env", ["git", "-C", folder] + arguments, environment: env, timeout: timeout)
        if let failure = r.failure {
            return Output(status: 127, stdout: "", stderr: "git could not be started: \(failure)")
        }
        return Output(status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
                      stderr: String(decoding: r.stderr, as: UTF8.self), timedOut: r.timedOut)
    }
}
