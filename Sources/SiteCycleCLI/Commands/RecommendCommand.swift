import SiteCycleKit

extension CommandRegistry {
    static let recommend = Command(
        name: "recommend",
        aliases: ["next"],
        summary: "where to put the next site: avoid, recommended, all",
        usage: "sitecycle recommend [--strategy by-site|by-body-part|cooldown] [--cooldown N]",
        details: """
            Avoid: the 3 most recently used enabled locations, newest first.
            Recommended: 3 of the rest, best first (never used before any used).
            All: every enabled location alphabetically, with its last use and tag.
            The lists never overlap; with fewer than 6 locations they shrink.

            Strategies (as in the SiteCycle app; default from the journal's
            `strategy`, else by-site):
              by-site       the least recently used sites, never used first
                            (ties in header order), oldest first.
              by-body-part  groups sites by body part and side (the zone's last
                            word: Left Abdomen holds Left Front and Left Side
                            Abdomen); walks the groups never used first, then
                            oldest, taking from each its longest-rested site not
                            in Avoid. At most one site per group, so it may list
                            fewer than 3.
              cooldown      the body parts (with side) of the last N site
                            changes are hot; cool sites first (never used, then
                            oldest), hot ones after. N is --cooldown (default 2,
                            clamped to 1–10); --cooldown alone picks this strategy.

            --json prints {"strategy","avoid":[{"location","lastUsed"}],
            "recommended":[…],"all":[{"location","lastUsed","tag"}]}, lastUsed
            as ISO-8601 with offset or null, tag "avoid", "recommended" or null.

            With devices (`sitecycle help devices`), it lists the locations for
            --device (default pump). Recency counts every device's use. A site
            is tagged `resting` until `rest` has passed since its last session
            ended, `paused` until its `paused until` date, `occupied` while
            another device is in it; none is recommended, and when fewer than 3
            qualify, Recommended says why. In JSON, resting and paused carry
            "until", an ISO time.

            Where the numbers come from (not medical advice; your labeling and
            care team come first): infusion sets 2-3 days, FDA labeling for
            insulin infusion sets and the ADA Standards of Care; CGM sensors
            10 days (Dexcom G7 user guide) or 14 days (FreeStyle Libre
            labeling); a sensor at least 3 in / 7.5 cm from an infusion set
            (Dexcom G7 user guide), at least 5 cm (Medtronic sensor user
            guide); a lumpy or hard site rests about a month (Medtronic).
            """,
        options: RecommendOptions.specs,
        reportsJSON: true,
        run: { invocation in
            invocation.report { journal, now throws(CommandError) in
                let options = try RecommendOptions(invocation.arguments)
                let strategy = options.strategy(default: journal.settings.strategy)
                let device = try options.device.name(in: journal)
                let recommendation = Recommender.recommend(journal, device: device, strategy: strategy, now: now)
                let report = RecommendReport(style: invocation.renderStyle, zone: journal.zone, now: now, device: device)
                invocation.out(invocation.json ? report.json(recommendation).rendered() : report.text(recommendation))
            }
        })
}

/// What `recommend` was asked for.
struct RecommendOptions {
    enum Strategy: String, CaseIterable { case bySite = "by-site", byBodyPart = "by-body-part", cooldown }

    static let specs = DeviceOption.specs + [
        OptionSpec(["--strategy"], value: "NAME", "by-site, by-body-part or cooldown"),
        OptionSpec(["--cooldown"], value: "N", "site changes that stay hot (cooldown strategy, 1–10)"),
    ]

    var device: DeviceOption
    var strategy: Strategy?
    /// `--cooldown N`, clamped to `RecommendationStrategy.cooldownRange`.
    var cooldown: Int?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
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
