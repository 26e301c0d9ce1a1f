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
        options: UndoOptions.specs,
        run: { UndoCommand(invocation: $0).run() })
}

/// What `undo` was asked for.
struct UndoOptions {
    static let specs = [OptionSpec(["--list"], "show what undo would reverse, newest first"),
                        OptionSpec(["--force"], "undo even when it brings back errors")]

    /// Show the remembered writes instead of undoing one.
    var list: Bool
    /// Undo even when the journal put back has errors.
    var force: Bool

    init(_ arguments: ParsedArguments) {
        list = arguments.flag("--list")
        force = arguments.flag("--force")
    }
}

/// Parses `undo`'s options, hands them to `UndoService`, and has
/// `UndoRenderer` word what it did or why it refused.
struct UndoCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let options = UndoOptions(invocation.arguments)
        let path = invocation.journalLocation.path
        guard invocation.fileSystem.exists(path) else {
            _ = invocation.readJournal()  // says where it looked
            return ExitCode.failure
        }
        guard let history = WriteHistory(journalPath: path, environment: invocation.env, fileSystem: invocation.fileSystem)
        else {
            return invocation.fail("no home folder to keep the undo history in", help: "set HOME or XDG_STATE_HOME")
        }
        let service = UndoService(fileSystem: invocation.fileSystem, path: path, history: history,
                                  defaultZone: invocation.systemZone)
        let renderer = UndoRenderer(invocation: invocation, path: path)
        renderer.warnAboutUnreadable(service.unreadableRecords())
        if options.list {
            renderer.render(service.list())
            return ExitCode.ok
        }
        do throws(UndoRefusal) {
            renderer.render(try service.undoLast(force: options.force))
            return ExitCode.ok
        } catch {
            return renderer.fail(error)
        }
    }
}
