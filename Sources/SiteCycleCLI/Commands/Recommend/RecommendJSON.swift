import SiteCycleKit

/// `recommend --json`.
extension RecommendReport {
    func json(_ r: Recommendation) -> JSON {
        func item(_ i: Recommendation.Item) -> [(String, JSON)] {
            [("location", .string(i.location.name)),
             ("lastUsed", i.lastUse.map { .string(formatISO8601($0.start, offsetSeconds: $0.offset)) } ?? .null),
             ("inUseBy", .array((i.site?.occupiedBy ?? []).map { .string($0) })),
             ("freeSince", i.site?.vacatedAt.map { .string(isoTime($0, in: zone)) } ?? .null),
             ("restedDays", i.restedDays.map { .int($0) } ?? .null),
             ("flags", SiteVerdict.json(r.flags(of: i.location.name)))]
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
            // The text's "(none: …)", from the same words; null when some is recommended.
            ("noneBecause", .optional(Self.noneBecause(r, device: device, zone: zone))),
            ("all", .array(r.all.map { entry -> JSON in
                var fields = item(entry.item) + [("tag", .optional(entry.tag?.rawValue))]
                // As the text's state column: a site left but resting or
                // paused says so and until when, in Avoid too.
                let restriction = r.restriction(of: entry.item.location.name)
                if held(entry.item, restriction) != nil, let restriction, let until = restriction.until {
                    fields += [("hold", .string(restriction.tag.rawValue)), ("until", .string(isoTime(until, in: zone)))]
                }
                return .object(fields)
            })),
        ])
    }
}
