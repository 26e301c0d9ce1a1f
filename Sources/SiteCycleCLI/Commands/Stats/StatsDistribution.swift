import SiteCycleKit

/// How evenly `stats` finds the sites used: the bars and the balance.
extension StatsReport {
    /// One bar per enabled location, scaled to the largest share, with `|`
    /// where an equal share would end.
    func distribution() -> String {
        let rows = stats.locations.filter(\.location.isEnabled)
        let total = rows.map(\.uses).reduce(0, +)
        let k = rows.count
        guard k > 0 else { return style.text.bold("Usage distribution") + "\n  No enabled locations.\n" }
        let equal = 1.0 / Double(k)
        let shares = rows.map { total > 0 ? Double($0.uses) / Double(total) : 0 }
        let width = 30
        let top = max(shares.max() ?? 0, equal)
        let equalColumn = min(width - 1, Int((equal / top * Double(width)).rounded()))
        let (on, off) = style.unicode ? ("█", "·") : ("#", ".")
        let nameWidth = rows.map(\.location.name.count).max() ?? 0
        var out = style.text.bold("Usage distribution") + " (| marks an equal share, \(formatShare(equal)))\n"
        for (l, share) in zip(rows, shares) {
            let filled = Int((share / top * Double(width)).rounded())
            var bar = (0..<width).map { $0 < filled ? on : off }
            bar[equalColumn] = "|"
            out += "  " + l.location.name + String(repeating: " ", count: nameWidth - l.location.name.count) + "  "
                + bar.joined() + "  " + String(repeating: " ", count: max(0, 4 - String(l.uses).count)) + "\(l.uses)  "
                + formatShare(share) + "\n"
        }
        return out
    }

    /// The rotation balance, 0 to 100 (`Statistics` computes it).
    func balance() -> String {
        "Rotation balance: " + (stats.balance.map { "\(Int($0.rounded(.down))) / 100" } ?? "-")
            + " (100 = even use of all enabled sites)\n"
    }
}
