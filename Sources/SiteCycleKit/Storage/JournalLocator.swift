#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the journal is: `-f/--file PATH`, else `$SITECYCLE_FILE`, else
/// `$XDG_DATA_HOME/sitecycle/sites.journal` (`HOME/.local/share/…` when
/// unset, HOME being `$HOME`, else the home folder in the user's passwd
/// entry). Never a literal `~`: with no home folder at all, there is no
/// default (`noHome`, with an empty path, which no file operation accepts).
public struct JournalLocation: Equatable, Sendable {
    public enum Origin: Equatable, Sendable { case flag, environment, xdgDefault, noHome }

    public var path: String
    public var origin: Origin

    public static func resolve(flag: String?, environment: [String: String],
                               passwdHome: () -> String? = JournalLocation.passwdHome) -> JournalLocation {
        if let flag, !flag.isEmpty { return JournalLocation(path: flag, origin: .flag) }
        if let env = environment["SITECYCLE_FILE"], !env.isEmpty {
            return JournalLocation(path: env, origin: .environment)
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else if let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? passwdHome() {
            dataHome = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/share"
        } else {
            return JournalLocation(path: "", origin: .noHome)
        }
        return JournalLocation(path: dataHome + "/sitecycle/sites.journal", origin: .xdgDefault)
    }

    /// The home folder in the passwd entry of the user running this; nil
    /// when there is no entry or it names no absolute folder (`PasswdHome`).
    public static func passwdHome() -> String? { PasswdHome.current() }
}
