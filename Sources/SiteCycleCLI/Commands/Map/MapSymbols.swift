import SiteCycleKit

/// How `map` marks a site: its symbol, colour and meaning, and the value
/// its key line gives.
extension MapReport {
    func symbol(_ state: BodyMap.State) -> String {
        switch state {
        case .active: unicode ? "◉" : "@"
        // Another device's site: a diamond, not a second circle beside ◉.
        case .occupied: unicode ? "◆" : "&"
        case .avoid: unicode ? "×" : "!"
        case .recent: unicode ? "◐" : "+"
        case .rested: unicode ? "●" : "*"
        case .paused: unicode ? "‖" : "%"  // not `|`: the outline's own stroke
        case .resting: unicode ? "◌" : "~"
        case .never, .unused, .noData: unicode ? "○" : "."
        case .disabled: unicode ? "·" : "-"
        case .high: unicode ? "█" : "#"
        case .even: unicode ? "▒" : "="
        case .low: unicode ? "░" : "-"
        case .flagged: "!"
        case .flaggedSite: unicode ? "▲" : "^"
        case .shorter: "-"
        case .longer: "+"
        case .oftenEarly: unicode ? "█" : "#"
        case .sometimesEarly: unicode ? "▒" : "="
        case .neverEarly: unicode ? "●" : "*"
        }
    }

    func paint(_ state: BodyMap.State, _ text: String) -> String {
        switch state {
        case .active: style.cyan(text)
        case .occupied: style.magenta(text)
        case .avoid, .high, .flagged, .oftenEarly, .flaggedSite: style.red(text)
        case .recent, .low, .shorter, .sometimesEarly, .paused, .resting: style.yellow(text)
        case .rested, .even, .longer, .neverEarly: style.green(text)
        case .never, .disabled, .unused, .noData: style.dim(text)
        }
    }

    func meaning(_ state: BodyMap.State) -> String {
        switch state {
        case .active: "active"
        case .occupied: "another device now"
        case .avoid: "avoid (as recommend)"  // at most 3, never every site
        case .recent: "used < \(BodyMap.restDays) days ago"
        case .rested: "rested \(BodyMap.restDays)+ days"
        case .paused: "paused"
        case .resting: "resting (`rest`)"
        case .never: "never used"
        case .disabled: "disabled"
        case .high: "over 1.5x equal share"
        case .even: "about even"
        case .low: "under 0.5x equal share"
        case .unused: "unused"
        case .flagged: "absorption flagged"
        case .flaggedSite: "flagged (recommend says why)"
        case .shorter: "mean below overall"
        case .longer: "mean at or above overall"
        case .noData: "no completed session"
        case .oftenEarly: "a third or more ended early"
        case .sometimesEarly: "some ended early"
        case .neverEarly: "none ended early"
        }
    }

    /// What the key says beside a name: days since use, share, or mean hours.
    func value(_ mark: BodyMap.Mark) -> String {
        switch map.measure {
        case .rest:
            if mark.isActive || mark.occupiedBy != nil { return "now" }
            guard let days = mark.daysSinceUse else { return "-" }
            return days > 999 ? "999+" : "\(days)d"
        case .uses:
            return formatShare(mark.share, whole: true)
        case .hours:
            return mark.meanHours.map { "\(Int($0.rounded()))h" } ?? "-"
        case .failures:
            guard let t = mark.endings, t.completed > 0 else { return "-" }
            return "\(t.endedEarly)/\(t.completed)"
        }
    }

    /// The key letter of the `index`th placed mark: a to z, A to Z, then round again.
    static func key(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String(letters[index % letters.count])
    }
}
