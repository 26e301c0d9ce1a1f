import SiteCycleKit

/// `stats --json`, and each device's `stats` in `report --json`.
extension StatsReport {
    func json() -> JSON {
        let o = stats.overall
        return .object([
            ("overall", .object([("changes", .int(o.changes)), ("completed", .int(o.completed)),
                                 ("averageHours", rounded(o.averageHours)), ("medianHours", rounded(o.medianHours)),
                                 ("longSessions", .int(o.longSessions)), ("endedByRemoval", .int(o.endedByRemoval)),
                                 ("comparedHours", rounded(stats.referenceHours)),
                                 ("repeatedChanges", .int(o.repeatedChanges))] + endingsJSON(endings?.total))),
            ("locations", .array(stats.locations.map(json))),
            ("distribution", distributionJSON()),
            ("balance", rounded(stats.balance)),
        ])
    }

    func rounded(_ v: Double?) -> JSON { v.map { .double(roundedHours($0)) } ?? .null }

    /// `endedEarly` and `reasons` ({"occlusion": 2, …}, most frequent
    /// first), in every journal: 0 and {} where none ended early (a script
    /// need not know whether a journal has ever recorded a reason).
    func endingsJSON(_ t: EarlyEndings.Tally?) -> [(String, JSON)] {
        guard let t else { return [("endedEarly", .int(0)), ("reasons", .object([]))] }
        return [("endedEarly", .int(t.endedEarly)),
                ("reasons", .object(t.sortedReasons.map { ($0.reason.word, JSON.int($0.count)) }))]
    }

    func json(_ l: Statistics.PerLocation) -> JSON {
        .object([
            ("location", .string(l.location.name)), ("enabled", .bool(l.location.isEnabled)),
            ("uses", .int(l.uses)),
            ("averageHours", rounded(l.average)), ("medianHours", rounded(l.median)),
            ("minHours", rounded(l.shortest)), ("maxHours", rounded(l.longest)),
            ("lastUsed", l.lastUse.map { .string(formatISO8601($0.start, offsetSeconds: $0.offset)) } ?? .null),
            ("daysSinceLastUse", l.daysSinceLastUse.map(JSON.int) ?? .null),
            ("excluded", .int(l.excluded)),
        ] + endingsJSON(endings?.tally(of: l.location)) + [
            ("absorption", .object([
                ("flagged", .bool(durationFlagged(l))),
                ("percentBelow", l.absorption.map { .double(StatisticsText.percentBelowFigure($0)) } ?? .null),
                ("comparedHours", rounded(l.absorption?.referenceHours)),
                ("message", .optional(isFlagged(l) ? why(l) : nil)),
            ])),
        ] + (verdict.map { [("flags", SiteVerdict.json($0.flags(of: l.location.name)))] } ?? []))
    }

    /// Each enabled location's share of all uses (every location's).
    func distributionJSON() -> JSON {
        let total = stats.locations.map(\.uses).reduce(0, +)
        return .array(stats.locations.filter(\.location.isEnabled).map { l in
            .object([("location", .string(l.location.name)), ("uses", .int(l.uses)),
                     ("share", total > 0 ? .double((Double(l.uses) / Double(total) * 1000).rounded() / 1000) : .null)])
        })
    }
}
