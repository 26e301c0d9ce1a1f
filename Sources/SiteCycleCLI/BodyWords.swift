import SiteCycleKit

/// The body (`Occupancy`) in words, one way for every view: recommend, the
/// picker and completion say the same of each location.
enum BodyWords {
    /// `in use`, `in use (sensor)`, `rested 9 days`, `rested < 1 day`,
    /// `never used`: how the skin at a location stands now, for `device`.
    static func state(_ item: Recommendation.Item, device: String) -> String {
        guard let site = item.site, item.lastUse != nil else { return "never used" }
        if site.occupiedBy.contains(device) { return "in use" }
        if let other = site.occupiedBy.first { return "in use (\(other))" }
        return rested(item.restedDays)
    }

    /// `rested 9 days`, `rested 1 day`, `rested < 1 day`.
    static func rested(_ days: Int?) -> String {
        switch days {
        case nil: return "in use"
        case 0?: return "rested < 1 day"
        case 1?: return "rested 1 day"
        case let n?: return "rested \(n) days"
        }
    }

    /// The tag a location carries in a list: `recommended`, `avoid`,
    /// `in use (sensor)` for another device's site, `resting`, `paused`.
    static func tag(_ tag: Recommendation.Tag?, _ restriction: Recommendation.Restriction?) -> String? {
        if case .occupied(let other)? = restriction { return "in use (\(other))" }
        return tag?.rawValue
    }
}
