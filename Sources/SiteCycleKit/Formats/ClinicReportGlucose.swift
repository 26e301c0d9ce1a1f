/// The clinic report's glucose section (`report --cgm`): for the pump, its
/// sites by time in range and a small chart of time in range by day of
/// wear, from the same `GlucoseOutcomes` as `outcomes`. Kept short so a
/// pump-only report still prints on two pages.
extension ClinicReport {
    /// The CGM export a report joins to the pump's sites.
    public struct Glucose: Sendable {
        public var export: CGMExport
        public init(_ export: CGMExport) { self.export = export }
    }

    /// The outcomes over the report's period.
    static func outcomes(_ glucose: Glucose, rotation: Journal, period: Period) -> GlucoseOutcomes {
        GlucoseOutcomes.compute(rotation, export: glucose.export, from: period.from, to: period.to)
    }

    static func tenth(_ v: Double?) -> String {
        guard let v else { return "–" }
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? "\(Int(r)).0" : String(r)
    }

    static func glucoseSection(_ o: GlucoseOutcomes, format: CGMFormat) -> String {
        let unit = o.unit.rawValue
        var s = "<section id=\"glucose\" class=\"page\">\n<h2>Glucose by site</h2>\n"
        guard o.overall.readings > 0 else {
            return s + "<p>The \(format.title) has no readings in this period.</p>\n</section>\n\n"
        }
        func mean(_ m: GlucoseOutcomes.Measures) -> String {
            guard let v = m.mean else { return "–" }
            return o.unit == .mgdl ? String(Int(v.rounded())) : tenth(v)
        }
        s += "<p>Readings from the \(format.title), given to the pump site in at each instant; time in range "
            + "70–180 mg/dL and the other measures of the international consensus (Battelino et al., Diabetes Care 2019). "
            + "Flagged: in range \(Int(GlucoseOutcomes.flagPoints)) points or more below the whole period, with "
            + "\(GlucoseOutcomes.minimumSessions)+ sets and \(Int(GlucoseOutcomes.minimumCoverage))% coverage; thin: "
            + "under \(Int(GlucoseOutcomes.minimumCoverage))% of the expected readings.</p>\n"
        s += "<div class=\"mapwrap\">\n<table class=\"sites glucose\">\n<thead><tr><th scope=\"col\">Location</th>"
            + "<th scope=\"col\">Sets</th><th scope=\"col\">Coverage</th><th scope=\"col\">Mean \(unit)</th>"
            + "<th scope=\"col\">In range</th><th scope=\"col\">&lt;70</th><th scope=\"col\">&lt;54</th>"
            + "<th scope=\"col\">&gt;180</th><th scope=\"col\">CV</th><th scope=\"col\"></th></tr></thead>\n<tbody>\n"
        let sites = o.sites.sorted { ($0.measures.inRange ?? -1) > ($1.measures.inRange ?? -1) }
        for site in sites {
            let m = site.measures
            let mark = [site.flagged ? "<strong>Flagged</strong>" : nil, m.isThin ? "thin" : nil].compactMap { $0 }
            s += "<tr><td>\(escape(site.location.name))</td><td class=\"n\">\(m.sessions)</td>"
                + "<td class=\"n\">\(m.coverage.map { "\(Int($0.rounded()))%" } ?? "–")</td><td class=\"n\">\(mean(m))</td>"
                + "<td class=\"n\">\(tenth(m.inRange))%</td><td class=\"n\">\(tenth(m.below70))%</td>"
                + "<td class=\"n\">\(tenth(m.below54))%</td><td class=\"n\">\(tenth(m.above180))%</td>"
                + "<td class=\"n\">\(tenth(m.cv))%</td><td>\(mark.isEmpty ? "–" : mark.joined(separator: ", "))</td></tr>\n"
        }
        s += "</tbody>\n</table>\n" + wearDayChart(o) + "</div>\n"
        let m = o.overall
        s += "<p>Whole period: \(counted(m.readings, "reading")), \(m.coverage.map { "\(Int($0.rounded()))%" } ?? "–") coverage, "
            + "mean \(mean(m)) \(unit), \(tenth(m.inRange))% in range, CV \(tenth(m.cv))%, GMI \(tenth(m.gmi))% "
            + "(indicative, not an HbA1c)."
        if o.unmatched > 0 { s += " \(counted(o.unmatched, "reading")) fell outside every pump site." }
        return s + "</p>\n</section>\n\n"
    }

    /// Four bars: time in range on day 1, 2, 3 and 4+ of wear, with the
    /// numbers in a table beside them.
    static func wearDayChart(_ o: GlucoseOutcomes) -> String {
        let days = o.wearDays
        func label(_ d: Int) -> String { d == GlucoseOutcomes.wearDayCount ? "\(d)+" : "\(d)" }
        let described = days.map { "day \(label($0.day)) \(tenth($0.measures.inRange))%" }.joined(separator: ", ")
        var s = """
            <div class="side">
            <svg class="bars wear" viewBox="0 0 260 150" role="img" aria-labelledby="wear-title wear-desc">
            <title id="wear-title">Time in range by day of wear</title>
            <desc id="wear-desc">Percent of readings in range on each day of a set's wear: \(described).</desc>

            """
        for (i, d) in days.enumerated() {
            let x = 30.0 + Double(i) * 55, h = (d.measures.inRange ?? 0) / 100 * 100
            s += "<rect class=\"bar\" x=\"\(fmt(x))\" y=\"\(fmt(115 - h))\" width=\"40\" height=\"\(fmt(h))\"/>\n"
            s += "<text x=\"\(fmt(x + 20))\" y=\"\(fmt(110 - h))\" text-anchor=\"middle\" class=\"small\">"
                + "\(d.measures.inRange.map { "\(Int($0.rounded()))%" } ?? "–")</text>\n"
            s += "<text x=\"\(fmt(x + 20))\" y=\"132\" text-anchor=\"middle\" class=\"small\">day \(label(d.day))</text>\n"
        }
        s += "<line class=\"empty\" x1=\"25\" y1=\"115\" x2=\"250\" y2=\"115\"/>\n</svg>\n"
        s += "<table class=\"wear\">\n<thead><tr><th scope=\"col\">Day of wear</th><th scope=\"col\">In range</th>"
            + "<th scope=\"col\">Sets</th></tr></thead>\n<tbody>\n"
        for d in days {
            s += "<tr><td>\(label(d.day))</td><td class=\"n\">\(tenth(d.measures.inRange))%</td>"
                + "<td class=\"n\">\(d.measures.sessions)</td></tr>\n"
        }
        return s + "</tbody>\n</table>\n</div>\n"
    }
}

extension CGMFormat {
    /// What the export is called where it was downloaded.
    public var title: String {
        switch self {
        case .clarity: return "Dexcom Clarity CSV export"
        case .libreview: return "LibreView CSV export"
        case .nightscout: return "Nightscout entries.json"
        }
    }
}
