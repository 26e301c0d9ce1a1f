extension HelpTopic {
    static let journal = HelpTopic(
        name: "journal", aliases: ["format"],
        summary: "the journal file: directives, locations, site changes",
        manTitle: "THE JOURNAL",
        text: #"""
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

            WHERE IT LIVES
              1. -f PATH / --file PATH on the command line, else
              2. $SITECYCLE_FILE, else
              3. $XDG_DATA_HOME/sitecycle/sites.journal, with ~/.local/share
                 when XDG_DATA_HOME is unset (or not an absolute path, as the
                 XDG spec says). ~ is $HOME, or, when that is unset or empty
                 (cron, some service managers), the home folder of your line
                 in /etc/passwd (a user known only to LDAP or systemd sets
                 $HOME); with neither there is no default, and commands ask
                 for -f or $SITECYCLE_FILE instead of guessing.
              When there is no journal there, every command says where it
              looked and suggests `sitecycle init`.

            COMMENTS
              `;` starts a comment anywhere on a line; `#` starts one at the
              beginning of a line. Blank lines are ignored. An indented `;` line
              right after a site change continues its note; anywhere else it is
              a comment.

            DIRECTIVES (one per line, a lowercase keyword first; each setting once)
              patient NAME            the name `report` prints in its header
                                      (`set patient Ada Lovelace` writes it);
                                      `report --patient` gives another for one
                                      run, --no-patient none. Any text but `;`
                                      (a comment) and control characters; runs
                                      of blanks read as one space. Default: none.
                                      A name makes the journal identify you: it
                                      is private (0600), but goes wherever you
                                      sync or commit it (JSON `export` keeps it,
                                      CSV does not; `sync`'s commit messages say
                                      only "set patient"). Sharing that
                                      repository? Leave the line out and give
                                      --patient to `report` instead.
              cgm PATH                the CGM export (Clarity, LibreView CSV or
                                      Nightscout JSON) whose glucose the advice
                                      reads: recommend, status, stats and
                                      history flag a site by it as `outcomes`
                                      does. Relative to the journal's folder,
                                      never outside it, and not through a link;
                                      a missing or unreadable file is a warning
                                      and the advice falls back to the journal
                                      alone. `--cgm FILE` does the same for one
                                      run. Default: none.
              timezone NAME           IANA zone that wall-clock times are read in
                                      (`Europe/Berlin`, `UTC`). Default: the
                                      system's ($TZ, else /etc/localtime); `init`
                                      writes it down.
              target DURATION         how long a site should stay in: `72h`, `72`
                                      (hours), `3d`, `2.5d`. Default 72h; more
                                      than 0, at most 30 days.
              absorption-threshold N% flag a site whose average duration is more
                                      than N% below the overall average; `20%` or
                                      `20`, between 0 and 100 exclusive.
                                      Default 20%.
              absorption-mode MODE    `mean` (default) or `robust` (medians,
                                      without failed and outlier sessions): what
                                      `stats` compares (see `sitecycle help stats`).
              strategy NAME           default for `recommend`: by-site (default),
                                      by-body-part, or cooldown N (N from 1 to 10,
                                      default 2).
              device NAME DURATION [grace DURATION]
                                      a second rotation with its target, such as
                                      `device sensor 10d` for CGM sensors. NAME is
                                      lowercase letters, digits and `-`, not
                                      `removed`; at most 255 besides the pump.
                                      The pump is the rotation every journal has;
                                      `target` is its target. `grace 12h`: how
                                      long past the target a site is "in grace"
                                      (due) before it is overdue; `device pump 72h
                                      grace 6h` gives the pump one, in place of
                                      `target`. See `sitecycle help devices`.
              rest DURATION           a site is not recommended until DURATION has
                                      passed since its last session there ended,
                                      whichever device it was. Default: no rest.
              location NAME [for DEV,…] [paused until DATE] [disabled]
                                      declares a site; header order is its sort
                                      order; at most 65,535 locations.
              Directives may appear anywhere; `sitecycle fmt` moves them to the top.

            LOCATIONS
              A name starting with `Left ` or `Right ` has a side; the rest is its
              zone (`Front Abdomen`), and the zone's last word its body part
              (`Abdomen`). A trailing `disabled` keeps it for its history but out
              of rotation (the app's soft delete).
              A name starts with a letter, cannot contain `;`, cannot be `removed`
              or `Z`, cannot begin with a device's name and a space, and cannot
              end in what the line would read as a clause (`disabled`, `for
              pump`, `paused until DATE`): `locations`, `init` and `import`
              refuse such a name rather than write it. Runs of spaces and tabs
              inside a name count as one space. Entries name a location exactly
              as declared (case included); `check` suggests the declared
              spelling when they don't.
              `for pump,sensor` lists the devices that may use it (`pump` is the
              unnamed rotation every journal has); without `for`, the pump alone.
              `paused until 2026-03-15` keeps it out of recommendations until
              that day's midnight (journal time); after that it is back in
              rotation with no edit. Put the reason in the line's comment.

            SITE CHANGES
              DATE TIME [OFFSET]  [DEVICE]  LOCATION  [; NOTE]
              DATE is YYYY-MM-DD (years 0001-9999); TIME is HH:MM or HH:MM:SS
              (24-hour clock), after white space.
              OFFSET (optional) is +HH:MM, +HHMM, +HH or Z (or -…), attached to
              the time (`08:15+01:00`) or after a space, at most 14 hours; it
              overrides `timezone` for that line (a change logged travelling).
              LOCATION follows white space (two spaces read best) and runs to the
              `;` or the end of the line: a declared name, or `removed` to end
              the active site without a new one (a pump break).
              DEVICE (optional) is a declared device's name, or `pump`:
              `2026-02-03 10:00  sensor  Left Back Arm`. Without it, the pump's.
              NOTE is everything after the first `;`, trimmed, so a note may
              hold `;`. It goes on over the following lines that start with white
              space and `;`, as in ledger; each adds a line to the note. An
              empty note is no note. A note that starts or ends with spaces, or
              that itself starts and ends with `"`, is written in double quotes,
              which are removed when it is read.

            WHY A SITE ENDED, AND ITS LOT
              DATE TIME  LOCATION  reason: WORD  lot: TEXT  ; NOTE
              After the location, before any note, a line may say why that
              site (or sensor) ended, `reason: occlusion`, and its lot or
              serial number, `lot: 5267348`: both optional, in either order,
              each once; `reason:occlusion` (no space) reads the same, and
              `fmt` writes `reason: occlusion`. They describe the site on their
              own line: `log --previous-reason`, `remove --reason` and `amend
              N --reason` write the reason on the line of the site that ended,
              `log --lot` the lot on the new line. A `removed` line takes
              neither. They sit outside the note on purpose: a note that says
              `reason: pain` stays a note, and a journal written before they
              existed means what it meant. A location name cannot end in
              `reason: WORD` or `lot: TEXT`. A lot is one word (`lot: X — Y`
              is an error; `:` and `"` are fine): no white space, `;`, control
              character or bidirectional override, and its first character
              shows (never only U+200B). `check`, `log --lot`, `amend --lot`
              and `import` keep this one rule, so every lot `check` accepts
              comes back from an export. The reasons (`check` refuses any
              other word and names the nearest, `pian` -> `pain`):
            \#(ReasonOption.vocabulary)
              A site that ended before its device's target with a reason
              "ended early"; a reason on a site that reached its target is
              kept but is not early. `stats`, `map --by failures`, `report` and
              `history --early` count them per site.

            TIME
              Times are wall-clock in the journal's zone. Durations are real
              elapsed hours, correct across daylight-saving changes (a site in
              from Saturday noon to Sunday noon over the spring change lasted 23
              hours). A time the clock skipped (a spring-forward gap) is an
              error that says what the clock jumped from and to; a time that
              happened twice (the autumn fold) means the first one, unless an
              offset on the line says otherwise. See `sitecycle help time`.

            MEANING
              A site is active from its line until the next change; `removed`
              ends it. Lines may be in any order; the journal is read in time
              order (`check` warns, `fmt` fixes). Two changes at the same instant
              are an error, except an exact duplicate line, which is a warning.
              Changes on disabled locations are history, not a problem.
              With devices, each is its own rotation: a sensor change ends the
              sensor before it, never the pump's set. Two changes at the same
              instant are an error only within one device; merge and import
              know an entry by (device, instant). A location used by a device
              it is not `for` gets a warning; the history stays valid. Lists
              show only the locations that are for the device asked about.
              One body, every device: the skin rests from the moment the last
              device left a site (`sitecycle help devices`). A journal without
              `device`, `rest`, `for` and `paused until` means exactly what it
              meant before they existed.
              What `check` reports, code by code: `sitecycle help errors`.

            """#)
}
