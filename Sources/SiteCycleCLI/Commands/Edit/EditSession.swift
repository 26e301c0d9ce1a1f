import SiteCycleKit

/// One edit, begun, resumed or discarded: the editor is opened on the copy
/// until `EditService` saves it, or the user stops.
extension EditCommand {
    func freshEdit(_ journal: Journal, _ service: EditService, line: Int) -> Int32 {
        do throws(FileError) {
            let start = try service.begin(journal.source.bytes.array)
            for link in start.leftAlone { invocation.warn(link.message, help: link.hint) }
            return editLoop(service, start, line: line)
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
        do throws(FileError) {
            for link in try service.discard() { invocation.warn(link.message, help: link.hint) }
        } catch {
            return invocation.fail(error.message, help: error.hint)
        }
        invocation.say("Moved the unfinished edit to \(invocation.shown(service.discarded)).")
        return ExitCode.ok
    }

    /// The editor, then the check; on errors, on a terminal, the editor again.
    func editLoop(_ service: EditService, _ start: EditService.Start, line: Int) -> Int32 {
        let copy = invocation.shown(service.copy)
        while true {
            let status = ExternalEditor(invocation: invocation).open(service.copy, line: line)
            guard status == 0 else {
                return invocation.fail("the editor exited with status \(status); the journal was not changed",
                                       help: "your text is in \(copy.terminalSafe); `sitecycle edit --resume` reopens it")
            }
            do throws(EditRefusal) {
                say(try service.finish(start, recording: invocation.undoRecording()))
                return ExitCode.ok
            } catch {
                if case .copyHasErrors(let result) = error {
                    invocation.err(DiagnosticRenderer(style: invocation.errStyle)
                        .render(result.diagnostics, in: result.source, named: copy))
                    invocation.err(CommandRegistry.summaryLine(result.diagnostics) + "\n")
                    if askToEditAgain() { continue }
                }
                return fail(error, copy: copy)
            }
        }
    }

    func say(_ outcome: EditService.Finished) {
        switch outcome {
        case .unchanged:
            invocation.out("No changes.\n")
        case .saved(_, _, let result, let recordFailure):
            invocation.warnIfNotRecorded(recordFailure, recording: invocation.undoRecording())
            // Named by the journal: it now holds the copy's lines, and the copy is gone.
            if !result.diagnostics.isEmpty {
                invocation.err(DiagnosticRenderer(style: invocation.errStyle)
                    .render(result.diagnostics, in: result.source, named: invocation.journalLocation.path))
            }
            invocation.say("Saved \(invocation.journalLocation.path.terminalSafe)"
                           + (result.diagnostics.isEmpty ? "" : " (\(CommandRegistry.summaryLine(result.diagnostics)))") + ".")
        }
    }

    func fail(_ refusal: EditRefusal, copy: String) -> Int32 {
        switch refusal {
        case .copyHasErrors:
            return invocation.fail("the journal was not changed; your text is in \(copy.terminalSafe)",
                                   help: "fix it with `sitecycle edit --resume`, or `--discard` it")
        case .journalChangedSince:
            return invocation.fail("\(invocation.journalLocation.path.terminalSafe) changed since the edit began; nothing was overwritten",
                                   help: "your text is in \(copy.terminalSafe); merge the new lines into it, then move it over the journal")
        case .file(let e):
            return invocation.fail(e.message, help: e.hint)
        case .saveFailed(let e):
            return invocation.fail(e.message + "; your text is in \(copy.terminalSafe)", help: e.hint)
        }
    }

    func askToEditAgain() -> Bool {
        guard invocation.environment.stdinIsTerminal else { return false }
        invocation.out("Edit again? [Y/n] ")
        guard let answer = invocation.environment.stdin.readLine() else { return false }
        return !answer.trimmingBlanks().lowercased().hasPrefix("n")
    }
}
