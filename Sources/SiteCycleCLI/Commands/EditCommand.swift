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
            and changes nothing else. A copy is never overwritten.

            The editor runs in the foreground of your terminal, as for `git
            commit`: Ctrl-C and Ctrl-\\ while it is open are the editor's.
            """,
        options: [
            OptionSpec(["--resume"], "reopen the copy an unfinished edit left"),
            OptionSpec(["--discard"], "move an unfinished edit's copy aside to .NAME.edit.discarded"),
        ],
        run: { EditCommand(invocation: $0).run() })
}

/// Parses `edit`'s options, asks on a terminal, runs the editor, and says
/// what `EditService` did with the copy and the journal.
struct EditCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let resume = invocation.arguments.flag("--resume"), discard = invocation.arguments.flag("--discard")
        if resume && discard {
            return invocation.usageError(UsageError("--resume and --discard cannot be used together"))
        }
        guard let journal = invocation.readJournal() else { return ExitCode.failure }
        let service = EditService(fileSystem: invocation.fileSystem, journalPath: invocation.journalLocation.path,
                                  defaultZone: invocation.systemZone)
        let copy = service.copy
        let line = journal.changes.last?.line ?? max(1, journal.source.lines.count)
        guard service.hasUnfinishedEdit else {
            if resume || discard {
                return invocation.fail("there is no unfinished edit to \(resume ? "resume" : "discard"): no \(copy)",
                                       help: "`sitecycle edit` starts a new one")
            }
            return freshEdit(journal, service, line: line)
        }
        if discard { return discardCopy(service) }
        if resume { return resumeEdit(journal, service, line: line) }
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

    func freshEdit(_ journal: Journal, _ service: EditService, line: Int) -> Int32 {
        do throws(FileError) {
            return editLoop(service, try service.begin(journal.source.bytes.array), line: line)
        } catch {
            return invocation.fail(error.message, help: error.hint)
        }
    }

    func resumeEdit(_ journal: Journal, _ service: EditService, line: Int) -> Int32 {
        let start: EditService.Start
        do throws(FileError) { start = try service.resume(journalNow: journal.source.bytes.array) } catch {
            return invocation.fail(error.message, help: error.hint)
        }
        let missing = start.linesNotInCopy
        if missing > 0 {
            invocation.warn("\(missing) journal line\(missing == 1 ? " is" : "s are") not in the copy;"
                            + " saving removes \(missing == 1 ? "it" : "them")")
        }
        return editLoop(service, start, line: line)
    }

    func discardCopy(_ service: EditService) -> Int32 {
        do throws(FileError) { try service.discard() } catch { return invocation.fail(error.message) }
        invocation.say("Moved the unfinished edit to \(service.discarded).")
        return ExitCode.ok
    }

    func editLoop(_ service: EditService, _ start: EditService.Start, line: Int) -> Int32 {
        let copy = service.copy
        while true {
            let status = openEditor(copy, line: line)
            guard status == 0 else {
                return invocation.fail("the editor exited with status \(status); the journal was not changed",
                                       help: "your text is in \(copy); `sitecycle edit --resume` reopens it")
            }
            do throws(EditRefusal) {
                switch try service.finish(start) {
                case .unchanged:
                    invocation.out("No changes.\n")
                case .saved(let before, let after, let result):
                    invocation.remember(from: before, to: after)
                    let path = invocation.journalLocation.path
                    if !result.diagnostics.isEmpty {
                        invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(result.diagnostics, in: result.source))
                    }
                    invocation.say("Saved \(path)"
                                   + (result.diagnostics.isEmpty ? "" : " (\(CommandRegistry.summaryLine(result.diagnostics)))") + ".")
                }
                return ExitCode.ok
            } catch {
                switch error {
                case .copyHasErrors(let result):
                    invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(result.diagnostics, in: result.source))
                    invocation.err(CommandRegistry.summaryLine(result.diagnostics) + "\n")
                    if askToEditAgain() { continue }
                    return invocation.fail("the journal was not changed; your text is in \(copy)",
                                           help: "fix it with `sitecycle edit --resume`, or `--discard` it")
                case .journalChangedSince:
                    return invocation.fail("\(invocation.journalLocation.path) changed since the edit began; nothing was overwritten",
                                           help: "your text is in \(copy); merge the new lines into it, then move it over the journal")
                case .file(let e):
                    return invocation.fail(e.message, help: e.hint)
                case .saveFailed(let e):
                    return invocation.fail(e.message + "; your text is in \(copy)", help: e.hint)
                }
            }
        }
    }

    func askToEditAgain() -> Bool {
        guard invocation.environment.stdinIsTerminal else { return false }
        invocation.out("Edit again? [Y/n] ")
        guard let answer = invocation.environment.stdin.readLine() else { return false }
        return !answer.trimmingBlanks().lowercased().hasPrefix("n")
    }

    /// Runs the editor through the shell, so `EDITOR="code --wait"` works;
    /// the file names travel as arguments, never inside the command string.
    func openEditor(_ file: String, line: Int) -> Int32 {
        invocation.environment.stdout.flush()  // the editor takes over the terminal
        let env = invocation.env
        let editor = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.trimmingBlanks().isEmpty } ?? "vi"
        let program = editor.split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) } ?? ""
        let takesLine = ["vi", "vim", "nvim", "nano", "emacs", "emacsclient", "micro", "kak", "mg", "ne", "joe"].contains(program)
        // In the terminal's foreground process group: an editor in a group
        // of its own cannot read the keyboard (vim gave up with status 1).
        let r = Subprocess.run("/bin/sh", ["-c", editor + " \"$@\"", "sitecycle-edit"] + (takesLine ? ["+\(line)"] : []) + [file],
                               environment: env, stdin: .inherit, stdout: .inherit, stderr: .inherit, interactive: true)
        return r.failure == nil ? r.status : 127
    }
}
