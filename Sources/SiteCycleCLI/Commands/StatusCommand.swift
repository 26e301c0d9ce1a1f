import SiteCycleKit

extension CommandRegistry {
    static let status = Command(
        name: "status",
        summary: "the site in now, how long, when it is due, where next",
        usage: "sitecycle status [--check|--short] [--within HOURS]",
        details: """
            Shows the active site, when it went in, the hours since (real hours,
            DST-correct), a bar towards the target, the state, when the change
            is due, the site's note, and the top recommendation. States: ok
            below 80 % of the target, due-soon from 80 % to 100 %, grace past
            the target while the device's grace lasts (`device sensor 10d
            grace 12h`: "in grace, 3.0 h left"), overdue beyond it; more than
            48 h overdue reads in days ("overdue by 3 days 4 h"). The bar is
            full only at or past the target.

            --check prints one line per device and exits 0 when no site is
            active or every site is below its target, and 3 when one is due:
            at or past its target, in grace or overdue alike (the line says
            which) — for cron, shell prompts and notifiers. With --within
            HOURS it also exits 3 when a target is at most HOURS away. 1 is a
            journal error, 2 a usage error.

            --short prints one line for a shell prompt, tmux or a status bar:
            `L Front Abdomen 53h/72h`, `L Front Abdomen due in 9h`, `L Front
            Abdomen overdue 5h`, `L Back Arm in grace 3h` (every device,
            joined by ` · `, or ` | ` outside a UTF-8 locale), with the exit
            status of --check. Under an hour either way reads in minutes (`due
            in 29 min`, `overdue 12 min`).

            --json prints one shape, with or without devices: {"device",
            "active","next","devices":[…]}, where each of "devices" (every
            device, the pump first, or the --device one) is {"device",
            "active":{"location","start","elapsedHours","targetHours",
            "progress","due","state"}|null,"next":LOCATION|null}, and the top
            level repeats the first of them, as older scripts read it. state
            is ok, due-soon, grace or overdue; a device with a grace adds
            "graceHours" and "overdueAt" to "active".
            """,
        options: StatusOptions.specs,
        reportsJSON: true,
        run: { invocation in
            var exitCode = ExitCode.ok
            let result = invocation.report { journal, now throws(CommandError) in
                let options = try StatusOptions(invocation.arguments)
                // Every device, the pump first, unless --device asks for one.
                let devices = journal.hasDevices && options.device.given == nil
                    ? journal.deviceNames : [try options.device.name(in: journal)]
                var json: [JSON] = [], short: [String] = []
                let style = invocation.renderStyle
                for (i, device) in devices.enumerated() {
                    let report = StatusReport(style: style, journal: journal.rotation(device), device: device, now: now)
                    if devices.count > 1 && !invocation.json && options.mode == .full {
                        invocation.out((i > 0 ? "\n" : "") + style.text.bold(device.prefix(1).uppercased()
                                       + device.dropFirst()) + "\n")
                    }
                    let status = SiteStatus(report.journal, now: now)
                    // Recommendations see the whole journal: recency and
                    // occupied sites span devices.
                    let next = Recommender.recommend(journal, device: device, now: now).recommended.first?.location.name
                    let due = status.map { $0.hoursLeft <= options.within } ?? false
                    let object = report.json(status, next: next)
                    if invocation.json {
                        // Written once every device is read.
                    } else if options.mode == .short {
                        short.append(report.shortLine(withDevice: devices.count > 1))  // all devices on one line
                    } else if options.mode == .check {
                        invocation.out(report.checkLine(status, due: due) + "\n")
                    } else {
                        invocation.out(report.text(status, next: next))
                    }
                    json.append(object)
                    if options.mode != .full && due { exitCode = ExitCode.due }
                }
                if options.mode == .short && !invocation.json {
                    invocation.out(short.joined(separator: style.unicode ? " · " : " | ") + "\n")
                }
                // One shape with or without a sensor: the first device's
                // fields (the pump's, as before devices) and every device.
                if invocation.json, case .object(let first)? = json.first {
                    invocation.out(JSON.object(first + [("devices", .array(json))]).rendered())
                }
            }
            return result == ExitCode.ok ? exitCode : result
        })
}

/// What `status` was asked for.
struct StatusOptions {
    /// The whole report, `--check`'s line per device, or `--short`'s one line.
    enum Mode { case full, check, short }

    static let specs = DeviceOption.specs + [
        OptionSpec(["--check"], "one line; exit 3 when the change is due"),
        OptionSpec(["--short"], "one short line for prompts and status bars; exit as --check"),
        OptionSpec(["--within"], value: "HOURS", "with --check or --short: also exit 3 when due within HOURS"),
    ]

    var device: DeviceOption
    var mode = Mode.full
    /// `--within HOURS` as hours (0 when not given).
    var within = 0.0

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        switch (arguments.flag("--check"), arguments.flag("--short")) {
        case (true, true): throw CommandError("give --check or --short, not both", usage: true)
        case (true, false): mode = .check
        case (false, true): mode = .short
        case (false, false): mode = .full
        }
        if let text = arguments.value("--within") {
            guard mode != .full else { throw CommandError("--within goes with --check or --short", usage: true) }
            guard case .success(let h) = SettingValues.hours(text) else {
                throw CommandError("invalid --within: expected hours like `12h` or `12`, not `\(text)`", usage: true)
            }
            within = h
        }
    }
}

extension ExitCode {
    /// `status --check`: the site change is due.
    public static let due: Int32 = 3
}

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
