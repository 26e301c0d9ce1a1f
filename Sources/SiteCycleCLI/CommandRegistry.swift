import SiteCycleKit

/// Every command, in the order `help` lists them.
enum CommandRegistry {
    static var all: [Command] {
        [initCommand, log, remove, status, remind, devices, recommend, history, stats, outcomes, timeline, map, report, export,
         importCommand, amend, delete, undo, edit, locations, set, check, fmt, lsp, editor, merge, sync, completions, help, complete]
    }
}
