extension HelpTopic {
    static let reports = HelpTopic(
        name: "reports", aliases: ["views"],
        summary: "what status, recommend, history, stats, map and report show",
        manTitle: "READING THE REPORTS",
        text: #"""
            READING THE REPORTS
            Each command's own page (`sitecycle help status`, …) has its options
            and JSON shape; these are the decisions behind what they show.

            STATUS
              The hours since the change are real hours, to 1 decimal. The bar
              is full only at or past the target: 98 % leaves a cell empty.
              Overdue reads in hours (`overdue by 30.5 h`), past 48 h in days.
              The due date reads `(due 2026-11-09 21:10)`; the site's note is shown
              with control characters escaped. With nothing active, `status`
              says so and recommends a first site. `status --json` has one shape
              with or without a sensor: the first device's fields at the top
              (the pump's, as always) and every device in "devices".

            RECOMMEND
              A location's recency is its latest start, the active one
              included. With fewer than 6 locations the lists shrink (4
              locations, all used: 3 avoid, 1 recommended). Disabled locations
              and `removed` lines take no part.

            HISTORY
              Changes are selected by their start: --from and --to include both
              ends; a bare date as --from is the midnight that starts it, as --to
              the end of that day; --last 30d keeps the last 30 whole days
              (today and the 29 before it, from midnight in the journal's
              zone); --limit N keeps the newest N. The Hours column starts
              under its header, and a long note wraps under the Note column, so
              no line passes 80 columns.

            STATS
              The absorption insight is the app's (its spec, section 3.4.2).
              The figure it compares against leaves out
              sessions ended by `removed`, so it can differ from the overall
              mean above the table; it is printed in the heading too. A disabled
              location used in the range is listed, marked `disabled`. With
              --robust the overall figures are filtered the same way as each
              location's.

            MAP
              The front and the back side by side in 80 columns, about 22 lines.
              The 14 default locations, Lower Back and Left/Right Hip, Upper
              Arm, Calf, Chest and Upper Buttock have a known place (the table
              is in `sitecycle help map`); any other
              is listed under the figure with the same mark, however many
              there are. Each state has its own symbol as well as its colour,
              so the map reads in black and white.

            REPORT
              The page is self-contained: no scripts, no web fonts, nothing
              fetched, so it opens from a USB stick in any browser. Printed
              (Ctrl-P, or `chromium --headless --print-to-pdf=report.pdf
              report.html`), one device fits two A4 or Letter pages, two devices
              three, with no heading left alone at the foot of a page and no
              name or date broken: a test prints it with Chromium and counts
              pages and words. The header names the journal's file, never its
              full path. The body map is a drawing: each known place a circle
              with a key letter, shaded light to dark by uses in the period and
              labelled with uses and mean hours; the distribution has a dashed
              line at the equal share; the calendar has one square per day,
              coloured and lettered by the site worn. Every chart has a title
              and a description for screen readers and its numbers in a table
              too; the shading and the letters read in greyscale print; dark
              mode follows the system. Text from the journal is escaped
              everywhere. `report --json` gives each device's figures exactly
              as `stats --device NAME --json` does.

                sitecycle -f examples/realistic.journal \
                  --now "2026-11-21 12:00" report -o /tmp
                Wrote the report to /tmp/sitecycle-report-2026-11-21.html.

            """#)
}
