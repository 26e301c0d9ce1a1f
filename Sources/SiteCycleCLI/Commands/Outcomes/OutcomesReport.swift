import SiteCycleKit

/// What `outcomes` shows: the consensus figures per site (or per day of
/// wear), the whole period's, and what was not counted.
struct OutcomesReport {
    let style: RenderStyle
    let outcomes: GlucoseOutcomes
    let export: CGMExport
    let device: String
    let zone: ZoneRules
    /// The unit means are shown in.
    let units: GlucoseUnit
    let grouping: OutcomesOptions.Grouping
    /// With --by wear-day: the sites' set durations and absorption flags.
    var durations: Statistics? = nil
    /// Sets the CGM saw end in prolonged hyperglycaemia (`GlucoseFailures`),
    /// with the rotation that names them.
    var failures: [SiteChange] = []
    var rotation: Journal? = nil

    /// A site's probable glucose failures, in time order.
    func failures(at name: String) -> [SiteChange] {
        guard let rotation else { return [] }
        return failures.filter { rotation.name(of: $0) == name }
    }

    static func formatName(_ format: CGMFormat) -> String { "a " + format.title }

    /// A mean in the shown unit: whole mg/dL, mmol/L to one decimal.
    func mean(_ m: GlucoseOutcomes.Measures) -> String {
        guard let v = m.mean else { return "-" }
        let shown = outcomes.unit.convert(v, to: units)
        return units == .mgdl ? String(Int(shown.rounded())) : formatTenth(shown)
    }

    func percent(_ v: Double?) -> String { v.map(formatTenth) ?? "-" }

    /// "Probable glucose failures (Kanapka 2022):" and each site's sets.
    func failuresText() -> String {
        guard !failures.isEmpty else { return "" }
        var out = "\nProbable glucose failures (>300 mg/dL for the last 2 h; `sitecycle help outcomes`):\n"
        for site in outcomes.sites {
            let sets = failures(at: site.location.name)
            guard !sets.isEmpty else { continue }
            let text = site.location.name + ": " + sets.map { displayStart($0) }.joined(separator: ", ")
            for line in TextWrap.lines(text, width: 76, start: 2, indent: "    ") { out += "  " + line + "\n" }
        }
        return out
    }

    func text() -> String {
        var out = heading() + "\n"
        guard outcomes.overall.readings > 0 else {
            return out + "No readings in the period.\n" + footnotes()
        }
        out += "\n"
        switch grouping {
        case .site:
            out += measuresTable(first: "Site", rows: outcomes.sites.map { ($0.location.name, $0.measures, $0.flagged) })
            out += flagged() + failuresText()
        case .wearDay:
            out += measuresTable(first: "Day of wear", rows: outcomes.wearDays.map { (dayName($0.day), $0.measures, false) })
            out += "\n" + wearDaysBySite()
        }
        return out + "\n" + overall() + footnotes()
    }

    /// The file, the unit, the zone, the span and the interval.
    func heading() -> String {
        let noun = export.format == .nightscout ? "instants" : "local times read in \(zone.identifier)"
        let title = style.text.bold("Glucose outcomes by \(grouping == .site ? "site" : "day of wear") for the \(device)")
        var out = "From " + Self.formatName(export.format) + " in \(export.unit.rawValue)"
        if units != export.unit { out += ", shown in \(units.rawValue)" }
        out += " (\(noun))"
        if let order = export.dateOrder {
            out += ", dates \(order == .dmy ? "day-month" : "month-day")"
                + (export.dateOrderFromFile ? "" : " (--date-order)")
        }
        out += ".\n"
        if let first = outcomes.first, let last = outcomes.last {
            out += "Readings \(displayTime(first, in: zone)) to \(displayTime(last, in: zone)) \(zone.identifier), "
                + "one expected every \(outcomes.interval / 60) min."
        }
        return title + "\n" + TextWrap.lines(out, width: 80, start: 0, indent: "").joined(separator: "\n")
    }

    func dayName(_ day: Int) -> String { day == GlucoseOutcomes.wearDayCount ? "Day \(day)+" : "Day \(day)" }

    /// One row per group: sessions, coverage, mean, the five ranges, CV,
    /// and a mark (flagged, thin). At most 80 columns.
    func measuresTable(first: String, rows: [(String, GlucoseOutcomes.Measures, Bool)]) -> String {
        let nameWidth = min(21, max(first.count, rows.map(\.0.count).max() ?? 0))
        // The thresholds as the unit shown writes them (the consensus's pairs).
        let limits = units == .mgdl ? ["<70", "<54", ">180", ">250"] : ["<3.9", "<3.0", ">10", ">13.9"]
        let headers = ["Sets", "Cover", "Mean", "TIR"] + limits + ["CV"]
        let widths = [4, 5, 5, 5, 5, 5, 5, 5, 5]
        func line(_ name: String, _ cells: [String], _ mark: String) -> String {
            var s = fit(name, nameWidth) + " "
            for (cell, w) in zip(cells, widths) { s += " " + String(repeating: " ", count: max(0, w - cell.count)) + cell }
            return mark.isEmpty ? s : s + " " + mark
        }
        var out = style.text.bold(line(first, headers, "")) + "\n"
        for (name, m, flag) in rows {
            let cells = [String(m.sessions), m.coverage.map { "\(Int($0.rounded()))%" } ?? "-", mean(m),
                         percent(m.inRange), percent(m.below70), percent(m.below54), percent(m.above180),
                         percent(m.above250), percent(m.cv)]
            var mark = flag ? (style.warningSign) : ""
            if m.isThin { mark += mark.isEmpty ? "thin" : " thin" }
            let row = line(name, cells, mark)
            out += (flag ? style.text.yellow(row) : row) + "\n"
        }
        return out
    }

    /// A name cut to `width` with `…`, or padded to it.
    func fit(_ name: String, _ width: Int) -> String {
        if name.count <= width { return name + String(repeating: " ", count: width - name.count) }
        return String(name.prefix(width - 1)) + (style.unicode ? "…" : "~")
    }

    /// Each flagged site, with its figures; or that none stands out.
    func flagged() -> String {
        let sites = outcomes.sites.filter(\.flagged)
        let whole = percent(outcomes.overall.inRange)
        var out = "\n"
        guard !sites.isEmpty else {
            return out + wrap("No site stands out: none has time in range \(Int(GlucoseOutcomes.flagPoints)) points or "
                              + "more below the whole period's \(whole)% with \(GlucoseOutcomes.minimumSessions)+ sets "
                              + "and \(Int(GlucoseOutcomes.minimumCoverage))% coverage, its sets' 95% interval "
                              + "below it too.")
        }
        let mark = style.warningSign
        for s in sites {
            let m = s.measures
            out += wrap("\(mark) \(s.location.name): \(percent(m.inRange))% in range against \(whole)% over the whole "
                        + "period, \(percent(m.above180))% above \(units == .mgdl ? "180 mg/dL" : "10.0 mmol/L"), over \(m.sessions) sets "
                        + "(\(s.inRangeInterval.map { "95% interval \(percent($0.low))–\(percent($0.high))%, " } ?? "")"
                        + "\(Int((m.coverage ?? 0).rounded()))% coverage). Lipohypertrophy there? Ask your care team.",
                        indent: "  ")
        }
        return out
    }

    /// Time in range on each day of wear, per site.
    func wearDaysBySite() -> String {
        let nameWidth = min(21, max(4, outcomes.sites.map(\.location.name.count).max() ?? 0))
        var header = fit("Site", nameWidth) + "  " + pad("Mean h", 7)
        for d in 1...GlucoseOutcomes.wearDayCount { header += "  " + pad(dayName(d), 6) }
        var out = style.text.bold("In range by day of wear") + " (beside each site's mean hours, as `stats`)\n"
            + style.text.bold(header) + "\n"
        var absorption = false
        for s in outcomes.sites {
            let stats = durations?.locations.first { $0.location.name == s.location.name }
            let flagged = stats?.absorption?.flagged == true
            absorption = absorption || flagged
            var row = fit(s.location.name, nameWidth) + "  "
                + pad((stats?.average.map(formatHours) ?? "-") + (flagged ? "!" : " "), 7)
            for d in s.wearDays { row += "  " + pad(d.measures.inRange.map { formatTenth($0) + "%" } ?? "-", 6) }
            out += row + "\n"
        }
        if absorption { out += "! absorption insight: sets there last far less than average (`sitecycle stats`)\n" }
        return out
    }

    func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }

    /// The whole period's figures, with GMI labelled indicative.
    func overall() -> String {
        let m = outcomes.overall
        let l = units == .mgdl ? ["70", "54", "180", "250"] : ["3.9", "3.0", "10.0", "13.9"]
        var text = "Whole period: \(counted(m.readings, "reading")), \(Int((m.coverage ?? 0).rounded()))% coverage, mean "
            + "\(mean(m)) \(units.rawValue), \(percent(m.inRange))% in range (\(l[0])–\(l[2]) \(units.rawValue)), "
            + "\(percent(m.below70))% below \(l[0]), \(percent(m.below54))% below \(l[1]), "
            + "\(percent(m.above180))% above \(l[2]), \(percent(m.above250))% above \(l[3]), CV \(percent(m.cv))%, "
            + "GMI \(percent(m.gmi))% (indicative)."
        if !style.unicode { text = text.replacingAll("–", with: "-") }
        return wrap(text)
    }

    /// What was not counted or counted apart.
    func footnotes() -> String {
        var notes: [String] = []
        let m = outcomes.overall
        if m.lows + m.highs > 0 {
            notes.append("\(m.lows) Low and \(m.highs) High readings are counted as 40 and 400 mg/dL.")
        }
        if outcomes.unmatched > 0 {
            notes.append("\(outcomes.unmatched) reading\(outcomes.unmatched == 1 ? " was" : "s were") outside every "
                         + "\(device) site (before the first change or during a break): in the whole period only.")
        }
        if export.duplicates > 0 {
            notes.append("\(export.duplicates) repeated reading\(export.duplicates == 1 ? "" : "s") (the same "
                         + "instant and value, as overlapping exports hold) counted once.")
        }
        // No legend for a table that is not shown.
        if m.readings > 0 && (outcomes.sites.contains(where: \.measures.isThin) || m.isThin) {
            notes.append("thin: under \(Int(GlucoseOutcomes.minimumCoverage))% of the expected readings; read with care.")
        }
        return notes.map { wrap($0) }.joined()
    }

    func wrap(_ text: String, indent: String = "") -> String {
        TextWrap.lines(text, width: 80, start: 0, indent: indent).joined(separator: "\n" + indent) + "\n"
    }
}

/// One decimal, `72.1`; `-0.0` never shown.
func formatTenth(_ v: Double) -> String {
    let r = (v * 10).rounded() / 10
    let tenths = Int((abs(r) * 10).rounded())
    return (r < 0 && tenths != 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
}
