import SiteCycleKit

/// `map --json`.
extension MapReport {
    func json() -> JSON {
        func unit(_ v: Double) -> JSON { .double((v * 1000).rounded() / 1000) }
        return .object([
            ("by", .string(map.measure.rawValue)),
            ("locations", .array(map.marks.map { m in
                .object([
                    ("location", .string(m.location.name)),
                    ("view", .string((m.place?.view ?? .none).rawValue)),
                    ("x", m.place.map { unit($0.x) } ?? .null),
                    ("y", m.place.map { unit($0.y) } ?? .null),
                    ("state", .string(m.state.rawValue)),
                    ("active", .bool(m.isActive)),
                    ("uses", .int(m.uses)),
                    ("daysSinceUse", m.daysSinceUse.map(JSON.int) ?? .null),
                    ("meanHours", m.meanHours.map { .double(roundedHours($0)) } ?? .null),
                ] + (m.endings.map { t in
                    [("completed", JSON.int(t.completed)), ("endedEarly", .int(t.endedEarly)),
                     ("reasons", .object(t.sortedReasons.map { ($0.reason.word, JSON.int($0.count)) }))]
                } ?? []))
            })),
        ])
    }
}
