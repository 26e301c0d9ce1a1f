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
        run: { UndoService(invocation: $0).run() })
}

struct UndoService {
    let invocation: Invocation

    var path: String { invocation.journalLocation.path }

    func run() -> Int32 {
        guard JournalFile.exists(path) else {
            _ = invocation.readJournal()  // says where it looked
            return ExitCode.failure
        }
        guard let history = WriteHistory(journalPath: path, environment: invocation.env) else {
            return invocation.fail("no home folder to keep the undo history in",
                                   help: "set HOME or XDG_STATE_HOME")
        }
        let unreadable = history.unreadable()
        if !unreadable.isEmpty {
            let n = unreadable.count
            invocation.err("sitecycle: " + invocation.errStyle.warning("warning:")
                           + " skipped \(n == 1 ? "an undo record" : "\(n) undo records") that cannot be read:\n")
            for path in unreadable.prefix(5) { invocation.err("  " + path.terminalSafe + "\n") }
            if n > 5 { invocation.err("  … and \(n - 5) more\n") }
        }
        if invocation.arguments.flag("--list") { return list(history) }
        do throws(FileError) {
            return try JournalStore.withLock(path) { () throws(FileError) -> Int32 in
                try undoLast(history)
            }
        } catch {
            return invocation.fail(error.message)
        }
    }

    func zone(for bytes: [UInt8]) -> ZoneRules {
        JournalBuilder.load(SourceFile(path: path, bytes: bytes), defaultZone: invocation.systemZone).zone
    }

    func undoLast(_ history: WriteHistory) throws(FileError) -> Int32 {
        let current = try JournalFile.read(path)
        guard let (number, record) = history.records().first else {
            return invocation.fail("nothing to undo: sitecycle has no write to \(path) on record",
                                   help: "to delete the newest entry, `sitecycle delete last`")
        }
        let when = displayTime(Instant(seconds: record.writtenAt), in: zone(for: current))
        switch record.reverse(current) {
        case .changedSince:
            return invocation.fail("\(path) changed after `\(record.command)` (\(when)); nothing was undone",
                                   help: "it was edited by hand or synced since; `sitecycle edit` corrects by hand")
        case .restored(let before):
            let restored = JournalBuilder.load(SourceFile(path: path, bytes: before), defaultZone: invocation.systemZone)
            let errors = restored.diagnostics.errors
            if !errors.isEmpty {
                invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(errors, in: restored.source))
                let n = "\(errors.count) error\(errors.count == 1 ? "" : "s")"
                guard invocation.arguments.flag("--force") else {
                    return invocation.fail("undoing `\(record.command)` would bring back the \(n) above; nothing was undone",
                                           help: "fix the journal instead, or `sitecycle undo --force` to undo all the same")
                }
                invocation.err("sitecycle: " + invocation.errStyle.warning("warning:")
                               + " the journal now has the \(n) above; `sitecycle check` lists them\n")
            }
            try JournalStore.replace(path, with: before)
            history.forget(number)
            invocation.out("Undid `\(record.command)` (\(when)).\n")
            let line = record.firstLine(in: before)
            describe("Put back", record.removed, line: line)
            describe("Took out", record.inserted, line: line)
            return ExitCode.ok
        }
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

    func list(_ history: WriteHistory) -> Int32 {
        let records = history.records()
        guard !records.isEmpty else {
            invocation.out("No writes to \(path) on record; there is nothing to undo.\n")
            return ExitCode.ok
        }
        let current = (try? JournalFile.read(path)) ?? []
        let zone = zone(for: current)
        let ready = records[0].record.reverse(current) != .changedSince
        invocation.out(ready ? "`sitecycle undo` would reverse the first of these:\n"
                       : "The journal changed after the newest of these, so `sitecycle undo` would refuse:\n")
        for (_, r) in records {
            let out = lineCount(r.inserted), back = lineCount(r.removed)
            var change: [String] = []
            if back > 0 { change.append("+\(back)") }
            if out > 0 { change.append("−\(out)") }
            let lines = change.isEmpty ? "" : "  (undo: " + change.joined(separator: " ") + (max(out, back) == 1 && change.count == 1 ? " line)" : " lines)")
            invocation.out("  " + displayTime(Instant(seconds: r.writtenAt), in: zone) + "  " + r.command.terminalSafe + lines + "\n")
        }
        return ExitCode.ok
    }

    func lineCount(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        return bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (bytes.last == 0x0A ? 0 : 1)
    }
}
