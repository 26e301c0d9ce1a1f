import SiteCycleKit

/// One device's status as of now: what `status` shows for it.
struct DeviceStatus {
    /// The device's rotation.
    let journal: Journal
    let device: String
    let status: SiteStatus?
    /// The top recommendation.
    let next: String?
    /// The top recommendation's flags (`SiteVerdict`): some only when
    /// nothing unflagged was left to recommend; else empty.
    let nextFlags: [SiteVerdict.Flag]
    /// Why there is none (`RecommendReport.noneBecause`).
    let noNextBecause: String?
    /// At or past the target, or within `dueWithin` hours of it.
    let due: Bool
    /// A backup not worn lately (`Journal.isQuiet`): one line in the full
    /// report, none in the short one.
    var quiet = false
    /// When its last site ended (nil: never worn).
    var lastEnd: Instant?

    init(_ full: Journal, device: String, now: Instant, dueWithin hours: Double, next: Recommendation) {
        journal = full.rotation(device)
        self.device = device
        status = SiteStatus(journal, now: now)
        self.next = next.recommended.first?.location.name
        nextFlags = self.next.map { next.flags(of: $0) } ?? []
        noNextBecause = RecommendReport.noneBecause(next, device: device, zone: full.zone)
        due = status?.isDue(within: hours) ?? false
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
        case .short:  // all devices on one line, a quiet backup left out
            let shown = devices.filter { !$0.quiet }
            return shown.map { report($0).shortLine(withDevice: shown.count > 1) }
                .joined(separator: style.unicode ? " · " : " | ") + "\n"
        case .check:
            return devices.map { report($0).checkLine($0.status, due: $0.due) + "\n" }.joined()
        case .full:
            return devices.enumerated().map { i, d in
                let name = style.text.bold(d.device.prefix(1).uppercased() + d.device.dropFirst())
                if d.quiet {
                    // Said once, in a line: it is there, and not wanted now.
                    let since = d.lastEnd.map { "no site since " + displayTime($0, in: d.journal.zone) } ?? "no site logged yet"
                    return (i > 0 ? "\n" : "") + name + ": \(since); quiet until you log one.\n"
                }
                let title = devices.count == 1 ? "" : (i > 0 ? "\n" : "") + name + "\n"
                return title + report(d).text(d.status, next: d.next.map { name in
                    VerdictText.short(d.nextFlags).map { name + "  " + style.warningSign + " " + $0 } ?? name
                }, noNextBecause: d.noNextBecause)
            }.joined()
        }
    }

    /// One shape with or without a sensor: the first device's fields
    /// (the pump's, as before devices) and every device.
    func json() -> JSON {
        let each = devices.map { report($0).json($0.status, next: $0.next, nextFlags: $0.nextFlags, noneBecause: $0.noNextBecause) }
        guard case .object(let first)? = each.first else { return .array(each) }
        return .object(first + [("devices", .array(each))])
    }
}
