import Foundation
import Testing

/// Completion in the real shells (bash, zsh, fish; installed by .ci/run),
/// talking to the real binary about a real journal.
struct CompletionTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let journalText = """
        timezone UTC
        location Left Front Abdomen
        location Right Front Abdomen
        location Left Front Thigh
        location Lower Back
        location Left Hip   disabled

        2026-11-01 08:00  Left Front Abdomen
        2026-11-04 08:00  Lower Back

        """

    let dir: URL
    let env: [String: String]

    init() throws {
        dir = try BinaryRunner.temporaryDirectory()
        try CompletionTests.journalText.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        try "timezone UTC\nlocation Elbow\nlocation Knee\n".write(to: dir.appendingPathComponent("other.journal"),
                                                                   atomically: true, encoding: .utf8)
        let bin = BinaryRunner.executable.deletingLastPathComponent().path
        env = BinaryRunner.baseEnvironment(home: dir).merging([
            "PATH": "\(bin):/usr/bin:/bin", "SITECYCLE_FILE": "sites.journal", "SITECYCLE_NOW": "2026-11-06T08:00:00Z",
        ]) { $1 }
    }

    func script(_ shell: String) -> String {
        CompletionTests.repo.appendingPathComponent(shell == "zsh" ? "completions/_sitecycle" : "completions/sitecycle.\(shell)").path
    }

    func sh(_ program: String, _ args: [String]) throws -> BinaryRunner.Output {
        try BinaryRunner.process(URL(fileURLWithPath: program), args, in: dir, environment: env)
    }

    func journal() throws -> String {
        try String(contentsOf: dir.appendingPathComponent("sites.journal"), encoding: .utf8)
    }

    @Test(arguments: ["bash", "zsh", "fish"]) func scriptsInTheRepositoryMatchTheBinary(_ shell: String) throws {
        let generated = try BinaryRunner.run(["completions", shell], in: dir, environment: env)
        #expect(generated.exitCode == 0)
        let committed = try String(contentsOfFile: script(shell), encoding: .utf8)
        #expect(generated.stdout == committed, "completions/ is stale: run `sitecycle completions \(shell)` into it")
    }

    /// Issue 40 item 8: after `sitecycle --device sensor log `, the tool
    /// would say "unknown command `sensor`", so nothing is offered; with
    /// `--device` after the command, the device's own rotation is.
    @Test func bashOffersOnlyWhatTheToolAccepts() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            timezone UTC
            device sensor 10d
            location Left Front Abdomen
            location Left Back Arm  for sensor
            location Right Back Arm  for sensor

            2026-11-01 08:00  Left Front Abdomen
            2026-11-01 09:00  sensor  Left Back Arm

            """.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let driver = """
            source \(script("bash"))
            reply() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                _sitecycle sitecycle "${COMP_WORDS[COMP_CWORD]}"; printf '%s|' "${COMPREPLY[@]}"; echo
            }
            reply sitecycle --device sensor log ''
            reply sitecycle nosuchcommand log ''
            reply sitecycle log --device sensor ''
            reply sitecycle --now '2026-11-02 08:00' log ''
            """
        let r = try sh("/bin/bash", ["-c", driver])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 4, "\(r.stdout)\(r.stderr)")
        #expect(lines[0] == "|" && lines[1] == "|", "\(r.stdout)")
        // The sensor's rotation, never the pump's own site.
        #expect(lines[2].hasPrefix("right-back-arm|left-back-arm|") && !lines[2].contains("left-front-abdomen"), "\(r.stdout)")
        #expect(lines[3].hasPrefix("left-front-abdomen|"), "\(r.stdout)")
        #expect(try BinaryRunner.run(["--device", "sensor", "log", "rba"], in: dir, environment: env).exitCode == 2)
    }

    @Test func bashListsRecommendedFirstAndCompletesToACommandThatRuns() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = """
            source \(script("bash"))
            # As bash calls it: $2 is the word after the quote the user opened.
            reply() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                local word=${COMP_WORDS[COMP_CWORD]}; word=${word#[\\"\\']}
                _sitecycle sitecycle "$word"; printf '%s|' "${COMPREPLY[@]}"; echo
            }
            reply sitecycle log ''
            reply sitecycle log left-front-t
            reply sitecycle log '"Left Front T'
            reply sitecycle -f other.journal log ''
            reply sitecycle lo
            reply sitecycle -f broken.journal log ''
            reply sitecycle -f ''
            complete -p sitecycle
            reply sitecycle merge base.journal ''
            """
        try "nonsense line\n".write(to: dir.appendingPathComponent("broken.journal"), atomically: true, encoding: .utf8)
        let r = try sh("/bin/bash", ["-c", driver])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Avoid comes last, the most recently used at the very end.
        #expect(lines[0] == "right-front-abdomen|left-front-thigh|left-front-abdomen|lower-back|")
        #expect(lines[1] == "left-front-thigh|")
        #expect(lines[2] == "\"Left Front Thigh\"|")
        #expect(lines[3] == "elbow|knee|")
        #expect(lines[4] == "log|locations|")
        #expect(lines[5] == "|")
        #expect(lines[6].contains("other.journal|") && lines[6].contains("sites.journal|"))
        #expect(lines[7] == "complete -o nosort -F _sitecycle sitecycle")
        #expect(lines[8].contains("other.journal|") && lines[8].contains("sites.journal|"))
        #expect(r.stderr.isEmpty)
        // What the completion produced, run as the user would.
        let run = try sh("/bin/bash", ["-c", "sitecycle log left-front-thigh && sitecycle log \"Left Front Abdomen\" --at 2026-11-05"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let text = try journal()
        #expect(text.contains("2026-11-06 08:00  Left Front Thigh\n"))
        #expect(text.contains("2026-11-05 00:00  Left Front Abdomen\n"))
    }

    @Test(.enabled(if: RequiredTools.fish, "fish is not installed (.ci/run installs it)"))
    func fishDescribesAndKeepsOrder() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = """
            source \(script("fish"))
            complete -C 'sitecycle log '
            echo ---
            complete -C 'sitecycle log "Left Front T'
            echo ---
            complete -C 'sitecycle -f other.journal log '
            echo ---
            complete -C 'sitecycle history --location '
            """
        let r = try sh("/usr/bin/fish", ["--no-config", "-c", driver])
        let parts = r.stdout.components(separatedBy: "---\n")
        #expect(parts[0] == """
            right-front-abdomen\trecommended · never used
            left-front-thigh\trecommended · never used
            left-front-abdomen\tavoid · rested 2 days
            lower-back\tavoid · in use

            """)
        #expect(parts[1] == "Left Front Thigh\trecommended · never used\n")
        #expect(parts[2] == "elbow\trecommended · never used\nknee\trecommended · never used\n")
        #expect(parts[3].contains("left-hip\tdisabled") && parts[3].contains("front-abdomen\tzone: both sides"))
        #expect(r.stderr.isEmpty)
    }

    /// zsh is driven through a pseudo-terminal: the user types the line and
    /// presses Tab (and Enter), as at a prompt.
    func zsh(_ typed: String, enter: Bool) throws -> String {
        let fpath = dir.appendingPathComponent("zfunc")
        try FileManager.default.createDirectory(at: fpath, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: fpath.appendingPathComponent("_sitecycle"))
        try FileManager.default.copyItem(atPath: script("zsh"), toPath: fpath.appendingPathComponent("_sitecycle").path)
        let driver = """
            zmodload zsh/zpty
            zpty -b z zsh -f -i
            zpty -w z "PS1='%% '; fpath=(\(fpath.path) \\$fpath); autoload -Uz compinit; compinit -u -D; setopt no_beep"
            zpty -w z "zstyle ':completion:*' list-prompt ''; zstyle ':completion:*' menu no"
            sleep 1
            zpty -w -n z $'\(typed)\\t'
            sleep 2
            \(enter ? "zpty -w -n z $'\\n'; sleep 2" : "zpty -w -n z $'\\C-c'; sleep 0.3")
            out=""
            while zpty -r -t z chunk; do out+=$chunk; done
            print -r -- "$out"
            zpty -d z
            """
        let r = try sh("/usr/bin/zsh", ["-f", "-c", driver])
        // Strip terminal control sequences and carriage returns.
        return r.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[a-zA-Z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
    }

    @Test(.enabled(if: RequiredTools.zsh, "zsh is not installed (.ci/run installs it)"))
    func zshListsInOrderAndCompletesQuotedNamesThatRun() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let listing = try zsh("sitecycle log ", enter: false)
        let order = ["right-front-abdomen  -- recommended · never used", "left-front-thigh     -- recommended · never used",
                     "left-front-abdomen   -- avoid · rested 2 days", "lower-back           -- avoid · in use"]
        let positions = order.map { listing.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(listing)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())

        _ = try zsh("sitecycle log \\\"Left Front T", enter: true)
        let text = try journal()
        #expect(text.contains("2026-11-06 08:00  Left Front Thigh"), "\(text)")
    }
}

/// bash and fish at a real interactive prompt inside tmux: Tab as a person
/// presses it, the screen read back.
struct InteractiveCompletionTests {
    let base: CompletionTests
    /// One tmux server per session: a new session on a socket whose server
    /// is still shutting down would keep that server alive.
    final class Socket { var name = "sitecycle-\(UUID().uuidString.prefix(8))" }
    let current = Socket()
    var socket: String { current.name }

    init() throws {
        base = try CompletionTests()
    }

    /// Ends this session's server and its shell for certain: tmux's own
    /// kill-server leaves a server waiting on a pane whose shell ignores the
    /// hang-up, so whatever still runs after a moment gets SIGKILL.
    func stopServer() throws {
        let pids = (try tmux("display-message", "-p", "#{pid}") + (try tmux("list-panes", "-a", "-F", "#{pane_pid}")))
            .split(whereSeparator: \.isNewline).compactMap { Int32($0) }
        _ = try tmux("kill-server")
        for pid in pids {
            for _ in 0..<20 where kill(pid, 0) == 0 { Thread.sleep(forTimeInterval: 0.025) }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
        current.name = "sitecycle-\(UUID().uuidString.prefix(8))"
    }

    func tmux(_ args: String...) throws -> String { try tmux(args) }

    func tmux(_ args: [String]) throws -> String {
        try base.sh("/usr/bin/tmux", ["-L", socket] + args).stdout
    }

    /// Polls the screen until `predicate` holds (or 10 s pass).
    func screen(until predicate: (String) -> Bool) throws -> String {
        var text = ""
        for _ in 0..<100 {
            text = try tmux("capture-pane", "-p", "-t", "t")
            if predicate(text) { return text }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return text
    }

    func session(_ shell: [String], setup: String, width: Int) throws {
        // The tmux server outlives its client; it must not inherit the
        // descriptor Foundation watches to see the client exit, or the wait
        // never ends. So the shell closes every descriptor above 2 first.
        let closeAll = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; exec \"$@\""
        _ = try base.sh("/bin/bash", ["-c", closeAll, "bash", "/usr/bin/tmux", "-L", socket,
                                    "new-session", "-d", "-s", "t", "-x", String(width), "-y", "40"] + shell)
        _ = try tmux("send-keys", "-t", "t", setup, "Enter")
        _ = try screen { $0.contains("READY") }
    }

    func run(_ shell: [String], setup: String) throws {
        defer { try? stopServer(); try? FileManager.default.removeItem(at: base.dir) }
        // A narrow window lists one candidate per row, in the order given.
        try session(shell, setup: setup, width: 40)
        _ = try tmux("send-keys", "-t", "t", "sitecycle log ", "Tab", "Tab")
        let listing = try screen { $0.contains("lower-back") }
        let order = ["right-front-abdomen", "left-front-thigh", "left-front-abdomen", "lower-back"]
        let positions = order.compactMap { listing.range(of: $0)?.lowerBound }
        #expect(positions.count == 4 && positions == positions.sorted(), "\(listing)")
        try stopServer()

        // A fresh prompt: complete a two-word location, press Enter.
        try session(shell, setup: setup, width: 120)
        _ = try tmux("send-keys", "-t", "t", "sitecycle log left-front-t", "Tab")
        _ = try screen { $0.contains("log left-front-thigh") }
        _ = try tmux("send-keys", "-t", "t", "Enter")
        let done = try screen { $0.contains("Logged Left Front Thigh") }
        #expect(done.contains("Logged Left Front Thigh"), "\(done)")
    }

    @Test(.enabled(if: RequiredTools.tmux, "tmux is not installed (.ci/run installs it)"))
    func bashAtAPrompt() throws {
        try run(["env", "-i"] + base.env.map { "\($0)=\($1)" } + ["bash", "--norc", "--noprofile", "-i"],
                setup: "cd \(base.dir.path); PS1='$ '; source \(base.script("bash")); echo READY")
    }

    @Test(.enabled(if: RequiredTools.tmux, "tmux is not installed (.ci/run installs it)"),
          .enabled(if: RequiredTools.fish, "fish is not installed (.ci/run installs it)"))
    func fishAtAPrompt() throws {
        try run(["env", "-i"] + base.env.map { "\($0)=\($1)" } + ["fish", "--no-config", "-i"],
                setup: "cd \(base.dir.path); source \(base.script("fish")); echo READY")
    }
}

extension CompletionTests {
    /// Issue 11, item 26: zsh lines the descriptions up in one column, and
    /// `amend <Tab>` shows each entry's date and site, not a bare number.
    @Test(.enabled(if: RequiredTools.zsh, "zsh is not installed (.ci/run installs it)"))
    func zshAlignsDescriptionsAndDescribesEntries() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let amend = try zsh("sitecycle amend ", enter: false)
        for line in ["last  -- the newest change", "9     -- 2026-11-04 08:00 Lower Back",
                     "8     -- 2026-11-01 08:00 Left Front Abdomen"] {
            #expect(amend.contains(line), "\(amend)")
        }
        let log = try zsh("sitecycle log ", enter: false)
        for line in ["right-front-abdomen  -- recommended · never used", "left-front-thigh     -- recommended · never used",
                     "lower-back           -- avoid · in use"] {
            #expect(log.contains(line), "\(log)")
        }
    }

    /// fish shows the same descriptions for `amend`.
    @Test(.enabled(if: RequiredTools.fish, "fish is not installed (.ci/run installs it)"))
    func fishDescribesEntriesForAmend() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try sh("/usr/bin/fish", ["--no-config", "-c", "source \(script("fish")); complete -C 'sitecycle amend '"])
        #expect(r.stdout.contains("9\t2026-11-04 08:00 Lower Back"), "\(r.stdout)")
        #expect(r.stdout.contains("8\t2026-11-01 08:00 Left Front Abdomen"), "\(r.stdout)")
    }
}

extension InteractiveCompletionTests {
    /// Issue 22, item 9: a location name is the user's text, and may read as
    /// shell code. Completed after `"`, after `'` and bare (escaped), in
    /// each shell at a real prompt, then run: nothing in it runs, and the
    /// journal gets the name exactly as declared.
    static let hostile = ["Left $(touch PWNED) Arm", "Right `touch PWNED2` Arm", #"Mum's "Hip" \ x!y"#]

    func completeHostileNames(_ shell: [String], setup: String) throws {
        defer { try? stopServer(); try? FileManager.default.removeItem(at: base.dir) }
        let journal = base.dir.appendingPathComponent("sites.journal")
        try ("timezone UTC\n" + InteractiveCompletionTests.hostile.map { "location \($0)\n" }.joined())
            .write(to: journal, atomically: true, encoding: .utf8)
        try session(shell, setup: setup, width: 120)
        let typed = ["\"Left", "'Left", "Left\\ ", "\"Right", "'Right", "Right\\ ", "\"Mum", "'Mum", "Mum\\'s"]
        for (day, start) in typed.enumerated() {
            _ = try tmux("send-keys", "-t", "t", "-l", "sitecycle log --at 2026-10-0\(day + 1) \(start)")
            // The keys queue in the terminal: Enter is read after Tab's completion.
            _ = try tmux("send-keys", "-t", "t", "Tab", "Enter")
            _ = try screen { $0.components(separatedBy: "Logged ").count - 1 + $0.components(separatedBy: "error").count - 1 > day }
        }
        let screen = try tmux("capture-pane", "-p", "-t", "t")
        #expect(!FileManager.default.fileExists(atPath: base.dir.appendingPathComponent("PWNED").path), "\(screen)")
        #expect(!FileManager.default.fileExists(atPath: base.dir.appendingPathComponent("PWNED2").path), "\(screen)")
        let names = InteractiveCompletionTests.hostile
        let expected = typed.indices.map { "2026-10-0\($0 + 1) 00:00  \(names[$0 / 3])" }
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("2026-") }
        #expect(lines.map(String.init) == expected, "\(screen)")
    }

    @Test(.enabled(if: RequiredTools.tmux, "tmux is not installed (.ci/run installs it)"))
    func bashCompletesHostileNamesInert() throws {
        try completeHostileNames(["env", "-i"] + base.env.map { "\($0)=\($1)" } + ["bash", "--norc", "--noprofile", "-i"],
                                 setup: "cd \(base.dir.path); PS1='$ '; source \(base.script("bash")); echo READY")
    }

    @Test(.enabled(if: RequiredTools.tmux, "tmux is not installed (.ci/run installs it)"),
          .enabled(if: RequiredTools.zsh, "zsh is not installed (.ci/run installs it)"))
    func zshCompletesHostileNamesInert() throws {
        let fpath = base.dir.appendingPathComponent("zfunc")
        try FileManager.default.createDirectory(at: fpath, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: base.script("zsh"), toPath: fpath.appendingPathComponent("_sitecycle").path)
        try completeHostileNames(["env", "-i"] + base.env.map { "\($0)=\($1)" } + ["zsh", "-f", "-i"],
                                 setup: "cd \(base.dir.path); PS1='$ '; fpath=(\(fpath.path) $fpath); autoload -Uz compinit; "
                                    + "compinit -u -D; setopt no_beep; echo READY")
    }

    @Test(.enabled(if: RequiredTools.tmux, "tmux is not installed (.ci/run installs it)"),
          .enabled(if: RequiredTools.fish, "fish is not installed (.ci/run installs it)"))
    func fishCompletesHostileNamesInert() throws {
        try completeHostileNames(["env", "-i"] + base.env.map { "\($0)=\($1)" } + ["fish", "--no-config", "-i"],
                                 setup: "cd \(base.dir.path); source \(base.script("fish")); echo READY")
    }
}
