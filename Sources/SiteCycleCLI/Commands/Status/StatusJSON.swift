import SiteCycleKit

/// `status --json`: one device's shape (`DeviceStatusList` joins them).
extension StatusReport {
    /// `{"device","active","next","nextFlags","noneBecause"}`: the next
    /// site's flags in `recommend --json`'s shape (`SiteVerdict.json`).
    func json(_ status: SiteStatus?, next: String?, nextFlags: [SiteVerdict.Flag], noneBecause: String?) -> JSON {
        .object([("device", .string(device)), ("active", status.map(json) ?? .null), ("next", .optional(next)),
                 ("nextFlags", SiteVerdict.json(nextFlags)), ("noneBecause", .optional(noneBecause))])
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
}
