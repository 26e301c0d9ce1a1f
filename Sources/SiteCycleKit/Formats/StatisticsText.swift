/// The English of the statistics, kept out of the engine: it returns
/// numbers, and every place that shows them (the terminal, JSON, the clinic
/// report) says them the same way, from here.
package enum StatisticsText {
    /// The app's absorption insight (spec §3.4.2), for a flagged site; nil
    /// for one that is not flagged.
    package static func absorption(_ a: Statistics.Absorption) -> String? {
        guard a.flagged else { return nil }
        let what = a.robust ? "Median duration" : "Average duration"
        let of = a.robust ? "overall median" : "overall average"
        return "\(what) at this site is \(percentBelow(a))% below your \(of) of \(formatHours(a.referenceHours)) h. "
            + "This may indicate absorption issues."
    }

    /// The percentage with enough digits to be true of a flagged site:
    /// whole (`25`) when that is above the threshold, else tenths (`20.2`,
    /// where the rule is "more than 20%").
    package static func percentBelow(_ a: Statistics.Absorption) -> String {
        guard a.flagged, Double(a.percentBelow) <= a.thresholdPercent else { return "\(a.percentBelow)" }
        let tenths = Int((a.exactPercentBelow * 10).rounded(.down))
        return tenths > Int((a.thresholdPercent * 10).rounded()) ? "\(tenths / 10).\(tenths % 10)"
            : String(Double(Int((a.exactPercentBelow * 100).rounded(.down))) / 100)
    }

    /// `percentBelow` as the number JSON gives: the same digits the text
    /// shows (20.1 where it says "20.1% below"), never a rounder one.
    package static func percentBelowFigure(_ a: Statistics.Absorption) -> Double {
        Double(percentBelow(a)) ?? Double(a.percentBelow)
    }

    /// The sessions under `SiteChange.repeatedSessionHours` that ended in a
    /// change at the same location, left out of every figure, in the one
    /// sentence stats and the report say (without its full stop: stats
    /// adds where `check` warns, `Summary.probableDuplicates`); nil when
    /// none was.
    package static func repeatedChanges(_ o: Statistics.Summary) -> String? {
        let n = o.repeatedChanges
        guard n > 0 else { return nil }
        return counted(n, "session") + " under \(Int(SiteChange.repeatedSessionHours)) h that ended in a change at the "
            + "same location \(n == 1 ? "is" : "are") left out (the same change logged twice?)"
    }
}

extension StatisticsText {
    /// "3 of 5 ended early: 2 occlusion, 1 high-glucose", or nil when none
    /// did: the absorption insight names the reasons with it.
    package static func endedEarly(_ t: EarlyEndings.Tally) -> String? {
        guard t.endedEarly > 0 else { return nil }
        let reasons = t.sortedReasons.map { "\($0.count) \($0.reason.word)" }.joined(separator: ", ")
        return "\(t.endedEarly) of \(t.completed) ended early: \(reasons)"
    }

    /// The insight for a flagged site, naming why its sessions ended
    /// early when any did: every place that shows it says the same.
    package static func absorption(_ a: Statistics.Absorption, endings: EarlyEndings.Tally?) -> String? {
        guard let message = absorption(a) else { return nil }
        guard let early = endings.flatMap(endedEarly) else { return message }
        return message + " " + early + "."
    }
}
