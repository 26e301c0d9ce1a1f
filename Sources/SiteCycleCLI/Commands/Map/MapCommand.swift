import SiteCycleKit

extension CommandRegistry {
    static let map = Command(
        name: "map",
        summary: "the body, front and back, each site marked by rest, uses or hours",
        usage: "sitecycle map [--device D] [--by rest|uses|hours|failures]",
        details: """
            Draws the front and the back of a body side by side and marks each
            location with a known place (the table below) by a symbol and a key
            letter; the key beside the figure names them. Front: the wearer's
            right is on the left, as when facing someone. Back: the wearer's
            left is on the left. A location with no known place is listed under
            the figure with the same marks; none is left out.

            --by rest (default): the active site (◉, cyan; `@` without
            Unicode); another device's site now (◆, magenta; `&`); paused
            (‖, `|`: `paused until`); resting (◌, `~`: within `rest`); avoid
            (as in `recommend`); flagged (▲, `^`: free, but its recent sets
            speak against it, the verdict `recommend` shows and says why);
            recent (used less than 14 days ago); rested (14 days or more);
            never used; disabled. The key gives days since use.
            --by uses: each site's share of all uses against an equal share:
            high (over 1.5×), even, low (under 0.5×), unused. The key gives it.
            --by hours: mean hours against the overall mean (the median with
            `absorption-mode robust`); sites whose recent sets the verdict
            flags for their duration (see `recommend`) are marked `!`. The
            key gives the mean.
            --by failures: the share of each site's completed sessions that
            ended early (before the target, with a reason; `sitecycle help
            journal`): often (a third or more, █ red; `#`), sometimes (▒
            yellow; `=`), never (● green; `*`), no completed session. The key
            gives ended early / completed.

            Colour is used when allowed; the symbols differ too, so the map
            reads in black and white (NO_COLOR, --color never).

            Known places (names compared without case):
              front  Left/Right Chest, Left/Right Upper Arm,
                     Left/Right Side Abdomen, Left/Right Front Abdomen,
                     Left/Right Hip, Left/Right Front Thigh,
                     Left/Right Side Thigh
              back   Left/Right Back Arm, Left/Right Back Abdomen,
                     Lower Back, Left/Right Upper Buttock,
                     Left/Right Buttock, Left/Right Calf

            --json prints {"by","locations":[{"location","view","x","y","state",
            "active","uses","daysSinceUse","meanHours"}]}: view front, back or
            none; x and y from 0 to 1 within the view (left to right, top to
            bottom; null when unplaced); state as named above (rest: active,
            occupied, paused, resting, avoid, flagged-site, recent, rested,
            never, disabled;
            uses: high, even, low, unused; hours: flagged, shorter, longer,
            no-data; failures: often-early, sometimes-early, never-early,
            no-data). With --by failures each location adds "completed",
            "endedEarly" and "reasons" ({"occlusion": 2, …}).
            """,
        options: MapOptions.specs,
        reportsJSON: true,
        run: { invocation in
            invocation.report(options: { () throws(CommandError) in try MapOptions(invocation.arguments) }) {
                options, journal, now throws(CommandError) in
                let map = BodyMap.compute(journal, device: try options.device.name(in: journal), by: options.measure, now: now)
                let report = MapReport(style: invocation.outStyle, unicode: invocation.unicodeOutput, map: map)
                invocation.out(invocation.json ? report.json().rendered()
                               : (options.device.heading(in: journal, style: invocation.renderStyle) ?? "") + report.text())
            }
        })
}
