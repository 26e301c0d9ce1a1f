extension HelpTopic {
    static let development = HelpTopic(
        name: "development", aliases: ["source", "contributing"],
        summary: "for contributors: where things live, the tests, the fuzzer",
        manTitle: "DEVELOPMENT",
        text: #"""
            DEVELOPMENT
            Two modules, and the dependency runs one way: SiteCycleKit knows
            nothing of the command line (it cannot import SiteCycleCLI), and
            SiteCycleCLI turns arguments into calls and results into text.

            WHERE THINGS LIVE
              Sources/sitecycle/main.swift   argv, environment, streams → run → exit
              Sources/SiteCycleKit/          no argument parsing, no words: facts;
                           files only through System/'s one file policy
                Journal/   the bytes (an array, or a mapped file read through a
                           sliding window), one [UInt32] of line starts, the
                           byte cursor, the parser (JournalParser; PlainEntry,
                           the fast path for plain entry lines; NameTable), the
                           syntax layer (one tag byte a line, decoded on
                           demand), the builder (JournalBuilder), diagnostics,
                           did-you-mean (Suggestions), fmt (Formatter), the
                           fuzzer's invariants
                Domain/    Journal, SiteChange (a 32-byte value), Location and
                           name matching, Device, Settings, ZoneChoice (the
                           locations a body zone makes)
                Time/      civil dates and instants, zone rules read from TZif
                           without a lock, command-line times
                Engines/   occupancy (who is on each site), change selection
                           (period, locations), order statistics (medians by
                           quickselect), recommendation, status, statistics,
                           timeline, body map, reminders, import planning,
                           location usage, glucose outcomes and failures,
                           the verdict per site (SiteVerdict)
                Assists/   what an editor asks of a journal (the language
                           server's facts): check's fixes as text edits
                           (DiagnosticFix), completion and hover (JournalAssist)
                Editing/   the reconciler: JournalEditor and one edit per file
                           (EntryWriter, EntryReplacement, EntryDeletion,
                           EntryBatchInsertion, EntryEnd, HeaderPlacement,
                           LocationLine, LocationRename…)
                Services/  request → planned edit → outcome or a typed
                           refusal (facts, no words), tested on an in-memory
                           file system: JournalTransaction (lock, read, plan,
                           re-parse, write), SiteChangeService,
                           CorrectionService, SettingsService, LocationsService,
                           ImportService, FormatService, UndoService,
                           EditService, InitService
                Formats/   CSV, JSON (one shape per domain type), exporters,
                           the clinic report (HTML), import readers, the CGM
                           exports (Clarity, LibreView, Nightscout), escaping,
                           statistics sentences, rows assembled as bytes
                           (ByteText)
                Sync/      the three-way merge (MergeModel, JournalMerge),
                           SyncService behind a GitRunner protocol, conflict
                           copies
                System/    FileSystem (POSIX and in-memory) and the one file
                           policy (FilePolicy: no link followed), Subprocess
                           (posix_spawn), Lock, Memory, MappedFile, a seeded
                           random generator for benchmarks and tests
                Storage/   reading with caps, locking, atomic replacement,
                           where the journal is, undo history
              Sources/SiteCycleCLI/          the command line: Run.swift and
                           Command.swift (one run of one command),
                           ArgumentParser.swift, Commands/<Name>/ (each
                           command's file, its typed options, its renderer:
                           parse, call, render, each about a screen),
                           Options/ (the shared typed option groups),
                           *Words.swift (every refusal and hint in
                           words), Rendering/ (colour, width, wrapping,
                           diagnostics with carets; Messages, the one
                           printer of errors, warnings, notes and hints),
                           Help/ (the topics of `help` and the man page),
                           Picker/ (the two-keystroke picker), Commands/LSP/
                           (the language server: framing, documents,
                           features; Protocol/ its messages, values and
                           line index), Completion*.swift
              Sources/sitecycle-bench/       the benchmark (`help performance`)
              Sources/sitecycle-fuzz/        the libFuzzer target, or a replayer
              Tests/Support/                 helpers every test target shares
              Tests/SiteCycleKitTests/       the library, services, edits
              Tests/SiteCycleCLITests/       the command line in process
              Tests/GoldenTests/             the real binary: golden cases,
                                             shells, git, crashes, the README
              Tests/Fuzz/                    inputs that once broke something

            HOW IT WORKS
              The parser scans UTF-8 bytes through a cursor over an
              UnsafeBufferPointer (no Regex, no DateFormatter, no per-Character
              scanning). Every line is kept as a byte span with its own line
              ending, so the file can be given back byte for byte and edited one
              line at a time. A command parses and checks its options before
              any file is read, into a Kit request (a ChangeRequest: words,
              times and ENTRY as typed). JournalTransaction takes the lock,
              reads the journal, and the request resolves what was typed on
              it (Journal.enabledLocation, ChangeContext.past) and plans the
              edit, or refuses with a typed ServiceError; no code of the
              command line runs under the lock. The result is re-parsed before
              anything is written; an edit the re-parse rejects is never
              written. `edit`, `undo` and sync's writes take the same lock and
              re-parse. The command prints once, from the outcome, after the
              service returns. Only what a person waits on prints
              as it goes: the questions of `init` and `edit`, the steps of
              `sync` (a fetch or a push can take a minute) and the
              notifications of `remind`.

            TESTS
              `swift test` runs them all. Tests that need git, zsh, fish, tmux,
              strace, man, Chromium, pdftotext or Python's icalendar skip with
              a message naming the tool; `bash .ci/run` installs them (Debian/Ubuntu, as
              root) and runs with SITECYCLE_REQUIRE_TOOLS=1, so there a missing
              tool fails instead.
              Golden tests run the built binary in a temporary folder with
              TZ=UTC and a private HOME. A case folder under
              Tests/GoldenTests/Cases/ holds `args` (one argument per line),
              optional `env` and `stdin`, the input files, and
              expected/stdout, expected/stderr, expected/exit and
              expected/files/…. After an intended change of output, re-record
              with `SITECYCLE_RECORD=1 swift test` and review the diff.
              The README is tested too: its links resolve in the repository,
              its walk-through runs line by line, every `sitecycle` command in
              it runs against an example journal, and every help topic it
              names exists.

            FUZZING
              swift build --product sitecycle-fuzz --scratch-path .build-fuzz \
                -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
                -Xswiftc -parse-as-library
              .build-fuzz/debug/sitecycle-fuzz CORPUS_DIR -max_total_time=600
              Seed it with examples/, the golden journals and Tests/Fuzz/. For
              speed (about 1.6 times the inputs a second), build with -c release,
              without address, and add -Xswiftc
              -sanitize-coverage=edge,inline-8bit-counters,pc-table: edge
              coverage without comparison tracing. A plain `swift build` of the
              target replays the files it is given, so every crash the fuzzer
              finds can become a regression test in Tests/Fuzz/.

            """#)
}
