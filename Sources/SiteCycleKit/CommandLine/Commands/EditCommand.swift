import Foundation

extension CommandRegistry {
    static let edit = Command(
        name: "edit",
        summary: "open the journal in $VISUAL/$EDITOR, then check it",
        usage: "sitecycle edit",
        details: """
            Opens a private copy of the journal (`.NAME.edit` beside it) in
            $VISUAL, else $EDITOR, else vi — at the newest site change where the
            editor takes a `+LINE` argument (vi, vim, nvim, nano, emacs, micro,
            kak). After the editor exits, the copy is checked like `check`:

            - no errors: the journal is replaced by the copy (warnings shown);
            - errors: they are shown, and on a terminal you are asked whether to
              edit again. Otherwise the journal stays as it was and your text
              stays in the copy, whose path is printed: fix it there and move it
              over the journal, or delete it.

            If the journal changed while you were editing (a `log` from another
            terminal), nothing is overwritten: your text stays in the copy. An
            existing copy from an unfinished edit is never overwritten either.
            """,
        run: { EditService(invocation: $0).run() })
}

struct EditService {
    let invocation: Invocation

    func run() -> Int32 {
        guard let journal = invocation.readJournal() else { return ExitCode.failure }
        let path = invocation.journalLocation.path
        let copy = EditService.copyPath(for: JournalStore.resolvedPath(path))
        if JournalFile.exists(copy) {
            return invocation.fail("an unfinished edit is waiting in \(copy)",
                                   help: "fix it and move it over the journal, or delete it; then run `sitecycle edit` again")
        }
        let original = journal.source.bytes
        do { try JournalFile.createPrivate(copy, original) } catch { return invocation.fail(error.message) }
        let line = journal.changes.last?.line ?? max(1, journal.source.lines.count)
        while true {
            let status = openEditor(copy, line: line)
            guard status == 0 else {
                return invocation.fail("the editor exited with status \(status); the journal was not changed",
                                       help: "your text is in \(copy)")
            }
            let edited: [UInt8]
            do { edited = try JournalFile.read(copy) } catch { return invocation.fail(error.message) }
            if edited == original {
                unlink(copy)
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
                                       help: "fix it there and move it over \(path), or delete it")
            }
            return save(edited, over: original, copy: copy, warnings: result)
        }
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
                return invocation.fail("\(path) changed while you were editing; nothing was overwritten",
                                       help: "your text is in \(copy); merge the new lines into it, then move it over the journal")
            }
        } catch {
            return invocation.fail(error.message + "; your text is in \(copy)")
        }
        unlink(copy)
        if !warnings.diagnostics.isEmpty {
            invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(warnings.diagnostics, in: warnings.source))
        }
        invocation.out("Saved \(path)" + (warnings.diagnostics.isEmpty ? "" : " (\(CommandRegistry.summaryLine(warnings.diagnostics)))") + ".\n")
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
        let env = invocation.env
        let editor = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.trimmingBlanks().isEmpty } ?? "vi"
        let program = editor.split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) } ?? ""
        let takesLine = ["vi", "vim", "nvim", "nano", "emacs", "emacsclient", "micro", "kak", "mg", "ne", "joe"].contains(program)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$@\"", "sitecycle-edit"] + (takesLine ? ["+\(line)"] : []) + [file]
        process.environment = env
        do {
            try process.run()
        } catch {
            return 127
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func copyPath(for journal: String) -> String {
        let folder = JournalStore.parentFolder(of: journal)
        let name = journal.split(separator: "/").last.map(String.init) ?? journal
        return (folder == "." && !journal.hasPrefix("./") ? "" : folder + "/") + "." + name + ".edit"
    }
}
