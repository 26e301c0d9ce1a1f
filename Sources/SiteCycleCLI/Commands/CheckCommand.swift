import SiteCycleKit

extension CommandRegistry {
    static let check = Command(
        name: "check",
        summary: "list every error and warning in the journal",
        usage: "sitecycle check [--json]",
        details: """
            Reads the whole journal and reports every problem, each as
            `file:line:col: error|warning: message`, the line, carets under the
            place, and a suggested fix. Columns count UTF-8 bytes from 1.
            A line dated after now (--now) is a `future-entry` warning: often
            a mistyped year; history and export still list it.
            Two changes of one device at the same location at most 15 minutes
            apart are a "probable duplicate" (code possible-duplicate): the
            same change logged on two computers or twice; delete one. Under 5
            minutes apart at different locations: a "possible duplicate".
            A line earlier than the one above it is `out-of-order` (`fmt` sorts
            it); more than 6 months earlier, it asks "a mistyped year?" instead
            and offers no `fmt`, which would keep the wrong date.

            Prints nothing and exits 0 when the journal is clean. Exits 1 when
            there is any error; warnings alone still exit 0. On a journal with
            errors, commands that write refuse, and so does export; the other
            reports (status, recommend, history, stats, …) answer from the lines
            before the first error, say so on stderr and exit 1. On a journal
            with warnings, a report says so in one line on stderr.

            --json prints {"errors":[…],"warnings":[…]}, each item with file,
            line, column, length, code, message and help (null when none).
            """,
        reportsJSON: true,
        run: { invocation in
            guard let journal = invocation.readJournal(mapped: true) else { return ExitCode.failure }
            let now: Instant
            do throws(CommandError) { now = try invocation.now(for: journal) } catch { return invocation.fail(error) }
            let diagnostics = (journal.diagnostics + journal.futureEntryWarnings(now: now)).sortedForDisplay()
            if invocation.json {
                invocation.out(checkJSON(diagnostics, path: journal.source.path).rendered())
            } else if !diagnostics.isEmpty {
                let renderer = DiagnosticRenderer(style: invocation.errStyle)
                invocation.err(renderer.render(diagnostics, in: journal.source))
                invocation.err(summaryLine(diagnostics) + "\n")
            }
            return diagnostics.hasErrors ? ExitCode.failure : ExitCode.ok
        })

    static func checkJSON(_ diagnostics: [Diagnostic], path: String) -> JSON {
        func item(_ d: Diagnostic) -> JSON {
            .object([
                ("file", .string(path)), ("line", .int(d.line)), ("column", .int(d.column)),
                ("length", .int(d.length)), ("code", .string(d.code.rawValue)), ("message", .string(d.message)),
                ("help", .optional(d.help?.words)),
            ])
        }
        return .object([("errors", .array(diagnostics.errors.map(item))),
                        ("warnings", .array(diagnostics.warnings.map(item)))])
    }

    static func summaryLine(_ diagnostics: [Diagnostic]) -> String {
        let e = diagnostics.errors.count, w = diagnostics.warnings.count
        var parts: [String] = []
        if e > 0 { parts.append("\(e) error\(e == 1 ? "" : "s")") }
        if w > 0 { parts.append("\(w) warning\(w == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
