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

    // Item 2: a file name is printed escaped (`\x1b`), in every place a
    // path shows: diagnostic headers, `--format gnu`, "Wrote … to", "Created
    // …", errors. A line break in a name stays inside its gnu line.
    @Test func controlCharactersInFileNamesArePrintedEscaped() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = ["e\u{1b}[31mx": "e\\x1b[31mx", "t\u{1b}]0;pwned\u{07}": "t\\x1b]0;pwned\\x07",
                     "a\nb": "a\\x0ab"]
        let broken = "timezone UTC\nlocation Left Arm\n\n2026-02-01 08:00  Lft Arm\n2026-02-02 08:00  Lft Arm\n"
        for (name, shown) in names {
            try broken.write(to: dir.appendingPathComponent(name + ".journal"), atomically: true, encoding: .utf8)
            func run(_ arguments: String...) throws -> BinaryRunner.Output {
                try BinaryRunner.run(arguments, in: dir, environment: env)
            }
            let check = try run("-f", name + ".journal", "check")
            #expect(check.stderr.contains(shown + ".journal:4:19: error:"), "\(check.stderr)")
            let gnu = try run("-f", name + ".journal", "check", "--format", "gnu")
            let lines = gnu.stdout.split(separator: "\n")
            #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix(shown + ".journal:") }, "\(gnu.stdout)")
            let refused = try run("-f", name + ".journal", "fmt")
            #expect(refused.stderr.contains(shown + ".journal has 2 errors"), "\(refused.stderr)")

            let created = try run("-f", name + "-new.journal", "init")
            #expect(created.exitCode == 0, "\(created.stderr)")
            #expect(created.stdout.contains("Created " + shown + "-new.journal"), "\(created.stdout)")
            let again = try run("-f", name + "-new.journal", "init")
            #expect(again.stderr.contains(shown + "-new.journal already exists"), "\(again.stderr)")
            let exported = try run("-f", name + "-new.journal", "export", "-o", name + ".csv")
            #expect(exported.stdout.contains("to " + shown + ".csv."), "\(exported.stdout)")
            let missing = try run("-f", name + "-gone.journal", "status")
            #expect(missing.stderr.contains("no journal at " + shown + "-gone.journal"), "\(missing.stderr)")

            for output in [check, gnu, refused, created, again, exported, missing] {
                for text in [output.stdout, output.stderr] {
                    #expect(!text.contains("\u{1b}") && !text.contains("\u{07}"), "\(name): \(text)")
                    #expect(!text.contains("a\nb"), "\(name): \(text)")
                }
            }
        }
    }

    // Item 11: paths are bytes. A folder or a journal named in Latin-1
    // (`caf\xe9`) is read and written where it is, never at a repaired
    // name (`lat\xef\xbf\xbd`), and printed escaped.
    @Test func pathsThatAreNotUTF8AreKeptAsBytes() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try shell(#"""
            lat=$(printf 'lat\351'); caf=$(printf 'caf\351'); name=$(printf 'j\351.journal')
            sitecycle -f "$lat/new.journal" init; echo "init=$?"
            [ -f "$lat/new.journal" ] && echo "made-where-named"
            [ -e "$(printf 'lat\357\277\275')" ] && echo "made-a-sibling"
            mkdir "$caf" && cp "$lat/new.journal" "$caf/sites.journal"
            (cd "$caf" && sitecycle -f sites.journal log "Left Front Abdomen" --at "2026-11-20 08:00"); echo "log=$?"
            (cd "$caf" && sitecycle -f sites.journal status > /dev/null); echo "status=$?"
            (cd "$caf" && sitecycle -f sites.journal undo > /dev/null); echo "undo=$?"
            grep -c "^2026-11-20" "$caf/sites.journal"
            cp "$lat/new.journal" "$name"
            sitecycle -f "$name" log "Left Front Abdomen" --at "2026-11-20 08:00"; echo "named-log=$?"
            sitecycle -f "$name" history | grep -c "Left Front Abdomen"
            printf 'bogus\n' >> "$name"
            sitecycle -f "$name" check 2>&1; echo "check=$?"
            sitecycle -f "$(printf 'gone\351.journal')" status 2>&1; echo "gone=$?"
            sitecycle -f "$name" log "Left Front Abdomen" --note "$(printf 'caf\351')" 2>&1; echo "note=$?"
            sitecycle -f "$name" remind --install --print 2>&1; echo "remind=$?"
            sitecycle -f "$lat/new.journal" locations add "$(printf 'Caf\351')" 2>&1; echo "name=$?"
            sitecycle -f "$lat/new.journal" log "Left Front Abdomen" --lot "$(printf 'L\351')" 2>&1; echo "lot=$?"
            LC_ALL=C grep -c "$(printf '\364\217\277')" "$lat/new.journal"
            """#)
        let out = r.stdout
        #expect(out.contains("Created lat\\xe9/new.journal with"), "\(out)")
        #expect(out.contains("init=0\nmade-where-named\n") && !out.contains("made-a-sibling"), "\(out)")
        #expect(out.contains("log=0\nstatus=0\nundo=0\n0\n"), "\(out)")
        #expect(out.contains("named-log=0\n1\n"), "\(out)")
        #expect(out.contains("j\\xe9.journal:"), "\(out)")
        #expect(out.contains("check=1\n"), "\(out)")
        #expect(out.contains("no journal at gone\\xe9.journal"), "\(out)")
        // Text typed in Latin-1 is not a path: the journal is UTF-8.
        #expect(out.contains("--note: a note cannot contain the byte \\xe9, which is not\n        UTF-8"), "\(out)")
        #expect(out.contains("note=2\n"), "\(out)")
        let words = out.replacingOccurrences(of: "\n        ", with: " ")
        #expect(words.contains("a location name cannot contain the byte \\xe9, which is not UTF-8"), "\(out)")
        #expect(words.contains("a lot cannot contain the byte \\xe9, which is not UTF-8"), "\(out)")
        #expect(out.contains("name=2\n") || out.contains("name=1\n"), "\(out)")
        #expect(out.contains("lot=2\n0\n") || out.contains("lot=1\n0\n"), "\(out)")
        // A reminder unit would name another file.
        #expect(out.contains("remind=1\n"), "\(out)")
        #expect(out.replacingOccurrences(of: "\n        ", with: " ").contains("a byte that is not UTF-8, which a systemd"),
                "\(out)")
        #expect(!out.contains("\u{FFFD}") && !out.contains("\u{10FFE9}"), "raw bytes printed: \(out)")
    }
}

