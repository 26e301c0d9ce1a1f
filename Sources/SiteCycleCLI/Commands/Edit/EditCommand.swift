import SiteCycleKit

extension CommandRegistry {
    static let edit = Command(
        name: "edit",
        summary: "open the journal in $VISUAL/$EDITOR, then check it",
        usage: "sitecycle edit [--resume | --discard]",
        details: """
            Opens a private copy of the journal (`.NAME.edit` beside it) in
            $VISUAL, else $EDITOR, else vi — at the newest site change where the
            editor takes a `+LINE` argument (vi, vim, nvim, nano, emacs, micro,
            kak). After the editor exits, the copy is checked like `check`:

            - no errors: the journal is replaced by the copy (warnings shown);
            - errors: they are shown, and on a terminal you are asked whether to
              edit again. Otherwise the journal stays as it was and your text
              stays in the copy, whose path is printed.

            If the journal changed while you were editing (a `log` from another
            terminal), nothing is overwritten: your text stays in the copy.

            An edit that did not finish (errors, a failed or killed editor)
            leaves its copy, and the journal as it was when the edit began
            (`.NAME.edit.base`). The next `edit` asks, on a terminal, whether to
            resume it (reopen the copy), discard it, or cancel; otherwise it
            stops and names the copy. --resume reopens it; its changes are saved
            only if the journal has not changed since that edit began. --discard
            moves it aside to `.NAME.edit.discarded` (replacing an older one)
            and changes nothing else. A copy is never overwritten, and never
            followed if it is a symlink: a link at a copy's name is named and
            left alone (`sitecycle help security`).

            The editor runs in the foreground of your terminal, as for `git
            commit`: Ctrl-C and Ctrl-\\ while it is open are the editor's.
            """,
        options: EditOptions.specs,
        run: { EditCommand(invocation: $0).run() })
}

/// What `edit` was asked for: a new edit, or what to do with an unfinished one.
struct EditOptions {
    static let specs = [
        OptionSpec(["--resume"], "reopen the copy an unfinished edit left"),
        OptionSpec(["--discard"], "move an unfinished edit's copy aside to .NAME.edit.discarded"),
    ]

    var resume: Bool
    var discard: Bool

    init(_ arguments: ParsedArguments) throws(CommandError) {
        resume = arguments.flag("--resume")
        discard = arguments.flag("--discard")
        if resume && discard { throw CommandError("--resume and --discard cannot be used together", usage: true) }
    }
}

/// Parses `edit`'s options, asks on a terminal, runs the editor, and says
/// what `EditService` did with the copy and the journal (`EditSession.swift`).
struct EditCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let options: EditOptions
        do throws(CommandError) { options = try EditOptions(invocation.arguments) } catch { return invocation.fail(error) }
        guard let journal = invocation.readJournal() else { return ExitCode.failure }
        let service = EditService(fileSystem: invocation.fileSystem, journalPath: invocation.journalLocation.path,
                                  defaultZone: invocation.systemZone)
        let line = journal.changes.last?.line ?? max(1, journal.source.lines.count)
        guard service.hasUnfinishedEdit else {
            if options.resume || options.discard {
                return invocation.fail("there is no unfinished edit to \(options.resume ? "resume" : "discard"): "
                                       + "no \(service.copy)", help: "`sitecycle edit` starts a new one")
            }
            return freshEdit(journal, service, line: line)
        }
        if options.discard { return discardCopy(service) }
        if options.resume { return resumeEdit(journal, service, line: line) }
        return askAboutUnfinishedEdit(journal, service, line: line)
    }

    /// Neither --resume nor --discard, and an edit is waiting: asked on a
    /// terminal, else named.
    func askAboutUnfinishedEdit(_ journal: Journal, _ service: EditService, line: Int) -> Int32 {
        let copy = service.copy
        guard invocation.environment.stdinIsTerminal else {
            return invocation.fail("an unfinished edit is waiting in \(copy)",
                                   help: "`sitecycle edit --resume` reopens it; `--discard` moves it aside")
        }
        invocation.say("An unfinished edit is waiting in \(copy).")
        invocation.out("Resume it, discard it (moved aside), or cancel? [r/d/C] ")
        let answer = invocation.environment.stdin.readLine()?.trimmingBlanks().lowercased() ?? ""
        if answer.hasPrefix("r") { return resumeEdit(journal, service, line: line) }
        if answer.hasPrefix("d") {
            let code = discardCopy(service)
            return code == ExitCode.ok ? freshEdit(journal, service, line: line) : code
        }
        return invocation.fail("nothing was changed; the unfinished edit is still in \(copy)",
                               help: "`sitecycle edit --resume` reopens it; `--discard` moves it aside")
    }
}
