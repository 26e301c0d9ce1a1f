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
        return "\(what) at this site is \(a.percentBelow)% below your \(of) of \(formatHours(a.referenceHours)) h. "
            + "This may indicate absorption issues."
    }
}
