import SiteCycleKit

/// Where the journal was looked for, in words: the options and variables
/// that choose it are the command line's to name.
extension JournalLocation {
    /// How the path was chosen, for "no journal at …" messages.
    var explanation: String {
        switch origin {
        case .flag: return "given with -f/--file"
        case .environment: return "from $SITECYCLE_FILE"
        case .xdgDefault: return "the default; set $SITECYCLE_FILE or pass -f to use another"
        case .noHome: return "no home folder"
        }
    }

    /// Why there is no default journal, when there is none.
    static let noHomeMessage = "$HOME is not set and this user has no passwd home folder"
    static let noHomeHint = "pass -f PATH, or set $SITECYCLE_FILE or $HOME"
}
