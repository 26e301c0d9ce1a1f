extension HelpTopic {
    static let options = HelpTopic(
        name: "options", aliases: ["environment", "exit-codes", "output"],
        summary: "global options, environment, exit codes, output width and colour",
        manTitle: "OPTIONS, ENVIRONMENT AND EXIT STATUS",
        text: #"""
            GLOBAL OPTIONS (before or after the command)
              -f, --file PATH   the journal (`sitecycle help journal`: where it lives)
              --now TIME        evaluate as of TIME instead of the clock; also
                                $SITECYCLE_NOW (`sitecycle help time`)
              --json            the report as JSON (every command that reports)
              --color WHEN      auto, always or never; auto means on a terminal,
                                unless NO_COLOR is set or TERM=dumb
              -h, --help        help for the command
              --version         the version

            A bare `sitecycle` does what `git status` does: with a journal it
            shows `status` and a one-line hint; before there is one it says where
            it looked and prints the first steps.

            ENVIRONMENT
              SITECYCLE_FILE        the journal, when -f is not given
              SITECYCLE_NOW         as --now
              SITECYCLE_MAX_BYTES   lowers the 256 MB read limit (it cannot
                                    raise it; `sitecycle help security`)
              VISUAL, EDITOR        the editor `edit` opens (else vi)
              NO_COLOR, TERM=dumb   no colour with --color auto
              COLUMNS               the width `timeline` fills (else 80)
              LANG, LC_ALL, LC_CTYPE
                                    outside a UTF-8 locale, reports use ASCII
              TZ                    your clock's zone (`local` times; the zone
                                    `init` proposes)
              XDG_DATA_HOME, HOME   where the journal lives by default
              XDG_STATE_HOME        the undo history, what `remind` sent and
                                    the CGM readings kept for the advice
              XDG_CONFIG_HOME       where `remind --install` puts its timer

            EXIT STATUS
              0  success (`check`: no errors)
              1  errors in the journal, a refused change, or a failed file
                 operation; also standard output that cannot be written (a
                 full disk, a closed file): "cannot write standard output",
                 whatever the command. A reader that goes away (`| head`)
                 ends the run quietly.
              2  the command line was wrong (unknown command or option, bad
                 value)
              3  `status --check`, `status --short`, `remind`: a site change is
                 due (at or past its target, in grace or overdue)
              4  `import`: some rows were rejected (the good rows were imported)
              130  `log`'s picker was cancelled (Esc or Ctrl-C); nothing written

            OUTPUT WIDTH AND COLOUR
              Everything sitecycle prints for a person fits in 80 columns
              (counted in characters, not bytes): help pages, reports, `check`
              diagnostics, errors and hints. Long messages break between words
              and continue indented; a quoted example and a path are never cut
              in the middle, so a path longer than a line sits on a line of its
              own (and is the one thing that can pass 80 columns). Machine
              formats (CSV, JSON, iCalendar, completion scripts) are not
              wrapped. A test runs every command and help page at COLUMNS=80
              and fails on any longer line.
              Reports use Unicode blocks and colour on a terminal; --color
              never, NO_COLOR or a non-UTF-8 locale give plain ASCII. Colour is
              never the only signal: every state has its own word or symbol.

            """#)
}
