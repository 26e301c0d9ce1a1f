/// Where the journal is: `-f/--file PATH`, else `$SITECYCLE_FILE`, else
/// `$XDG_DATA_HOME/sitecycle/sites.journal` (`~/.local/share/…` when unset).
public struct JournalLocation: Equatable, Sendable {
    public enum Origin: Equatable, Sendable { case flag, environment, xdgDefault }

    public var path: String
    public var origin: Origin

    public static func resolve(flag: String?, environment: [String: String]) -> JournalLocation {
        if let flag, !flag.isEmpty { return JournalLocation(path: flag, origin: .flag) }
        if let env = environment["SITECYCLE_FILE"], !env.isEmpty {
            return JournalLocation(path: env, origin: .environment)
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? "~") + "/.local/share"
        }
        return JournalLocation(path: dataHome + "/sitecycle/sites.journal", origin: .xdgDefault)
    }

    /// How the path was chosen, for "no journal at …" messages.
    public var explanation: String {
        switch origin {
        case .flag: return "given with -f/--file"
        case .environment: return "from $SITECYCLE_FILE"
        case .xdgDefault: return "the default; set $SITECYCLE_FILE or pass -f to use another"
        }
    }
}
