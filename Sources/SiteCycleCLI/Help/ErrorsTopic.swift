extension HelpTopic {
    static let errors = HelpTopic(
        name: "errors", aliases: ["diagnostics", "codes"],
        summary: "every error and warning `check` reports, by code",
        manTitle: "ERRORS AND WARNINGS",
        text: #"""
            WHAT `check` REPORTS

            `sitecycle check` reads the whole journal and prints every problem,
            not just the first: `file:line:col: error|warning: message`, the
            line, carets under the place, and a fix:

                sites.journal:7:19: error: unknown location "Left Frnt Abdomen"
                  |
                7 | 2026-02-04 07:50  Left Frnt Abdomen
                  |                   ^^^^^^^^^^^^^^^^^
                  = help: did you mean "Left Front Abdomen"?

            Columns count UTF-8 bytes from 1. A clean journal prints nothing and
            exits 0; any error exits 1; warnings alone exit 0. `check --json`
            gives each item's code. On a journal with errors, every command
            that writes refuses (exit 1, the same diagnostics), and so does
            export. The other reports answer from the lines before the first
            error only, say so and exit 1; when those lines hold no site change
            (an error in the header), or none of a device the journal logs,
            they would answer something untrue ("no site logged"), so they
            show the errors only and say why. Nothing is ever computed from a
            misread line.

            ERRORS
              invalid-date, invalid-time, invalid-offset
                  not a calendar date (`2026-02-30`), not a time (`25:00`,
                  `8:15`), an offset malformed or beyond 14 h
              nonexistent-time
                  a local time in a daylight-saving gap
              unknown-location
                  an entry names an undeclared location (with did-you-mean)
              missing-location
                  nothing after the time
              unknown-reason
                  `reason:` names a word outside the vocabulary (with the
                  nearest word, `pian` -> `pain`; `sitecycle help journal`),
                  or several (`reason: skin reaction` -> `skin-reaction`)
              misplaced-clause
                  `reason:` or `lot:` on a `removed` line, which ends a site but
                  describes none
              invalid-lot
                  a lot of several words (`lot: X — Y`), or one that is only
                  invisible characters or holds a control character or a
                  bidirectional override (`sitecycle help journal`)
              duplicate-location, invalid-location-name
                  a location declared twice; a name that is not allowed
              unknown-directive, invalid-setting, duplicate-setting
                  a misspelt keyword; a bad setting value; a setting given twice
              merge-conflict
                  git's `<<<<<<<`, `|||||||`, `=======`, `>>>>>>>` left in the file
              invalid-utf8, nul-byte, cr-line-ending, stray-bom
                  bytes that are not text: invalid UTF-8, NUL, a CR without LF,
                  a BOM after the start
              unexpected-text, unexpected-indent
                  a line that is no comment, directive or entry; indented text
                  that is no note
              same-instant
                  two different site changes of one device at the same instant
                  (a pump and a sensor change at one minute are fine)

            WARNINGS
              duplicate-entry
                  the same line twice (`fmt` folds it)
              possible-duplicate
                  two changes less than 5 minutes apart (two devices logging one
                  change?)
              out-of-order
                  a site change earlier than the line above it (`fmt` sorts it)
              mistyped-year
                  a site change more than 6 months off from both lines around
                  it, back or forward: correct its year; `fmt` refuses to sort
                  it, and the sessions it bounds get no long-session warning
              nothing-active
                  `removed` when no site is active
              long-session
                  a site in for more than 3× the target (a change never logged?);
                  not reported while the journal has errors
              device-mismatch
                  a change on a location that is not `for` its device; the
                  history stays valid
              control-character
                  ESC, BEL or another control character in a note (every output
                  shows it escaped, as `\x1b`)
              future-entry
                  a line dated after now (--now), often a mistyped year; reports
                  count it only once its time comes, `history` lists it marked
                  `future`, and every export keeps it (JSON "future": true)
              no-locations
                  the journal declares no location

            """#)
}
