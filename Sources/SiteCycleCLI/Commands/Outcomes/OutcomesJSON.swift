import SiteCycleKit

/// `outcomes --json`: percents 0–100 with one decimal, `mean` in `units`.
extension OutcomesReport {
    func json() -> JSON {
        var pairs: [(String, JSON)] = [
            ("format", .string(export.format.rawValue)), ("units", .string(units.rawValue)),
            ("zone", .string(zone.identifier)), ("device", .string(device)),
            ("from", outcomes.first.map { .string(isoTime($0, in: zone)) } ?? .null),
            ("to", outcomes.last.map { .string(isoTime($0, in: zone)) } ?? .null),
            ("intervalMinutes", .int(Int(outcomes.interval / 60))),
            ("overall", .object(measures(outcomes.overall))),
        ]
        if let order = export.dateOrder { pairs.append(("dateOrder", .string(order.rawValue))) }
        let byDay = grouping == .wearDay
        pairs.append(("sites", .array(outcomes.sites.map { s in
            var site: [(String, JSON)] = [("location", .string(s.location.name))] + measures(s.measures)
                + [("flagged", .bool(s.flagged)),
                   ("inRangeInterval", s.inRangeInterval.map { ci in
                       .array([.double((ci.low * 10).rounded() / 10), .double((ci.high * 10).rounded() / 10)])
                   } ?? .null)]
                + [("glucoseFailures", .int(failures(at: s.location.name).count)),
                   ("glucoseFailureSets", .array(failures(at: s.location.name).map { .string(isoTime($0.start, in: zone)) }))]
            if byDay { site.append(("wearDays", wearDays(s.wearDays))) }
            return .object(site)
        })))
        if byDay { pairs.append(("wearDays", wearDays(outcomes.wearDays))) }
        pairs += [
            ("unmatched", .int(outcomes.unmatched)),
            ("duplicates", .int(export.duplicates)),
            ("unreadable", .object([("rows", .int(export.badRows)), ("lines", .array(export.badLines.map(JSON.int)))])),
        ]
        return .object(pairs)
    }

    func wearDays(_ days: [GlucoseOutcomes.WearDay]) -> JSON {
        .array(days.map { .object([("day", .int($0.day))] + measures($0.measures)) })
    }

    func measures(_ m: GlucoseOutcomes.Measures) -> [(String, JSON)] {
        func tenth(_ v: Double?) -> JSON { v.map { .double(($0 * 10).rounded() / 10) } ?? .null }
        return [
            ("sessions", .int(m.sessions)), ("readings", .int(m.readings)), ("coverage", tenth(m.coverage)),
            ("mean", tenth(m.mean.map { outcomes.unit.convert($0, to: units) })),
            ("inRange", tenth(m.inRange)), ("below70", tenth(m.below70)), ("below54", tenth(m.below54)),
            ("above180", tenth(m.above180)), ("above250", tenth(m.above250)), ("cv", tenth(m.cv)), ("gmi", tenth(m.gmi)),
            ("thin", .bool(m.isThin)), ("low", .int(m.lows)), ("high", .int(m.highs)),
        ]
    }
}
