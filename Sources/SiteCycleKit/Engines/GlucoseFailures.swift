/// Sets the CGM saw end in prolonged hyperglycaemia: probable infusion set
/// failures, by the rule of Kanapka et al., Diabetes Technol Ther 2022
/// (22,741 sets; doi 10.1089/dia.2021.0548). A set that ended before its
/// target counts when, before it ended:
/// - the CGM read above 300 mg/dL immediately before (the last reading
///   within `immediateSeconds`);
/// - it read above 250 mg/dL continuously for the 2 hours before (no
///   reading at or below, and no gap longer than `maximumGapSeconds`);
/// - at least 90 of those 120 minutes were above 300 mg/dL (each reading
///   standing for the time until the next).
/// Pure: the journal's sets and the export's readings in, the sets out.
public enum GlucoseFailures {
    public static let windowSeconds: Int64 = 2 * 3600
    public static let minimumMinutesAbove300 = 90.0
    /// "Immediately before": a reading no older than this at the removal.
    public static let immediateSeconds: Int64 = 15 * 60
    /// Longer than this without a reading is not "continuously".
    public static let maximumGapSeconds: Int64 = 15 * 60

    /// The sets of `rotation` (one device) that ended by `now`, before
    /// their target, with the readings meeting the rule; in time order.
    public static func compute(_ rotation: Journal, export: CGMExport, now: Instant) -> [SiteChange] {
        let readings = export.readings
        guard !readings.isEmpty else { return [] }
        let high = GlucoseUnit.mgdl.convert(250, to: export.unit), veryHigh = GlucoseUnit.mgdl.convert(300, to: export.unit)
        var out: [SiteChange] = []
        // The rule needs a reading in the 2 hours before the end.
        let first = readings[0].instant.seconds, last = readings[readings.count - 1].instant.seconds
        for c in rotation.changes where !c.isRemoval {
            guard let end = c.end, end <= now, end.seconds > first, end.seconds - windowSeconds <= last,
                  let hours = c.durationHours,
                  hours < rotation.targetHours(of: rotation.deviceName(of: c)) else { continue }
            if meetsRule(readings, end: end.seconds, high: high, veryHigh: veryHigh) { out.append(c) }
        }
        return out
    }

    /// The rule on the readings before `end` (seconds), thresholds in the
    /// export's unit.
    static func meetsRule(_ readings: [GlucoseReading], end: Int64, high: Double, veryHigh: Double) -> Bool {
        let from = end - windowSeconds
        var k = GlucoseOutcomes.lowerBound(readings, from)
        guard k < readings.count, readings[k].instant.seconds - from <= maximumGapSeconds else { return false }
        // The reading at the window's start, if one falls just before it, counts for its part.
        var secondsAbove300: Int64 = 0
        var previous = from
        var last: GlucoseReading?
        // A reading at the removal itself is the next set's.
        while k < readings.count, readings[k].instant.seconds < end {
            let r = readings[k], t = r.instant.seconds
            guard t - previous <= maximumGapSeconds, r.value > high else { return false }
            let next = k + 1 < readings.count ? min(readings[k + 1].instant.seconds, end) : end
            if r.value > veryHigh { secondsAbove300 += max(0, next - t) }
            previous = t
            last = r
            k += 1
        }
        guard let last, end - last.instant.seconds <= immediateSeconds, last.value > veryHigh else { return false }
        return Double(secondsAbove300) / 60 >= minimumMinutesAbove300 - 1e-9
    }

    /// The sets counted per location name.
    public static func counts(_ sets: [SiteChange], in journal: Journal) -> [String: Int] {
        var out: [String: Int] = [:]
        for c in sets { if let name = journal.name(of: c) { out[name, default: 0] += 1 } }
        return out
    }
}
