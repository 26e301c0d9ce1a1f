import Testing
@testable import SiteCycleKit
#if canImport(Glibc)
import Glibc
#endif

/// Other programs run by `posix_spawn`, as git, editors and notifiers are.
struct SubprocessTests {
    let env = ["PATH": "/usr/bin:/bin"]

    @Test func bothStreamsAndTheStatusComeBack() {
        let r = Subprocess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], environment: env)
        #expect(r.failure == nil && r.status == 3 && !r.timedOut)
        #expect(String(decoding: r.stdout, as: UTF8.self) == "out\n")
        #expect(String(decoding: r.stderr, as: UTF8.self) == "err\n")
    }

    @Test func mergedStreamsKeepTheirOrder() {
        let r = Subprocess.run("/bin/sh", ["-c", "echo one; echo two >&2; echo three"], environment: env, mergeErrors: true)
        #expect(String(decoding: r.stdout, as: UTF8.self) == "one\ntwo\nthree\n")
    }

    @Test func aLotOfOutputNeverBlocksTheProgram() {
        let r = Subprocess.run("/bin/sh", ["-c", "head -c 3000000 /dev/zero; head -c 3000000 /dev/zero >&2"], environment: env)
        #expect(r.status == 0 && r.stdout.count == 3_000_000 && r.stderr.count == 3_000_000)
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() {
        let r = Subprocess.run("/usr/bin/env", [], environment: ["ONLY": "this"])
        #expect(String(decoding: r.stdout, as: UTF8.self) == "ONLY=this\n")
    }

    @Test func aTimeoutKillsTheProgramAndWhatItStarted() {
        // The shell starts a sleeper of its own: both must go.
        let r = Subprocess.run("/bin/sh", ["-c", "sleep 30 & echo $!; wait"], environment: env, timeout: 0.3)
        #expect(r.timedOut && r.status == SIGKILL)
        let child = Int32(String(decoding: r.stdout, as: UTF8.self).trimmingWhitespace()) ?? 0
        #expect(child > 0)
        // Gone, or a zombie waiting for whoever inherited it to reap it.
        func ended() -> Bool {
            guard let f = fopen("/proc/\(child)/stat", "r") else { return true }
            defer { fclose(f) }
            var line = [CChar](repeating: 0, count: 512)
            guard fgets(&line, Int32(line.count), f) != nil else { return true }
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
        var gone = false
        for _ in 0..<50 where !gone {
            gone = ended()
            if !gone { usleep(20_000) }
        }
        #expect(gone, "the shell's child \(child) outlived the timeout")
    }

    @Test func aProgramThatCannotStartSaysWhy() {
        let r = Subprocess.run("/nonexistent/program", [], environment: env)
        #expect(r.status == 127 && r.failure != nil)
    }

    @Test func findLooksThroughThePath() {
        #expect(Subprocess.find("sh", in: ["PATH": "/nonexistent:/bin"]) == "/bin/sh")
        #expect(Subprocess.find("no-such-program-here", in: env) == nil)
    }
}
