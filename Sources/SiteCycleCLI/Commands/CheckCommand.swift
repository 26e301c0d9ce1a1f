import SiteCycleKit

extension CommandRegistry {
    static let check = Command(
        name: "check",
        summary: "list every error and warning in the journal",
        usage: "sitecycle check [--json | --format gnu|json]",
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
            it). More than 6 months earlier, one of the two has a mistyped year
            (`mistyped-year`): the one more than 6 months off from both lines
            around it, too far back or too far forward, is asked "a mistyped
            year?", with no `fmt` (which refuses: sorting would keep the wrong
            date) and no `long-session` warning for the sessions it bounds.

            Prints nothing and exits 0 when the journal is clean. Exits 1 when
            there is any error; warnings alone still exit 0. On a journal with
            errors, commands that write refuse, and so does export; the other
            reports (status, recommend, history, stats, …) answer from the lines
            before the first error, say so on stderr and exit 1. When those
            lines hold no site change (an error in the header), or none of a
            device the journal logs, the answer would be untrue ("no site
            logged"): the report shows the errors only, says why and exits 1.
            On a journal with warnings, a report says so in one line on stderr.

            --json prints {"errors":[…],"warnings":[…]}, each item with file,
            line, column, length, code, message and help (null when none).

            --format gnu prints one line per problem on standard output,
            `FILE:LINE:COL: error|warning: message [code]`, the form Emacs's
            compile-mode, Vim's errorformat and CI annotators read (`sitecycle
            editor vim` sets up `:make` with it).
            --format json prints a JSON array on standard output, one object
            per problem in file order: file, line, column, length (bytes),
            severity, code, message, help (null when none) and fix: null, or
            the edit that fixes it as the language server offers it
            ({"title", "edits": [{"line", "column", "endLine", "endColumn",
            "newText"}]}, columns in UTF-8 bytes from 1, the end exclusive).
            Fixes: a misspelt location becomes the declared name; an
            undeclared one gets a `location` line; entries out of order or
            duplicated are formatted (`fmt`); a possible duplicate is deleted;
            a device is added to a location's `for` list.
            The exit status is the same in every format. --json and --format
            are two answers to one question: given together, they are refused
            as a usage error (exit 2).
            """,
        options: [OptionSpec(["--format"], value: "FORMAT", "gnu or json: one line or object per problem")],
        reportsJSON: true,
        run: { invocation in
            let format = invocation.arguments.value("--format")
            if let format, format != "gnu", format != "json" {
                let guess = suggestion(for: format, among: ["gnu", "json"])
                return invocation.usageError(UsageError("unknown format `\(format)`",
                                                        help: guess.map { "did you mean `\($0)`?" } ?? "use gnu or json"))
            }
            if let format, invocation.json {
                return invocation.usageError(UsageError("--json and --format \(format) cannot be used together",
                                                        help: "--format json prints the array with fixes; --json the object of errors and warnings"))
            }
            guard let journal = invocation.readJournal(mapped: true) else { return ExitCode.failure }
            let now: Instant
            do throws(CommandError) { now = try invocation.now(for: journal) } catch { return invocation.fail(error) }
            let diagnostics = (journal.diagnostics + journal.futureEntryWarnings(now: now)).sortedForDisplay()
            if format == "gnu" {
                invocation.out(gnuLines(diagnostics, path: journal.source.path))
            } else if format == "json" {
                var fixes = DiagnosticFixes(journal: journal)
                invocation.out(JSON.array(diagnostics.map { fixJSON($0, fixes: &fixes) }).rendered())
            } else if invocation.json {
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

    /// `FILE:LINE:COL: error|warning: message [code]`, one line each.
    static func gnuLines(_ diagnostics: [Diagnostic], path: String) -> String {
        diagnostics.map { d in
            "\(path.terminalSafe):\(d.line):\(d.column): \(d.severity.rawValue): \(d.message.terminalSafeMessage) [\(d.code.rawValue)]\n"
        }.joined()
    }

    /// One diagnostic with its first fix, as `--format json` prints it.
    static func fixJSON(_ d: Diagnostic, fixes: inout DiagnosticFixes) -> JSON {
        let source = fixes.journal.source
        let fix = fixes.fixes(for: d).first.map { fix -> JSON in
            .object([("title", .string(fix.kind.words)), ("edits", .array(fix.edits.map { edit in
                let from = source.position(ofByte: edit.range.lowerBound), to = source.position(ofByte: edit.range.upperBound)
                return .object([("line", .int(from.line)), ("column", .int(from.column)), ("endLine", .int(to.line)),
                                ("endColumn", .int(to.column)), ("newText", .string(edit.text))])
            }))])
        }
        return .object([
            ("file", .string(source.path)), ("line", .int(d.line)), ("column", .int(d.column)), ("length", .int(d.length)),
            ("severity", .string(d.severity.rawValue)), ("code", .string(d.code.rawValue)), ("message", .string(d.message)),
            ("help", .optional(d.help?.words)), ("fix", fix ?? .null),
        ])
    }

    static func summaryLine(_ diagnostics: [Diagnostic]) -> String {
        let e = diagnostics.errors.count, w = diagnostics.warnings.count
        var parts: [String] = []
        if e > 0 { parts.append("\(e) error\(e == 1 ? "" : "s")") }
        if w > 0 { parts.append("\(w) warning\(w == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
