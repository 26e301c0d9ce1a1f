/// Why a site or sensor ended, from a short vocabulary a person types and
/// reads (`reason: occlusion` on the line of the site it describes). Kept
/// in a change as one byte: 0 is "no reason given".
public enum EndReason: UInt8, CaseIterable, Sendable, Comparable {
    case occlusion = 1, fellOff, pain, bleeding, kinked, highGlucose, skinReaction, deviceError, other

    /// The word the journal, the flags and the JSON use.
    public var word: String {
        switch self {
        case .occlusion: "occlusion"
        case .fellOff: "fell-off"
        case .pain: "pain"
        case .bleeding: "bleeding"
        case .kinked: "kinked"
        case .highGlucose: "high-glucose"
        case .skinReaction: "skin-reaction"
        case .deviceError: "device-error"
        case .other: "other"
        }
    }

    public static var words: [String] { allCases.map(\.word) }

    /// The reason a word names exactly (the vocabulary is lower case).
    public init?(word: some StringProtocol) {
        guard let found = EndReason.allCases.first(where: { $0.word == word }) else { return nil }
        self = found
    }

    /// The vocabulary's nearest word to a typo (`pian` → `pain`), if any.
    public static func nearest(to word: String) -> String? {
        suggestion(for: word, among: words)
    }

    public static func < (a: EndReason, b: EndReason) -> Bool { a.rawValue < b.rawValue }
}

extension SiteChange {
    /// Whether the site ended before `targetHours` with a reason given: the
    /// one definition of "ended early" (a reason on a site that reached its
    /// target is kept, but is not early; an active site has not ended).
    public func endedEarly(targetHours: Double) -> Bool {
        guard reason != nil, !isRemoval, let hours = durationHours else { return false }
        return hours < targetHours
    }
}

extension Journal {
    /// A change's lot (`lot: TEXT` on its line), or nil.
    public func lot(of change: SiteChange) -> String? { lots[UInt32(clamping: change.line)] }

    /// Whether a change ended before its own device's target, with a reason.
    public func endedEarly(_ change: SiteChange) -> Bool {
        change.endedEarly(targetHours: targetHours(of: deviceName(of: change)))
    }

    /// How long before its target a site of `device` may close and still be
    /// on time, for asking why it ended: the device's grace when it has one,
    /// else the last sixth of its target (12 h of 72 h). A 72 h pod changed
    /// at 70 h is on time; nobody should be asked why.
    public func onTimeHours(of device: String) -> Double {
        graceHours(of: device) ?? targetHours(of: device) / 6
    }

    /// Whether `change`, closed at `end`, closes well before its device's
    /// target (earlier than `onTimeHours` before it): the one rule every
    /// question "why did it end early?" reads (the picker's, `help log`).
    public func closesWellBeforeTarget(_ change: SiteChange, at end: Instant) -> Bool {
        guard !change.isRemoval, change.start < end else { return false }
        let device = deviceName(of: change)
        return change.start.hours(until: end) < targetHours(of: device) - onTimeHours(of: device)
    }
}
