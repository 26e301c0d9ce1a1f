import FoundationEssentials
import SiteCycleKit

/// What `remind --install` sets up: two systemd user units, or else the
/// crontab line to add by hand, each running `remind` on the journal at
/// `journalPath` every `every` seconds.
struct ReminderUnits {
    /// Absolute, with symbolic links resolved: the timer runs from anywhere.
    let journalPath: String
    let environment: [String: String]
    let every: Int64
    /// The journal's folder is set up for `sync`: the timer pulls first.
    var pull = false

    /// The first line of every unit file written, how `--uninstall` knows
    /// its own; the marker says the rest on a second line to fit 80
    /// columns (an older version's one-line marker starts the same).
    static let markerStart = "# Written by `sitecycle remind --install`;"
    static let marker = markerStart + "\n# `sitecycle remind --uninstall` removes it."
    static let service = "sitecycle-remind.service", timer = "sitecycle-remind.timer"

    /// The command the timer runs. The user manager has the desktop's bus,
    /// so a notification that cannot be shown is a failure to see.
    var serviceCommand: String {
        ([SyncService.executable, "-f", journalPath, "remind", "--via", "desktop"] + (pull ? ["--pull"] : []))
            .map(ReminderUnits.execWord)
            .joined(separator: " ")
    }

    /// The command cron runs: cron has no desktop session, so it is given
    /// the session's bus when that has a fixed address, and `--via auto`
    /// falls back to standard error, which cron mails to the user.
    var cronCommand: String {
        let words = ([SyncService.executable, "-f", journalPath, "remind", "--via", "auto"] + (pull ? ["--pull"] : []))
            .map(ReminderUnits.shellWord)
        let bus = sessionBus.map { "DBUS_SESSION_BUS_ADDRESS=" + ReminderUnits.shellWord($0) + " " } ?? ""
        // crontab(5): an unescaped `%` ends the command (the rest is stdin).
        return (bus + words.joined(separator: " ")).replacingAll("%", with: "\\%")
    }

    /// The desktop session's bus, when it is the per-user one systemd-logind
    /// keeps at a fixed path (a `dbus-launch` address changes every login).
    var sessionBus: String? {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], address.hasPrefix("unix:path=/run/user/"),
              !address.contains(",") else { return nil }
        return address
    }

    static func isPlain(_ word: String) -> Bool {
        word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+=:,@".contains($0) }
    }

    /// A word of an ExecStart= line (systemd.syntax(7), systemd.service(5)):
    /// `%` and `$` doubled so no specifier or variable is expanded, and, if
    /// it holds more than plain characters, double-quoted with `\` and `"`
    /// escaped. Control characters are refused before this (`unsafePath`).
    static func execWord(_ word: String) -> String {
        let literal = word.replacingAll("%", with: "%%").replacingAll("$", with: "$$")
        guard !isPlain(word) else { return literal }
        return "\"" + literal.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }

    /// A word for /bin/sh, single-quoted unless plain.
    static func shellWord(_ word: String) -> String {
        isPlain(word) ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
    }

    /// A path that neither a unit file nor a crontab line can carry: a line
    /// break would start a directive or a new crontab entry, and a byte that
    /// is not UTF-8 (`SystemPath`) would be written as another name.
    var unsafePath: String? {
        [SyncService.executable, journalPath].first { path in
            path.unicodeScalars.contains { $0.properties.generalCategory == .control || SystemPath.byte($0) != nil }
        }
    }

    var files: [(name: String, text: String)] {
        [(ReminderUnits.service, """
            \(ReminderUnits.marker)
            [Unit]
            Description=sitecycle: remind when an infusion site change is due

            [Service]
            Type=oneshot
            ExecStart=\(serviceCommand)
            # 3 means "a change is due": a reminder was sent, nothing failed.
            SuccessExitStatus=3

            """),
         (ReminderUnits.timer, """
            \(ReminderUnits.marker)
            [Unit]
            Description=sitecycle: check every \(every / 60) min whether a site change is due

            [Timer]
            OnBootSec=2min
            OnUnitActiveSec=\(every)s
            Unit=\(ReminderUnits.service)

            [Install]
            WantedBy=timers.target

            """)]
    }

    var cronLine: String {
        let minutes = max(1, min(59, every / 60))
        return "*/\(minutes) * * * * " + cronCommand
    }

    /// What the crontab line does when it runs, said after it.
    var cronNote: String {
        let mail = "which cron mails to you (put MAILTO=you@example.org at the top of the\n"
            + "crontab; mail needs a mail transfer agent).\n"
        return sessionBus == nil
            ? "cron has no desktop session, so each reminder goes to standard error,\n" + mail
            : "It notifies through your desktop session's bus while you are logged in;\n"
                + "otherwise the reminder goes to standard error,\n" + mail
    }
}
