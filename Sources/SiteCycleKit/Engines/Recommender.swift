/// The site selection screen of the SiteCycle app (spec §3.1.2, §5.3) as a
/// pure function of the locations, the history and the moment.
public struct Recommendation: Sendable {
    public struct Item: Sendable, Equatable {
        public var location: Location
        /// The latest site change at this location up to now, if any.
        public var lastUse: SiteChange?
    }

    public enum Tag: String, Sendable { case avoid, recommended }

    public var strategy: RecommendationStrategy
    /// The 3 most recently used distinct enabled locations, newest first.
    public var avoid: [Item]
    /// Up to 3 of the rest, best first; never overlapping `avoid`.
    public var recommended: [Item]
    /// Every enabled location, alphabetically, with its tag.
    public var all: [(item: Item, tag: Tag?)]

    public func tag(of name: String) -> Tag? {
        if avoid.contains(where: { $0.location.name == name }) { return .avoid }
        if recommended.contains(where: { $0.location.name == name }) { return .recommended }
        return nil
    }
}

public enum Recommender {
    public static let listSize = 3

    public static func recommend(_ journal: Journal, strategy: RecommendationStrategy? = nil, now: Instant) -> Recommendation {
        recommend(locations: journal.locations, changes: journal.changes,
                  strategy: strategy ?? journal.settings.strategy, now: now)
    }

    public static func recommend(locations: [Location], changes: [SiteChange], strategy: RecommendationStrategy,
                                 now: Instant) -> Recommendation {
        var lastUse: [String: SiteChange] = [:]
        var recentSites: [SiteChange] = []  // newest first, for cooldown
        let enabledCount = locations.filter(\.isEnabled).count
        var enabledSeen = 0
        let enabledNames = Set(locations.filter(\.isEnabled).map(\.name))
        // Newest first; stop once every enabled location's last use is known
        // and cooldown has its most recent changes.
        for change in changes.reversed() where change.start <= now && !change.isRemoval {
            if lastUse[change.location!] == nil {
                lastUse[change.location!] = change
                if enabledNames.contains(change.location!) { enabledSeen += 1 }
            }
            if recentSites.count < RecommendationStrategy.cooldownRange.upperBound { recentSites.append(change) }
            if enabledSeen == enabledCount && recentSites.count == RecommendationStrategy.cooldownRange.upperBound { break }
        }
        let items = locations.filter(\.isEnabled).map { Recommendation.Item(location: $0, lastUse: lastUse[$0.name]) }

        let avoid = Array(items.filter { $0.lastUse != nil }
            .sorted { $0.lastUse!.start > $1.lastUse!.start }
            .prefix(listSize))
        let avoided = Set(avoid.map(\.location.name))
        let rest = items.filter { !avoided.contains($0.location.name) }

        let recommended: [Recommendation.Item]
        switch strategy {
        case .bySite:
            recommended = Array(rest.sorted(by: restedLongest).prefix(listSize))
        case .byBodyPart:
            recommended = byBodyPart(items, rest: rest)
        case .cooldown(let n):
            let hot = Set(recentSites.prefix(n).compactMap { change in
                locations.first { $0.name == change.location }.map(groupKey)
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
