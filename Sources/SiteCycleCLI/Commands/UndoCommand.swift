import SiteCycleKit

extension CommandRegistry {
    static let undo = Command(
        name: "undo",
        summary: "reverse the last change sitecycle made to the journal",
        usage: "sitecycle undo [--list] [--force]",
        details: """
            Reverses the last write this tool made to the journal — a log,
            remove, amend, delete, locations, set, import, fmt, edit or sync —
            exactly, byte for byte, and prints the lines it put back and took
            out. A second undo reverses the write before that; up to 50 are
            remembered per journal, in $XDG_STATE_HOME/sitecycle/undo/
            (~/.local/state/… when unset), private to you.

            undo refuses, and changes nothing, when the journal is no longer
            exactly what that write left (edited by hand or synced since):
            reversing it then could undo someone else's change. To delete the
            newest entry instead, use `sitecycle delete last`.

            undo also refuses when the journal it would put back has errors
            (undoing an `edit` that fixed them would bring them back): it
            shows them as `check` would. --force puts it back all the same
            and lists the errors; every command then refuses until they are
            fixed.

            --list shows the remembered writes, newest first, and whether the
            newest can be undone now.
            """,
        options: [OptionSpec(["--list"], "show what undo would reverse, newest first"),
                  OptionSpec(["--force"], "undo even when it brings back errors")],
        run: { UndoCommand(invocation: $0).run() })
}

/// Parses `undo`'s options, hands them to `UndoService`, and words what it
/// did or why it refused.
struct UndoCommand {
    let invocation: Invocation

    var path: String { invocation.journalLocation.path }

    func run() -> Int32 {
        guard invocation.fileSystem.exists(path) else {
            _ = invocation.readJournal()  // says where it looked
            return ExitCode.failure
        }
        guard let history = WriteHistory(journalPath: path, environment: invocation.env, fileSystem: invocation.fileSystem)
        else {
            return invocation.fail("no home folder to keep the undo history in", help: "set HOME or XDG_STATE_HOME")
        }
        let service = UndoService(fileSystem: invocation.fileSystem, path: path, history: history,
                                  defaultZone: invocation.systemZone)
        warnAboutUnreadable(service.unreadableRecords())
        if invocation.arguments.flag("--list") {
            render(service.list())
            return ExitCode.ok
        }
        do throws(UndoRefusal) {
            render(try service.undoLast(force: invocation.arguments.flag("--force")))
            return ExitCode.ok
        } catch {
            return fail(error)
        }
    }

    func warnAboutUnreadable(_ unreadable: [String]) {
        guard !unreadable.isEmpty else { return }
        let n = unreadable.count
        invocation.err("sitecycle: " + invocation.errStyle.warning("warning:")
                       + " skipped \(n == 1 ? "an undo record" : "\(n) undo records") that cannot be read:\n")
        for path in unreadable.prefix(5) { invocation.err("  " + path.terminalSafe + "\n") }
        if n > 5 { invocation.err("  … and \(n - 5) more\n") }
    }

    func errorCount(_ journal: Journal) -> String {
        let n = journal.diagnostics.errors.count
        return "\(n) error\(n == 1 ? "" : "s")"
    }

    func fail(_ refusal: UndoRefusal) -> Int32 {
        switch refusal {
        case .nothingOnRecord:
            return invocation.fail("nothing to undo: sitecycle has no write to \(path) on record",
                                   help: "to delete the newest entry, `sitecycle delete last`")
        case .changedSince(let command, let writtenAt, let zone):
            return invocation.fail("\(path) changed after `\(command)` (\(displayTime(writtenAt, in: zone))); nothing was undone",
                                   help: "it was edited by hand or synced since; `sitecycle edit` corrects by hand")
        case .wouldBringBackErrors(let command, let journal):
            invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(journal.diagnostics.errors, in: journal.source))
            return invocation.fail("undoing `\(command)` would bring back the \(errorCount(journal)) above; nothing was undone",
                                   help: "fix the journal instead, or `sitecycle undo --force` to undo all the same")
        case .file(let error):
            return invocation.fail(error.message)
        }
    }

    func render(_ outcome: UndoService.Outcome) {
        if let restored = outcome.restoredWithErrors {
            invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(restored.diagnostics.errors, in: restored.source))
            invocation.err("sitecycle: " + invocation.errStyle.warning("warning:")
                           + " the journal now has the \(errorCount(restored)) above; `sitecycle check` lists them\n")
        }
        invocation.out("Undid `\(outcome.command)` (\(displayTime(outcome.writtenAt, in: outcome.zone))).\n")
        describe("Put back", outcome.putBack, line: outcome.firstLine)
        describe("Took out", outcome.tookOut, line: outcome.firstLine)
    }

    func describe(_ verb: String, _ bytes: [UInt8], line: Int) {
        guard !bytes.isEmpty else { return }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let n = lines.count
        let which = n == 1 ? "line \(line)" : "lines \(line)–\(line + n - 1)"
        invocation.out("\(verb) \(which):\n")
        let shown = n > 12 ? Array(lines.prefix(10)) : lines
        for l in shown {
            var text = String(l)
            if text.hasSuffix("\r") { text.removeLast() }
            invocation.out("  " + text.terminalSafe + "\n")
        }
        if n > 12 { invocation.out("  … and \(n - 10) more lines\n") }
    }

    func render(_ listing: UndoService.Listing) {
        guard !listing.records.isEmpty else {
            invocation.out("No writes to \(path) on record; there is nothing to undo.\n")
            return
        }
        invocation.out(listing.newestCanBeUndone ? "`sitecycle undo` would reverse the first of these:\n"
                       : "The journal changed after the newest of these, so `sitecycle undo` would refuse:\n")
        for r in listing.records {
            let out = lineCount(r.inserted), back = lineCount(r.removed)
            var change: [String] = []
            if back > 0 { change.append("+\(back)") }
            if out > 0 { change.append("−\(out)") }
            let lines = change.isEmpty ? "" : "  (undo: " + change.joined(separator: " ") + (max(out, back) == 1 && change.count == 1 ? " line)" : " lines)")
            invocation.out("  " + displayTime(Instant(seconds: r.writtenAt), in: listing.zone) + "  " + r.command.terminalSafe + lines + "\n")
        }
    }

    func lineCount(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        return bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (bytes.last == 0x0A ? 0 : 1)
    }
}
