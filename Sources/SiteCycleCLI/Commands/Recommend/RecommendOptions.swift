import SiteCycleKit

/// What `recommend` was asked for.
struct RecommendOptions {
    enum Strategy: String, CaseIterable { case bySite = "by-site", byBodyPart = "by-body-part", cooldown }

    static let specs = DeviceOption.specs + [
        OptionSpec(["--strategy"], value: "NAME", "by-site, by-body-part or cooldown"),
        OptionSpec(["--cooldown"], value: "N", "site changes that stay hot (cooldown strategy, 1–10)"),
        GlucoseEvidence.spec,
    ]

    var device: DeviceOption
    var strategy: Strategy?
    /// `--cooldown N`, clamped to `RecommendationStrategy.cooldownRange`.
    var cooldown: Int?
    /// `--cgm FILE`, else the journal's `cgm`.
    var glucose: GlucoseEvidence

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        glucose = GlucoseEvidence(arguments)
        if let text = arguments.value("--cooldown") {
            guard let n = Int(text) else { throw CommandError("--cooldown takes a whole number, not `\(text)`", usage: true) }
            cooldown = min(max(n, RecommendationStrategy.cooldownRange.lowerBound), RecommendationStrategy.cooldownRange.upperBound)
        }
        if let name = arguments.value("--strategy") {
            guard let known = Strategy(rawValue: name) else {
                let guess = suggestion(for: name, among: Strategy.allCases.map(\.rawValue))
                throw CommandError("unknown strategy `\(name)`",
                                   help: guess.map { "did you mean `\($0)`?" } ?? "use by-site, by-body-part or cooldown",
                                   usage: true)
            }
            strategy = known
        }
    }

    /// The strategy asked for, else the journal's (`fallback`); --cooldown
    /// alone picks the cooldown strategy.
    func strategy(default fallback: RecommendationStrategy) -> RecommendationStrategy {
        var n = RecommendationStrategy.defaultCooldown
        if case .cooldown(let m) = fallback { n = m }
        if let cooldown { n = cooldown }
        switch strategy {
        case nil: return self.cooldown != nil ? .cooldown(n) : fallback
        case .bySite: return .bySite
        case .byBodyPart: return .byBodyPart
        case .cooldown: return .cooldown(n)
        }
    }
}
