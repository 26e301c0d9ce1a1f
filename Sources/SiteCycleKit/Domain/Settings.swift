/// The header settings of a journal, with the SiteCycle app's defaults.
public struct Settings: Equatable, Sendable {
    /// IANA name from `timezone`, or nil when the header has none (then the
    /// system zone applies).
    public var timezone: String?
    /// `patient`: the name the clinic report prints in its header (any
    /// text but `;`, which starts a comment), or nil.
    public var patient: String?
    /// `cgm PATH`: the CGM export whose glucose the advice reads, relative
    /// to the journal's folder (`SettingValues.cgm`), or nil.
    public var cgm: String?
    /// `target`: hours a site is meant to stay in.
    public var targetHours: Double = 72
    /// The pump's grace past its target (`device pump 72h grace 6h`); in a
    /// device's rotation, that device's.
    public var graceHours: Double?
    /// `absorption-threshold`: percent below the overall average that flags a site.
    public var absorptionThresholdPercent: Double = 20
    /// `absorption-mode robust`: `stats` compares medians without failed
    /// and outlier sessions by default.
    public var robustStatistics = false
    /// `strategy`: how `recommend` ranks sites by default.
    public var strategy: RecommendationStrategy = .bySite
    /// `rest`: hours a site is kept out of recommendations after a session
    /// there ended, whichever device it was.
    public var restHours: Double?
    /// `device NAME DURATION` lines beyond the pump, in header order.
    public var devices: [Device] = []

    public init() {}
}

/// The recommendation strategies of the SiteCycle app.
public enum RecommendationStrategy: Equatable, Sendable {
    case bySite
    case byBodyPart
    case cooldown(Int)

    public static let defaultCooldown = 2
    public static let cooldownRange = 1...10

    public var journalText: String {
        switch self {
        case .bySite: return "by-site"
        case .byBodyPart: return "by-body-part"
        case .cooldown(let n): return "cooldown \(n)"
        }
    }
}
