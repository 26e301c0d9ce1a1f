import FoundationEssentials
import SiteCycleKit

/// A reminder's words, and sending them: a desktop notification, a line on
/// standard error, or nothing, as `--via` says.
struct ReminderNotifier {
    let invocation: Invocation
    let via: RemindOptions.Via

    /// The text, named by its device when the journal has more than the pump.
    func body(_ reminder: Reminder, device: String, in journal: Journal, now: Instant) -> String {
        let why = reminder.next != nil ? nil
            : RecommendReport.noneBecause(Recommender.recommend(journal, device: device, now: now), device: device,
                                          zone: journal.zone)
        let body = text(reminder, zone: journal.zone, noNextBecause: why)
        return journal.hasDevices ? device.prefix(1).uppercased() + device.dropFirst() + ": " + body : body
    }

    /// "Left Front Abdomen since 2026-11-19 08:00, due 2026-11-22 08:00. Next: Right Side Thigh."
    /// Ahead of time (`--before`): "…, due at 2026-11-22 08:00, in 2 h."
    /// In grace: "…, was due 2026-11-22 08:00, in grace until 2026-11-22 20:00."
    /// Overdue: "…, overdue: was due 2026-11-22 08:00, grace ended 2026-11-22 20:00."
    /// With no next site, why (`RecommendReport.noneBecause`), as `status` says it:
    /// "… Next: none now (Left Back Arm is in use by the pump)."
    func text(_ r: Reminder, zone: ZoneRules, noNextBecause: String? = nil) -> String {
        let when: String
        switch r.kind {
        case .early: when = "due at \(displayTime(r.due, in: zone)), \(ReminderNotifier.timeLeft(from: r.now, to: r.due))"
        case .due where r.inGrace:
            when = "was due \(displayTime(r.due, in: zone)), in grace until \(displayTime(r.graceEnds!, in: zone))"
        case .due: when = "due \(displayTime(r.due, in: zone))"
        case .overdue:
            when = "overdue: was due \(displayTime(r.due, in: zone))"
                + (r.graceEnds.map { ", grace ended \(displayTime($0, in: zone))" } ?? "")
        }
        return "\(r.location) since \(displayTime(r.since, in: zone)), " + when + "."
            + (r.next.map { " Next: \($0)." } ?? noNextBecause.map { " Next: none now (\($0))." } ?? "")
    }

    /// "in 2 h", "in 1 h 30 min", "in 45 min", "in under a minute".
    static func timeLeft(from now: Instant, to due: Instant) -> String {
        let minutes = (due.seconds - now.seconds) / 60
        let hours = minutes / 60, rest = minutes % 60
        if minutes < 1 { return "in under a minute" }
        if hours == 0 { return "in \(rest) min" }
        return "in \(hours) h" + (rest > 0 ? " \(rest) min" : "")
    }

    /// The title says how urgent: ahead of time, due, or past any grace.
    static func title(_ kind: Reminder.Kind) -> String {
        switch kind {
        case .early: "Site change due soon"
        case .due: "Site change due"
        case .overdue: "Site change overdue"
        }
    }

    /// When the journal cannot say whether a change is due.
    static let attentionTitle = "Site journal needs attention"

    /// "The journal has an error at line 41 (a sync conflict?): this
    /// reminder may be out of date."
    static func outOfDate(_ trouble: ReminderRound.Trouble) -> String {
        "The journal has an error at line \(trouble.errorLine)\(trouble.conflict ? " (a sync conflict?)" : ""): "
            + "this reminder may be out of date."
    }

    /// The attention message when no device could be decided.
    static func undecided(_ devices: [String], _ trouble: ReminderRound.Trouble, devices named: Bool) -> String {
        "The journal has an error at line \(trouble.errorLine)\(trouble.conflict ? " (a sync conflict?)" : ""): "
            + "sitecycle cannot tell whether a site change is due"
            + (named ? " for the " + devices.joined(separator: " and the ") : "") + ". Run `sitecycle check`."
    }

    /// False when it could not be sent (said on standard error).
    func send(title: String, _ body: String) -> Bool { send(title: title, body, via: via) }

    func send(title: String, _ body: String, via: RemindOptions.Via) -> Bool {
        switch via {
        case .none:
            return true
        case .terminal:
            invocation.err(Messages.titled(title, body))  // 80 columns
            return true
        case .desktop:
            if let error = notifyDesktop(title: title, body) {
                invocation.fail("could not send a desktop notification: \(error)",
                                help: "install notify-send (libnotify-bin), or use --via terminal")
                return false
            }
            return true
        case .auto:
            if desktopReachable, notifyDesktop(title: title, body) == nil { return true }
            return send(title: title, body, via: .terminal)
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
    func notifyDesktop(title: String, _ body: String) -> String? {
        guard let program = Programs.find(notifier, in: invocation.env) else { return "\(notifier) is not installed" }
        #if os(macOS)
        let quoted = { (s: String) in "\"" + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\"" }
        let arguments = ["-e", "display notification \(quoted(body)) with title \(quoted(title))"]
        #else
        let arguments = ["--app-name=sitecycle", "--", title, ReminderNotifier.markupEscaped(body)]
        #endif
        let result = Programs.run(program, arguments, environment: invocation.env)
        return result.status == 0 ? nil : "\(notifier) exited with \(result.status)"
    }
}
