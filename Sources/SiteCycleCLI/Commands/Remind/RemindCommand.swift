import SiteCycleKit

extension CommandRegistry {
    static let remind = Command(
        name: "remind",
        summary: "a desktop notification when a site change is due",
        usage: "sitecycle remind [--before DURATION] [--repeat DURATION|off] [--snooze DURATION]\n"
            + "       [--via auto|desktop|terminal|none] [--again] [--pull]\n"
            + "       sitecycle remind --install [--every DURATION] [--print] | --uninstall",
        details: """
            Checks the active site and, when its change is due, sends one
            reminder: "Site change due", with the site, since when, and the
            recommended next site. Running it every few minutes does not nag
            (--again sends it once more), and logging a new site starts
            afresh. What was sent is kept in $XDG_STATE_HOME/sitecycle/remind/,
            by time and per device, so one device never crowds out another.

            --before DURATION (`2h`) also sends one early reminder that far
            ahead ("Site change due soon": due at 08:00, in 2 h). It does not
            use up the due reminder, which still comes at the due time.

            Until a change is logged it keeps asking: once in each --repeat
            (default 4h) after the due time, at due + 4h, due + 8h, … (the
            first run in each; `--repeat off` reminds once). The schedule
            counts from the change actually logged: a new site has its own
            due time, and the old site's repeats stop.
            --snooze DURATION (`1h`, `30m`) sends nothing and silences the
            sites in now until then; the first run after that reminds again
            if still due. Logging a change ends the snooze. The installed
            timer and cron line need no change: they run `remind` as before.

            A journal with an error (a sync conflict left in it, a typo on
            the last line) still reminds: from the lines before the first
            error, as `status` reads them, and the reminder says "the journal
            has an error at line N: this reminder may be out of date". When
            no site can be read before the error it sends "Site journal needs
            attention" instead (once per --repeat). The exit status is 3 when
            due, else 1.

            --pull first fetches and merges the journal's git remote as
            `sync` does, without pushing (the journal's own new lines are
            committed, not pushed): a change logged and synced on the other
            laptop then counts. Offline, or on a merge conflict (the merge is
            undone), it reminds from what this computer has and says it could
            not pull. `--install` adds --pull to what the timer runs when the
            journal's folder is set up for `sync` (`sync --setup`).

            --via desktop uses notify-send (osascript on macOS), with names
            escaped so they show as written, not as markup; terminal prints
            to standard error; auto (the default) uses the desktop when
            a graphical session is reachable (DISPLAY, WAYLAND_DISPLAY or a
            D-Bus session) and notify-send is installed, else the terminal;
            none sends nothing and only sets the exit status.

            A device with a grace (`device sensor 10d grace 12h`) is reminded
            of when due (the text says until when the grace lasts) and once
            more when the grace ends: "Site change overdue", which a device
            without a grace is as soon as it is past due (as `status` says).

            Exit status: 0 nothing due, 3 due (or due within --before), in
            grace or overdue (as `status --check`), even with a journal error;
            1 a journal error and nothing due, 2 a usage error.

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
/// due; `--install` and `--uninstall` go to `ReminderInstaller`. A journal
/// with an error still reminds, from the lines before its first error, and
/// says the reminder may be out of date: a sync conflict must not silence it.
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
        // A journal that is not there is said once, as every command says it.
        let notPulled = options.pull && invocation.fileSystem.exists(invocation.journalLocation.path) ? pull() : nil
        guard let full = invocation.readJournal() else { return ExitCode.failure }
        let now: Instant
        do { now = try invocation.now(for: full) } catch { return invocation.fail(error) }
        let log = ReminderLog(journalPath: invocation.journalLocation.path, environment: invocation.env,
                              fileSystem: invocation.fileSystem)
        let memory = log?.memory() ?? ReminderMemory()
        let round = ReminderRound(full, now: now, beforeSeconds: options.beforeSeconds,
                                  repeatSeconds: options.repeatSeconds, again: options.again, memory: memory)
        if let trouble = round.trouble { say(trouble, in: full, readable: round.readable) }
        if let seconds = options.snoozeSeconds {
            let code = snooze(round.journal, now: now, seconds: seconds, log: log)
            return round.trouble == nil ? code : ExitCode.failure
        }
        let notifier = ReminderNotifier(invocation: invocation, via: options.via)
        let troubleSentence = (round.trouble.map { " " + ReminderNotifier.outOfDate($0) } ?? "")
            + (notPulled.map { " " + $0 } ?? "")
        for reminder in round.reminders {
            let body = notifier.body(reminder, device: reminder.device, in: round.journal, now: now) + troubleSentence
            guard notifier.send(title: ReminderNotifier.title(reminder.kind), body) else { return ExitCode.failure }
        }
        if let trouble = round.trouble, !round.undecided.isEmpty {
            guard notifier.send(title: ReminderNotifier.attentionTitle,
                                ReminderNotifier.undecided(round.undecided, trouble, devices: full.hasDevices))
            else { return ExitCode.failure }
        }
        if options.via != .none, let log, round.memory != memory {
            do throws(FileError) { try log.save(round.memory) } catch {
                invocation.warn(error.message + "; the next run will remind again")
            }
        }
        return round.due ? ExitCode.due : round.trouble == nil ? ExitCode.ok : ExitCode.failure
    }

    /// `--pull`: fetch and merge as `sync` does, without pushing, so that a
    /// change logged and synced on the other computer counts. Nil when
    /// pulled (or already up to date); else the sentence the reminder adds
    /// ("Not pulled: …"), said on standard error too. Offline or on a
    /// conflict it reminds from what this clone has.
    func pull() -> String? {
        let service = SyncService(git: Git(environment: invocation.env), fileSystem: invocation.fileSystem,
                                  folder: POSIXSyncFolder(), defaultZone: invocation.systemZone,
                                  environment: invocation.env, recording: invocation.undoRecording(),
                                  clock: invocation.runClock)
        let error: SyncError
        switch service.pull(SyncService.Request(journal: invocation.journalLocation.path, timeout: 30)) {
        case .pulled, .upToDate: return nil
        case .offline(let e), .conflict(let e), .notPulled(let e): error = e
        }
        invocation.warn("could not pull: " + error.message + "; reminding from what this computer has",
                        help: error.help)
        return "Not pulled from the other computers: " + error.message + "."
    }

    /// A journal with errors: each shown, and what the reminder reads.
    func say(_ trouble: ReminderRound.Trouble, in full: Journal, readable: Bool) {
        invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(full.diagnostics.errors, in: full.source))
        invocation.warn("\(full.source.path.terminalSafe) has an error on line \(trouble.errorLine); "
                            + (readable ? "this reminder reads only the lines before it" : "no site can be read before it"),
                        help: "fix it, then run `sitecycle check`")
    }

    /// `--snooze`: each site in now stays silent until now + `seconds`;
    /// logging a change ends the snooze with the cycle it was for.
    func snooze(_ journal: Journal, now: Instant, seconds: Int64, log: ReminderLog?) -> Int32 {
        let until = now.adding(seconds: seconds)
        let cycles = journal.deviceNames.compactMap { device -> ReminderMemory.Cycle? in
            guard let active = journal.rotation(device).activeChange(at: now) else { return nil }
            return ReminderMemory.Cycle(device: device, since: active.start)
        }
        guard !cycles.isEmpty else {
            invocation.out("No site is in now; nothing to snooze.\n")
            return ExitCode.ok
        }
        guard let log else {
            return invocation.fail(CommandError("no state folder to keep the snooze in",
                                                help: "set $HOME or $XDG_STATE_HOME"))
        }
        var memory = log.memory()
        for cycle in cycles { memory.snooze(cycle, until: until) }
        do throws(FileError) { try log.save(memory) } catch { return invocation.fail(CommandError(error.message)) }
        invocation.out("Reminders snoozed until \(displayTime(until, in: journal.zone)).\n")
        return ExitCode.ok
    }
}

