import SiteCycleKit

/// `--color auto|always|never`, resolved against the environment the way
/// git and ripgrep do: `NO_COLOR` (any value) and `TERM=dumb` turn auto off.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    public func resolve(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}
