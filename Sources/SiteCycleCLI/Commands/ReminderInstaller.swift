import FoundationEssentials
import SiteCycleKit

/// `remind --install` and `--uninstall`: a systemd user timer where
/// `systemctl --user` works, else the crontab line to add by hand.
struct ReminderInstaller {
    let invocation: Invocation
    var env: [String: String] { invocation.env }
    /// Where the unit files are written: only through this.
    var files: FileSystem { invocation.fileSystem }

    static let marker = "# Written by `sitecycle remind --install`; `sitecycle remind --uninstall` removes it."
    static let service = "sitecycle-remind.service", timer = "sitecycle-remind.timer"

    var unitFolder: String? {
        if let config = env["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/systemd/user" }
        if let home = env["HOME"], home.hasPrefix("/") { return home + "/.config/systemd/user" }
        return nil
    }

    var journalPath: String { files.resolvedPath(WriteHistory.absolute(invocation.journalLocation.path)) }

    /// Every this many seconds (at least a minute).
    func interval() throws(CommandError) -> Int64 {
        guard let text = invocation.arguments.value("--every") else { return 30 * 60 }
        guard let seconds = TimeArgument.relativeSeconds(Substring(text)), seconds >= 60 else {
            throw CommandError("invalid --every: `\(text)` is not a duration of a minute or more",
                               help: "give minutes or hours like `30m` or `1h`", usage: true)
        }
        return seconds
    }

    /// The command the timer runs. The user manager has the desktop's bus,
    /// so a notification that cannot be shown is a failure to see.
    var serviceCommand: String {
        [SyncService.executable, "-f", journalPath, "remind", "--via", "desktop"].map(ReminderInstaller.execWord)
            .joined(separator: " ")
    }

    /// The command cron runs: cron has no desktop session, so it is given
    /// the session's bus when that has a fixed address, and `--via auto`
    /// falls back to standard error, which cron mails to the user.
    var cronCommand: String {
        let words = [SyncService.executable, "-f", journalPath, "remind", "--via", "auto"].map(ReminderInstaller.shellWord)
        let bus = sessionBus.map { "DBUS_SESSION_BUS_ADDRESS=" + ReminderInstaller.shellWord($0) + " " } ?? ""
        // crontab(5): an unescaped `%` ends the command (the rest is stdin).
        return (bus + words.joined(separator: " ")).replacingAll("%", with: "\\%")
    }

    /// The desktop session's bus, when it is the per-user one systemd-logind
    /// keeps at a fixed path (a `dbus-launch` address changes every login).
    var sessionBus: String? {
        guard let address = env["DBUS_SESSION_BUS_ADDRESS"], address.hasPrefix("unix:path=/run/user/"),
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
    /// break would start a directive or a new crontab entry.
    var unsafePath: String? {
        [SyncService.executable, journalPath].first { path in
            path.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
    }

    func units(every seconds: Int64) -> [(name: String, text: String)] {
        [(ReminderInstaller.service, """
            \(ReminderInstaller.marker)
            [Unit]
            Description=sitecycle: remind when an infusion site change is due

            [Service]
            Type=oneshot
            ExecStart=\(serviceCommand)
            # 3 means "a change is due": a reminder was sent, nothing failed.
            SuccessExitStatus=3

            """),
         (ReminderInstaller.timer, """
            \(ReminderInstaller.marker)
            [Unit]
            Description=sitecycle: check every \(seconds / 60) min whether a site change is due

            [Timer]
            OnBootSec=2min
            OnUnitActiveSec=\(seconds)s
            Unit=\(ReminderInstaller.service)

            [Install]
            WantedBy=timers.target

            """)]
    }

    var cronLine: String {
        let minutes = max(1, min(59, ((try? interval()) ?? 1800) / 60))
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

    /// `systemctl --user` answers: a user manager is running.
    var systemdWorks: Bool {
        guard let systemctl = Programs.find("systemctl", in: env) else { return false }
        return Programs.run(systemctl, ["--user", "show-environment"], environment: env).status == 0
    }

    func systemctl(_ arguments: [String]) -> (status: Int32, output: String) {
        guard let program = Programs.find("systemctl", in: env) else { return (127, "systemctl is not installed") }
        return Programs.run(program, ["--user"] + arguments, environment: env)
    }

    func install() -> Int32 {
        let seconds: Int64
        do { seconds = try interval() } catch { return invocation.fail(error) }
        guard files.exists(invocation.journalLocation.path) else {
            _ = invocation.readJournal()  // says where it looked
            return ExitCode.failure
        }
        if let path = unsafePath {
            return invocation.fail("\(path.terminalSafe) holds a line break or other control character, "
                                   + "which a systemd unit or crontab line cannot carry; nothing was installed",
                                   help: "move it to a folder whose name has none (`mv`), then run "
                                       + "`sitecycle -f NEWPATH remind --install`")
        }
        let units = units(every: seconds)
        if invocation.arguments.flag("--print") {
            for f in units { invocation.out("# \(unitFolder ?? "~/.config/systemd/user")/\(f.name)\n\(f.text)\n") }
            invocation.out("# without systemd, this crontab line (`crontab -e`) does the same:\n# \(cronLine)\n"
                           + cronNote.split(separator: "\n").map { "# " + $0 + "\n" }.joined())
            return ExitCode.ok
        }
        guard systemdWorks, let folder = unitFolder else {
            invocation.out("""
                systemd's user manager is not available here, so nothing was installed.
                Add this line with `crontab -e` to check every \(seconds / 60) minutes:

                \(cronLine)

                \(cronNote)
                """)
            return ExitCode.ok
        }
        var written: [String] = []
        for f in units {
            let path = folder + "/" + f.name
            let bytes = Array(f.text.utf8)
            if (try? files.read(path)) == bytes { continue }
            do throws(FileError) {
                if files.exists(path) {
                    guard isOurs(path) else {
                        return invocation.fail("\(path) exists and was not written by sitecycle; nothing was changed",
                                               help: "move it away, then run `sitecycle remind --install` again")
                    }
                    try files.replace(path, with: bytes)  // replaced whole, its mode kept
                } else {
                    try files.create(path, with: bytes)  // private, its folders made
                }
            } catch {
                return invocation.fail(error.message, help: error.hint)
            }
            written.append(f.name)
        }
        for step in [["daemon-reload"], ["enable", "--now", ReminderInstaller.timer]] {
            let r = systemctl(step)
            guard r.status == 0 else {
                return invocation.fail("systemctl --user \(step.joined(separator: " ")) failed: "
                                       + r.output.trimmingWhitespace())
            }
        }
        invocation.out(written.isEmpty ? "Already installed: \(ReminderInstaller.timer) is enabled.\n"
                       : "Installed \(written.joined(separator: " and ")) in\n  \(folder)\n"
                         + "and enabled the timer: every \(seconds / 60) minutes, a reminder if a change is due.\n")
        return ExitCode.ok
    }

    /// A unit file this installer wrote: it starts with the marker.
    func isOurs(_ path: String) -> Bool {
        ((try? files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? "").hasPrefix(ReminderInstaller.marker)
    }

    func uninstall() -> Int32 {
        guard let folder = unitFolder else { return invocation.fail("no home folder: set HOME or XDG_CONFIG_HOME") }
        let ours = [ReminderInstaller.timer, ReminderInstaller.service].map { folder + "/" + $0 }.filter(isOurs)
        guard !ours.isEmpty else {
            invocation.out("Nothing to remove: no timer installed by sitecycle in \(folder).\n"
                           + "If you added a crontab line, remove it with `crontab -e`.\n")
            return ExitCode.ok
        }
        if systemdWorks { _ = systemctl(["disable", "--now", ReminderInstaller.timer]) }
        for path in ours { try? files.remove(path) }
        if systemdWorks { _ = systemctl(["daemon-reload"]) }
        invocation.out("Removed \(ours.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " and ")).\n")
        return ExitCode.ok
    }
}
