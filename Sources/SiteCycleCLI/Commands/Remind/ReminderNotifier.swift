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
    /// In grace: "…, was due 2026-11-22 08:00, in grace until 2026-11-22 20:00."
    /// With no next site, why (`RecommendReport.noneBecause`), as `status` says it:
    /// "… Next: none now (Left Back Arm is in use by the pump)."
    func text(_ r: Reminder, zone: ZoneRules, noNextBecause: String? = nil) -> String {
        let past = r.overdue || r.inGrace
        return "\(r.location) since \(displayTime(r.since, in: zone)), \(past ? "was due" : "due") "
            + "\(displayTime(r.due, in: zone))"
            + (r.inGrace ? ", in grace until \(displayTime(r.graceEnds!, in: zone))" : "") + "."
            + (r.next.map { " Next: \($0)." } ?? noNextBecause.map { " Next: none now (\($0))." } ?? "")
    }

    static let title = "Site change due"

    /// False when it could not be sent (said on standard error).
    func send(_ body: String) -> Bool { send(body, via: via) }

    func send(_ body: String, via: RemindOptions.Via) -> Bool {
        switch via {
        case .none:
            return true
        case .terminal:
            let prefix = "sitecycle: \(ReminderNotifier.title): "
            invocation.err(prefix + Invocation.wrapped(body, after: prefix) + "\n")  // 80 columns
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
        let arguments = ["-e", "display notification \(quoted(body)) with title \(quoted(ReminderNotifier.title))"]
        #else
        let arguments = ["--app-name=sitecycle", "--", ReminderNotifier.title, ReminderNotifier.markupEscaped(body)]
        #endif
        let result = Programs.run(program, arguments, environment: invocation.env)
        return result.status == 0 ? nil : "\(notifier) exited with \(result.status)"
    }
}
