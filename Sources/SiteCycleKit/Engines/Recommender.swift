/// The site selection screen of the SiteCycle app (spec §3.1.2, §5.3) as a
/// pure function of the locations, the history and the moment.
public struct Recommendation: Sendable {
    public struct Item: Sendable, Equatable {
        public var location: Location
        /// The latest site change at this location up to now, if any.
        public var lastUse: SiteChange?
        /// The body at this location (`Occupancy`): who is on it, when it
        /// was left, how long it has rested.
        public var site: Occupancy.Site? = nil
        /// Whole days rested (`Occupancy.restedDays`); nil while in use or
        /// never used.
        public var restedDays: Int? = nil

        public init(location: Location, lastUse: SiteChange?, site: Occupancy.Site? = nil, restedDays: Int? = nil) {
            self.location = location
            self.lastUse = lastUse
            self.site = site
            self.restedDays = restedDays
        }
    }

    public enum Tag: String, Sendable { case avoid, recommended, resting, paused, occupied }

    /// Why a location is kept out of Recommended for now.
    public enum Restriction: Equatable, Sendable {
        /// `rest`: a session there ended less than the rest period ago.
        case resting(until: Instant)
        /// `paused until DATE` on the location.
        case paused(until: Instant)
        /// Another device is worn there now.
        case occupied(by: String)

        public var tag: Tag {
            switch self {
            case .resting: return .resting
            case .paused: return .paused
            case .occupied: return .occupied
            }
        }

        public var until: Instant? {
            switch self {
            case .resting(let t), .paused(let t): return t
            case .occupied: return nil
            }
        }
    }

    /// Locations kept out of Recommended, and why.
    public var restrictions: [String: Restriction] = [:]

    /// What counts against each site (`SiteVerdict`): a flagged site comes
    /// after every unflagged one that is free and rested, and says why.
    public var verdict: SiteVerdict? = nil

    /// A site's flags, in `SiteVerdict.Kind` order; empty when none.
    public func flags(of name: String) -> [SiteVerdict.Flag] { verdict?.flags(of: name) ?? [] }

    public func restriction(of name: String) -> Restriction? { restrictions[name] }

    public var strategy: RecommendationStrategy
    /// The 3 most recently used distinct enabled locations, newest first;
    /// never every location (`Recommender.avoidSize`).
    public var avoid: [Item]
    /// Up to 3 of the rest, best first; never overlapping `avoid`.
    public var recommended: [Item]
    /// Every enabled location, alphabetically, with its tag.
    public var all: [(item: Item, tag: Tag?)]

    /// The locations neither avoided nor recommended because they rest,
    /// are paused or are worn by another device, alphabetically: why
    /// Recommended is short (or empty), said by every view that shows it.
    public var heldBack: [(item: Item, restriction: Restriction)] {
        let avoided = Set(avoid.map(\.location.name))
        return all.compactMap { e in
            guard !avoided.contains(e.item.location.name), let why = restrictions[e.item.location.name] else { return nil }
            return (e.item, why)
        }
    }

    public func tag(of name: String) -> Tag? {
        // Worn by another device now: that says more than "used lately".
        if case .occupied = restrictions[name] { return .occupied }
        if avoid.contains(where: { $0.location.name == name }) { return .avoid }
        if let r = restrictions[name] { return r.tag }
        if recommended.contains(where: { $0.location.name == name }) { return .recommended }
        return nil
    }
}

public enum Recommender {
    public static let listSize = 3

    /// For one device: its locations only; recency from every device (it
    /// belongs to the body); resting, paused and occupied locations kept out
    /// of Recommended. A journal without `device`, `rest` or `paused` lines
    /// gets exactly the app's recommendation.
    /// `verdict` is the device's `SiteVerdict` (nil: from the journal alone).
    public static func recommend(_ journal: Journal, device: String = Device.pumpName,
                                 strategy: RecommendationStrategy? = nil, verdict: SiteVerdict? = nil,
                                 now: Instant) -> Recommendation {
        recommend(journal, occupancy: Occupancy.compute(journal, now: now), device: device, strategy: strategy,
                  verdict: verdict)
    }

    /// The same, from a body already computed (a view that shows both).
    public static func recommend(_ journal: Journal, occupancy: Occupancy, device: String = Device.pumpName,
                                 strategy: RecommendationStrategy? = nil,
                                 verdict: SiteVerdict? = nil) -> Recommendation {
        let now = occupancy.now
        let verdict = verdict ?? SiteVerdict.compute(journal, device: device, now: now, occupancy: occupancy)
        let locations = journal.locations.filter { $0.isFor(device) }
        let restrictions = self.restrictions(occupancy, device: device, rest: journal.settings.restHours, now: now)
        let chosen = strategy ?? journal.settings.strategy
        var recent: [SiteChange] = []  // newest first, for cooldown
        if case .cooldown = chosen {
            for change in journal.changes.reversed() where change.start <= now && !change.isRemoval {
                recent.append(change)
                if recent.count == RecommendationStrategy.cooldownRange.upperBound { break }
            }
        }
        let current = occupancy.sites.first { $0.occupiedBy.contains(device) && $0.location.isFor(device) }
        var r = recommend(locations: locations, occupancy: occupancy, recent: recent, names: journal.locationNames,
                          strategy: chosen, excluded: Set(restrictions.keys), current: current?.location.name,
                          flagged: Set(verdict.flagged.map(\.location.name)))
        r.restrictions = restrictions
        r.verdict = verdict
        r.all = r.all.map { ($0.item, r.tag(of: $0.item.location.name)) }
        return r
    }

    /// Why each location is out of Recommended for `device`: another
    /// device on it, a pause, or rest since the skin was left.
    static func restrictions(_ occupancy: Occupancy, device: String, rest: Double?,
                             now: Instant) -> [String: Recommendation.Restriction] {
        var out: [String: Recommendation.Restriction] = [:]
        for site in occupancy.sites where site.location.isFor(device) {
            let name = site.location.name
            // Its own device on it too (two at once) makes it this device's site.
            if !site.occupiedBy.contains(device), let other = site.occupiedBy.first {
                out[name] = .occupied(by: other)
            } else if let until = site.pausedUntil {
                out[name] = .paused(until: until)
            } else if let until = site.restingUntil {
                out[name] = .resting(until: until)
            } else if site.isOccupied, let rest {
                out[name] = .resting(until: now.adding(seconds: Int64((rest * 3600).rounded())))  // still worn
            }
        }
        return out
    }

    /// How many locations Avoid holds among `count` for one device: the
    /// app's 3 most recent, but never all of them, so that the one rested
    /// longest stays free to recommend (a Libre alternating between two
    /// arms always has a next site) unless it rests, is paused or is worn
    /// by another device, which `heldBack` then says. `log`'s "used
    /// recently" note reads Avoid, so it never falls on that site either.
    public static func avoidSize(locations count: Int) -> Int { max(0, min(listSize, count - 1)) }

    /// Avoid, Recommended and All for `locations`, ranked by when the skin
    /// was last in use (`Occupancy`); `recent` (newest first) is what
    /// cooldown looks back over. `current`, the site the device is on now,
    /// is its most recent use whatever else is worn at this moment (another
    /// device's newer site is in use too, but not this device's last
    /// change): first in Avoid, even when Avoid holds no other, and never
    /// its own next site. A `flagged` site (`SiteVerdict`) comes after
    /// every other the strategy would pick: only when too few are left is
    /// it recommended, and then last.
    static func recommend(locations: [Location], occupancy: Occupancy, recent: [SiteChange], names: [String],
                          strategy: RecommendationStrategy, excluded: Set<String> = [],
                          current: String? = nil, flagged: Set<String> = []) -> Recommendation {
        var byName: [String: Occupancy.Site] = [:]
        for site in occupancy.sites { byName[site.location.name] = site }
        let items = locations.filter(\.isEnabled).map { l -> Recommendation.Item in
            let site = byName[l.name]
            return Recommendation.Item(location: l, lastUse: site?.lastChange, site: site,
                                       restedDays: site.flatMap(occupancy.restedDays))
        }
        let now = occupancy.now
        let used = items.filter { $0.lastUse != nil }.sorted { restedLongest($1, $0, now: now, current: current) }
        let avoid = Array(used.prefix(max(avoidSize(locations: items.count), used.first?.location.name == current ? 1 : 0)))
        let avoided = Set(avoid.map(\.location.name))
        let free = items.filter { !avoided.contains($0.location.name) && !excluded.contains($0.location.name) }
        let rest = free.filter { !flagged.contains($0.location.name) }

        var recommended: [Recommendation.Item]
        switch strategy {
        case .bySite:
            recommended = Array(rest.sorted { restedLongest($0, $1, now: now) }.prefix(listSize))
        case .byBodyPart:
            recommended = byBodyPart(items, rest: rest, now: now, current: current)
        case .cooldown(let n):
            let hot = Set(recent.prefix(n).compactMap { change in
                locations.first { $0.name == names[Int(change.locationIndex)] }.map(groupKey)
            })
            let sorted = rest.sorted { a, b in
                let ah = hot.contains(groupKey(a.location)), bh = hot.contains(groupKey(b.location))
                return ah != bh ? !ah : restedLongest(a, b, now: now)
            }
            recommended = Array(sorted.prefix(listSize))
        }
        // Nothing else left: the flagged ones, rested longest first (by
        // body part: one per group still).
        var fill = free.filter { flagged.contains($0.location.name) }.sorted { restedLongest($0, $1, now: now) }
        if case .byBodyPart = strategy {
            let groups = Set(recommended.map { groupKey($0.location) })
            fill = byBodyPart(items, rest: fill, now: now, current: current).filter { !groups.contains(groupKey($0.location)) }
        }
        recommended += fill.prefix(max(0, listSize - recommended.count))

        var result = Recommendation(strategy: strategy, avoid: avoid, recommended: recommended, all: [])
        result.all = items.sorted { ($0.location.name.lowercased(), $0.location.order) < ($1.location.name.lowercased(), $1.location.order) }
            .map { ($0, result.tag(of: $0.location.name)) }
        return result
    }

    /// Never used first (in header order), then the skin left longest ago
    /// first; a site worn now counts as in use at this moment, the one put
    /// in last the newest. With one device this is the app's order by last
    /// use, since each site is left when the next goes in. `current`, the
    /// site the device being advised is on, is its newest of all.
    package static func restedLongest(_ a: Recommendation.Item, _ b: Recommendation.Item, now: Instant,
                                      current: String? = nil) -> Bool {
        if let current, a.location.name == current || b.location.name == current {
            return a.location.name != current
        }
        switch (a.lastUse, b.lastUse) {
        case (nil, nil): return a.location.order < b.location.order
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?):
            let ax = a.site?.lastInUse(now: now) ?? x.start, by = b.site?.lastInUse(now: now) ?? y.start
            if ax != by { return ax < by }
            return x.start != y.start ? x.start < y.start : a.location.order < b.location.order
        }
    }

    /// Body part and side: `Abdomen/left` for both Left Front and Left Side Abdomen.
    package static func groupKey(_ location: Location) -> String {
        location.bodyPart.lowercased() + "/" + (location.side?.rawValue ?? "")
    }

    /// Groups by body part and side; walks the groups that rested longest
    /// first and takes from each its longest-rested site not in Avoid. The
    /// group of the device's `current` site is its newest.
    package static func byBodyPart(_ items: [Recommendation.Item], rest: [Recommendation.Item],
                                   now: Instant, current: String? = nil) -> [Recommendation.Item] {
        var groups: [String: [Recommendation.Item]] = [:]
        var groupOrder: [String] = []
        for item in items {
            let key = groupKey(item.location)
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(item)
        }
        let currentKey = items.first { $0.location.name == current }.map { groupKey($0.location) }
        // A group's recency is its newest use; its order is its first member's.
        let ranked = groupOrder.map { key -> Recommendation.Item in
            let members = groups[key]!.filter { $0.lastUse != nil }
            let newest = members.max { restedLongest($0, $1, now: now) }
            return Recommendation.Item(location: groups[key]![0].location, lastUse: newest?.lastUse, site: newest?.site)
        }.sorted { a, b in
            let hot = currentKey.map { (groupKey(a.location) == $0, groupKey(b.location) == $0) }
            if let hot, hot.0 || hot.1 { return !hot.0 }
            return restedLongest(a, b, now: now)
        }
        let eligible = Set(rest.map(\.location.name))
        var picked: [Recommendation.Item] = []
        for group in ranked {
            let key = groupKey(group.location)
            if let best = groups[key]!.filter({ eligible.contains($0.location.name) })
                .sorted(by: { restedLongest($0, $1, now: now) }).first {
                picked.append(best)
                if picked.count == listSize { break }
            }
        }
        return picked
    }
}
