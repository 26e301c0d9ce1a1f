/// The words of a site's verdict (`SiteVerdict`), said the same way by
/// every view: the long form beside a row or in a report, the short one in
/// a picker's row, a completion's description and `log`'s confirmation.
package enum VerdictText {
    /// "3 of 3 ended early (2 occlusion, 1 pain)", "lasts 25 % less (usual
    /// 60.0 h)", "13 % in range (69 % overall)", "2 probable glucose
    /// failures".
    package static func long(_ flag: SiteVerdict.Flag) -> String {
        switch flag {
        case .early(let t):
            let reasons = t.sortedReasons.map { "\($0.count) \($0.reason.word)" }.joined(separator: ", ")
            return "\(t.endedEarly) of \(t.completed) ended early" + (reasons.isEmpty ? "" : " (\(reasons))")
        case .duration(let a):
            return "lasts \(StatisticsText.percentBelow(a)) % less (usual \(formatHours(a.referenceHours)) h)"
        case .glucose(let tir, let overall):
            return "\(percent(tir)) % in range (\(percent(overall)) % overall)"
        case .failures(let n):
            return counted(n, "probable glucose failure")
        }
    }

    /// "3 of 3 ended early", "lasts 25 % less", "13 % in range", "2
    /// glucose failures".
    package static func short(_ flag: SiteVerdict.Flag) -> String {
        switch flag {
        case .early(let t): return "\(t.endedEarly) of \(t.completed) ended early"
        case .duration(let a): return "lasts \(StatisticsText.percentBelow(a)) % less"
        case .glucose(let tir, _): return "\(percent(tir)) % in range"
        case .failures(let n): return counted(n, "glucose failure")
        }
    }

    /// Every flag's short form, "; " between: nil for an unflagged site.
    package static func short(_ flags: [SiteVerdict.Flag]) -> String? {
        flags.isEmpty ? nil : flags.map(short).joined(separator: "; ")
    }

    /// The first flag's short form, for a row with little room (the
    /// picker, a completion's description): nil for an unflagged site.
    package static func brief(_ flags: [SiteVerdict.Flag]) -> String? {
        flags.first.map { short($0) + (flags.count > 1 ? " (+\(flags.count - 1))" : "") }
    }

    static func percent(_ value: Double) -> Int { Int(value.rounded(.toNearestOrAwayFromZero)) }
}
