#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where sitecycle keeps what is not the journal: the undo history, the
/// reminders already sent and `edit`'s copies. `$XDG_STATE_HOME/sitecycle`, else
/// `~/.local/state/sitecycle` (the passwd home when `HOME` is unset).
public enum StateFolder {
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/sitecycle" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/sitecycle" }
        return PasswdHome.current().map { $0 + "/.local/state/sitecycle" }
    }

    /// Where one journal's state of one kind lives (`undo`, `remind`,
    /// `edit`): `STATE/KIND/KEY`, keyed as `key(forJournal:)` says.
    public static func place(_ kind: String, forJournal path: String, in state: String) -> String {
        state + "/" + kind + "/" + key(forJournal: path)
    }

    /// A short name for a journal, from its real absolute path: state for
    /// two journals never mixes, and moving the working folder does not
    /// change it.
    public static func key(forJournal path: String) -> String {
        let real = JournalStore.resolvedPath(WriteHistory.absolute(path))
        // Format 1, always: the folder names of existing undo histories
        // and reminder state were made with it and must keep being found.
        return String(WriteRecord.fingerprint(Array(real.utf8), format: 1), radix: 16)
    }
}
