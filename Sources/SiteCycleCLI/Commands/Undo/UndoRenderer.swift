import SiteCycleKit

/// What `undo` says: the write it reversed and the lines it put back and
/// took out, the remembered writes (`--list`), or why it refused.
struct UndoRenderer {
    let invocation: Invocation
    /// The journal's path, as the messages name it.
    let path: String

    func warnAboutUnreadable(_ unreadable: [String]) {
        guard !unreadable.isEmpty else { return }
        let n = unreadable.count
        invocation.err(Messages.text(.warning, "skipped \(n == 1 ? "an undo record" : "\(n) undo records") that cannot be read:",
                                     style: invocation.errStyle, wrapped: false))
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
            if let state = StateFolder.path(environment: invocation.env),
               let (link, kind) = WriteHistory(journalPath: path, environment: invocation.env)?.folderNotFollowed(below: state) {
                return invocation.fail("no undo history is read: \(link) is \(kind); it was left alone",
                                       help: "sitecycle follows no link in its state folder (`sitecycle help security`); "
                                           + "remove or rename it, and the next write keeps its record in a real folder")
            }
            return invocation.fail("nothing to undo: sitecycle has no write to \(path.terminalSafe) on record",
                                   help: "to delete the newest entry, `sitecycle delete last`")
        case .changedSince(let command, let writtenAt, let zone):
            return invocation.fail("\(path.terminalSafe) changed after `\(command)` (\(displayTime(writtenAt, in: zone))); nothing was undone",
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
            // Wrapped like every message: the screen is 80 columns.
            invocation.err(Messages.text(.warning, "the journal now has the \(errorCount(restored)) above; `sitecycle check` lists them",
                                         style: invocation.errStyle))
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
            invocation.out("No writes to \(path.terminalSafe) on record; there is nothing to undo.\n")
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
