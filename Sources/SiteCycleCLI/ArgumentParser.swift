import SiteCycleKit

/// One option a command accepts: `--note TEXT`, `-f PATH`, `--json`.
public struct OptionSpec: Sendable {
    /// Spellings, long first: `["--file", "-f"]`.
    public var names: [String]
    /// Name of the value in help (`PATH`), or nil for a flag.
    public var valueName: String?
    public var summary: String
    /// May be given more than once (`--map A=B --map C=D`).
    public var repeatable: Bool

    public init(_ names: [String], value: String? = nil, _ summary: String, repeatable: Bool = false) {
        self.names = names
        self.valueName = value
        self.summary = summary
        self.repeatable = repeatable
    }

    var key: String { names[0] }
}

/// What the user typed, sorted out: options by their long name, positionals in order.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    public func value(_ name: String) -> String? { values[name]?.last }
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}

public struct UsageError: Error, Sendable {
    public var message: String
    public var help: String?
    public init(_ message: String, help: String? = nil) {
        self.message = message
        self.help = help
    }
}

/// Options valid with every command, anywhere on the line (as in hledger).
let globalOptions = [
    OptionSpec(["--file", "-f"], value: "PATH", "the journal (else $SITECYCLE_FILE, else the XDG data path)"),
    OptionSpec(["--now"], value: "TIME", "evaluate as of TIME instead of the clock (also $SITECYCLE_NOW)"),
    OptionSpec(["--json"], "print the report as JSON"),
    OptionSpec(["--color"], value: "WHEN", "auto, always or never (NO_COLOR and TERM=dumb turn auto off)"),
    OptionSpec(["--help", "-h"], "show help"),
    OptionSpec(["--version"], "print the version"),
]

enum ArgumentParser {
    /// The first word that is not an option (or an option's value): the
    /// command. Options before it can only be global ones.
    static func commandIndex(_ arguments: [String]) -> Int? {
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "--" { return i + 1 < arguments.count ? i + 1 : nil }
            if arg.hasPrefix("-") && arg.count > 1 {
                let name = String(arg.split(separator: "=", maxSplits: 1)[0])
                if let spec = globalOptions.first(where: { $0.names.contains(name) }),
                   spec.valueName != nil, !arg.contains("=") {
                    i += 1
                }
                i += 1
                continue
            }
            return i
        }
        return nil
    }

    /// Parses `arguments` against `options`; `--` ends option parsing.
    static func parse(_ arguments: [String], options: [OptionSpec], command: String?) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" || isNegativeNumber(arg) {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            let parts = arg.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let spec = options.first(where: { $0.names.contains(name) }) else {
                let all = options.flatMap(\.names).filter { $0.hasPrefix("--") }
                let where_ = command.map { " for `\($0)`" } ?? ""
                throw UsageError("unknown option `\(name)`\(where_)",
                                 help: suggestion(for: name, among: all).map { "did you mean `\($0)`?" }
                                     ?? "see `sitecycle help\(command.map { " \($0)" } ?? "")`")
            }
            if spec.valueName == nil {
                guard parts.count == 1 else { throw UsageError("`\(name)` takes no value") }
                result.flags.insert(spec.key)
                continue
            }
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else {
                guard i < arguments.count else {
                    throw UsageError("`\(name)` needs a value: \(name) \(spec.valueName!)")
                }
                value = arguments[i]
                i += 1
            }
            if !spec.repeatable, result.values[spec.key] != nil, spec.key != "--file", spec.key != "--now",
               spec.key != "--color" {
                throw UsageError("`\(name)` is given twice")
            }
            result.values[spec.key, default: []].append(value)
        }
        return result
    }

    static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.hasPrefix("-") && s.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
