import Foundation
import Testing

/// `remind` with a recording `notify-send` and `systemctl` on PATH: one
/// reminder per due moment, and an install that can be undone exactly.
struct RemindTests {
    let root: URL
    let env: [String: String]

    init() throws {
        root = try BinaryRunner.temporaryDirectory()
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for tool in ["notify-send", "systemctl"] {
            let script = "#!/bin/sh\nprintf '%s\\n' \"$*\" >> \"\(root.path)/\(tool).log\"\nexit 0\n"
            try script.write(to: bin.appendingPathComponent(tool), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent(tool).path)
        }
        env = BinaryRunner.baseEnvironment(home: root).merging([
            "PATH": bin.path + ":/usr/bin:/bin", "DISPLAY": ":0", "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        ]) { $1 }
        try """
            timezone UTC
            target 72h
            location Left Arm
            location Right Arm

            2026-02-01 08:00  Left Arm

            """.write(to: root.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
    }

    @discardableResult
    func sitecycle(_ args: [String], now: String? = nil, environment: [String: String]? = nil) throws -> BinaryRunner.Output {
        try BinaryRunner.run(["-f", "sites.journal"] + (now.map { ["--now", $0] } ?? []) + args, in: root,
                             environment: environment ?? env)
    }

    func log(_ tool: String) -> [String] {
        ((try? String(contentsOf: root.appendingPathComponent("\(tool).log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    @Test func oneReminderPerDueMoment() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try sitecycle(["remind"], now: "2026-02-03 08:00").exitCode == 0)
        #expect(log("notify-send").isEmpty)
        #expect(try sitecycle(["remind", "--before", "2h"], now: "2026-02-04 06:30").exitCode == 3)
        #expect(log("notify-send") == [
            "--app-name=sitecycle -- Site change due soon Left Arm since 2026-02-01 08:00, due at 2026-02-04 08:00, "
                + "in 1 h 30 min. Next: Right Arm.",
        ])
        // Every ten minutes after that: no nagging, but the status says due;
        // the early reminder did not use up the due one (issue 37 item 2).
        for time in ["06:40", "07:50"] {
            #expect(try sitecycle(["remind", "--before", "2h"], now: "2026-02-04 " + time).exitCode == 3, "\(time)")
        }
        #expect(log("notify-send").count == 1)
        #expect(try sitecycle(["remind", "--before", "2h"], now: "2026-02-04 08:10").exitCode == 3)
        #expect(log("notify-send").count == 2)
        #expect(log("notify-send")[1] == "--app-name=sitecycle -- Site change overdue Left Arm since 2026-02-01 08:00, "
                    + "overdue: was due 2026-02-04 08:00. Next: Right Arm.")
        #expect(try sitecycle(["remind", "--before", "2h"], now: "2026-02-04 09:40").exitCode == 3)
        #expect(log("notify-send").count == 2)
        #expect(try sitecycle(["remind", "--again"], now: "2026-02-04 09:00").exitCode == 3)
        #expect(log("notify-send").count == 3)
        // A new site is a new due moment.
        try sitecycle(["log", "right arm"], now: "2026-02-04 10:00")
        #expect(try sitecycle(["remind"], now: "2026-02-07 10:00").exitCode == 3)
        #expect(log("notify-send").count == 4)
        #expect(log("notify-send").last!.contains("Right Arm since 2026-02-04 10:00"))
    }

    @Test func remindersKeepAskingUntilAChangeIsLogged() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // Due 2026-02-04 08:00; every run steps --now as a timer would.
        #expect(try sitecycle(["remind"], now: "2026-02-04 08:00").exitCode == 3)
        #expect(log("notify-send").count == 1)
        for time in ["2026-02-04 08:30", "2026-02-04 11:59"] { _ = try sitecycle(["remind"], now: time) }
        #expect(log("notify-send").count == 1)
        _ = try sitecycle(["remind"], now: "2026-02-04 12:00")  // due + 4h
        #expect(log("notify-send").count == 2)
        _ = try sitecycle(["remind"], now: "2026-02-04 12:30")
        #expect(log("notify-send").count == 2)
        // Snoozed for 6 hours at 13:00: silent at 16:00 (the next repeat), asks at 19:00.
        let snoozed = try sitecycle(["remind", "--snooze", "6h"], now: "2026-02-04 13:00")
        #expect(snoozed.exitCode == 0 && snoozed.stdout == "Reminders snoozed until 2026-02-04 19:00.\n", "\(snoozed)")
        #expect(try sitecycle(["remind"], now: "2026-02-04 16:00").exitCode == 3)
        #expect(log("notify-send").count == 2)
        _ = try sitecycle(["remind"], now: "2026-02-04 19:00")
        #expect(log("notify-send").count == 3)
        // --repeat sets the interval; off reminds once.
        _ = try sitecycle(["remind", "--repeat", "2h"], now: "2026-02-04 22:00")  // due + 14h: repeat 7
        #expect(log("notify-send").count == 4)
        _ = try sitecycle(["remind", "--repeat", "off"], now: "2026-02-04 23:00")
        #expect(log("notify-send").count == 4)
        // A change logged late: the schedule counts from it, not the old due time.
        try sitecycle(["log", "right arm"], now: "2026-02-05 06:00")
        #expect(try sitecycle(["remind"], now: "2026-02-05 10:00").exitCode == 0)
        #expect(try sitecycle(["remind"], now: "2026-02-08 05:59").exitCode == 0)
        #expect(log("notify-send").count == 4)
        _ = try sitecycle(["remind"], now: "2026-02-08 06:00")
        _ = try sitecycle(["remind"], now: "2026-02-08 10:00")
        #expect(log("notify-send").count == 6)
        #expect(log("notify-send").last!.contains("Right Arm since 2026-02-05 06:00, overdue: was due 2026-02-08 06:00"))
        let bad = try sitecycle(["remind", "--repeat", "often"], now: "2026-02-08 10:00")
        #expect(bad.exitCode == 2 && bad.stderr.contains("invalid --repeat"))
    }

    @Test func withoutADesktopTheReminderGoesToTheTerminal() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var plain = env
        plain["DISPLAY"] = nil
        let r = try sitecycle(["remind"], now: "2026-02-05 08:00", environment: plain)
        #expect(r.exitCode == 3)
        // Wrapped at 80 columns (issue 31 item 14).
        #expect(r.stderr == "sitecycle: Site change overdue: Left Arm since 2026-02-01 08:00, overdue: was\n"
                + "        due 2026-02-04 08:00. Next: Right Arm.\n")
        #expect(log("notify-send").isEmpty)
        #expect(try sitecycle(["remind", "--via", "loud"], now: "2026-02-05 08:00").exitCode == 2)
    }

    @Test func printShowsTheUnitsAndChangesNothing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try sitecycle(["remind", "--install", "--every", "15m", "--print"])
        #expect(r.exitCode == 0)
        let binary = BinaryRunner.executable.resolvingSymlinksInPath().path
        let text = r.stdout.replacingOccurrences(of: binary, with: "SITECYCLE")
            .replacingOccurrences(of: root.resolvingSymlinksInPath().path, with: "$WORK")
            .replacingOccurrences(of: root.path, with: "$WORK")
        #expect(text == """
            # $WORK/config/systemd/user/sitecycle-remind.service
            # Written by `sitecycle remind --install`;
            # `sitecycle remind --uninstall` removes it.
            [Unit]
            Description=sitecycle: remind when an infusion site change is due

            [Service]
            Type=oneshot
            ExecStart=SITECYCLE -f $WORK/sites.journal remind --via desktop
            # 3 means "a change is due": a reminder was sent, nothing failed.
            SuccessExitStatus=3

            # $WORK/config/systemd/user/sitecycle-remind.timer
            # Written by `sitecycle remind --install`;
            # `sitecycle remind --uninstall` removes it.
            [Unit]
            Description=sitecycle: check every 15 min whether a site change is due

            [Timer]
            OnBootSec=2min
            OnUnitActiveSec=900s
            Unit=sitecycle-remind.service

            [Install]
            WantedBy=timers.target

            # without systemd, this crontab line (`crontab -e`) does the same:
            # */15 * * * * SITECYCLE -f $WORK/sites.journal remind --via auto
            # cron has no desktop session, so each reminder goes to standard error,
            # which cron mails to you (put MAILTO=you@example.org at the top of the
            # crontab; mail needs a mail transfer agent).

            """, "\(text)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("config").path))
        #expect(log("systemctl").isEmpty)
        // Every comment line fits 80 columns (issue 31 item 14); only the
        // lines holding paths are as long as the paths are.
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("#") && !$0.contains("$WORK") && $0.count > 80 } == [])
    }

    @Test func uninstallKnowsAnOlderVersionsOneLineMarker() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let units = root.appendingPathComponent("config/systemd/user")
        try FileManager.default.createDirectory(at: units, withIntermediateDirectories: true)
        let old = "# Written by `sitecycle remind --install`; `sitecycle remind --uninstall` removes it.\n[Unit]\n"
        for name in ["sitecycle-remind.service", "sitecycle-remind.timer"] {
            try old.write(to: units.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let removed = try sitecycle(["remind", "--uninstall"])
        #expect(removed.stdout == "Removed sitecycle-remind.timer and sitecycle-remind.service.\n", "\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: units.path) == [])
    }

    @Test func installTwiceThenUninstallLeavesNothingBehind() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let units = root.appendingPathComponent("config/systemd/user")
        try FileManager.default.createDirectory(at: units, withIntermediateDirectories: true)
        try "[Unit]\n".write(to: units.appendingPathComponent("mine.service"), atomically: true, encoding: .utf8)
        #expect(try sitecycle(["remind", "--install"]).stdout.hasPrefix("Installed sitecycle-remind.service and"))
        #expect(try sitecycle(["remind", "--install"]).stdout == "Already installed: sitecycle-remind.timer is enabled.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: units.path).sorted()
                == ["mine.service", "sitecycle-remind.service", "sitecycle-remind.timer"])
        #expect(log("systemctl").contains("--user enable --now sitecycle-remind.timer"))
        let removed = try sitecycle(["remind", "--uninstall"])
        #expect(removed.stdout == "Removed sitecycle-remind.timer and sitecycle-remind.service.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: units.path) == ["mine.service"])
        #expect(log("systemctl").contains("--user disable --now sitecycle-remind.timer"))
    }

    @Test func withoutSystemdTheCrontabLineIsPrinted() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("bin/systemctl"))
        var noSystemd = env
        noSystemd["PATH"] = root.appendingPathComponent("bin").path  // no system systemctl either
        let r = try sitecycle(["remind", "--install"], environment: noSystemd)
        #expect(r.exitCode == 0)
        #expect(r.stdout.contains("*/30 * * * * "))
        #expect(r.stdout.contains(" remind --via auto\n"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("config").path))
    }

    /// The crontab line's command as cron runs it (crontab(5)): `\%` is a
    /// `%`, an unescaped `%` ends the command; then /bin/sh, with cron's
    /// bare environment: no desktop session, no notify-send on PATH.
    func runAsCron(_ line: String) throws -> BinaryRunner.Output {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
        var command = "", escaped = false
        for c in fields[5] {
            if escaped { command += c == "%" ? "%" : "\\" + String(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "%" { break }
            command.append(c)
        }
        return try BinaryRunner.process(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: root, environment: [
            "PATH": "/usr/bin:/bin", "HOME": root.path, "SHELL": "/bin/sh", "LOGNAME": "user",
            "SITECYCLE_NOW": "2026-02-05 08:00",
        ])
    }

    /// Issue 22, item 22: cron cannot show a desktop notification, so the
    /// line it is given falls back to standard error (which cron mails), is
    /// given the session's bus when that has a fixed path, and says so.
    @Test func theCrontabLineRemindsFromCron() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("bin/systemctl"))
        var noSystemd = env
        noSystemd["PATH"] = root.appendingPathComponent("bin").path
        let r = try sitecycle(["remind", "--install"], environment: noSystemd)
        #expect(r.exitCode == 0)
        #expect(r.stdout.hasSuffix("""
            remind --via auto

            cron has no desktop session, so each reminder goes to standard error,
            which cron mails to you (put MAILTO=you@example.org at the top of the
            crontab; mail needs a mail transfer agent).

            """), "\(r.stdout)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("*/30 ") }.map(String.init))
        let cron = try runAsCron(line)
        #expect(cron.exitCode == 3, "\(cron.stderr)")
        // Wrapped at 80 columns (issue 31 item 14).
        #expect(cron.stderr == "sitecycle: Site change overdue: Left Arm since 2026-02-01 08:00, overdue: was\n"
                + "        due 2026-02-04 08:00. Next: Right Arm.\n")

        noSystemd["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/run/user/1000/bus"
        let bus = try sitecycle(["remind", "--install"], environment: noSystemd)
        #expect(bus.stdout.contains("*/30 * * * * DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus "), "\(bus.stdout)")
        #expect(bus.stdout.contains("remind --via auto\n\nIt notifies through your desktop session's bus while you are "
                                    + "logged in;\notherwise the reminder goes to standard error,\n"), "\(bus.stdout)")
        #expect(bus.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("*/30 ") })
        // A bus address that changes every login is not copied.
        noSystemd["DBUS_SESSION_BUS_ADDRESS"] = "unix:abstract=/tmp/dbus-XYZ,guid=123"
        #expect(!(try sitecycle(["remind", "--install"], environment: noSystemd)).stdout.contains("DBUS_SESSION_BUS_ADDRESS"))
    }

    /// Issue 22, item 10: the journal's folder name reaches a unit file and
    /// a crontab line. `%` (a systemd specifier, a cron line end), `$`,
    /// quotes and backslashes are written so that each reads them back as
    /// the same path; a line break, which would add a directive, is refused.
    @Test func pathsInTheUnitAndCrontabAreQuoted() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(#"100% $HOME "q" \ x"#)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: root.appendingPathComponent("sites.journal"),
                                        to: folder.appendingPathComponent("sites.journal"))
        let r = try BinaryRunner.run(["-f", folder.path + "/sites.journal", "remind", "--install", "--print"], in: root,
                                     environment: env)
        #expect(r.exitCode == 0, "\(r.stderr)")
        let binary = BinaryRunner.executable.resolvingSymlinksInPath().path
        let work = root.resolvingSymlinksInPath().path
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ExecStart=\(binary) -f \"\(work)/100%% $$HOME \\\"q\\\" \\\\ x/sites.journal\" "
                               + "remind --via desktop"), "\(r.stdout)")
        let cronLine = "*/30 * * * * \(binary) -f '\(work)/100\\% $HOME \"q\" \\ x/sites.journal' remind --via auto"
        #expect(lines.contains("# " + cronLine), "\(r.stdout)")
        // cron, then the shell, read it back as the journal's own path.
        let cron = try runAsCron(cronLine)
        #expect(cron.exitCode == 3 && cron.stderr.contains("Site change overdue: Left Arm"), "\(cron.stderr)")

        let injected = root.appendingPathComponent("a\n[Service]\nExecStartPre=/bin/touch PWNED")
        try FileManager.default.createDirectory(at: injected, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("sites.journal"),
                                         to: injected.appendingPathComponent("sites.journal"))
        for extra in [["--print"], []] {
            let refused = try BinaryRunner.run(["-f", injected.path + "/sites.journal", "remind", "--install"] + extra,
                                               in: root, environment: env)
            #expect(refused.exitCode == 1)
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.contains(#"a\x0a[Service]\x0aExecStartPre=/bin/touch"#), "\(refused.stderr)")
            #expect(refused.stderr.replacingOccurrences(of: "\n        ", with: " ")
                .contains("cannot carry; nothing was installed"), "\(refused.stderr)")
            #expect(refused.stderr.contains("remind --install"), "\(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("config").path))
        #expect(log("systemctl").isEmpty)
    }

    /// Issue 22, item 11: notify-send reads the body as markup, so a name
    /// with `<a href>`, `<b>` or `&` would become a link or bold text.
    @Test func locationNamesReachNotifySendAsText() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try """
            timezone UTC
            target 72h
            location Left <a href='https://evil.example'>Arm</a>
            location Right <b>Arm</b> & "Co"

            2026-02-01 08:00  Left <a href='https://evil.example'>Arm</a>

            """.write(to: root.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        #expect(try sitecycle(["remind"], now: "2026-02-05 08:00").exitCode == 3)
        #expect(log("notify-send") == [
            "--app-name=sitecycle -- Site change overdue Left &lt;a href=&#39;https://evil.example&#39;&gt;Arm&lt;/a&gt; "
                + "since 2026-02-01 08:00, overdue: was due 2026-02-04 08:00. "
                + "Next: Right &lt;b&gt;Arm&lt;/b&gt; &amp; &quot;Co&quot;.",
        ])
    }

    @Test func eachDeviceHasItsOwnDueMoment() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try """
            timezone UTC
            target 72h
            device sensor 10d
            location Left Arm  for pump,sensor
            location Right Arm  for pump,sensor

            2026-02-01 08:00  Left Arm
            2026-02-02 08:00  sensor  Right Arm

            """.write(to: root.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        #expect(try sitecycle(["remind"], now: "2026-02-05 08:00").exitCode == 3)
        #expect(log("notify-send").count == 1)
        #expect(log("notify-send")[0].contains("Pump: Left Arm since 2026-02-01 08:00"))
        // Once each (the pump's repeats are `remindersKeepAskingUntilAChangeIsLogged`'s).
        #expect(try sitecycle(["remind", "--repeat", "off"], now: "2026-02-12 09:00").exitCode == 3)
        #expect(log("notify-send").count == 2)
        #expect(log("notify-send")[1].contains("Sensor: Right Arm since 2026-02-02 08:00, overdue: was due 2026-02-12 08:00"))
    }

    /// Issue 37 item 1, as the caregiver met it: reminded, snoozed for an
    /// hour, and the first run after the snooze's end reminds again.
    @Test func theFirstRunAfterASnoozeEndsReminds() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try sitecycle(["set", "device", "pump", "72h", "grace", "8h"])
        try sitecycle(["log", "right arm"], now: "2026-03-01 08:00")
        #expect(try sitecycle(["remind"], now: "2026-03-04 08:05").exitCode == 3)
        #expect(log("notify-send").count == 1)
        #expect(try sitecycle(["remind", "--snooze", "1h"], now: "2026-03-04 08:10").stdout
                    == "Reminders snoozed until 2026-03-04 09:10.\n")
        #expect(try sitecycle(["remind"], now: "2026-03-04 09:00").exitCode == 3)
        #expect(log("notify-send").count == 1)
        #expect(try sitecycle(["remind"], now: "2026-03-04 09:15").exitCode == 3)
        #expect(log("notify-send").count == 2)
        #expect(log("notify-send")[1] == "--app-name=sitecycle -- Site change due Right Arm since 2026-03-01 08:00, "
                    + "was due 2026-03-04 08:00, in grace until 2026-03-04 16:00. Next: Left Arm.")
        _ = try sitecycle(["remind"], now: "2026-03-04 09:45")
        #expect(log("notify-send").count == 2)
        // Past the grace the title and the text say overdue.
        _ = try sitecycle(["remind"], now: "2026-03-04 16:05")
        #expect(log("notify-send").count == 3)
        #expect(log("notify-send")[2] == "--app-name=sitecycle -- Site change overdue Right Arm since 2026-03-01 08:00, "
                    + "overdue: was due 2026-03-04 08:00, grace ended 2026-03-04 16:00. Next: Left Arm.")
    }

    /// Issue 37 item 3: a sync conflict left in the journal does not
    /// silence the reminder; it says the journal needs attention, and the
    /// exit status stays 3, for a timer where nobody reads standard error.
    @Test func aBrokenJournalStillReminds() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("sites.journal")
        let good = try String(contentsOf: path, encoding: .utf8)
        try (good + "<<<<<<< HEAD\n2026-02-03 08:00  Right Arm\n=======\n2026-02-03 08:10  Left Arm\n>>>>>>> theirs\n")
            .write(to: path, atomically: true, encoding: .utf8)
        #expect(try sitecycle(["remind"], now: "2026-02-03 12:00").exitCode == 1)  // not due: the error is the news
        #expect(log("notify-send").isEmpty)
        let r = try sitecycle(["remind"], now: "2026-02-04 09:00")
        #expect(r.exitCode == 3 && r.stderr.contains("sites.journal:7:1: error"), "\(r)")
        #expect(log("notify-send") == [
            "--app-name=sitecycle -- Site change overdue Left Arm since 2026-02-01 08:00, overdue: was due "
                + "2026-02-04 08:00. Next: Right Arm. The journal has an error at line 7 (a sync conflict?): "
                + "this reminder may be out of date.",
        ])
        // A typo above every site: nothing to decide from, so it says that,
        // once per repeat, and fails.
        try good.replacingOccurrences(of: "2026-02-01 08:00  Left Arm", with: "2026-02-01 08:00  Left Armm")
            .write(to: path, atomically: true, encoding: .utf8)
        for (time, count) in [("10:00", 2), ("11:00", 2), ("14:00", 3)] {
            #expect(try sitecycle(["remind"], now: "2026-02-04 " + time).exitCode == 1)
            #expect(log("notify-send").count == count, "\(time)")
        }
        #expect(log("notify-send")[1] == "--app-name=sitecycle -- Site journal needs attention The journal has an error "
                    + "at line 6: sitecycle cannot tell whether a site change is due. Run `sitecycle check`.")
    }
}
