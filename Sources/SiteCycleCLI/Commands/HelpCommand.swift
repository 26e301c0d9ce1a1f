import SiteCycleKit

extension CommandRegistry {
    static let help = Command(
        name: "help",
        summary: "show help for a command, or `help journal` for the file format",
        usage: "sitecycle help [COMMAND|journal|time|devices] [--man]",
        details: """
            --man prints the whole manual as a man page, from the same text:
            `sitecycle help --man | man -l -`, or save it as sitecycle.1 in
            a man folder (e.g. ~/.local/share/man/man1/).
            """,
        options: [OptionSpec(["--man"], "the whole manual as a man page (roff)")],
        positionals: 0...1,
        run: { invocation in
            if invocation.arguments.flag("--man") {
                guard invocation.arguments.positionals.isEmpty else {
                    return invocation.usageError(UsageError("--man prints the whole manual; give no topic",
                                                            help: "sitecycle help --man | man -l -"))
                }
                invocation.out(HelpText.manPage())
                return ExitCode.ok
            }
            guard let topic = invocation.arguments.positionals.first else {
                invocation.out(HelpText.overview())
                return ExitCode.ok
            }
            if topic == "journal" || topic == "format" {
                invocation.out(HelpText.journal)
                return ExitCode.ok
            }
            if topic == "time" || topic == "times" {
                invocation.out(HelpText.time)
                return ExitCode.ok
            }
            if topic == "devices" || topic == "device" || topic == "sources" {
                invocation.out(HelpText.devices)
                return ExitCode.ok
            }
            guard let command = CommandRegistry.all.first(where: { $0.name == topic || $0.aliases.contains(topic) }) else {
                let guess = suggestion(for: topic, among: CommandRegistry.all.map(\.name) + ["journal", "time", "devices"])
                return invocation.usageError(UsageError("no help for `\(topic)`",
                                                        help: guess.map { "did you mean `\($0)`?" }))
            }
            invocation.out(HelpText.command(command))
            return ExitCode.ok
        })
}

enum HelpText {
    static func overview() -> String {
        var s = """
            sitecycle \(sitecycleVersion): rotate insulin pump sites, kept in a plain-text journal.

            usage: sitecycle [-f PATH] [--now TIME] [--json] [--color WHEN] COMMAND [ARGS]

            commands:

            """
        let listed = CommandRegistry.all.filter { !$0.hidden }
        let width = listed.map(\.name.count).max() ?? 0
        for c in listed {
            s += "  " + c.name + String(repeating: " ", count: width - c.name.count + 3)
                + TextWrap.wrap(c.summary, start: width + 5, indent: String(repeating: " ", count: width + 5)) + "\n"
        }
        s += "\noptions for every command:\n" + optionLines(globalOptions)
        s += """

            The journal is -f PATH, else $SITECYCLE_FILE, else
            $XDG_DATA_HOME/sitecycle/sites.journal (~/.local/share/… when unset).
            `sitecycle help COMMAND` explains a command, `help journal` the file
            format, `help time` the times --now, --at, --from and --to take,
            `help devices` a pump and a CGM sensor in one journal.
            A bare `sitecycle` shows the status, or how to begin.

            """
        return s
    }

    /// What a bare `sitecycle` prints before there is a journal.
    static func gettingStarted(_ location: JournalLocation) -> String {
        var s = "sitecycle \(sitecycleVersion): rotate insulin pump sites, kept in a plain-text journal.\n\n"
        if location.origin != .noHome {
            s += TextWrap.wrap("No journal yet at \(location.path) (\(location.explanation)).", indent: "  ") + "\n\n"
        }
        s += """
            Getting started:
              sitecycle init          a few questions, then the journal is created
              sitecycle recommend     where to put the next site
              sitecycle log lfa       log Left Front Abdomen, now
              sitecycle status        how long it has been in, when it is due
              sitecycle help          every command; `help journal`: the file format

            """
        return s
    }

    static func command(_ c: Command) -> String {
        var s = usage(c.usage) + "\n\n\(c.summary.prefix(1).uppercased() + c.summary.dropFirst()).\n"
        if !c.aliases.isEmpty { s += "Also called: \(c.aliases.joined(separator: ", ")).\n" }
        if !c.options.isEmpty { s += "\noptions:\n" + optionLines(c.options) }
        if !c.details.isEmpty { s += "\n" + c.details + "\n" }
        s += "\nGlobal options (-f, --now, --json, --color): see `sitecycle help`.\n"
        return s
    }

    static func optionLines(_ options: [OptionSpec]) -> String {
        let rows = options.map { o -> (String, String) in
            let names = o.names.sorted { $0.count < $1.count }.joined(separator: ", ")
            return (names + (o.valueName.map { " " + $0 } ?? ""), o.summary)
        }
        let width = rows.map(\.0.count).max() ?? 0
        let indent = String(repeating: " ", count: width + 5)
        return rows.map {
            "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 3)
                + TextWrap.wrap($0.1, start: width + 5, indent: indent) + "\n"
        }.joined()
    }

    /// `usage: sitecycle CMD …` in 80 columns: it breaks between top-level
    /// words, or before a `|` inside brackets, and continues under the first
    /// argument.
    static func usage(_ usage: String) -> String {
        let chars = Array(usage)
        var words: [String] = [], current = "", depth = 0
        for (i, ch) in chars.enumerated() {
            if ch == "[" { depth += 1 } else if ch == "]" { depth -= 1 }
            let beforeBar = i + 2 < chars.count && chars[i + 1] == "|" && chars[i + 2] == " "
            if ch == " " && (depth == 0 || beforeBar) {
                words.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        words.append(current)
        let lead = "usage: " + words.prefix(2).joined(separator: " ")
        guard words.count > 2 else { return lead }
        // Spaces inside a word are not places to break: hide them from the wrapper.
        let rest = words.dropFirst(2).map { $0.replacingAll(" ", with: "\u{0}") }.joined(separator: " ")
        let indent = String(repeating: " ", count: lead.count + 1)
        return lead + " " + TextWrap.wrap(rest, start: lead.count + 1, indent: indent)
            .replacingAll("\u{0}", with: " ")
    }

    static let time = """
        Times for --now, --at, --end, --from and --to (and $SITECYCLE_NOW) are
        read in the journal's time zone:

          2026-02-07                a day: its midnight; as --to, all of it
          2026-02-07 08:15[:30]     a wall-clock time
          2026-02-07 08:15 +01:00   with an offset (+0100, +01, Z)
          2026-02-07T08:15:00Z      ISO-8601
          07:45                     today at 07:45
          today, yesterday          that day (as --to, all of it)
          yesterday 21:00           a time yesterday
          -2h, -30m, -3d, -1d2h     that long before now
          now                       now

        `today`, `yesterday`, a bare time and `-…` count from --now when it is
        given, else from the clock. --from after --to is refused. A local time
        the clock skipped (daylight saving) is refused with the time to use.

        Travelling: add `local` to read a time or day in your clock's zone
        ($TZ, else the system's) instead: `08:00 local`, `yesterday 21:00
        local`, `2026-02-07 08:15 local`. When your clock's zone differs from
        the journal's, a time of day without `local` or an offset is still
        journal time, and a note on stderr says so (for --at, --end, --from,
        --to and an entry's time; --now and $SITECYCLE_NOW are read quietly).

        """

    static let journal = """
        THE JOURNAL FORMAT

        A journal is one UTF-8 text file (LF or CRLF line ends, optional BOM):
        a header of directives, then one site change per line. Edit it in any
        editor; `sitecycle check` reports anything it cannot read.

            ; SiteCycle journal
            timezone Europe/Berlin
            target 72h
            absorption-threshold 20%

            location Left Front Abdomen
            location Right Front Abdomen
            location Lower Back
            location Left Hip   disabled

            2026-02-01 08:15  Left Front Abdomen
            2026-02-04 07:50  Right Front Abdomen  ; occlusion alarm at 2 am,
                                                   ; changed it early
            2026-02-06 21:10  Lower Back           ; bled on insertion
            2026-02-08 12:00  removed              ; pump break, no site
            2026-02-09 09:30 +01:00  Left Front Abdomen

        COMMENTS
          `;` starts a comment anywhere on a line; `#` starts one at the
          beginning of a line. Blank lines are ignored.

        DIRECTIVES (one per line, each setting at most once)
          timezone NAME           IANA zone that wall-clock times are read in
                                  (`Europe/Berlin`, `UTC`); default: the system's.
          target DURATION         how long a site should stay in: `72h`, `72`, `3d`.
                                  Default 72h; at most 30 days.
          absorption-threshold N% flag a site whose average duration is more than
                                  N% below the overall average. Default 20%.
          absorption-mode MODE    `mean` (default) or `robust`: what `stats`
                                  compares (see `sitecycle help stats`).
          strategy NAME           default for `recommend`: by-site, by-body-part,
                                  or cooldown N (N from 1 to 10).
          device NAME DURATION [grace DURATION]
                                  a second rotation with its target, such as
                                  `device sensor 10d` for CGM sensors. NAME is
                                  lowercase letters, digits and `-`. The pump is
                                  the rotation every journal has; `target` is its
                                  target. `grace 12h`: how long past the target
                                  a site is "in grace" (due) before it is
                                  overdue; `device pump 72h grace 6h` gives the
                                  pump one, in place of `target`. See `sitecycle
                                  help devices`.
          rest DURATION           a site is not recommended until DURATION has
                                  passed since its last session there ended,
                                  whichever device it was. Default: no rest.
          location NAME [for DEV,…] [paused until DATE] [disabled]
                                  declares a site; header order is its sort order.
                                  A name starting with `Left ` or `Right ` has a
                                  side; the rest is its zone (`Front Abdomen`), and
                                  the zone's last word its body part (`Abdomen`).
                                  `disabled` keeps it for history but out of
                                  rotation. A name starts with a letter and cannot
                                  contain `;`; runs of spaces in it count as one.
                                  `for pump,sensor`: the devices that may use it
                                  (without `for`, the pump alone). `paused until
                                  2026-03-15`: not recommended before that day's
                                  midnight; put the reason in a comment.
                                  At most 65,535 locations.
          Directives may appear anywhere; `sitecycle fmt` moves them to the top.

        SITE CHANGES
          DATE TIME [OFFSET]  [DEVICE]  LOCATION  [; NOTE]
          DATE is YYYY-MM-DD, TIME is HH:MM or HH:MM:SS (24-hour clock).
          OFFSET (optional) is +HH:MM, +HHMM, +HH or Z, attached to the time or
          after a space; it overrides `timezone` for that line.
          LOCATION is a declared name, written exactly, or `removed` to end
          the active site without a new one (a pump break).
          DEVICE (optional) is a declared device's name, or `pump`:
          `2026-02-03 10:00  sensor  Left Back Arm`. Without it, the pump's.
          A NOTE goes on over the following lines that start with white space
          and `;`, as in ledger; each such line adds a line to the note.

        TIME
          Times are wall-clock in the journal's zone. Durations are real elapsed
          hours, correct across daylight-saving changes. A time that the clock
          skipped (in a spring-forward gap) is an error; a time that happened
          twice (autumn fold) means the first one, unless an offset says otherwise.

        MEANING
          A site is active from its line until the next change. Lines may be in
          any order; the journal is read in time order (`check` warns, `fmt`
          fixes). Two changes at the same instant are an error, except an exact
          duplicate line, which is a warning. Entries on disabled locations are
          history, not a problem.
          With devices, each is its own rotation, and two changes at the same
          instant are an error only within one device. Recency belongs to the
          body: "last used" (for recommendations and `rest`) is the last use by
          any device; a site still worn has not ended. A site where another
          device is active now is occupied, and never recommended. A journal
          without `device`, `rest`, `for` and `paused until` means what it
          meant before they existed.

        """

    /// Every clinical number the tool uses or suggests, with its source.
    static let devices = """
        A PUMP AND A CGM SENSOR IN ONE JOURNAL

        Most pump wearers also wear a CGM sensor, and both need skin. Declare
        the sensor as a second rotation, say which sites each may use, and
        sitecycle keeps them apart:

            target 72h                        ; the pump's infusion set
            device sensor 10d grace 12h       ; a CGM sensor: 10 days, 12 h grace
            rest 5d                           ; every site rests 5 days
            location Left Front Abdomen  for pump,sensor
            location Left Back Arm  for sensor
            location Left Front Thigh  paused until 2026-03-15  ; lump

            2026-02-03 10:00  sensor  Left Back Arm

        `--device sensor` (default `pump`) picks the rotation for log, status,
        recommend, history, stats, timeline, export, amend and delete; `log
        sensor LOCATION` works too. `sitecycle devices` lists them.
        `sitecycle locations for "Left Back Arm" pump,sensor` gives a site to
        the sensor; `set device sensor 10d grace 12h` declares or changes one.

        RULES: ONE BODY
          A device occupies a site from its change there until its next
          change (or `removed`). The skin rests from the moment the last
          device left it, not from when a site went in: recommend, status,
          map, report, the picker, completion and stats show that one
          "rested" figure (calendar days) and rank by it. A site another
          device is on now reads "in use (sensor)" and is never
          recommended; nor is a resting or paused one. `log` still logs
          such a site, and says why. Figures of different devices are never
          averaged: stats, the map's numbers and each report section are
          one device's.
          Past its target, a site is "in grace" while the device's grace lasts
          (`status` says how long is left; `status --check` and `remind` count
          it as due, exit 3), and overdue after.

        THE NUMBERS AND WHERE THEY COME FROM
          These are the usual figures, not medical advice: your device's
          labeling and your care team come first.
          Infusion set wear, 2 to 3 days (`target 72h`, the default):
            FDA labeling for insulin infusion sets; ADA Standards of Care in
            Diabetes (diabetes technology section).
          CGM sensor wear, 10 days (`device sensor 10d`) with a 12-hour grace
            period (`grace 12h`): Dexcom G7 user guide. 14 days for
            FreeStyle Libre 2 and 3: Abbott's labeling.
          Distance between a sensor and an infusion set: at least 3 in
            (7.5 cm), Dexcom G7 user guide; at least 5 cm, Medtronic's
            sensor user guide. sitecycle never recommends the site another
            device occupies; keep the distance within shared sites yourself.
          Rest for a lumpy or hard site: about a month (`paused until`),
            Medtronic's infusion set guidance on site rotation.
          `rest 5d` is a choice, not a published figure: pick what your
            care team advises.

        """
}
