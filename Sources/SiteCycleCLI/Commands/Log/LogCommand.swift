import SiteCycleKit

extension CommandRegistry {
    static let log = Command(
        name: "log",
        summary: "record a site change; the previous site closes",
        usage: "sitecycle log LOCATION [--device NAME] [--note TEXT] [--replace-note] [--at TIME] [--previous-note TEXT] [--previous-reason REASON] [--lot TEXT]",
        details: """
            Without LOCATION, on a terminal, a picker opens under the prompt:
            Recommended first (the top one selected), then the other locations,
            longest rested first, then Avoid, each with its last use. ↑/↓ or
            Ctrl-P/Ctrl-N move (j/k too, until you type); typing filters by name,
            slug or initials (`rft`); Enter picks. Then it asks in the order
            things happened, each prompt naming its site: first about the site
            this change closes, when it closes well before its target: why it
            ended (a reason, or the start of one) and a note on it; then a note
            on the new site. Enter alone answers "none". On time, and so not
            asked, is the last sixth of the device's target (12 h of 72 h), or
            its grace when it has one (`device sensor 10d grace 12h`): a 72 h
            pod changed at 70 h is asked nothing. `sitecycle log` Enter Enter
            logs the top recommendation. Esc or Ctrl-C cancels: "Nothing
            logged.", nothing is written, exit 130. Rows are cut to the
            terminal's width in screen columns (CJK and emoji count two) and
            fewer are shown in a short terminal; in one under 20 columns or 3
            rows the picker does not open (exit 130, nothing written), and
            Enter picks nothing while the terminal is too small to show the
            rows. Without a terminal, LOCATION is required.

            LOCATION is a declared, enabled location: its full name in any case
            (quotes optional: `log left front abdomen`), its slug
            (`left-front-abdomen`), its initials (`lfa`), the start of each word
            run together (`lbab`, `lbar` where Back Abdomen and Back Arm share
            `lba`) or the start of its words (`left fr ab`, `lower`). When
            several fit, they are listed with what to type for each; the Abbr
            column of `sitecycle locations` gives every location's.

            The new line goes at the end of the journal, or in time order for a
            past --at, aligned like the lines around it; nothing else in the file
            changes. Any location may be chosen; one in `recommend`'s Avoid gets
            a "used recently" note (never the one rested longest).
            Without --device or a device word, a location declared for one
            device only (`location Right Back Arm  for sensor`) logs that
            device: `log rba` logs the sensor. A location not for the device
            asked for (or, with nothing asked, for several devices but not the
            pump) is refused, naming the devices it serves.
            Refused: a time in the future, a time already logged, a local time
            that does not exist (daylight-saving gap).

            --previous-note adds a note to the site this change closes: after
            the note it has, as a continuation line, so nothing written before
            is lost (--replace-note replaces it instead, and says what it was).
            Notes keep `;`, line breaks and surrounding spaces.
            --previous-reason REASON writes why the closed site ended on its
            line (`reason: occlusion`); --lot TEXT writes the new site's lot on
            the new line (`lot: 5267348`). The reasons, and what "ended early"
            means: `sitecycle help journal`.
            --json prints {"logged":{…},"previous":{…}|null,"recentlyUsed":bool}.
            """,
        options: SiteChangeOptions.logSpecs,
        positionals: 0...20,
        reportsJSON: true,
        run: { invocation in
            SiteChangeCommand(invocation: invocation).log()
        })

    static let remove = Command(
        name: "remove",
        summary: "end the active site without a new one (pump break)",
        usage: "sitecycle remove [DEVICE] [--device NAME] [--at TIME] [--note TEXT] [--reason REASON]",
        details: """
            Writes a `removed` line: the active site ends there and no site is
            active until the next `log`. Refused when no site is active.
            --reason REASON writes why it ended on the line of the site removed
            (`reason: fell-off`); the reasons: `sitecycle help journal`.
            """,
        options: SiteChangeOptions.removeSpecs,
        positionals: 0...1,
        reportsJSON: true,
        run: { invocation in
            SiteChangeCommand(invocation: invocation).remove()
        })
}

/// `log` and `remove` on the command line: parse the arguments into a
/// request, hand it to `SiteChangeService`, render the outcome.
struct SiteChangeCommand {
    let invocation: Invocation
    let options: SiteChangeOptions
    var renderer: SiteChangeRenderer { SiteChangeRenderer(invocation: invocation) }

    init(invocation: Invocation) {
        self.invocation = invocation
        options = SiteChangeOptions(invocation.arguments)
    }

    func log() -> Int32 {
        let missing = CommandError("missing argument", help: "usage: \(invocation.command.usage)", usage: true)
        // Every option is checked before the journal is read (or a picker
        // opens); the picked note and reason join them after.
        do throws(CommandError) { _ = try options.logQuery(picked: nil, clock: invocation.runClock) } catch {
            return invocation.fail(error)
        }
        var picked: PickedSite?
        switch pick(missing: missing) {
        case .typed: break
        case .picked(let site): picked = site
        case .ended(let status): return status
        }
        let query: SiteChangeService.LogQuery
        do throws(CommandError) { query = try options.logQuery(picked: picked, clock: invocation.runClock) } catch {
            return invocation.fail(error)
        }
        return invocation.change(query, render: renderer.logged)
    }

    func remove() -> Int32 {
        let query: SiteChangeService.RemoveQuery
        do throws(CommandError) { query = try options.removeQuery(clock: invocation.runClock) } catch {
            return invocation.fail(error)
        }
        return invocation.change(query, render: renderer.removed)
    }
}
