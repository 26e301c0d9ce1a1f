import SiteCycleKit

extension CommandRegistry {
    static let locations = Command(
        name: "locations",
        summary: "list, add, rename, pause, disable, remove or move locations",
        usage: "sitecycle locations [list | add NAME [--sides] [--for DEV,…] | for NAME DEV,… | rename OLD NEW | pause NAME --until DATE|--for Nd [--reason TEXT] | resume NAME | enable NAME | disable NAME | remove NAME | move NAME --before|--after OTHER | sides ZONE on|off]",
        details: """
            With no subcommand, lists every location in header order: name,
            zone, side, enabled, uses, last used. --json prints a list of
            locations in the shape `export --format json` writes them
            ({"name","zone","side","bodyPart","enabled","order","devices",
            "pausedUntil","note"}) with "short", "uses" and "lastUsed" added.
            In a journal with devices or a paused location, the list shows
            instead which devices each location is for and whether it is in
            rotation: yes, no (disabled), or from the day its pause ends.

              add NAME [--sides] [--for DEV,…]
                                   declare NAME, or with --sides `Left NAME` and
                                   `Right NAME`, after the last location line;
                                   --for lists the devices that may use it
                                   (`for pump,sensor`; without it, the pump);
                                   on a declared NAME, --for is `for NAME`
              for NAME DEV,…       which devices may use NAME: writes or
                                   replaces its `for` clause (`pump` alone
                                   removes it), e.g. `locations for
                                   "Left Back Arm" pump,sensor`
              rename OLD NEW       rewrite the declaration and exactly the entry
                                   lines that name it (a device word stays)
              pause NAME --until DATE | --for Nd [--reason TEXT]
                                   keep NAME out of recommendations until DATE
                                   (midnight, journal time), or for N days
                                   from today: writes `paused until DATE` on
                                   its line, the reason as the line's comment
                                   (Medtronic advises about a month for a
                                   hard, lumpy site)
              resume NAME          end a pause now: removes `paused until`
              enable NAME          put it back into rotation
              disable NAME         keep its history, take it out of rotation
              remove NAME          delete it when it has no history; disable it
                                   (soft delete) when it has; says which
              move NAME --before OTHER | --after OTHER
                                   change the header order (the sort order)
              sides ZONE on|off    give a zone a Left and a Right location, or
                                   make it one location again (the app's
                                   laterality switch); what it replaces is
                                   disabled, so its history stays

            Names that differ only in case are one name: `add hip` is refused
            while `Hip` is declared, or while the zone Hip has Left Hip and
            Right Hip (`sides Hip off` makes it one location). `add NAME
            --sides` on a declared unsided NAME is `sides NAME on`.

            NAME may be a zone (`Front Abdomen`): the command then acts on both
            sides. Disabling or removing the last enabled location is refused.
            Each change is one small edit of the header (and, for rename, of the
            entries naming it); everything else in the file stays as it was.
            """,
        options: LocationsOptions.specs,
        positionals: 0...20,
        reportsJSON: true,
        run: { invocation in
            let options = LocationsOptions(invocation.arguments)
            if options.subcommand == "list" {
                guard options.words.isEmpty else {
                    return invocation.usageError(UsageError("`locations list` takes no name"))
                }
                return invocation.report { journal, now throws(CommandError) in
                    LocationsRenderer(invocation: invocation).list(journal, now: now)
                }
            }
            if let unknown = options.unknownSubcommand() { return invocation.usageError(unknown) }
            let query: LocationsService.Query
            do throws(CommandError) { query = try LocationsService.Query(options) } catch { return invocation.fail(error) }
            return invocation.change(query, render: LocationsRenderer(invocation: invocation).render)
        })
}
