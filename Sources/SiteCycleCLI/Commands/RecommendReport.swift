import SiteCycleKit

/// The `recommend` lists and their JSON.
struct RecommendReport {
    let style: RenderStyle
    let zone: ZoneRules
    let now: Instant
    var device = Device.pumpName

    /// "resting until 2026-02-10 08:00", "paused until …", "in use by the sensor".
    static func describe(_ r: Recommendation.Restriction, zone: ZoneRules) -> String {
        switch r {
        case .resting(let t): return "resting until \(displayTime(t, in: zone))"
        case .paused(let t): return "paused until \(displayTime(t, in: zone))"
        case .occupied(let device): return "in use by the \(device)"
        }
    }

    /// When it last went in, and how the skin stands now (`BodyWords`).
    func lastUsed(_ item: Recommendation.Item) -> String {
        guard let use = item.lastUse else { return "never used" }
        return "\(displayStart(use))  \(BodyWords.state(item, device: device))"
    }

    func text(_ r: Recommendation) -> String {
        let unicode = self.style.unicode, style = self.style.text
        let width = max(20, (r.all.map { $0.item.location.name.count }.max() ?? 0) + 2)
        func row(_ marker: String, _ item: Recommendation.Item, tag: String = "") -> String {
            let name = item.location.name
            var line = "  \(marker) " + name + String(repeating: " ", count: width - name.count) + lastUsed(item)
            if !tag.isEmpty { line += String(repeating: " ", count: max(2, 34 - lastUsed(item).count)) + tag }
            return line + "\n"
        }
        let (no, yes) = unicode ? ("✗", "✓") : ("x", "+")
        var out = "Strategy: \(r.strategy.journalText)\n\n"
        out += style.red(style.bold("Avoid")) + " (used most recently)\n"
        out += r.avoid.isEmpty ? "  (none yet)\n" : r.avoid.map { style.red(row(no, $0)) }.joined()
        out += "\n" + style.green(style.bold("Recommended")) + " (rested longest)\n"
        out += r.recommended.isEmpty ? "  (none)\n" : r.recommended.map { style.green(row(yes, $0)) }.joined()
        let avoided = Set(r.avoid.map(\.location.name))
        let held = r.all.compactMap { e -> String? in
            guard !avoided.contains(e.item.location.name), let why = r.restriction(of: e.item.location.name) else { return nil }
            return e.item.location.name + " is " + RecommendReport.describe(why, zone: zone)
        }
        if r.recommended.count < Recommender.listSize && !held.isEmpty {
            for line in TextWrap.lines("(fewer than \(Recommender.listSize): " + held.joined(separator: "; ") + ")", width: 76) {
                out += "  " + line + "\n"
            }
        }
        out += "\n" + style.bold("All locations") + "\n"
        for (item, tag) in r.all {
            let restriction = r.restriction(of: item.location.name)
            // Another device's site: the state column already says
            // "in use (sensor)".
            var label = tag == .occupied ? "" : tag.map { $0 == .avoid ? style.red("avoid")
                : $0 == .recommended ? style.green("recommended") : style.yellow($0.rawValue) } ?? ""
            if let until = restriction?.until, tag != .avoid {
                label += " until " + String(displayTime(until, in: zone).prefix(10))
            }
            out += row(" ", item, tag: label)
        }
        return out
    }

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
