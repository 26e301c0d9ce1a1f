import SiteCycleKit

/// The one printer of the lines that name the program on standard error:
/// `sitecycle: error:`, `sitecycle: warning:`, `sitecycle: note:`, the
/// `  hint:` line under them and remind's `sitecycle: TITLE:`. Each label
/// is coloured by the style given (the invocation's `errStyle`), and the
/// message made safe for the terminal and broken at spaces to fit 80
/// columns after its prefix (a long path moves whole to the next line).
/// A source test (`MessagesSourceTests`) holds that no other file spells
/// these prefixes. The text a signal handler writes lives here too
/// (`cutShort`), written ahead of time: a handler can neither colour nor
/// wrap.
enum Messages {
    enum Kind: String {
        case error, warning, note

        /// `sitecycle: error: `, as wrapping counts it (no colour).
        var prefix: String { "sitecycle: \(rawValue): " }

        func label(_ style: TextStyle) -> String {
            switch self {
            case .error: style.error("error:")
            case .warning: style.warning("warning:")
            case .note: style.help("note:")
            }
        }
    }

    /// `sitecycle: KIND: message`, then `  hint: help` when there is one.
    /// `wrapped: false` keeps the words as given, on one line: the picker's
    /// refusal, whose numbers stay together, and `undo`'s warnings, as
    /// they have always been printed.
    static func text(_ kind: Kind, _ message: String, help: String? = nil, style: TextStyle,
                     wrapped: Bool = true) -> String {
        let body = wrapped ? wrap(message, after: kind.prefix) : message
        let line = "sitecycle: " + kind.label(style) + " " + body + "\n"
        return line + (help.map { hint($0, style: style, wrapped: wrapped) } ?? "")
    }

    /// `  hint: help`, the line under an error or a warning.
    static func hint(_ help: String, style: TextStyle, wrapped: Bool = true) -> String {
        "  " + style.help("hint:") + " " + (wrapped ? wrap(help, after: "  hint: ") : help) + "\n"
    }

    /// `remind --via terminal`'s line: `sitecycle: TITLE: body`.
    static func titled(_ title: String, _ body: String) -> String {
        let prefix = "sitecycle: \(title): "
        return prefix + wrap(body, after: prefix) + "\n"
    }

    /// Whether `message` fits on the first line after `kind`'s prefix.
    static func fitsOneLine(_ kind: Kind, _ message: String) -> Bool {
        TextWrap.columns(kind.prefix + message.terminalSafeMessage) <= TextWrap.width
    }

    /// A message made safe for the terminal and broken at spaces to fit 80
    /// columns after `prefix`; a long path moves whole to the next line.
    static func wrap(_ text: String, after prefix: String) -> String {
        TextWrap.wrap(text.terminalSafeMessage, start: prefix.count, indent: "        ")
    }

    /// What the signal handler writes when another program cuts a mapped
    /// journal short (`Invocation.saysWhenAMappedJournalIsCutShort`):
    /// plain, and laid out by hand to fit 80 columns.
    static let cutShort: StaticString = """
        sitecycle: error: the journal was cut short by another program while it
                was being read; nothing was changed
          hint: run the command again

        """
}
