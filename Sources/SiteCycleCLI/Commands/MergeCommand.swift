import SiteCycleKit

extension CommandRegistry {
    static let merge = Command(
        name: "merge",
        summary: "three-way merge of journals (git's merge driver)",
        usage: "sitecycle merge BASE OURS THEIRS",
        details: """
            Merges by meaning and writes the result to OURS, as git's merge
            drivers do (`sitecycle sync --setup` configures git to call it as
            `sitecycle merge %O %A %B`). Entries are matched by their start time,
            settings by keyword, locations by name:

            - added on either side: kept (added on both: once);
            - removed on one side and unchanged on the other: removed;
            - changed on one side: changed; location and note merge separately;
            - a location renamed on one side is renamed in the other side's new
              entries too, but only on evidence: the renaming side's entries
              under the old name all moved to the new one (on the same side of
              the body), or the other side of the same zone was renamed that
              way with entries (Left Glute -> Left Buttock with entries makes
              Right Glute -> Right Buttock). A declaration replaced in place and
              nothing else (`locations remove` then `add`, or a rename of names
              nobody used yet) is not evidence: an entry the other side logged
              to the old name keeps it, the old name stays declared, and merge
              says so. A rename applies inside conflict hunks too, and a renamed
              location is never declared again;
            - when the two sides read times in different time zones (one edited
              the `timezone` line), each side's new entries are written with an
              explicit offset (`2026-02-03 08:00 +01:00`), so they keep the
              instant they were logged at; lines BASE had are matched as
              written;
            - comments and blank lines of OURS stay; comments THEIRS added go
              before the line they stood before; location order follows OURS.

            A true conflict (the same entry or setting changed differently on
            both sides, or two changes at one instant once one side moved the
            time zone) is written between standard conflict markers around
            just those lines, and merge exits 1; `sitecycle check` shows where.
            Exit 0 means `check` finds no error in the result: anything else it
            would reject, like a version that cannot be read at all, is kept
            whole between markers. The result is written private (mode 0600).

            On stderr, with line numbers of the result (the journal git checks
            out), merge names what it brought together from both sides that
            looks like one change logged on two computers: a probable duplicate
            (one device, one location, at most 15 minutes apart) and two
            changes of one device at different locations closer than its
            grace period or 4 hours, whichever is longer; each with `sitecycle
            delete N`. Both entries are kept.
            """,
        positionals: 3...3,
        run: { invocation in
            let paths = invocation.arguments.positionals
            let outcome: MergeDriver.Outcome
            do throws(FileError) {
                outcome = try MergeDriver(fileSystem: invocation.fileSystem, defaultZone: invocation.systemZone)
                    .merge(base: paths[0], ours: paths[1], theirs: paths[2])
            } catch {
                return invocation.fail(error.message)
            }
            for note in outcome.notes {
                let text = note.words(ours: "OURS", theirs: "THEIRS")
                invocation.err("sitecycle merge: " + Invocation.wrapped(text, after: "sitecycle merge: ") + "\n")
            }
            // Line numbers of the result, which git puts in the work tree.
            for d in outcome.found.duplicates {
                invocation.err("sitecycle merge: " + Invocation.wrapped(d.words, after: "sitecycle merge: ") + "\n")
            }
            for d in outcome.found.differentSites {
                let text = d.words(ours: "OURS", theirs: "THEIRS")
                invocation.err("sitecycle merge: " + Invocation.wrapped(text, after: "sitecycle merge: ") + "\n")
            }
            guard outcome.conflicts == 0 else {
                let message = "\(outcome.conflicts) conflict\(outcome.conflicts == 1 ? "" : "s") marked in \(paths[1]); "
                    + "`sitecycle check` shows where"
                invocation.err("sitecycle merge: " + Invocation.wrapped(message, after: "sitecycle merge: ") + "\n")
                return ExitCode.failure
            }
            return ExitCode.ok
        })
}
