/// Location names as other tools write them, and back.
public enum SiteNames {
    /// The SiteCycle app's CSV names: `L Abdomen (Front)` → `Left Front
    /// Abdomen`, `R Buttock` → `Right Buttock`, `Abdomen (Side)` → `Side
    /// Abdomen`. Nil when the name is not in that style.
    public static func fromApp(_ name: String) -> String? {
        var words = name.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        var side: String?
        if words[0] == "L" || words[0] == "R" {
            side = words[0] == "L" ? "Left" : "Right"
            words.removeFirst()
        }
        var qualifier: String?
        if let last = words.last, last.hasPrefix("("), last.hasSuffix(")"), last.count > 2 {
            qualifier = String(last.dropFirst().dropLast())
            words.removeLast()
        }
        guard side != nil || qualifier != nil, !words.isEmpty else { return nil }
        return ([side, qualifier].compactMap { $0 } + words).joined(separator: " ")
    }

    package static let positions = ["Front", "Side", "Back"]

    /// AndroidAPS's site wording: `Front Right Lower Abdomen` → `Right Front
    /// Abdomen`, `Back Left Buttock` → `Left Buttock`, `Back Left Upper Arm`
    /// → `Left Back Arm`. Nil when the text is not in that style.
    public static func fromAndroidAPS(_ text: String) -> String? {
        let words = text.split(separator: " ").map(String.init)
        guard words.count >= 3, positions.contains(words[0]), words[1] == "Left" || words[1] == "Right" else { return nil }
        var rest = Array(words.dropFirst(2))
        if rest.first == "Upper" || rest.first == "Lower", rest.count > 1 { rest.removeFirst() }
        if rest == ["Buttock"] { return "\(words[1]) Buttock" }
        return ([words[1], words[0]] + rest).joined(separator: " ")
    }

    /// How AndroidAPS words one of our locations, where it has a word for it.
    public static func androidAPS(for location: Location) -> String? {
        guard let side = location.side else { return nil }
        let s = side == .left ? "Left" : "Right"
        switch location.zone {
        case "Front Abdomen": return "Front \(s) Lower Abdomen"
        case "Side Abdomen": return "Side \(s) Upper Abdomen"
        case "Front Thigh": return "Front \(s) Upper Thigh"
        case "Side Thigh": return "Side \(s) Upper Thigh"
        case "Back Arm": return "Back \(s) Upper Arm"
        case "Side Arm": return "Side \(s) Upper Arm"
        case "Buttock": return "Back \(s) Buttock"
        default: return nil
        }
    }
}
