import SiteCycleKit

/// `recommend --json`.
extension RecommendReport {
    func json(_ r: Recommendation) -> JSON {
        func item(_ i: Recommendation.Item) -> [(String, JSON)] {
            [("location", .string(i.location.name)),
             ("lastUsed", i.lastUse.map { .string(formatISO8601($0.start, offsetSeconds: $0.offset)) } ?? .null),
             ("inUseBy", .array((i.site?.occupiedBy ?? []).map { .string($0) })),
             ("freeSince", i.site?.vacatedAt.map { .string(isoTime($0, in: zone)) } ?? .null),
             ("restedDays", i.restedDays.map { .int($0) } ?? .null)]
        }
        var strategy: [(String, JSON)] = []
        switch r.strategy {
        case .bySite: strategy = [("strategy", .string("by-site"))]
        case .byBodyPart: strategy = [("strategy", .string("by-body-part"))]
        case .cooldown(let n): strategy = [("strategy", .string("cooldown")), ("cooldown", .int(n))]
        }
        return .object(strategy + [
            ("avoid", .array(r.avoid.map { .object(item($0)) })),
            ("recommended", .array(r.recommended.map { .object(item($0)) })),
            ("all", .array(r.all.map { entry -> JSON in
                var fields = item(entry.item) + [("tag", .optional(entry.tag?.rawValue))]
                if entry.tag != .avoid, let until = r.restriction(of: entry.item.location.name)?.until {
                    fields.append(("until", .string(isoTime(until, in: zone))))
                }
                return .object(fields)
            })),
        ])
    }
}
