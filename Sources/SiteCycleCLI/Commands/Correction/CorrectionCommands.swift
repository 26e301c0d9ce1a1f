import SiteCycleKit

extension CommandRegistry {
    static let entryHelp = """
        ENTRY is `last` (the newest change up to now), a start time as the
        journal shows it (`2026-02-07 08:15`), or a line number as `history`
        shows it. `last` and a time are looked for in one device's rotation:
        the pump's, or the one --device names (`delete last --device sensor`
        deletes the sensor's newest entry). A line number names one entry
        whatever its device (`delete 35` deletes a sensor line too); with
        --device, a line of another device is refused.
        """

    static let amend = Command(
        name: "amend",
        summary: "correct a site change: location, start, end or note",
        usage: "sitecycle amend ENTRY [--device NAME] [--location NAME] [--at TIME] [--end TIME] [--note TEXT] [--reason REASON] [--lot TEXT]",
        details: entryHelp + """


            --location and --note rewrite that part of the line; the rest stays
            as written (an empty --note removes the note; a device word before
            the location stays). --at moves the start
            (the line moves too if the order changes). --end says when the site
            came out: the next `removed` line is moved there, or a `removed`
            line is added when the next site went in later. An end after the
            next site's start is refused: amend that one instead. Likewise --at
            never moves a start to or past the `removed` line that ends its site,
            nor a `removed` line to or before the start of its site.
            --reason says why the site ended (`--reason none` removes it) and
            --lot gives its lot (an empty --lot removes it): each is written
            after the location (`reason: pain  lot: 5267348`), the rest of
            the line as it was. A `removed` line takes neither.
            """,
        options: CorrectionOptions.amendSpecs,
        positionals: 1...1,
        run: { invocation in
            CorrectionCommand(invocation: invocation).amend()
        })

    static let delete = Command(
        name: "delete",
        summary: "delete a site change (and its note lines)",
        usage: "sitecycle delete ENTRY [--device NAME]",
        details: entryHelp + """


            It prints what it deleted: the line number, location, device and
            start, then the lines. On a terminal, an entry older than its
            device's newest one (a line number gone stale?) is deleted only
            after you answer y.

            WHAT IS KEPT OF A DELETED LINE
            The undo history keeps the last 50 writes, what they deleted
            among them: $XDG_STATE_HOME/sitecycle/undo/KEY/ (else
            ~/.local/state/sitecycle/undo/KEY/), one folder per journal.
            When a write's record is forgotten, the entry lines it deleted
            move to deleted-entries in that folder, with the time of the
            deletion, only while a conflict copy beside the journal was last
            changed before that time (`sync` would otherwise bring them
            back), and never for more than 90 days. Every write and every
            sync prunes the file and removes it when nothing is left.
            Removing it yourself is safe whenever no conflict copy waits to
            be synced: rm ~/.local/state/sitecycle/undo/*/deleted-entries
            (lines of a format-1 file, which had no times, count as deleted
            when the file last changed). A link at its name is never
            followed: each write names it and is not recorded for undo, and
            sync stops, until you remove it.
            """,
        options: DeviceOption.specs,
        positionals: 1...1,
        run: { invocation in
            CorrectionCommand(invocation: invocation).delete()
        })
}

/// `amend` and `delete` on the command line: read ENTRY and the options
/// into a request, hand it to `CorrectionService`, render the outcome.
struct CorrectionCommand {
    let invocation: Invocation
    let options: CorrectionOptions
    var renderer: CorrectionRenderer { CorrectionRenderer(invocation: invocation) }

    init(invocation: Invocation) {
        self.invocation = invocation
        options = CorrectionOptions(invocation.arguments)
    }

    func delete() -> Int32 {
        let query: CorrectionService.DeleteQuery
        do throws(CommandError) { query = try options.deleteQuery(clock: invocation.runClock) } catch { return invocation.fail(error) }
        if !confirmDeletingHistory() {
            invocation.out("Nothing was deleted.\n")
            return ExitCode.failure
        }
        return invocation.change(query, render: renderer.deleted)
    }

    /// On a terminal, an entry older than its device's newest one (a stale
    /// line number, say) is deleted only after a yes. Anything unclear here
    /// is left to the deletion itself, which says it.
    func confirmDeletingHistory() -> Bool {
        guard invocation.environment.stdinIsTerminal, let journal = invocation.readJournalQuietly(),
              !journal.diagnostics.hasErrors, let now = try? invocation.now(in: journal.zone),
              case var context = ChangeContext(clock: invocation.runClock, now: now),
              let (device, entry) = try? CorrectionService.entry(options.entry, device: options.device.given,
                                                                 in: journal, &context),
              let old = CorrectionService.olderEntry(entry, device: device, in: journal, now: now) else { return true }
        let what = CorrectionRenderer.describe(old, location: journal.name(of: old), device: journal.deviceNames[Int(old.device)])
        invocation.out(TextWrap.wrap("Line \(old.line) is \(what), older than the newest entry. Delete it? [y/N] "))
        invocation.environment.stdout.flush()
        let answer = invocation.environment.stdin.readLine()?.trimmingBlanks().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    func amend() -> Int32 {
        let query: CorrectionService.AmendQuery
        do throws(CommandError) { query = try options.amendQuery(clock: invocation.runClock) } catch { return invocation.fail(error) }
        return invocation.change(query, render: renderer.amended)
    }
}
