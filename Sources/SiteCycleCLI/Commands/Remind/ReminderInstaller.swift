import FoundationEssentials
import SiteCycleKit

/// `remind --install` and `--uninstall`: a systemd user timer where
/// `systemctl --user` works, else the crontab line to add by hand
/// (`ReminderUnits` holds what is written).
struct ReminderInstaller {
    let invocation: Invocation
    var env: [String: String] { invocation.env }
    /// Where the unit files are written: only through this.
    var files: FileSystem { invocation.fileSystem }

    var unitFolder: String? {
        if let config = env["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/systemd/user" }
        if let home = env["HOME"], home.hasPrefix("/") { return home + "/.config/systemd/user" }
        return nil
    }

    func units(every seconds: Int64) -> ReminderUnits {
        let path = files.resolvedPath(WriteHistory.absolute(invocation.journalLocation.path))
        return ReminderUnits(journalPath: path, environment: env, every: seconds, pull: setUpForSync(path))
    }

    /// Whether the journal's folder is a git work tree that `sync --setup`
    /// set up (git knows the sitecycle merge driver there): then the timer
    /// pulls before it reminds, so the other laptop's change counts.
    func setUpForSync(_ journal: String) -> Bool {
        let git = Git(environment: env)
        let folder = JournalStore.parentFolder(of: journal)
        guard git.topLevel(of: folder) != nil else { return false }
        return git.value(["config", "--get", "merge.sitecycle.driver"], in: folder) != nil
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

    func install(every seconds: Int64, printOnly: Bool) -> Int32 {
        guard files.exists(invocation.journalLocation.path) else {
            _ = invocation.readJournal()  // says where it looked
            return ExitCode.failure
        }
        let units = units(every: seconds)
        if let path = units.unsafePath {
            return invocation.fail("\(path.terminalSafe) holds a line break, another control character or a byte "
                                   + "that is not UTF-8, "
                                   + "which a systemd unit or crontab line cannot carry; nothing was installed",
                                   help: "move it to a folder whose name has none (`mv`), then run "
                                       + "`sitecycle -f NEWPATH remind --install`")
        }
        if printOnly {
            for f in units.files { invocation.out("# \(unitFolder ?? "~/.config/systemd/user")/\(f.name)\n\(f.text)\n") }
            invocation.out("# without systemd, this crontab line (`crontab -e`) does the same:\n# \(units.cronLine)\n"
                           + units.cronNote.split(separator: "\n").map { "# " + $0 + "\n" }.joined())
            return ExitCode.ok
        }
        guard systemdWorks, let folder = unitFolder else {
            invocation.out("""
                systemd's user manager is not available here, so nothing was installed.
                Add this line with `crontab -e` to check every \(seconds / 60) minutes:

                \(units.cronLine)

                \(units.cronNote)
                """)
            return ExitCode.ok
        }
        return enable(units, in: folder)
    }

    /// Writes the units that differ and enables the timer.
    func enable(_ units: ReminderUnits, in folder: String) -> Int32 {
        var written: [String] = []
        for f in units.files {
            let path = folder + "/" + f.name
            let bytes = Array(f.text.utf8)
            if (try? files.read(path)) == bytes { continue }
            if let refused = write(bytes, to: path) { return refused }
            written.append(f.name)
        }
        for step in [["daemon-reload"], ["enable", "--now", ReminderUnits.timer]] {
            let r = systemctl(step)
            guard r.status == 0 else {
                return invocation.fail("systemctl --user \(step.joined(separator: " ")) failed: "
                                       + r.output.trimmingWhitespace())
            }
        }
        invocation.out(written.isEmpty ? "Already installed: \(ReminderUnits.timer) is enabled.\n"
                       : "Installed \(written.joined(separator: " and ")) in\n  \(folder.terminalSafe)\n"
                         + "and enabled the timer: every \(units.every / 60) minutes, a reminder if a change is due.\n")
        return ExitCode.ok
    }

    /// One unit file, written whole; nil when written, else the exit code
    /// of the refusal (said on standard error).
    func write(_ bytes: [UInt8], to path: String) -> Int32? {
        do throws(FileError) {
            if files.exists(path) {
                guard isOurs(path) else {
                    return invocation.fail("\(path.terminalSafe) exists and was not written by sitecycle; nothing was changed",
                                           help: "move it away, then run `sitecycle remind --install` again")
                }
                try files.replace(path, with: bytes)  // replaced whole, its mode kept
            } else {
                try files.create(path, with: bytes)  // private, its folders made
            }
            return nil
        } catch {
            return invocation.fail(error.message, help: error.hint)
        }
    }

    /// A unit file this installer (of any version) wrote: it starts with
    /// the marker's first line.
    func isOurs(_ path: String) -> Bool {
        ((try? files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? "").hasPrefix(ReminderUnits.markerStart)
    }

    func uninstall() -> Int32 {
        guard let folder = unitFolder else { return invocation.fail("no home folder: set HOME or XDG_CONFIG_HOME") }
        let ours = [ReminderUnits.timer, ReminderUnits.service].map { folder + "/" + $0 }.filter(isOurs)
        guard !ours.isEmpty else {
            invocation.out("Nothing to remove: no timer installed by sitecycle in \(folder.terminalSafe).\n"
                           + "If you added a crontab line, remove it with `crontab -e`.\n")
            return ExitCode.ok
        }
        if systemdWorks { _ = systemctl(["disable", "--now", ReminderUnits.timer]) }
        for path in ours { try? files.remove(path) }
        if systemdWorks { _ = systemctl(["daemon-reload"]) }
        invocation.out("Removed \(ours.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " and ")).\n")
        return ExitCode.ok
    }
}
