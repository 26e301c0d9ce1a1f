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

            Until a change is logged it keeps asking: again every --repeat
            (default 4h) after the due time, at due + 4h, due + 8h, … (the
            first run after each; `--repeat off` reminds once). The schedule
            counts from the change actually logged: a new site has its own
            due time, and the old site's repeats stop.
            --snooze DURATION (`1h`, `30m`) sends nothing and silences the
            sites in now until then; the first run after that reminds again
            if still due. Logging a change ends the snooze. The installed
            timer and cron line need no change: they run `remind` as before.

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
            or a byte that is not UTF-8 is refused. Running it again is
            harmless. --print shows the files without writing them.
            --uninstall disables the timer and removes exactly those files.
            """,
        options: RemindOptions.specs,
        run: { RemindCommand(invocation: $0).run() })
}

/// Checks each device's due moment and sends what `Reminder.decide` says is
/// due; `--install` and `--uninstall` go to `ReminderInstaller`.
struct RemindCommand {
    let invocation: Invocation

    func run() -> Int32 {
        let options: RemindOptions
        do throws(CommandError) { options = try RemindOptions(invocation.arguments) } catch { return invocation.fail(error) }
        let installer = ReminderInstaller(invocation: invocation)
        switch options.setup {
        case .install(let every, let printOnly): return installer.install(every: every, printOnly: printOnly)
        case .uninstall: return installer.uninstall()
        case nil: break
        }
        guard let journal = invocation.loadJournal() else { return ExitCode.failure }
        let now: Instant
        do { now = try invocation.now(for: journal) } catch { return invocation.fail(error) }
        let log = ReminderLog(journalPath: invocation.journalLocation.path, environment: invocation.env,
                              fileSystem: invocation.fileSystem)
        if let seconds = options.snoozeSeconds { return snooze(journal, now: now, seconds: seconds, log: log) }
        let sent = log?.sent() ?? []
        let snoozes = log?.snoozes() ?? [:]
        // Each device has its own due moment (the pump first).
        let decisions = journal.deviceNames.map { device in
            (device, Reminder.decide(journal, device: device, now: now, beforeSeconds: options.beforeSeconds,
                                     sent: sent, again: options.again, repeatSeconds: options.repeatSeconds,
                                     snoozes: snoozes))
        }
        let notifier = ReminderNotifier(invocation: invocation, via: options.via)
        for case (let device, .send(let reminder)) in decisions {
            guard notifier.send(notifier.body(reminder, device: device, in: journal, now: now)) else { return ExitCode.failure }
            guard options.via != .none else { continue }
            do { for moment in reminder.sentMoments { try log?.record(moment) } } catch {
                invocation.warn(error.message + "; the next run will remind again")
            }
        }
        return decisions.contains { $0.1 != .notDue } ? ExitCode.due : ExitCode.ok
    }

    /// `--snooze`: each site in now stays silent until now + `seconds`;
    /// logging a change ends the snooze with the cycle it was for.
    func snooze(_ journal: Journal, now: Instant, seconds: Int64, log: ReminderLog?) -> Int32 {
        let until = now.adding(seconds: seconds)
        let cycles = journal.deviceNames.compactMap { device -> String? in
            guard let active = journal.rotation(device).activeChange(at: now) else { return nil }
            return "\(device) \(active.start.seconds)"
        }
        guard !cycles.isEmpty else {
            invocation.out("No site is in now; nothing to snooze.\n")
            return ExitCode.ok
        }
        guard let log else {
            return invocation.fail(CommandError("no state folder to keep the snooze in",
                                                help: "set $HOME or $XDG_STATE_HOME"))
        }
        for cycle in cycles {
            do { try log.snooze(cycle, until: until) } catch { return invocation.fail(CommandError(error.message)) }
        }
        invocation.out("Reminders snoozed until \(displayTime(until, in: journal.zone)).\n")
        return ExitCode.ok
    }
}
