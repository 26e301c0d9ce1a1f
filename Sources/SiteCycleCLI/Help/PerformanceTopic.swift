extension HelpTopic {
    static let performance = HelpTopic(
        name: "performance", aliases: ["benchmark", "robustness"],
        summary: "speed, the benchmark, fuzzing and crash tests",
        manTitle: "PERFORMANCE AND ROBUSTNESS",
        text: #"""
            PERFORMANCE
            Goals: every report instant on a lifetime journal (about 3,000
            entries: under 5 ms, start-up included), fast on a million lines
            (under 100 ms and 64 MB), far ahead of ledger and hledger on the
            same entries.

            THE BENCHMARK
              sitecycle-bench writes deterministic synthetic journals (site
              changes 2-4 days apart, a note on every fifth, the 14 default
              locations, `timezone UTC`) and times whole-process runs of the
              real release binary: the median of several runs and the peak
              resident memory (from wait4; the journals are written by a child
              process so the bench's own memory never counts). It prints every
              goal beside its figure and says met or missed, by how much. With
              ledger and hledger installed it writes the same entries as a
              ledger journal and times `bal` on it (up to 100,000 entries);
              start-up is compared with a hello world compiled the same way
              (swiftc -O -static-stdlib, not position-independent). From a
              clone:

                swift build -c release --product sitecycle-bench &&
                  .build/release/sitecycle-bench

              (`--sizes 3000,100000,1000000 --runs 3` chooses; CI runs `--sizes
              1000 --runs 1` to keep it working.) The README has the current
              figures.

            WHERE IT STANDS (2026-11-24, four runs on a shared 2-core machine)
              Met in every run: start-up 0.3-0.6 ms over the hello world; the
              memory at 1,000,000 entries (`check` 55 MB, `stats` 61 MB); the
              100,000-entry merge, 1,000 changes a side (847-912 ms, 260 MB);
              the hostile shapes (200,000 note continuation lines: `check` 91
              ms, `fmt --check` 565 ms; 1,000 unknown names × 1,000 locations:
              `check` 45 ms); the fuzzer's 5,000 inputs a second.
              Met in the quieter runs, missed in the noisy ones: the 3,000-entry
              commands within 5 ms (`history` and `export` read 5.8-6.2 ms in
              two runs); 100,000 `stats` within 15 ms (13.5-18.0 ms); 250×
              `hledger bal` at 100,000 (217-302×); 1,000,000 `check` within 100
              ms (80-117 ms); 1,000,000 `log` within 150 ms (147-173 ms).
              Missed in every run: 100,000 `log` within 15 ms (17.8-25.1 ms:
              reading, then writing 3.7 MB with fsync and rename, 5-6 ms by
              itself); 50× `ledger bal` at 100,000 (34-45×); 1,000,000 `stats`
              within 100 ms (102-109 ms: `check`'s reading plus about 20 ms of
              sessions, medians and output). At 100,000 entries a process
              spends about 3 ms before and after its own work, reading the
              model about 10 ms and `stats` itself about 2 ms; nothing stands
              out in `perf` any more, so what is left would come from many
              small places.

            DECISIONS
              The release binary links the standard library and
              FoundationEssentials statically (half the start-up time), reads
              zones from TZif files only (no ICU data: 15.3 MB stripped, against
              71.2 MB with ICU's zone fallback and 77.5 MB with all of
              Foundation), and is position-dependent: a position-independent
              one spent a millisecond of every start applying 74,000
              relocations.
              A site change is a plain 32-byte value (location and note are
              indexes into the journal's tables), so a million of them are
              copied, sorted and freed without a reference count. It keeps its
              end (8 bytes): the end is the next start on the same device,
              which a reader holding one change cannot see, and deriving it
              would put a search in every engine.
              Reading commands map journals of 1 MB or more; edits read into
              memory (`sitecycle help security` says why).
              Tried and left out: reading a big journal in two halves on two
              threads (slower on 2 cores: `stats` at 100,000 21.7 → 29 ms), and
              a radix selection for medians (slower than the branchless
              quickselect). The commits record each step and its measurement.

            ROBUSTNESS
              Fuzzing: sitecycle-fuzz is a libFuzzer target over the parser,
              the diagnostics renderer, `fmt`, import and the merge driver,
              with invariants: every unreadable line has an error, `fmt` keeps
              the meaning and is stable, merging never drops an entry. Its
              edge-coverage build runs about 7,800 inputs a second at 1,024
              bytes (the goal is 5,000; the default build's comparison tracing
              costs a third of its time). AddressSanitizer campaigns of up to
              30 minutes found no crash and no broken invariant. CI replays
              examples/ and Tests/Fuzz/ (inputs that once broke something),
              and a seeded unit test puts 1,500 mutated journals through the
              same invariants on every run; it found one real bug (an indented
              comment `fmt` would have turned into a note). How to build it:
              `sitecycle help development`.
              Crash safety: a test kills `sitecycle log` with SIGKILL at 80
              seeded moments: the journal is always the old one or the whole
              new one, never a torn line. 200 parallel writes from four shells
              all land (without the lock only about half survive). On a full
              64 KB tmpfs, `log` fails with the system's reason and the journal
              intact.
              Bad input: Tests/GoldenTests/Cases/corpus-* hold one reproducer
              per kind (CR-only line ends, a BOM mid-file, tabs, years 0001 and
              9999, offsets at and beyond 14 h, NUL bytes, invalid UTF-8 of five
              kinds, random binary, control characters), each with its expected
              diagnostic; a 10 MB line and 5,000 locations are generated in
              unit tests. A read-only journal, a journal that is a folder, a
              symlinked journal and a missing one all get clear messages. A
              truncation by another program during a mapped read is tested by
              stopping a real run under strace and cutting its journal short.

            """#)
}
