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
              (swiftc -O -static-executable). A goal that is a ratio of
              two runs of about the same length (`log` against `check`,
              `--version` against the hello world) takes its figures in
              turn, run by run, so that both see the same moments of a
              shared machine. `stats` against `ledger bal` takes two series
              one after the other, `stats` first, each after a second of
              rest: on a shared machine everything ran slower for a while
              after the 15 seconds a series of `ledger bal` works (`stats`
              16.5 ms right after it, 11.5 ms before it in the same run).
              From a clone:

                swift build -c release --product sitecycle-bench &&
                  .build/release/sitecycle-bench

              (`--sizes 3000,100000,1000000 --runs 3` chooses; CI runs `--sizes
              1000 --runs 1` to keep it working.) The README has the current
              figures.

            WHERE IT STANDS (2026-11-27, one run of five on a shared 2-core
            machine; earlier runs of the same code differed by up to 20%)
              Met: start-up 0.7 ms over the hello world; every 3,000-entry
              command within 5 ms (`history` 3.7, `export` 3.3); 100,000
              `stats` within 15 ms (13.9); 250× `hledger bal` at 100,000
              (298×); 1,000,000 `check` within 100 ms and 64 MB (82.0 ms, 54
              MB); 1,000,000 `log` within 150 ms (129 ms); 1,000,000 sessions
              as iCalendar within 64 MB and twice the CSV time, streamed (57 MB,
              0.5 s against 0.3-0.5 s); the 100,000-entry
              merge, 1,000 changes a side (850 ms, 269 MB); the hostile
              shapes (200,000 note continuation lines: `check` 85 ms, `fmt
              --check` 544 ms; 1,000 unknown names × 1,000 locations: `check`
              47 ms; 65,535 locations, the most a journal holds: `locations`
              within 1 s (0.72 s; `check` 0.29 s)).
              `sitecycle lsp`, from a one-character edit to the diagnostics it
              publishes: within 20 ms at 3,000 entries (0.4 ms) and 150 ms at
              100,000 (41 ms; measured while the machine was busy).
              `outcomes` against 3,000 entries, 90 days of 5-minute
              Clarity readings (25,920) within 50 ms (18.1 ms) and a year
              (105,120) within 150 ms (39.0 ms), both measured while the
              machine was busy (`stats` took 8.3 ms then); a million readings,
              a 50 MB export, in 310 ms and 80 MB.
              Missed: `history` and `export` as fast as `check` at 3,000
              entries (within 0.2 ms: +0.5 to +1.0 ms over several runs; a
              history row still costs about 2,000 instructions, a CSV row
              about 1,400, where reading its line costs 300); 100,000 `log`
              within 15 ms (19.1 ms: the write is a whole new copy with fsync
              and rename, about 6 ms by itself, so that a crash never leaves
              half a journal); 50× `ledger bal` at 100,000 (44×); 1,000,000
              `stats` within 100 ms (102 ms: `check`'s reading plus about 20
              ms of sessions, medians and output). Reading the model is most
              of every figure at 100,000 entries and more; nothing stands out
              in a profile any more, so what is left would come from many
              small places.
              2026-11-28, as ratios that hold on any machine: `log` at
              100,000 entries runs 117M instructions to `check`'s 100M
              (1.18×; the bench's (log − fsync) / check 1.1× quiet, 1.3-1.6×
              busy, goal 1.5×): the verdict now reads only its recent
              window, and the line ending is worked out once per write.
              2026-11-29: at 100,000 entries `stats` runs 107.4M
              instructions (136.1M on 2026-11-28), `check` 83.4M (99.8M)
              and `log` 90.4M (117.5M; 1.08× `check`): the verdict's
              early endings read only its window, the builder's fields
              are plain bits, the fast path keeps the month of the line
              above and reads its digits in pairs, a known name is found
              inline, records go straight into their room, and a site's
              extremes are plain numbers. On this busy machine the
              bench's `stats` vs `ledger bal` came out 36.0×, 40.9× and
              47.7× on the build before the last change (`ledger bal`
              itself 619 to 753 ms), and 33.1× and 32.2× on the last one,
              in a busier hour (`check` itself 16-28 ms against 10-13);
              `(log − fsync) / check` 0.9-1.8× over all of tonight's runs.
              Later on 2026-11-29: the release binary is a static
              executable (no dynamic loader: a hello world starts in 1.3 ms
              against 2.2, and `stats` at 100,000 went from 17.7 to 15.7 ms
              median in 60 runs taken alternately with the old binary),
              `stats` runs 98.8M instructions (104.3M before: a name already
              known is not scanned for double spaces, long sessions are
              noted while the rotations are linked, the first statistics
              pass writes through buffers, the line table is never grown, a
              mapped journal is populated once). Measured in turn or
              right after `ledger bal`, `stats` vs `ledger bal` came out
              39-45× (the machine still slowed by `ledger bal`); with the
              two series apart and rested, as the bench now takes them,
              58.1×, 49.0× and 43.5× in three runs (`stats` 12.2, 13.7 and
              17.0 ms; in the last run `stats` alone took 28.5 ms).
              Morning of 2026-11-29: `stats` runs 95.6M instructions and
              `check` 73.4M (its session hours are written once, not
              zeroed first; line starts and kinds are written through
              their buffers; directive lines are found with memchr). The
              bench's `stats` vs `ledger bal` over seven runs: 66.2×
              (`stats` 11.0 ms, `ledger bal` 731.5 ms), 50.9× (13.6
              against 693.9), 58.8× (12.9 against 756.3), 44.2× (15.1
              against 666.3, in an hour when `log` took 34 ms against its
              usual 19), 45.7× (14.8 against 675.2) with 5 runs instead
              of 21, then 58.7× (11.7 against 686.2) and 43.2× (16.1
              against 695.3) on the last build.
              The 100,000-entry merge is back within its second: 804 ms
              median against 1,305 (236 MB against 283; the bench: 809
              ms), since a line decoded on its own no longer interns its
              name, an entry the same on all three sides is not
              rendered, and the merge's entries hold a count of their
              lines, not a copy. `fmt --check` on 200,000 note lines:
              630 ms against 1,037 (the bench: 610 ms; blanks are
              trimmed by the byte where they meet ASCII).
              Later that morning: on the bench's journal of 100,000 entries
              `stats` runs 94.6M instructions (110.0M before) and `check`
              71.5M (82.6M); on the journal of the figures above, 83.6M and
              63.1M. A plain line's last name and note bytes come from the
              word that ends them; a long part's median is narrowed by an
              even sample first (Floyd and Rivest: each session length is
              read about one and a half times, not three); an entry with
              nothing to report, in a zone of one offset, becomes its
              change at once; the rotations' counters are the loop's own;
              the session hours' pages are made in one request (490 page
              faults against 685); what every site is compared against is
              gathered as the rows read their sessions, not in a pass of
              its own. Before that last step, in 60 runs taken
              alternately with the binary before: `stats` 10.98 against
              12.04 ms median; at 1,000,000 entries, in 15 runs each way,
              `stats` 103.5 against 132.2 ms and `check` 94.4 against
              101.0. The bench's `stats` vs `ledger bal` before that last
              step: 55.2× (`stats` 10.8 ms, `ledger bal` 599.2), 70.2×
              (11.1 against 782.4) and 56.5× (11.5 against 649.2); in
              busy hours 42.2× (15.8 against 664.6) and 35.7× (23.2
              against 830.7, when `check` took 39 ms against its usual 8
              to 12). `hledger bal`: 292× to 411×. On the last build:
              63.5× (`stats` 10.2 ms, `ledger bal` 646.5), `hledger bal`
              441×. Tried and left out: the `stats` runs half a
              second apart, so that their series spans as long as
              `bal`'s: slower, not steadier (16.5 ms against 13.8 back to
              back in the same bench run; a process after a rest starts
              cold).
              Last, on 2026-11-29: a line that ends in a name seen before
              (four lines in five) is looked up as it stands, without the
              byte checks; a rest longer than any plain name is not looked
              up; the fast path is inlined into the loop that reads every
              line. On the bench's journal `stats` runs 84.5M instructions
              (94.6M before) and `check` 61.4M (71.5M); in 60 runs taken
              alternately, the first step alone: `stats` 10.90 against
              11.55 ms median. The bench's `stats` vs `ledger bal`: 62.8×
              (`stats` 10.5 ms, `ledger bal` 661.6) after the first step,
              53.3× (12.6 against 674.0, in a busy hour: `check` took 10.8
              ms against its usual 7.5) and 62.3× (10.6 against 661.5)
              after the second, and 61.8× (10.3 against 635.7) on the
              last build. At 1,000,000 entries: `stats` 92.8 ms, `check`
              83.4. Tried and left out: generic metadata made by the
              compiler, not at run time (`-prespecialize-generic-metadata`:
              type lookups 2.09M instructions against 2.26M, no faster).
              Not yet shown: `stats` 50× `ledger bal` in every run. It held
              in this build's runs, one in a busy hour; in the busiest
              hours of the build before it missed (42.2×, 35.7×).

            DECISIONS
              The release binary links the standard library and
              FoundationEssentials statically (half the start-up time), reads
              zones from TZif files only (no ICU data: 15.3 MB stripped, against
              71.2 MB with ICU's zone fallback and 77.5 MB with all of
              Foundation), and is position-dependent: a position-independent
              one spent a millisecond of every start applying 74,000
              relocations. Since 2026-11-29 it is a static executable, glibc
              and libstdc++ included: no dynamic loader runs, which saved
              about 1 ms of every start (a hello world: 2.2 ms against 1.3).
              So glibc's name-service modules cannot be loaded, and the home
              folder for a missing $HOME is read from /etc/passwd itself.
              A site change is a plain 32-byte value (location and note are
              indexes into the journal's tables), so a million of them are
              copied, sorted and freed without a reference count. It keeps its
              end (8 bytes): the end is the next start on the same device,
              which a reader holding one change cannot see, and deriving it
              would put a search in every engine.
              Reading commands map journals of 1 MB or more; edits read into
              memory (`sitecycle help security` says why).
              Tried and left out: reading a big journal in two halves on two
              threads (slower on 2 cores: `stats` at 100,000 21.7 → 29 ms;
              tried again on 2026-11-29, joining the halves exactly: `check`
              0.2-0.5 ms faster than the same binary held to one core, and
              slower than reading in one pass; a third time the same day,
              with the line starts and each half's pages made ready on the
              two threads too: `stats` 10.1 against 9.7 ms median in 60
              runs taken alternately, and 11.4 against 9.5 ms of CPU; a
              fourth time, a thread for the second half only: it started
              0.15 to 2.8 ms after it was asked for, and `check` took 13.3
              against 8.4 ms of CPU, every unmapping after it interrupting
              the other processor), and
              a radix selection for medians (slower than the branchless
              quickselect; tried again on 2026-11-29, by the values' bits
              in 2,048 slices: 9.3M instructions against 9.2M, and no
              faster). The commits record each step and its measurement.

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
