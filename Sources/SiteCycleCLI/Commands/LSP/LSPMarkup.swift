import SiteCycleKit

/// How an editor shows hover and documentation text. Markdown unless the
/// client lists the formats it takes without it (Eglot on Emacs 28 without
/// markdown-mode takes plain text only, and showed our ```text fences and
/// **stars** as typed).
enum LSPMarkup: String {
    case markdown, plaintext

    /// The client's `contentFormat` or `documentationFormat`, in its order
    /// of preference; nil when it names none.
    init(offered: JSON?) {
        let formats = offered?.texts ?? []
        self = formats.contains("plaintext") && !formats.contains("markdown") ? .plaintext : .markdown
    }

    func strong(_ text: String) -> String { self == .markdown ? "**\(text)**" : text }

    /// Text a person typed (a name, a note, a message quoting one) shown
    /// as typed: in Markdown every character that could open a link, an
    /// image, raw HTML, a code span or fence, emphasis or an autolink
    /// (`:`, `.`, `@`) is backslash-escaped, which CommonMark renders as
    /// the character itself. A note from a sync peer is no markup.
    func text(_ typed: String) -> String {
        guard self == .markdown else { return typed }
        var out = ""
        out.reserveCapacity(typed.utf8.count)
        for c in typed.unicodeScalars {
            if c.isASCII, LSPMarkup.special.contains(UInt8(c.value)) { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out
    }

    private static let special = Set("\\`*_{}[]()<>#+-.!|~&:=@$^".utf8)

    /// Each on its own line (markdown runs lines together unless they end
    /// in two spaces).
    func lines(_ lines: [String]) -> String { lines.joined(separator: self == .markdown ? "  \n" : "\n") }

    /// Text laid out in columns, shown as it is (the help's own layout).
    func verbatim(_ lines: [String]) -> String {
        self == .markdown ? "```text\n" + lines.joined(separator: "\n") + "\n```" : lines.joined(separator: "\n")
    }

    /// Between two facts of one hover.
    var separator: String { self == .markdown ? "\n\n---\n\n" : "\n\n" }

    /// A `MarkupContent`.
    func content(_ text: String) -> JSON { .object([("kind", .string(rawValue)), ("value", .string(text))]) }
}
