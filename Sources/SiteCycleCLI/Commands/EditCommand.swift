import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        run: { EditService(invocation: $0).run() })
}

struct EditService {
    let invocation: Invocation

    func run() -> Int32 {
        let resume = invocation.arguments.flag("--resume"), discard = invocation.arguments.flag("--discard")
        if resume && discard {
            return invocation.usageError(UsageError("--resume and --discard cannot be used together"))
        }
        guard let journal = invocation.readJournal() else { return ExitCode.failure }
        let copy = EditService.copyPath(for: JournalStore.resolvedPath(invocation.journalLocation.path))
        let line = journal.changes.last?.line ?? max(1, journal.source.lines.count)
        guard EditService.entryExists(copy) else {
            if resume || discard {
                return invocation.fail("there is no unfinished edit to \(resume ? "resume" : "discard"): no \(copy)",
                                       help: "`sitecycle edit` starts a new one")
            }
            return freshEdit(journal, copy: copy, line: line)
        }
        if discard { return discardCopy(copy) }
        if resume { return resumeEdit(journal, copy: copy, line: line) }
        guard invocation.environment.stdinIsTerminal else {
            return invocation.fail("an unfinished edit is waiting in \(copy)",
                                   help: "`sitecycle edit --resume` reopens it; `--discard` moves it aside")
        }
        invocation.say("An unfinished edit is waiting in \(copy).")
        invocation.out("Resume it, discard it (moved aside), or cancel? [r/d/C] ")
        let answer = invocation.environment.stdin.readLine()?.trimmingBlanks().lowercased() ?? ""
        if answer.hasPrefix("r") { return resumeEdit(journal, copy: copy, line: line) }
        if answer.hasPrefix("d") {
            let code = discardCopy(copy)
            return code == ExitCode.ok ? freshEdit(journal, copy: copy, line: line) : code
        }
        return invocation.fail("nothing was changed; the unfinished edit is still in \(copy)",
                               help: "`sitecycle edit --resume` reopens it; `--discard` moves it aside")
    }

    /// A new copy of the journal, and the journal as it is now beside it.
    func freshEdit(_ journal: Journal, copy: String, line: Int) -> Int32 {
        let original = journal.source.bytes.array
        let base = EditService.basePath(for: copy)
        unlink(base)  // a leftover of an edit whose copy was moved over the journal by hand
        do throws(FileError) {
            try JournalFile.createPrivate(copy, original)
            try JournalFile.createPrivate(base, original)
        } catch {
            return invocation.fail(error.message, help: error.hint)
        }
        return editLoop(copy: copy, original: original, line: line)
    }

    /// Reopens an unfinished edit's copy. What it is compared against when
    /// saving is the journal as it was when that edit began, so lines logged
    /// since are never silently dropped.
    func resumeEdit(_ journal: Journal, copy: String, line: Int) -> Int32 {
        let base = EditService.basePath(for: copy)
        let original: [UInt8]
        if EditService.entryExists(base) {
            do { original = try JournalFile.read(base) } catch { return invocation.fail(error.message, help: error.hint) }
        } else {
            // Left by an older sitecycle, which kept no base: compare with the
            // journal as it is now, and say what the copy lacks.
            original = journal.source.bytes.array
            let copyLines: Set<ArraySlice<UInt8>>
            do { copyLines = Set(try JournalFile.read(copy).split(separator: 0x0A)) } catch {
                return invocation.fail(error.message, help: error.hint)
            }
            let missing = original.split(separator: 0x0A).filter { !copyLines.contains($0) }.count
            if missing > 0 {
                invocation.warn("\(missing) journal line\(missing == 1 ? " is" : "s are") not in the copy;"
                                + " saving removes \(missing == 1 ? "it" : "them")")
            }
        }
        return editLoop(copy: copy, original: original, line: line)
    }

    /// Moves the copy aside to `.NAME.edit.discarded`, and drops its base.
    func discardCopy(_ copy: String) -> Int32 {
        let aside = copy + ".discarded"
        guard rename(copy, aside) == 0 else {
            let e = JournalFile.error(copy, "move aside")
            return invocation.fail(e.message)
        }
        unlink(EditService.basePath(for: copy))
        invocation.say("Moved the unfinished edit to \(aside).")
        return ExitCode.ok
    }

    func editLoop(copy: String, original: [UInt8], line: Int) -> Int32 {
        while true {
            let status = openEditor(copy, line: line)
            guard status == 0 else {
                return invocation.fail("the editor exited with status \(status); the journal was not changed",
                                       help: "your text is in \(copy); `sitecycle edit --resume` reopens it")
            }
            let edited: [UInt8]
            do { edited = try JournalFile.read(copy) } catch { return invocation.fail(error.message, help: error.hint) }
            if edited == original {
                removeCopy(copy)
                invocation.out("No changes.\n")
                return ExitCode.ok
            }
            // Named by the copy: that is where the text to fix is.
            let result = JournalBuilder.load(SourceFile(path: copy, bytes: edited), defaultZone: invocation.systemZone)
            let renderer = DiagnosticRenderer(style: invocation.errStyle)
            guard !result.diagnostics.hasErrors else {
                invocation.err(renderer.render(result.diagnostics, in: result.source))
                invocation.err(CommandRegistry.summaryLine(result.diagnostics) + "\n")
                if askToEditAgain() { continue }
                return invocation.fail("the journal was not changed; your text is in \(copy)",
                                       help: "fix it with `sitecycle edit --resume`, or `--discard` it")
            }
            return save(edited, over: original, copy: copy, warnings: result)
        }
    }

    func removeCopy(_ copy: String) {
        unlink(copy)
        unlink(EditService.basePath(for: copy))
    }

    /// Replaces the journal under the lock, unless it changed meanwhile.
    func save(_ edited: [UInt8], over original: [UInt8], copy: String, warnings: Journal) -> Int32 {
        let path = invocation.journalLocation.path
        do {
            let replaced = try JournalStore.withLock(path) { () throws(FileError) -> Bool in
                guard try JournalFile.read(path) == original else { return false }
                try JournalStore.replace(path, with: edited)
                invocation.remember(from: original, to: edited)
                return true
            }
            guard replaced else {
                return invocation.fail("\(path) changed since the edit began; nothing was overwritten",
                                       help: "your text is in \(copy); merge the new lines into it, then move it over the journal")
            }
        } catch {
            return invocation.fail(error.message + "; your text is in \(copy)", help: error.hint)
        }
        removeCopy(copy)
        if !warnings.diagnostics.isEmpty {
            invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(warnings.diagnostics, in: warnings.source))
        }
        invocation.say("Saved \(path)" + (warnings.diagnostics.isEmpty ? "" : " (\(CommandRegistry.summaryLine(warnings.diagnostics)))") + ".")
        return ExitCode.ok
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

    /// Whether anything (a dangling symlink too) is at `path`.
    static func entryExists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// The journal as it was when the edit began, beside its copy.
    static func basePath(for copy: String) -> String { copy + ".base" }

    static func copyPath(for journal: String) -> String {
        let folder = JournalStore.parentFolder(of: journal)
        let name = journal.split(separator: "/").last.map(String.init) ?? journal
        return (folder == "." && !journal.hasPrefix("./") ? "" : folder + "/") + "." + name + ".edit"
    }
}
