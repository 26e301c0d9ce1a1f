/// A word as typed at a shell prompt, perhaps cut short inside a quote:
/// what it says, and how to write a candidate back into it so that the
/// shell reads the candidate literally. A location name is the user's own
/// text (`Left $(touch x) Arm`, backticks, quotes, `!`): completing it must
/// never run it or change it.
struct ShellWord {
    /// POSIX-like quoting (bash, zsh), or fish's.
    enum Rules { case posix, fish }

    /// What the word says, its quotes and escapes removed.
    var literal = ""
    /// The quote still open at its end, if any.
    var openQuote: Character?
    /// Whether the user quoted or escaped anything (then names complete in
    /// full rather than as slugs).
    var isQuoted = false

    init(_ typed: String, rules: Rules) {
        var escaped = false
        for c in typed {
            if escaped {
                escaped = false
                switch (openQuote, rules) {
                case (nil, _): literal.append(c)
                case ("\"", .posix) where "$`\"\\".contains(c), ("\"", .fish) where "$\"\\".contains(c),
                     ("'", .fish) where "'\\".contains(c):
                    literal.append(c)
                default: literal += "\\" + String(c)
                }
                continue
            }
            switch (openQuote, c) {
            case (nil, "\\"), ("\"", "\\"): escaped = true
            case ("'", "\\") where rules == .fish: escaped = true
            case (nil, "'"), (nil, "\""): openQuote = c
            case (let q?, _) where q == c: openQuote = nil
            default: literal.append(c)
            }
            if c == "\\" || c == "'" || c == "\"" { isQuoted = true }
        }
    }

    /// `value` written for bash, inside `quote` (the one the user opened) or
    /// bare: every character the shell would act on is escaped, and the
    /// quote is closed again. bash expands `!` even inside double quotes, so
    /// there it is written as `'!'` between them.
    static func bash(_ value: String, in quote: Character?) -> String {
        switch quote {
        case "'"?:
            return "'" + value.replacingAll("'", with: "'\\''") + "'"
        case "\""?:
            var out = "\""
            for c in value {
                if c == "!" { out += "\"'!'\"" } else {
                    if "$`\"\\".contains(c) { out.append("\\") }
                    out.append(c)
                }
            }
            return out + "\""
        default:
            var out = ""
            for c in value {
                if c.isASCII, !(c.isLetter || c.isNumber || ",._+@%/-".contains(c)) { out.append("\\") }
                out.append(c)
            }
            return out
        }
    }
}
