import SiteCycleKit

/// What `status` shows: the whole report, the `--check` line, the `--short`
/// line, or JSON.
struct StatusReport {
    let style: RenderStyle
    /// The device's rotation.
    let journal: Journal
    let device: String
    let now: Instant

    var zone: ZoneRules { journal.zone }

    /// `{"device","active","next"}`.
    func json(_ status: SiteStatus?, next: String?) -> JSON {
        .object([("device", .string(device)), ("active", status.map(json) ?? .null), ("next", .optional(next))])
    }

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
        let hours = { (h: Double) in "\(Int(h.rounded(.down)))h" }
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

    func json(_ s: SiteStatus) -> JSON {
        let grace: [(String, JSON)] = s.graceHours.map { [("graceHours", .double($0)), ("overdueAt", .string(isoTime(s.overdueAt, in: zone)))] } ?? []
        return .object([
            ("location", .string(journal.name(of: s.active)!)),
            ("start", .string(formatISO8601(s.active.start, offsetSeconds: s.active.offset))),
            ("elapsedHours", .double(roundedHours(s.elapsedHours))),
            ("targetHours", .double(s.targetHours)),
            ("progress", .double((s.progress * 1000).rounded() / 1000)),
            ("due", .string(isoTime(s.due, in: zone))),
            ("state", .string(s.state.rawValue)),
        ] + grace)
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

    func text(_ status: SiteStatus?, next: String?) -> String {
        let style = self.style.text
        guard let s = status else {
            var out = ""
            if let last = journal.changes.last(where: { $0.start <= now }), last.isRemoval {
                out += "No site active since \(displayStart(last)) (removed).\n"
            } else {
                out += "No site logged yet.\n"
            }
            out += "Log one with `sitecycle log LOCATION`"
            return out + (next.map { "; recommended: \($0)." } ?? ".") + "\n"
        }
        let percent = Int((s.progress * 100).rounded(.down))
        func colour(_ text: String) -> String {
            switch s.state {
            case .ok: return style.green(text)
            case .dueSoon, .grace: return style.yellow(text)
            case .overdue: return style.red(text)
            }
        }
        var out = style.bold(journal.name(of: s.active)!) + " since \(displayStart(s.active)) (\(daysAgo(s.active.start, now: now, zone: zone)))\n"
        out += "  \(formatHours(s.elapsedHours)) h of \(formatHours(s.targetHours)) h  "
            + colour(progressBar(s.progress, width: 24)) + "  \(percent)%\n"
        let graceEnd = s.graceHours == nil ? "" : displayTime(s.overdueAt, in: zone)
        let when = s.state == .grace ? ", grace ends " + graceEnd : s.state == .overdue && s.graceHours != nil
            ? ", grace ended " + graceEnd : ""
        out += "  " + colour(stateText(s)) + " (due \(displayTime(s.due, in: zone))\(when))\n"
        if let note = journal.note(of: s.active), !note.isEmpty {
            // The note as written, each line wrapped, and never a control byte.
            let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
                .flatMap { TextWrap.lines(String($0).terminalSafe, start: 8, indent: "        ") }
            out += "  Note: " + lines.joined(separator: "\n        ") + "\n"
        }
        if let next { out += "Next: \(next)\n" }
        return out
    }

    /// `[██████████░░░░]`, or `[#####-----]` where Unicode is not wanted;
    /// only at or past the target is the bar full (98 % leaves a cell empty).
    func progressBar(_ progress: Double, width: Int) -> String {
        let filled = progress >= 1 ? width : max(0, min(width - 1, Int((progress * Double(width)).rounded(.down))))
        let (on, off) = style.unicode ? ("█", "░") : ("#", "-")
        return "[" + String(repeating: on, count: filled) + String(repeating: off, count: width - filled) + "]"
    }
}

/// One device's status as of now: what `status` shows for it.
struct DeviceStatus {
    /// The device's rotation.
    let journal: Journal
    let device: String
    let status: SiteStatus?
    /// The top recommendation.
    let next: String?
    /// At or past the target, or within `dueWithin` hours of it.
    let due: Bool

    init(_ full: Journal, device: String, now: Instant, dueWithin hours: Double, next: Recommendation) {
        journal = full.rotation(device)
        self.device = device
        status = SiteStatus(journal, now: now)
        self.next = next.recommended.first?.location.name
        due = status.map { $0.hoursLeft <= hours } ?? false
    }
}

/// Every device asked for, the pump first.
struct DeviceStatusList {
    let style: RenderStyle
    let now: Instant
    let devices: [DeviceStatus]

    func report(_ d: DeviceStatus) -> StatusReport { StatusReport(style: style, journal: d.journal, device: d.device, now: now) }

    func text(_ mode: StatusOptions.Mode) -> String {
        switch mode {
        case .short:  // all devices on one line
            return devices.map { report($0).shortLine(withDevice: devices.count > 1) }
                .joined(separator: style.unicode ? " · " : " | ") + "\n"
        case .check:
            return devices.map { report($0).checkLine($0.status, due: $0.due) + "\n" }.joined()
        case .full:
            return devices.enumerated().map { i, d in
                let title = devices.count == 1 ? ""
                    : (i > 0 ? "\n" : "") + style.text.bold(d.device.prefix(1).uppercased() + d.device.dropFirst()) + "\n"
                return title + report(d).text(d.status, next: d.next)
            }.joined()
        }
    }

    /// One shape with or without a sensor: the first device's fields
    /// (the pump's, as before devices) and every device.
    func json() -> JSON {
        let each = devices.map { report($0).json($0.status, next: $0.next) }
        guard case .object(let first)? = each.first else { return .array(each) }
        return .object(first + [("devices", .array(each))])
    }
}
