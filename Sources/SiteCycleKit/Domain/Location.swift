/// A place on the body where a site can go, as declared by `location NAME`.
///
/// A name starting with `Left ` or `Right ` has laterality; the rest is its
/// zone (`Front Abdomen`), and the zone's last word is its body part.
public struct Location: Equatable, Sendable {
    public enum Side: String, Sendable { case left, right }

    public var name: String
    public var isEnabled: Bool
    /// Position in the header: the user's sort order.
    public var order: Int
    /// 1-based line of the declaration.
    public var line: Int
    /// The devices that may use it (`for pump,sensor`); the pump alone when
    /// the declaration does not say.
    public var devices: [String] = [Device.pumpName]
    /// `paused until DATE`: out of recommendations before that day's
    /// midnight (journal time).
    public var pausedUntil: CivilDate?

    public init(name: String, isEnabled: Bool = true, order: Int, line: Int) {
        self.name = name
        self.isEnabled = isEnabled
        self.order = order
        self.line = line
    }

    public func isFor(_ device: String) -> Bool { devices.contains(device) }

    public var side: Side? { Location.split(name).side }
    public var zone: String { Location.split(name).zone }
    public var bodyPart: String {
        let z = zone
        if let space = z.lastIndex(of: " ") { return String(z[z.index(after: space)...]) }
        return z
    }

    package static func split(_ name: String) -> (side: Side?, zone: String) {
        if name.hasPrefix("Left "), name.count > 5 { return (.left, String(name.dropFirst(5))) }
        if name.hasPrefix("Right "), name.count > 6 { return (.right, String(name.dropFirst(6))) }
        return (nil, name)
    }
}

/// The zones the SiteCycle app ships with, in its order; each has a left and
/// a right side.
public enum DefaultZones {
    public static let all = [
        "Front Abdomen", "Side Abdomen", "Back Abdomen",
        "Front Thigh", "Side Thigh", "Back Arm", "Buttock",
    ]

    /// `Left Front Abdomen, Right Front Abdomen, Left Side Abdomen, …`
    public static func locationNames(zones: [String], sides: Bool) -> [String] {
        sides ? zones.flatMap { ["Left \($0)", "Right \($0)"] } : zones
    }
}
