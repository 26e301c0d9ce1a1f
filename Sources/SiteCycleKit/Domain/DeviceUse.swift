/// A backup device (a Libre worn once, kept for when the G7 fails) stays
/// quiet until it is used again: `status` says it in one line, `status
/// --short` and the prompt leave it out, the report leaves out its section.
extension Journal {
    /// A device without a site for this long, and none now, is quiet.
    public static let quietAfterDays = 30

    /// Whether `device` wore a site at any moment from `from` to `to`.
    public func wore(_ device: String, from: Instant, to: Instant) -> Bool {
        guard let index = deviceIndex(device) else { return false }
        return changes.contains { c in
            c.device == index && !c.isRemoval && c.start <= to && (c.end.map { from < $0 } ?? true)
        }
    }

    /// Whether `device`, not the pump, has no site now and had none in the
    /// last `quietAfterDays` days.
    public func isQuiet(_ device: String, now: Instant) -> Bool {
        device != Device.pumpName
            && !wore(device, from: now.adding(seconds: -Int64(Self.quietAfterDays) * 86_400), to: now)
    }

    /// When `device`'s last site ended (by `now`), or nil when it never wore one.
    public func lastSiteEnd(of device: String, now: Instant) -> Instant? {
        guard let index = deviceIndex(device) else { return nil }
        return changes.last { $0.device == index && !$0.isRemoval && $0.start <= now }?.end
    }
}
