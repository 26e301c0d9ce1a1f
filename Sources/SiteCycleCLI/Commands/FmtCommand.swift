import SiteCycleKit

extension CommandRegistry {
    static let fmt = Command(
        name: "fmt",
        summary: "rewrite the journal in canonical order and alignment",
        usage: "sitecycle fmt [--check | --stdin]",
        details: """
            Canonical layout: the opening comments; the settings (patient,
            timezone, target, device, rest, absorption-threshold,
            absorption-mode, strategy); the locations in their order; the site
            changes in time order with the location and note columns aligned;
            one blank line between sections.
            Each comment travels with the line below it; exact duplicate entry
            lines are folded into one. No comment, note or entry is ever dropped:
            the result must read back to the same journal, or nothing is written.
            Formatting twice changes nothing.

            Every command that writes keeps this layout, so a pre-commit
            `fmt --check` accepts what the tool writes: in a journal laid out
            this way, a new line goes in at its columns, and when a line wider
            than any other is written (or the widest goes), the other lines'
            spacing moves with it, as fmt would move it. A journal laid out
            otherwise keeps its own layout.

            A site change more than 6 months earlier than the line above it
            (`check` asks "a mistyped year?") is not sorted: fmt leaves the
            journal as it is, names the line and exits 1 (--check too);
            correct its year first (`sitecycle amend LINE --at TIME`, or
            `sitecycle edit`). Editors' formatting refuses the same way.

            --check changes nothing, and exits 1 when the journal is not in
            canonical form (for a pre-commit hook).

            --stdin reads a journal from standard input and prints it formatted
            on standard output, touching no file: an editor's filter (Vim's
            formatprg, Emacs's sitecycle-format-buffer; `sitecycle help
            editor`). When it has errors, or formatting would change what it
            means, the input is printed back unchanged, nothing goes to standard
            error (a filter would take it for text), and the exit status is 1;
            `sitecycle check` says why.
            """,
        options: FmtOptions.specs,
        run: { invocation in
            let options = FmtOptions(invocation.arguments)
            if options.stdin {
                let input = FileDescriptorSource(fd: 0).readAll()
                let journal = JournalBuilder.load(SourceFile(path: "-", bytes: input), defaultZone: invocation.systemZone)
                // Bytes as they are: text that is not UTF-8 goes back unchanged.
                guard let edits = journal.formattingEdits() else {
                    invocation.environment.stdout.write(bytes: input)
                    return ExitCode.failure
                }
                var editor = JournalEditor(source: journal.source)
                for edit in edits { editor.replace(edit.range, with: edit.text) }
                invocation.environment.stdout.write(bytes: editor.result())
                return ExitCode.ok
            }
            let path = invocation.journalLocation.path
            if options.check {
                guard let journal = invocation.loadJournal() else { return ExitCode.failure }
                // `run sitecycle fmt` would be refused: say why at once.
                if let line = journal.mistypedYearLine {
                    return invocation.fail(CommandError(ServiceError(.mistypedYear(path: journal.source.path, line: line))))
                }
                guard journal.source.bytes.same(as: JournalFormatter(journal: journal).formatted()) else {
                    invocation.err("\(path.terminalSafe) is not formatted; run `sitecycle fmt`\n")
                    return ExitCode.failure
                }
                return ExitCode.ok
            }
            return invocation.change(FormatService.Request(), render: { (outcome: FormatService.Outcome) in
                invocation.out(outcome == FormatService.Outcome.formatted ? "Formatted \(path.terminalSafe).\n" : "\(path.terminalSafe) is already formatted.\n")
            })
        })
}

/// What `fmt` was asked for.
struct FmtOptions {
    static let specs = [OptionSpec(["--check"], "exit 1 if the journal is not formatted; change nothing"),
                        OptionSpec(["--stdin"], "format standard input onto standard output")]

    /// Only say whether the journal is formatted.
    var check: Bool

    /// Filter standard input to standard output (an editor's formatprg).
    var stdin: Bool

    init(_ arguments: ParsedArguments) {
        check = arguments.flag("--check")
        stdin = arguments.flag("--stdin")
    }
}
