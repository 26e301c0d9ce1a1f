import SiteCycleKit

extension CommandRegistry {
    static let edit = Command(
        name: "edit",
        summary: "open the journal in $VISUAL/$EDITOR, then check it",
        usage: "sitecycle edit [--resume | --discard]",
        details: """
            Opens a private copy of the journal in $VISUAL, else $EDITOR, else
            vi — at the newest site change where the editor takes a `+LINE`
            argument (vi, vim, nvim, nano, emacs, micro, kak). After the
            editor exits, the copy is checked like `check`:

            - no errors: the journal is replaced by the copy (warnings shown);
            - errors: they are shown, and on a terminal you are asked whether to
              edit again. Otherwise the journal stays as it was and your text
              stays in the copy, whose path is printed.

            If the journal changed while you were editing (a `log` from another
            terminal), nothing is overwritten: your text stays in the copy.

            The copy lives in the state folder, never beside the journal (a
            synced folder or a repository would carry it to other machines):
            $XDG_STATE_HOME/sitecycle/edit/KEY/NAME (~/.local/state when
            XDG_STATE_HOME is unset), under the journal's own name so the
            editor knows its type, KEY naming the journal by its real path; the
            folders are made 0700, the files 0600. Without a state folder (no
            $XDG_STATE_HOME, $HOME or passwd home), `edit` refuses and changes
            nothing; set XDG_STATE_HOME to use it.

            An edit that did not finish (errors, a failed or killed editor)
            leaves its copy, and the journal as it was when the edit began
            (NAME.base beside the copy). The next `edit` asks, on a terminal,
            whether to resume it (reopen the copy), discard it, or cancel;
            otherwise it stops and names the copy. --resume reopens it; its
            changes are saved only if the journal has not changed since that
            edit began. --discard moves it aside to NAME.discarded in the same
            folder (replacing an older one) and changes nothing else. A copy
            is never overwritten, and never followed if it is a symlink: a link
            at the name of a copy, a base or a discarded copy, in the state
            folder or beside the journal, is named and left alone (`sitecycle
            help security`); edit then stops, or goes on without it where it
            only tidies (an older version's base). Messages show a path under
            $HOME as ~/….

            An unfinished edit that an older version left beside the journal
            (`.NAME.edit`, `.NAME.edit.base`) is still found: the next `edit`
            moves it into the state folder, says so, and goes on as above. If
            an edit already waits there, the older one is left where it is and
            named. An older `.NAME.edit.discarded` is yours to delete.

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
        OptionSpec(["--discard"], "move an unfinished edit's copy aside to NAME.discarded"),
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
        guard let state = StateFolder.path(environment: invocation.env) else {
            return invocation.fail("edit keeps its copy of the journal in the state folder, and there is none "
                                   + "(no $XDG_STATE_HOME, $HOME or home folder); nothing was changed",
                                   help: "set XDG_STATE_HOME or HOME to a folder of yours")
        }
        let service = EditService(fileSystem: invocation.fileSystem, journalPath: invocation.journalLocation.path,
                                  stateFolder: state, defaultZone: invocation.systemZone)
        do throws(FileError) { adopted(try service.adoptOlderEdit(), service) } catch {
            return invocation.fail(error.message, help: error.hint)
        }
        let line = journal.changes.last?.line ?? max(1, journal.source.lines.count)
        guard service.hasUnfinishedEdit else {
            if options.resume || options.discard {
                return invocation.fail("there is no unfinished edit to \(options.resume ? "resume" : "discard"): "
                                       + "no \(invocation.shown(service.copy))", help: "`sitecycle edit` starts a new one")
            }
            return freshEdit(journal, service, line: line)
        }
        do throws(FileError) { try service.checkCopy() } catch { return invocation.fail(error.message, help: error.hint) }
        if options.discard { return discardCopy(service) }
        if options.resume { return resumeEdit(journal, service, line: line) }
        return askAboutUnfinishedEdit(journal, service, line: line)
    }

    /// Says where an older version's unfinished edit went.
    func adopted(_ adoption: EditService.Adoption, _ service: EditService) {
        switch adoption {
        case .none: break
        case .moved(let from):
            invocation.warn("an unfinished edit an older version left in \(invocation.shown(from)) was moved to "
                            + invocation.shown(service.copy),
                            help: "edit's copies live in the state folder now, not beside the journal")
        case .notAFile(let link):
            invocation.warn(link.message, help: link.hint)
        case .leftBeside(let older):
            invocation.warn("an older unfinished edit is still in \(invocation.shown(older)); it was left there",
                            help: "the one in \(invocation.shown(service.copy)) comes first; compare the two, "
                                + "then delete the older")
        }
    }

    /// Neither --resume nor --discard, and an edit is waiting: asked on a
    /// terminal, else named.
    func askAboutUnfinishedEdit(_ journal: Journal, _ service: EditService, line: Int) -> Int32 {
        let copy = invocation.shown(service.copy)
        guard invocation.environment.stdinIsTerminal else {
            return invocation.fail("an unfinished edit is waiting in \(copy.terminalSafe)",
                                   help: "`sitecycle edit --resume` reopens it; `--discard` moves it aside")
        }
        invocation.say("An unfinished edit is waiting in \(copy.terminalSafe).")
        invocation.out("Resume it, discard it (moved aside), or cancel? [r/d/C] ")
        let answer = invocation.environment.stdin.readLine()?.trimmingBlanks().lowercased() ?? ""
        if answer.hasPrefix("r") { return resumeEdit(journal, service, line: line) }
        if answer.hasPrefix("d") {
            let code = discardCopy(service)
            return code == ExitCode.ok ? freshEdit(journal, service, line: line) : code
        }
        return invocation.fail("nothing was changed; the unfinished edit is still in \(copy.terminalSafe)",
                               help: "`sitecycle edit --resume` reopens it; `--discard` moves it aside")
    }
}
