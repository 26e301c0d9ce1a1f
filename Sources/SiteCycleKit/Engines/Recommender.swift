/// The site selection screen of the SiteCycle app (spec §3.1.2, §5.3) as a
/// pure function of the locations, the history and the moment.
public struct Recommendation: Sendable {
    public struct Item: Sendable, Equatable {
        public var location: Location
        /// The latest site change at this location up to now, if any.
        public var lastUse: SiteChange?
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

    public func restriction(of name: String) -> Restriction? { restrictions[name] }

    public var strategy: RecommendationStrategy
    /// The 3 most recently used distinct enabled locations, newest first.
    public var avoid: [Item]
    /// Up to 3 of the rest, best first; never overlapping `avoid`.
    public var recommended: [Item]
    /// Every enabled location, alphabetically, with its tag.
    public var all: [(item: Item, tag: Tag?)]

    public func tag(of name: String) -> Tag? {
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
    public static func recommend(_ journal: Journal, device: String = Device.pumpName,
                                 strategy: RecommendationStrategy? = nil, now: Instant) -> Recommendation {
        let locations = journal.locations.filter { $0.isFor(device) }
        let restrictions = self.restrictions(journal, device: device, locations: locations, now: now)
        var r = recommend(locations: locations, changes: journal.changes, names: journal.locationNames, strategy: strategy ?? journal.settings.strategy,
                          now: now, excluded: Set(restrictions.keys))
        r.restrictions = restrictions
        r.all = r.all.map { ($0.item, r.tag(of: $0.item.location.name)) }
        return r
    }

    static func restrictions(_ journal: Journal, device: String, locations: [Location],
                             now: Instant) -> [String: Recommendation.Restriction] {
        var out: [String: Recommendation.Restriction] = [:]
        let names = Set(locations.map(\.name))
        if let rest = journal.settings.restHours {
            // The last session at each location, whichever device; one still
            // worn has not ended.
            var latest: [String: SiteChange] = [:]
            for c in journal.changes where c.start <= now {
                if let name = journal.name(of: c), names.contains(name) { latest[name] = c }
            }
            for (name, c) in latest {
                guard let end = c.end, end <= now else {
                    out[name] = .resting(until: now.adding(seconds: Int64(rest * 3600)))  // still worn
                    continue
                }
                let until = end.adding(seconds: Int64((rest * 3600).rounded()))
                if now < until { out[name] = .resting(until: until) }
            }
        }
        for l in locations {
            guard let day = l.pausedUntil else { continue }
            let until = TimeArgument.startOfDay(day, zone: journal.zone)
            if now < until { out[l.name] = .paused(until: until) }
        }
        for other in journal.deviceNames where other != device {
            if let active = journal.rotation(other).activeChange(at: now), let name = journal.name(of: active),
               names.contains(name) {
                out[name] = .occupied(by: other)
            }
        }
        return out
    }

    /// `names` is what the changes' location indexes point into (the
    /// journal's `locationNames`).
    public static func recommend(locations: [Location], changes: [SiteChange], names: [String], strategy: RecommendationStrategy,
                                 now: Instant, excluded: Set<String> = []) -> Recommendation {
        var lastUse: [String: SiteChange] = [:]
        var recentSites: [SiteChange] = []  // newest first, for cooldown
        let enabledCount = locations.filter(\.isEnabled).count
        var enabledSeen = 0
        let enabledNames = Set(locations.filter(\.isEnabled).map(\.name))
        // Newest first; stop once every enabled location's last use is known
        // and cooldown has its most recent changes.
        for change in changes.reversed() where change.start <= now && !change.isRemoval {
            let name = names[Int(change.locationIndex)]
            if lastUse[name] == nil {
                lastUse[name] = change
                if enabledNames.contains(name) { enabledSeen += 1 }
            }
            if recentSites.count < RecommendationStrategy.cooldownRange.upperBound { recentSites.append(change) }
            if enabledSeen == enabledCount && recentSites.count == RecommendationStrategy.cooldownRange.upperBound { break }
        }
        let items = locations.filter(\.isEnabled).map { Recommendation.Item(location: $0, lastUse: lastUse[$0.name]) }

        let avoid = Array(items.filter { $0.lastUse != nil }
            .sorted { $0.lastUse!.start > $1.lastUse!.start }
            .prefix(listSize))
        let avoided = Set(avoid.map(\.location.name))
        let rest = items.filter { !avoided.contains($0.location.name) && !excluded.contains($0.location.name) }

        let recommended: [Recommendation.Item]
        switch strategy {
        case .bySite:
            recommended = Array(rest.sorted(by: restedLongest).prefix(listSize))
        case .byBodyPart:
            recommended = byBodyPart(items, rest: rest)
        case .cooldown(let n):
            let hot = Set(recentSites.prefix(n).compactMap { change in
                locations.first { $0.name == names[Int(change.locationIndex)] }.map(groupKey)
            })
            let sorted = rest.sorted { a, b in
                let ah = hot.contains(groupKey(a.location)), bh = hot.contains(groupKey(b.location))
                return ah != bh ? !ah : restedLongest(a, b)
            }
            recommended = Array(sorted.prefix(listSize))
        }

        var result = Recommendation(strategy: strategy, avoid: avoid, recommended: recommended, all: [])
        result.all = items.sorted { ($0.location.name.lowercased(), $0.location.order) < ($1.location.name.lowercased(), $1.location.order) }
            .map { ($0, result.tag(of: $0.location.name)) }
        return result
    }

    /// Never used first (in header order), then the oldest use first.
    package static func restedLongest(_ a: Recommendation.Item, _ b: Recommendation.Item) -> Bool {
        switch (a.lastUse, b.lastUse) {
        case (nil, nil): return a.location.order < b.location.order
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?): return x.start != y.start ? x.start < y.start : a.location.order < b.location.order
        }
    }

    /// Body part and side: `Abdomen/left` for both Left Front and Left Side Abdomen.
    package static func groupKey(_ location: Location) -> String {
        location.bodyPart.lowercased() + "/" + (location.side?.rawValue ?? "")
    }

    /// Groups by body part and side; walks the groups that rested longest
    /// first and takes from each its longest-rested site not in Avoid.
    package static func byBodyPart(_ items: [Recommendation.Item], rest: [Recommendation.Item]) -> [Recommendation.Item] {
        var groups: [String: [Recommendation.Item]] = [:]
        var groupOrder: [String] = []
        for item in items {
            let key = groupKey(item.location)
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(item)
        }
        // A group's recency is its newest use; its order is its first member's.
        let ranked = groupOrder.map { key -> Recommendation.Item in
            let members = groups[key]!
            let newest = members.compactMap(\.lastUse).max { $0.start < $1.start }
            return Recommendation.Item(location: members[0].location, lastUse: newest)
        }.sorted(by: restedLongest)
        let eligible = Set(rest.map(\.location.name))
        var picked: [Recommendation.Item] = []
        for group in ranked {
            let key = groupKey(group.location)
            if let best = groups[key]!.filter({ eligible.contains($0.location.name) }).sorted(by: restedLongest).first {
                picked.append(best)
                if picked.count == listSize { break }
            }
        }
        return picked
    }
}
