import SiteCycleKit

/// The one-line forms of `status`: `--short`, `--check`, and the state
/// in words that the whole report shows too.
extension StatusReport {
    /// `L Front Abdomen 53h/72h`, `… due in 9h`, `… overdue 5h`, `no site`.
    func shortLine(withDevice: Bool) -> String {
        let prefix = withDevice && device != Device.pumpName ? device + " " : ""
        guard let s = SiteStatus(journal, now: now) else { return prefix + "no site" }
        var name = journal.name(of: s.active)!
        if name.hasPrefix("Left ") { name = "L " + name.dropFirst(5) }
        if name.hasPrefix("Right ") { name = "R " + name.dropFirst(6) }
        // Hours for a pump's few days; days for a sensor's week or more.
        let inDays = s.targetHours >= 96
        let days = { (h: Double) in "\(Int((h / 24).rounded(.down)))d" }
        let hours = { (h: Double) in "\(wholeHours(h))h" }  // as the full status rounds
        let span = { (h: Double) in h >= 48 ? days(h) : hours(h) }
        switch s.state {
        case .ok: return prefix + name + " " + (inDays ? days(s.elapsedHours) + "/" + days(s.targetHours)
                                                : hours(s.elapsedHours) + "/" + hours(s.targetHours))
        case .dueSoon:
            if s.hoursLeft >= 1 { return prefix + name + " due in " + span(s.hoursLeft) }
            return prefix + name + (Self.minutes(s.hoursLeft).map { " due in \($0)" } ?? " due now")
        case .grace:
            if s.graceHoursLeft >= 1 { return prefix + name + " in grace " + span(s.graceHoursLeft) }
            return prefix + name + " in grace " + (Self.minutes(s.graceHoursLeft) ?? "0 min")
        case .overdue:
            if -s.graceHoursLeft >= 1 { return prefix + name + " overdue " + span(-s.graceHoursLeft) }
            return prefix + name + (Self.minutes(-s.graceHoursLeft).map { " overdue \($0)" } ?? " due now")
        }
    }

    /// `29 min` for under an hour; nil under a minute, which is "now".
    /// Whole minutes, rounded down like the hours beside them.
    static func minutes(_ hours: Double) -> String? {
        let whole = Int((hours * 60).rounded(.down))
        return whole >= 1 && whole < 60 ? "\(whole) min" : nil
    }

    func stateText(_ s: SiteStatus) -> String {
        switch s.state {
        case .ok: return "ok, due in \(formatHours(s.hoursLeft)) h"
        case .dueSoon:
            if s.hoursLeft >= 1 { return "due soon, in \(formatHours(s.hoursLeft)) h" }
            return Self.minutes(s.hoursLeft).map { "due soon, in \($0)" } ?? "due now"
        case .grace:
            if s.graceHoursLeft >= 1 { return "in grace, \(formatHours(s.graceHoursLeft)) h left" }
            return "in grace, " + (Self.minutes(s.graceHoursLeft) ?? "under a minute") + " left"
        case .overdue:
            // Overdue counts from the end of the grace, when there is one.
            let over = -s.graceHoursLeft
            if over >= 1 { return "overdue by " + overdueText(over) }
            return Self.minutes(over).map { "overdue by \($0)" } ?? "due now"
        }
    }

    /// Hours up to two days ("overdue by 30.5 h"); beyond, days and whole
    /// hours ("overdue by 3 days 4 h"), which is how a person counts them.
    func overdueText(_ hours: Double) -> String {
        guard hours > 48 else { return "\(formatHours(hours)) h" }
        let whole = Int(hours.rounded(.down))
        let days = whole / 24, rest = whole % 24
        return "\(days) days" + (rest > 0 ? " \(rest) h" : "")
    }

    /// The `--check` line (`DEVICE: ` first when the journal has devices).
    func checkLine(_ status: SiteStatus?, due: Bool) -> String {
        let prefix = journal.hasDevices ? device + ": " : ""
        guard let s = status else { return prefix + "no site active" }
        return prefix + "\(journal.name(of: s.active)!): \(formatHours(s.elapsedHours)) h of \(formatHours(s.targetHours)) h, \(stateText(s))"
    }
}
