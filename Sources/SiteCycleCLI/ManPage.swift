import SiteCycleKit

/// `sitecycle help --man`: the manual page, built from the same text as
/// `help`, `help COMMAND` and every `help TOPIC`, so they never disagree.
/// Read it with `sitecycle help --man | man -l -`.
extension HelpText {
    static func manPage() -> String {
        var page = """
            .TH SITECYCLE 1 "" "sitecycle \(sitecycleVersion)" "User Commands"
            .SH NAME
            sitecycle \\- rotate insulin pump and CGM sites, kept in a plain-text journal
            .SH SYNOPSIS
            .B sitecycle
            [\\-f PATH] [\\-\\-now TIME] [\\-\\-json] [\\-\\-color WHEN] COMMAND [ARGS]
            .SH DESCRIPTION

            """
        page += verbatim(overview())
        page += ".SH COMMANDS\n"
        for c in CommandRegistry.all where !c.hidden {
            page += ".SS " + roff(c.name) + "\n" + verbatim(command(c))
        }
        for topic in HelpTopic.all {
            // A page that opens with its own title has it once, as the heading.
            var text = Substring(topic.text)
            if text.hasPrefix(topic.manTitle + "\n") { text = text.dropFirst(topic.manTitle.count + 1) }
            page += ".SH " + roff(topic.manTitle) + "\n" + verbatim(String(text))
        }
        page += """
            .SH ENVIRONMENT
            .TP
            .B SITECYCLE_FILE
            the journal, when \\-f is not given
            .TP
            .B SITECYCLE_NOW
            evaluate as of that time, like \\-\\-now
            .TP
            .B NO_COLOR
            no colour, as \\-\\-color never
            .TP
            .B XDG_DATA_HOME, XDG_STATE_HOME
            where the journal and the undo history live by default
            .SH SEE ALSO
            .BR git (1),
            .BR ledger (1)

            """
        return page
    }

    /// Help text as it is on the screen: lines kept, no filling, so its
    /// alignment survives; at the left margin, so its 80 columns fit in 80.
    static func verbatim(_ text: String) -> String {
        ".in 0\n.nf\n" + text.split(separator: "\n", omittingEmptySubsequences: false).map { roff(String($0)) }.joined(separator: "\n")
            + (text.hasSuffix("\n") ? "" : "\n") + ".fi\n.in\n"
    }

    /// A line as roff reads it literally: backslashes escaped, a leading
    /// `.` or `'` (a request) defused, hyphens as hyphens.
    static func roff(_ line: String) -> String {
        var out = line.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
