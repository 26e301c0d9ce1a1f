/// A rotation: the pump's infusion sets (always there, unnamed in old
/// journals) or another device declared with `device NAME DURATION`, such
/// as a CGM sensor.
public struct Device: Equatable, Sendable {
    /// Devices a journal may declare besides the pump (a change keeps its
    /// device in one byte).
    public static let maximumDeclared = 255

    public var name: String
    /// How long one site is meant to stay in.
    public var targetHours: Double
    /// `grace DURATION`: how long past the target a site may stay before
    /// it is overdue (a G7's 12 h); nil when none is declared.
    public var graceHours: Double?
    /// 1-based line of the declaration (0 for the implicit pump).
    public var line: Int

    public init(name: String, targetHours: Double, graceHours: Double? = nil, line: Int) {
        self.name = name
        self.targetHours = targetHours
        self.graceHours = graceHours
        self.line = line
    }

    /// The unnamed rotation every journal has.
    public static let pumpName = "pump"

    /// The CGM sensor's name by convention: what `init` declares, what an
    /// import's sensor rows go to, what Nightscout calls a Sensor Change.
    public static let sensorName = "sensor"

    /// A device name: lowercase letters, digits and `-`, not `removed`.
    public static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else {
            return "a device name starts with a lowercase letter"
        }
        guard name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            return "a device name has only lowercase letters, digits and `-`"
        }
        if name == EntrySyntax.removedKeyword { return "`removed` is a keyword, not a device name" }
        return nil
    }
}
