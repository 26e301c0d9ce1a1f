import FoundationEssentials
import SiteCycleKit

extension CommandRegistry {
    static let remind = Command(
        name: "remind",
        summary: "a desktop notification once when a site change is due",
        usage: "sitecycle remind [--before DURATION] [--via auto|desktop|terminal|none] [--again]\n"
            + "       sitecycle remind --install [--every DURATION] [--print] | --uninstall",
        details: """
            Checks the active site and, when its change is due (or due within
            --before, e.g. `2h`), sends one reminder: "Site change due", with
            the site, since when, and the recommended next site. One reminder
            per due moment: running it every few minutes does not nag (--again
            sends it once more), and logging a new site starts afresh. What was
            sent is kept in $XDG_STATE_HOME/sitecycle/remind/.

            --via desktop uses notify-send (osascript on macOS), with names
            escaped so they show as written, not as markup; terminal prints
            to standard error; auto (the default) uses the desktop when
            a graphical session is reachable (DISPLAY, WAYLAND_DISPLAY or a
            D-Bus session) and notify-send is installed, else the terminal;
            none sends nothing and only sets the exit status.

            A device with a grace (`device sensor 10d grace 12h`) is reminded
            of once when due (the text says until when the grace lasts) and
            once more when the grace ends and it is overdue.

            Exit status: 0 nothing due, 3 due, in grace or overdue (as `status
            --check`), 1 a journal error, 2 a usage error.

            --install sets it up to run every --every (default 30m): where
            `systemctl --user` works, it writes sitecycle-remind.service and
            sitecycle-remind.timer to $XDG_CONFIG_HOME/systemd/user/ (else
            ~/.config/…) and enables the timer; otherwise it prints the
            crontab line to add and changes nothing. That line runs `--via
            auto` and is given the desktop's bus when it lives at
            /run/user/UID/bus; without it, the reminder goes to standard
            error, which cron mails to you. Paths are quoted as systemd
            and cron read them (`%` and `$` too); a path holding a line break
            is refused. Running it again is harmless. --print shows the files
            without writing them.
            --uninstall disables the timer and removes exactly those files.
            """,
        options: [
            OptionSpec(["--before"], value: "DURATION", "also remind when due within DURATION (2h, 30m)"),
            OptionSpec(["--via"], value: "HOW", "auto (default), desktop, terminal or none"),
            OptionSpec(["--again"], "remind even if this due moment was already reminded of"),
            OptionSpec(["--install"], "run remind regularly (systemd user timer, or crontab)"),
            OptionSpec(["--every"], value: "DURATION", "with --install: how often (default 30m)"),
            OptionSpec(["--print"], "with --install: show the files, write nothing"),
            OptionSpec(["--uninstall"], "remove what --install set up"),
        ],
        run: { RemindCommand(invocation: $0).run() })
}

struct RemindCommand {
    let invocation: Invocation
    var args: ParsedArguments { invocation.arguments }

    enum Via: String { case auto, desktop, terminal, none }

    func run() -> Int32 {
        if args.flag("--install") || args.flag("--uninstall") {
            for option in ["--before", "--via", "--again"] where args.has(option) {
                return invocation.usageError(UsageError("\(option) does not go with --install or --uninstall"))
            }
            return args.flag("--install") ? ReminderInstaller(invocation: invocation).install()
                : ReminderInstaller(invocation: invocation).uninstall()
        }
        for option in ["--every", "--print"] where args.has(option) {
            return invocation.usageError(UsageError("\(option) goes with --install"))
        }
        guard let via = Via(rawValue: args.value("--via") ?? "auto") else {
            return invocation.usageError(UsageError("--via takes auto, desktop, terminal or none, not `\(args.value("--via")!)`"))
        }
        var before: Int64 = 0
        if let text = args.value("--before") {
            guard let seconds = TimeArgument.relativeSeconds(Substring(text)) else {
                return invocation.usageError(UsageError("invalid --before: `\(text)` is not a duration",
                                                        help: "give hours or minutes like `2h` or `30m`"))
            }
            before = seconds
        }
        guard let journal = invocation.loadJournal() else { return ExitCode.failure }
        let now: Instant
        do { now = try invocation.now(for: journal) } catch { return invocation.fail(error) }
        let log = ReminderLog(journalPath: invocation.journalLocation.path, environment: invocation.env,
                              fileSystem: invocation.fileSystem)
        let sent = log?.sent() ?? []
        var code = ExitCode.ok
        // Each device has its own due moment (the pump first).
        for device in journal.deviceNames {
            switch Reminder.decide(journal, device: device, now: now, beforeSeconds: before, sent: sent,
                                   again: args.flag("--again")) {
            case .notDue:
                continue
            case .alreadySent:
                code = ExitCode.due
            case .send(let reminder):
                code = ExitCode.due
                var body = text(reminder, zone: journal.zone)
                if journal.hasDevices { body = device.prefix(1).uppercased() + device.dropFirst() + ": " + body }
                guard send(body, via: via) else { return ExitCode.failure }
                if via != .none {
                    do { try log?.record(reminder.moment) } catch {
                        invocation.warn(error.message + "; the next run will remind again")
                    }
                }
            }
        }
        return code
    }

    /// "Left Front Abdomen since 2026-11-19 08:00, due 2026-11-22 08:00. Next: Right Side Thigh."
    /// In grace: "…, was due 2026-11-22 08:00, in grace until 2026-11-22 20:00."
    func text(_ r: Reminder, zone: ZoneRules) -> String {
        let past = r.overdue || r.inGrace
        return "\(r.location) since \(displayTime(r.since, in: zone)), \(past ? "was due" : "due") "
            + "\(displayTime(r.due, in: zone))"
            + (r.inGrace ? ", in grace until \(displayTime(r.graceEnds!, in: zone))" : "") + "."
            + (r.next.map { " Next: \($0)." } ?? "")
    }

    static let title = "Site change due"

    func send(_ body: String, via: Via) -> Bool {
        switch via {
        case .none:
            return true
        case .terminal:
            invocation.err("sitecycle: \(RemindCommand.title): \(body.terminalSafe)\n")
            return true
        case .desktop:
            if let error = notifyDesktop(body) {
                invocation.fail("could not send a desktop notification: \(error)",
                                help: "install notify-send (libnotify-bin), or use --via terminal")
                return false
            }
            return true
        case .auto:
            if desktopReachable, notifyDesktop(body) == nil { return true }
            return send(body, via: .terminal)
        }
    }

    var desktopReachable: Bool {
        let env = invocation.env
        let session = ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"].contains { !(env[$0] ?? "").isEmpty }
        return session && Programs.find(notifier, in: env) != nil
    }

    #if os(macOS)
    let notifier = "osascript"
    #else
    let notifier = "notify-send"
    #endif

    /// The notification body is markup to most notification servers
    /// (Desktop Notifications spec: `<b>`, `<a href>`, entities): a location
    /// name is the user's text, shown as written, never as a link or tag.
    /// Escaped as g_markup_escape_text does.
    static func markupEscaped(_ text: String) -> String {
        // XML character data, as the report escapes it: one rule.
        ClinicReport.escape(text)
    }

    /// Nil when sent; else why not.
    func notifyDesktop(_ body: String) -> String? {
        guard let program = Programs.find(notifier, in: invocation.env) else { return "\(notifier) is not installed" }
        #if os(macOS)
        let quoted = { (s: String) in "\"" + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\"" }
        let arguments = ["-e", "display notification \(quoted(body)) with title \(quoted(RemindCommand.title))"]
        #else
        let arguments = ["--app-name=sitecycle", "--", RemindCommand.title, RemindCommand.markupEscaped(body)]
        #endif
        let result = Programs.run(program, arguments, environment: invocation.env)
        return result.status == 0 ? nil : "\(notifier) exited with \(result.status)"
    }
}

/// Running other programs by name, through `PATH`, with argument vectors.
enum Programs {
    static func find(_ name: String, in environment: [String: String]) -> String? {
        Subprocess.find(name, in: environment)
    }

    /// Runs `program` and gives back its status and what it printed (both
    /// streams, in order).
    static func run(_ program: String, _ arguments: [String], environment: [String: String]) -> (status: Int32, output: String) {
        let r = Subprocess.run(program, arguments, environment: environment, mergeErrors: true)
        if let failure = r.failure { return (127, failure) }
        return (r.status, String(decoding: r.stdout, as: UTF8.self))
    }
}
