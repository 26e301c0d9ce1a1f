/// One body, every device: which device is on each location now, when the
/// skin there was last left by any device, and what keeps it out of
/// rotation (rest, a pause). Recommend, status, map, report, the picker,
/// completion, stats and remind all read this one value, so they agree.
///
/// A device occupies a location from a site change there until its next
/// change (or `removed`). The skin rests from the moment the last device
/// left it, not from when a site went in: a 10-day sensor that came out two
/// days ago has rested two days.
public struct Occupancy: Sendable {
    public struct Site: Sendable, Equatable {
        public var location: Location
        /// The newest site change here by any device, up to now.
        public var lastChange: SiteChange?
        /// The devices on it now, in the journal's device order.
        public var occupiedBy: [String]
        /// When the last device left it; nil while occupied or never used.
        public var vacatedAt: Instant?
        /// `rest`: out of Recommended until then (from `vacatedAt`); nil
        /// when there is no rest period or it is over.
        public var restingUntil: Instant?
        /// `paused until DATE`: the start of that day, while it is ahead.
        public var pausedUntil: Instant?

        public var isOccupied: Bool { !occupiedBy.isEmpty }

        /// When the skin was last in use: now while occupied, else when
        /// it was left; nil if never used. Recency for every ranking.
        public func lastInUse(now: Instant) -> Instant? { isOccupied ? now : vacatedAt }
    }

    public var now: Instant
    /// Every declared location, in header order.
    public var sites: [Site]
    let zone: ZoneRules

    public func site(_ name: String) -> Site? { sites.first { $0.location.name == name } }

    /// Whole calendar days (in the journal's zone) since the skin was left:
    /// the one "rested" figure of every view. Nil while occupied or never
    /// used.
    public func restedDays(_ site: Site) -> Int? {
        site.vacatedAt.map { max(0, calendarDays(from: $0, to: now, zone: zone)) }
    }

    public static func compute(_ journal: Journal, now: Instant) -> Occupancy {
        let count = journal.locationNames.count
        var last = [SiteChange?](repeating: nil, count: count)
        var vacated = [Instant?](repeating: nil, count: count)
        var occupied = [[UInt8]](repeating: [], count: count)
        var seen = 0
        // Newest first. An older change of a device ends no later than the
        // earliest start of that device seen so far, so once every location
        // is seen and every device's bound is below every vacated time, the
        // rest can change nothing.
        var bound = [Int64?](repeating: nil, count: journal.deviceNames.count)
        var used = [Bool](repeating: false, count: journal.deviceNames.count)
        if used.count == 1 { used[0] = !journal.changes.isEmpty } else {
            for c in journal.changes where Int(c.device) < used.count { used[Int(c.device)] = true }
        }
        var steps = 0
        for c in journal.changes.reversed() where c.start <= now {
            steps += 1
            let d = Int(c.device)
            if d < bound.count { bound[d] = c.start.seconds }
            if !c.isRemoval, Int(c.locationIndex) < count {
                let i = Int(c.locationIndex)
                if last[i] == nil { last[i] = c; seen += 1 }
                if let end = c.end, end <= now {
                    if vacated[i].map({ end > $0 }) ?? true { vacated[i] = end }
                } else if !occupied[i].contains(c.device) {
                    occupied[i].append(c.device)
                }
            }
            if seen == count, steps % 16 == 0 {
                let lowest = vacated.lazy.compactMap { $0?.seconds }.min() ?? Int64.max
                if used.indices.allSatisfy({ !used[$0] || (bound[$0].map { $0 <= lowest } ?? false) }) { break }
            }
        }
        let rest = journal.settings.restHours.map { Int64(($0 * 3600).rounded()) }
        let sites = journal.locations.map { location -> Site in
            let i = location.order
            let on = i < count ? occupied[i].sorted().map { journal.deviceNames[Int($0)] } : []
            let left = on.isEmpty && i < count ? vacated[i] : nil
            var site = Site(location: location, lastChange: i < count ? last[i] : nil, occupiedBy: on,
                            vacatedAt: left, restingUntil: nil, pausedUntil: nil)
            if let rest, let left, now.seconds < left.seconds + rest { site.restingUntil = left.adding(seconds: rest) }
            if let day = location.pausedUntil {
                let until = TimeArgument.startOfDay(day, zone: journal.zone)
                if now < until { site.pausedUntil = until }
            }
            return site
        }
        return Occupancy(now: now, sites: sites, zone: journal.zone)
    }

    /// Every session at `name`, oldest first, up to now: the device, when
    /// it went in, and when it came out (nil: still in). What the model is
    /// built from, for readers that want the intervals themselves.
    public static func sessions(_ journal: Journal, at name: String,
                                now: Instant) -> [(device: String, start: Instant, end: Instant?)] {
        guard let index = journal.locationNames.firstIndex(of: name) else { return [] }
        return journal.changes.filter { !$0.isRemoval && Int($0.locationIndex) == index && $0.start <= now }.map { c in
            (journal.deviceNames[Int(c.device)], c.start, c.end.flatMap { $0 <= now ? $0 : nil })
        }
    }
}
