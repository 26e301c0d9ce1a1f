/// The report to bring to the clinic: one self-contained HTML page (no
/// scripts, no fonts, nothing fetched) that prints as a few A4 or Letter
/// pages. A pure function of the journal, the period and the moment.
///
/// The page is also well-formed XML (every element closed, only the XML
/// entities), so each inline SVG parses on its own and strict parsers accept
/// it. Every string that comes from the journal goes through `escape`.
///
/// Devices are not in the journal yet: "Now" shows the one rotation. When
/// they are, it gets a row per device and the map a mark per active site.
public enum ClinicReport {
    public struct Period: Sendable {
        public var from: Instant
        public var to: Instant
        public init(from: Instant, to: Instant) {
            self.from = from
            self.to = to
        }

        /// The period `report` covers: the selection's, or the last
        /// `defaultDays` up to its end when it has no start, as `--last 90d`
        /// counts them (`ChangeSelection.lastDaysStart`: whole days in `zone`,
        /// also across a DST change); nil when it would be empty (a start
        /// after the end).
        public init?(_ selection: ChangeSelection, zone: ZoneRules = .utc) {
            let from = selection.from ?? ChangeSelection.lastDaysStart(
                ClinicReport.defaultDays, through: zone.civil(selection.to).date, zone: zone)
            guard from <= selection.to else { return nil }
            self.init(from: from, to: selection.to)
        }

        /// The period as the report draws it: never from before the day of
        /// the journal's first site change (as `timeline`), and for a
        /// journal with none, the default days; so `--from 0001-01-01`
        /// draws years the journal has, not two thousand empty ones.
        public func clamped(to journal: Journal) -> Period {
            var copy = self
            let zone = journal.zone
            let earliest = journal.changes.first.map { TimeArgument.startOfDay(zone.civil($0.start).date, zone: zone) }
                ?? ChangeSelection.lastDaysStart(ClinicReport.defaultDays, through: zone.civil(to).date, zone: zone)
            copy.from = min(max(from, earliest), to)
            return copy
        }

        /// The period as the header says it, in `zone`: a bound that is a
        /// day's edge (a midnight to start; to end, the day's last second,
        /// as `--to DATE` gives, or now, the day so far) is the date alone,
        /// "2026-10-22 to 2026-11-20"; any other bound keeps its time.
        public func text(zone: ZoneRules, now: Instant) -> String {
            let first = zone.civil(from).date, last = zone.civil(to).date
            let start = from == TimeArgument.startOfDay(first, zone: zone) ? first.iso : zone.civil(from).journalText
            let endsDay = to == now || to == TimeArgument.startOfDay(last.adding(days: 1), zone: zone).adding(seconds: -1)
            return start + " to " + (endsDay ? last.iso : zone.civil(to).journalText)
        }

        /// Whether a change is in the report: by its start, both ends included.
        public func includes(_ change: SiteChange) -> Bool { change.start >= from && change.start <= to }
    }

    public static let defaultDays = 90

    /// The page's name in a folder: sitecycle-report-YYYY-MM-DD.html, today
    /// in the journal's zone.
    public static func folderFileName(_ journal: Journal, now: Instant, json: Bool = false) -> String {
        "sitecycle-report-\(journal.zone.civil(now).date.iso).\(json ? "json" : "html")"
    }

    /// One device's part of the page: its sections' ids and headings.
    struct Part {
        var suffix = ""
        var heading = ""
        /// A device after the first starts on a new printed page.
        var newPage = false
        static let whole = Part()
        /// The pump keeps the plain ids; another device's are suffixed.
        init(device: String, of count: Int, first: Bool) {
            suffix = device == Device.pumpName ? "" : "-" + device
            heading = count > 1 ? device.prefix(1).uppercased() + device.dropFirst() + ": " : ""
            newPage = !first
        }
        init() {}
    }

    /// The devices a report covers: `device` alone, else every declared
    /// one (the pump alone in a journal without devices).
    public static func devices(_ journal: Journal, device: String?) -> [String] {
        device.map { [$0] } ?? journal.deviceNames
    }

    /// The figures a report shows, computed once for the page and for
    /// `report --json`: the period (clamped to the journal), the moment
    /// they are taken at, the body then, and each device's statistics.
    public struct Figures {
        public var period: Period
        /// The period's end, or now when it ends later.
        public var until: Instant
        public var body: Occupancy
        /// Each device's statistics, and its early endings when the
        /// journal records reasons or lots (nil otherwise).
        public var devices: [(name: String, rotation: Journal, stats: Statistics, endings: EarlyEndings?)]

        public init(_ journal: Journal, device: String? = nil, period given: Period, now: Instant) {
            period = given.clamped(to: journal)
            let period = self.period
            until = min(now, period.to)
            body = Occupancy.compute(journal, now: until)
            let (until, body) = (until, body)
            // A backup device gets its section only when it was worn in the period.
            let shown = ClinicReport.devices(journal, device: device).filter { d in
                device != nil || d == Device.pumpName || journal.wore(d, from: period.from, to: period.to)
            }
            devices = shown.map { d in
                let rotation = journal.rotation(d)
                return (d, rotation, Statistics.compute(rotation, include: period.includes, now: until,
                                                        robust: journal.settings.robustStatistics, body: body),
                        journal.recordsEndings ? EarlyEndings.compute(rotation, include: period.includes, now: until) : nil)
            }
        }
    }

    /// One page: now, then per device its map, distribution, calendar and
    /// per-site table (figures of different devices are never averaged
    /// together), then the notes. `device` limits it to one device.
    /// With `glucose`, the pump's part ends with its sites by time in range
    /// (`glucoseSection`). `patient`: a name for the header (`report --patient`).
    public static func html(_ journal: Journal, device: String? = nil, period given: Period, now: Instant,
                            glucose: Glucose? = nil, patient: String? = nil) -> String {
        let figures = Figures(journal, device: device, period: given, now: now)
        let period = figures.period
        let zone = journal.zone
        let days = Int(zone.civil(period.to).date.daysSinceEpoch - zone.civil(period.from).date.daysSinceEpoch) + 1
        let names = figures.devices.map(\.name)
        var page = head(journal, period: period, now: now, patient: patient)
        page += nowSection(journal, now: now, devices: names)
        for (d, rotation, stats, endings) in figures.devices {
            let part = Part(device: d, of: names.count, first: d == names.first)
            let timeline = Timeline.compute(rotation, days: max(1, days), now: period.to)
            let keys = Keys(rotation.locations)
            page += mapSection(stats, keys: keys, part, body: figures.body, zone: zone)
            page += distributionSection(stats, part)
            page += timelineSection(timeline, keys: keys, part)
            page += tableSection(stats, body: figures.body, part, endings: endings, journal: rotation)
            // Today's verdict, as `stats` and `recommend` read it.
            page += flaggedSection(SiteVerdict.compute(journal, device: d, now: now), part)
            if let glucose, d == Device.pumpName {
                page += glucoseSection(outcomes(glucose, rotation: rotation, period: period), format: glucose.export.format)
            }
        }
        let indexes = Set(names.compactMap(journal.deviceIndex))
        page += notesSection(journal, include: { period.includes($0) && indexes.contains($0.device) })
        page += "</body>\n</html>\n"
        return page
    }

    /// Text as HTML (and XML) character data or attribute value.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters are not allowed in XML; journal text should
            // have none, but a report must still parse.
            case _ where ch.value < 0x20 && ch != "\n" && ch != "\t": out += "\u{FFFD}"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    static func time(_ instant: Instant, _ zone: ZoneRules) -> String { zone.civil(instant).journalText }

    static func hours(_ value: Double?) -> String { value.map(formatHours) ?? "–" }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    // MARK: Sections

    static func head(_ journal: Journal, period: Period, now: Instant, patient: String? = nil) -> String {
        let zone = journal.zone
        let patientRow = patient.map { "<dt>Patient</dt><dd>\(escape($0))</dd>\n" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>Infusion site rotation, \(escape(String(time(period.from, zone).prefix(10)))) to \(escape(String(time(period.to, zone).prefix(10))))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header id="header">
            <h1>Infusion site rotation</h1>
            <dl>
            \(patientRow)<dt>Period</dt><dd>\(escape(period.text(zone: zone, now: now)))</dd>
            <dt>Generated</dt><dd>\(escape(time(now, zone)))</dd>
            <dt>Time zone</dt><dd>\(escape(zone.identifier))</dd>
            <dt>Journal</dt><dd>\(escape(fileName(journal.source.path)))</dd>
            </dl>
            </header>

            """
    }

    /// Each device's active site, the pump first.
    static func nowSection(_ journal: Journal, now: Instant, devices: [String]) -> String {
        var s = "<section id=\"now\">\n<h2>Now</h2>\n"
        var rows = ""
        for device in devices {
            guard let status = SiteStatus(journal.rotation(device), now: now) else { continue }
            let state = ["ok": "on time", "due-soon": "due soon", "grace": "in grace", "overdue": "overdue"][status.state.rawValue] ?? ""
            let name = device.prefix(1).uppercased() + device.dropFirst()
            rows += "<tr><td>\(escape(name))</td><td>\(escape(journal.name(of: status.active) ?? ""))</td>"
                + "<td>\(escape(time(status.active.start, journal.zone)))</td>"
                + "<td>\(formatHours(status.elapsedHours)) h of \(formatHours(status.targetHours)) h</td>"
                + "<td>\(escape(time(status.due, journal.zone)))</td><td>\(state)</td></tr>\n"
        }
        guard !rows.isEmpty else {
            return s + "<p>No site is in at \(escape(time(now, journal.zone))).</p>\n</section>\n"
        }
        s += """
            <table>
            <thead><tr><th scope="col">Device</th><th scope="col">Site</th><th scope="col">Since</th><th scope="col">Elapsed</th><th scope="col">Due</th><th scope="col">State</th></tr></thead>
            <tbody>\(rows)</tbody>
            </table>
            </section>

            """
        return s
    }

    /// Key letters shared by the map and the calendar, in header order.
    struct Keys {
        var letter: [String: String] = [:]
        var colour: [String: String] = [:]
        static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        /// Twelve hues of different lightness; the letter in each cell carries
        /// the meaning in greyscale.
        static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
                              "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f4e79", "#8cd17d"]
        init(_ locations: [Location]) {
            for (i, l) in locations.enumerated() {
                letter[l.name] = i < Keys.letters.count ? String(Keys.letters[i]) : String(i + 1)
                colour[l.name] = Keys.palette[i % Keys.palette.count]
            }
        }
    }

    /// Light to dark: the level reads in greyscale as well as in colour.
    static let usesRamp = ["#ffffff", "#c6dbef", "#6baed6", "#2171b5", "#08306b"]

    static func usesLevel(_ uses: Int, top: Int) -> Int {
        uses == 0 || top == 0 ? 0 : max(1, min(4, Int((Double(uses) / Double(top) * 4).rounded(.up))))
    }

    static func mapSection(_ stats: Statistics, keys: Keys, _ d: Part = .whole, body: Occupancy? = nil,
                           zone: ZoneRules = .utc) -> String {
        let rows = stats.locations
        // Paused or resting: out of recommendations, marked so that a
        // well-rested look is not read as a top choice (issue 31 item 10),
        // each with its own mark, as the terminal map's ‖ and ◌.
        func hold(_ name: String) -> (mark: HeldMark, text: String)? {
            guard let site = body?.site(name) else { return nil }
            if let t = site.pausedUntil { return (.paused, "paused until \(displayTime(t, in: zone).prefix(10))") }
            if let t = site.restingUntil { return (.resting, "resting until \(displayTime(t, in: zone).prefix(10))") }
            return nil
        }
        func held(_ name: String) -> String? { hold(name)?.text }
        // The key's "Now": the device in the site, else why it is held.
        // The date never breaks, the words may (it fits A4 and Letter).
        func now(_ name: String) -> String {
            if let site = body?.site(name), site.isOccupied {
                return "in now (\(escape(site.occupiedBy.joined(separator: ", "))))"
            }
            guard let text = held(name) else { return "" }
            let words = text.split(separator: " ")
            return escape(words.dropLast().joined(separator: " ")) + " <span class=\"date\">" + escape(String(words.last ?? "")) + "</span>"
        }
        let top = rows.map(\.uses).max() ?? 0
        let viewWidth = 450.0, viewHeight = 630.0, gap = 30.0
        let sx = viewWidth / Double(BodyMap.width), sy = viewHeight / Double(BodyMap.height)
        var svg = """
            <svg class="bodymap" viewBox="0 0 \(Int(2 * viewWidth + gap)) \(Int(viewHeight + 40))" role="img" aria-labelledby="map-title\(d.suffix) map-desc\(d.suffix)">
            <title id="map-title\(d.suffix)">Body map, front and back</title>
            <desc id="map-desc\(d.suffix)">Each location with a known place is a circle with its key letter, shaded by its uses in the period (darker is more), and labelled below with its uses (12×) and mean hours. The same numbers are in the table beside it.</desc>

            """
        for (index, view) in [BodyMap.View.front, .back].enumerated() {
            let ox = Double(index) * (viewWidth + gap)
            svg += "<g transform=\"translate(\(Int(ox)) 30)\">\n"
            svg += "<text class=\"view\" x=\"\(Int(viewWidth / 2))\" y=\"-10\" text-anchor=\"middle\">\(view == .front ? "Front (wearer's right on the left)" : "Back (wearer's left on the left)")</text>\n"
            svg += silhouette(sx: sx, sy: sy)
            for row in rows {
                guard let place = BodyMap.place(of: row.location.name), place.view == view else { continue }
                let cx = place.x * viewWidth, cy = place.y * viewHeight
                let level = usesLevel(row.uses, top: top)
                // Two short lines under the circle keep neighbours' labels apart.
                let mean = row.average.map { "\(Int($0.rounded())) h" } ?? "– h"
                svg += """
                    <g class="site">
                    <title>\(escape(row.location.name)): \(counted(row.uses, "use")), mean \(hours(row.average)) h</title>
                    <circle cx="\(fmt(cx))" cy="\(fmt(cy))" r="14" fill="\(usesRamp[level])" class="level\(level)"/>
                    \(hold(row.location.name).map { $0.mark.circles(cx: fmt(cx), cy: fmt(cy)) } ?? "")
                    <text x="\(fmt(cx))" y="\(fmt(cy + 5))" text-anchor="middle" class="key\(level >= 3 ? " light" : "")">\(escape(keys.letter[row.location.name] ?? ""))</text>
                    <text x="\(fmt(cx))" y="\(fmt(cy + 30))" text-anchor="middle" class="label">\(row.uses)×</text>
                    <text x="\(fmt(cx))" y="\(fmt(cy + 45))" text-anchor="middle" class="label">\(mean)</text>
                    </g>

                    """
            }
            svg += "</g>\n"
        }
        svg += "</svg>\n"
        var table = "<table class=\"key\">\n<caption>Key</caption>\n<thead><tr><th scope=\"col\">Key</th><th scope=\"col\">Location</th><th scope=\"col\">Uses</th><th scope=\"col\">Mean h</th><th scope=\"col\">Now</th></tr></thead>\n<tbody>\n"
        for row in rows where BodyMap.place(of: row.location.name) != nil {
            table += "<tr><td>\(escape(keys.letter[row.location.name] ?? ""))</td><td>\(escape(row.location.name))</td><td class=\"n\">\(row.uses)</td><td class=\"n\">\(hours(row.average))</td><td class=\"now\">\(now(row.location.name))</td></tr>\n"
        }
        table += "</tbody>\n</table>\n"
        let unplaced = rows.filter { BodyMap.place(of: $0.location.name) == nil }
        var list = ""
        if !unplaced.isEmpty {
            list = "<h3>No known place on the map</h3>\n<ul class=\"unplaced\">\n"
            for row in unplaced {
                list += "<li>\(escape(row.location.name)): \(counted(row.uses, "use")), mean \(hours(row.average)) h</li>\n"
            }
            list += "</ul>\n"
        }
        var legend = "<p class=\"ramp\">Shading by uses: "
        legend += ["none", "fewest", "", "", "most"].enumerated().map { i, word in
            "<span class=\"swatch\" style=\"background:\(usesRamp[i])\"></span>\(word)"
        }.joined(separator: " ")
        legend += " (up to \(counted(top, "use"))).</p>\n"
        for mark in HeldMark.allCases where rows.contains(where: { hold($0.location.name)?.mark == mark }) {
            legend += "<p class=\"ramp\">\(mark.key)</p>\n"
        }
        return "<section id=\"map\(d.suffix)\" class=\"page\(d.newPage ? " device" : "")\">\n<h2>\(d.heading)Body map</h2>\n<div class=\"mapwrap\">\n<div class=\"figure\">\n"
            + svg + legend + "</div>\n<div class=\"side\">\n" + table + list + "</div>\n</div>\n</section>\n\n"
    }

    /// Why a site on the map is out of recommendations for now, each with
    /// its own ring around the circle and its own line in the key.
    enum HeldMark: CaseIterable {
        case paused, resting

        /// Paused: two solid rings; resting: one dashed ring. Told apart in
        /// greyscale as the terminal map tells ‖ from ◌.
        func circles(cx: String, cy: String) -> String {
            switch self {
            case .paused:
                "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"18\" class=\"paused\"/><circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"22\" class=\"paused\"/>"
            case .resting: "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"19\" class=\"resting\"/>"
            }
        }

        var key: String {
            switch self {
            case .paused: "A double outer ring: paused (`paused until` in the journal), out of rotation until that date."
            case .resting: "A dashed outer ring: resting (`rest`), out of recommendations until its rest is over."
            }
        }
    }

    /// The outline of a body in the map's grid units, scaled.
    static func silhouette(sx: Double, sy: Double) -> String {
        let outline: [(Double, Double)] = [
            (11, 2.6), (5, 3.3), (2.6, 5), (0.3, 8.7), (2.6, 9.1), (4.4, 6.8), (6.3, 5.6),
            (6.3, 11), (5.2, 11.4), (5.2, 15.2), (6.4, 16.2), (6.6, 17.8), (11.4, 17.8), (11.6, 11.8),
            (12.5, 11.3), (13.4, 11.8), (13.6, 17.8), (18.4, 17.8), (18.6, 16.2), (19.8, 15.2), (19.8, 11.4),
            (18.7, 11), (18.7, 5.6), (20.6, 6.8), (22.4, 9.1), (24.7, 8.7), (22.4, 5), (20, 3.3), (14, 2.6),
        ]
        let points = outline.map { "\(fmt($0.0 * sx)),\(fmt($0.1 * sy))" }.joined(separator: " ")
        return "<circle class=\"body\" cx=\"\(fmt(12.5 * sx))\" cy=\"\(fmt(1.3 * sy))\" r=\"\(fmt(1.25 * sy))\"/>\n"
            + "<polygon class=\"body\" points=\"\(points)\"/>\n"
    }

    static func fmt(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    static func distributionSection(_ stats: Statistics, _ d: Part = .whole) -> String {
        let rows = stats.locations.filter(\.location.isEnabled)
        let total = rows.map(\.uses).reduce(0, +)
        var s = "<section id=\"distribution\(d.suffix)\" class=\"page\">\n<h2>\(d.heading)Usage distribution</h2>\n"
        guard !rows.isEmpty else { return s + "<p>No enabled locations.</p>\n</section>\n\n" }
        let equal = 1 / Double(rows.count)
        let shares = rows.map { total > 0 ? Double($0.uses) / Double(total) : 0 }
        let top = max(shares.max() ?? 0, equal)
        let labelWidth = 230.0, barWidth = 480.0, rowHeight = 26.0
        let height = Double(rows.count) * rowHeight + 40
        s += """
            <svg class="bars" viewBox="0 0 820 \(Int(height))" role="img" aria-labelledby="bars-title\(d.suffix) bars-desc\(d.suffix)">
            <title id="bars-title\(d.suffix)">Share of site changes per location</title>
            <desc id="bars-desc\(d.suffix)">One bar per enabled location, its length the share of all site changes in the period; the dashed line marks an equal share of \(formatShare(equal)). The numbers are also in the per-site table.</desc>

            """
        for (i, (row, share)) in zip(rows, shares).enumerated() {
            let y = Double(i) * rowHeight + 10
            let w = share / top * barWidth
            s += "<text x=\"\(fmt(labelWidth - 8))\" y=\"\(fmt(y + 17))\" text-anchor=\"end\">\(escape(row.location.name))</text>\n"
            s += "<rect class=\"bar\" x=\"\(fmt(labelWidth))\" y=\"\(fmt(y + 4))\" width=\"\(fmt(w))\" height=\"\(fmt(rowHeight - 8))\"/>\n"
            s += "<text x=\"\(fmt(labelWidth + w + 6))\" y=\"\(fmt(y + 17))\">\(row.uses) · \(formatShare(share))</text>\n"
        }
        let ex = labelWidth + equal / top * barWidth
        s += "<line class=\"equal\" x1=\"\(fmt(ex))\" y1=\"4\" x2=\"\(fmt(ex))\" y2=\"\(fmt(height - 22))\"/>\n"
        s += "<text x=\"\(fmt(ex))\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">equal share \(formatShare(equal))</text>\n</svg>\n"
        let balance = stats.balance.map { "\(Int($0.rounded(.down))) / 100" } ?? "–"
        s += "<p>Rotation balance: <strong>\(balance)</strong> (100 means even use of all enabled locations, 0 every use on one).</p>\n</section>\n\n"
        return s
    }

    static func timelineSection(_ timeline: Timeline, keys: Keys, _ d: Part = .whole) -> String {
        var worn: [CivilDate: [String]] = [:]
        for row in timeline.rows {
            for day in row.worn { worn[day, default: []].append(row.location.name) }
        }
        // Weeks as rows, Monday first, so the calendar reads like one.
        let dates = timeline.dates
        let lead = Int((dates[0].daysSinceEpoch + 3) % 7)  // 1970-01-01 was a Thursday
        let cell = 26.0, left = 100.0, top = 24.0
        let weeks = (lead + dates.count + 6) / 7
        let height = top + Double(weeks) * cell + 10
        var s = """
            <section id="timeline\(d.suffix)" class="page">
            <h2>\(d.heading)Rotation timeline</h2>
            <svg class="calendar" viewBox="0 0 \(Int(left + 7 * cell + 10)) \(Int(height))" role="img" aria-labelledby="cal-title\(d.suffix) cal-desc\(d.suffix)">
            <title id="cal-title\(d.suffix)">Rotation calendar, \(dates[0].iso) to \(dates.last!.iso)</title>
            <desc id="cal-desc\(d.suffix)">One cell per day, one row per week from Monday, coloured by the location worn and marked with its key letter; a day with two sites shows both halves. The legend below names the letters.</desc>

            """
        for (i, name) in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].enumerated() {
            s += "<text x=\"\(fmt(left + Double(i) * cell + cell / 2))\" y=\"16\" text-anchor=\"middle\" class=\"small\">\(name)</text>\n"
        }
        for (i, date) in dates.enumerated() {
            let slot = lead + i, week = slot / 7, weekday = slot % 7
            let x = left + Double(weekday) * cell, y = top + Double(week) * cell
            if weekday == 0 || i == 0 {
                s += "<text x=\"\(fmt(left - 8))\" y=\"\(fmt(y + 17))\" text-anchor=\"end\" class=\"small\">\(date.iso)</text>\n"
            }
            let names = worn[date] ?? []
            s += "<g><title>\(date.iso): \(names.isEmpty ? "no site" : escape(names.joined(separator: ", ")))</title>\n"
            if names.isEmpty {
                s += "<rect class=\"empty\" x=\"\(fmt(x + 1))\" y=\"\(fmt(y + 1))\" width=\"\(fmt(cell - 2))\" height=\"\(fmt(cell - 2))\"/>\n"
            }
            let part = (cell - 2) / Double(max(1, names.count))
            for (k, name) in names.enumerated() {
                let px = x + 1 + Double(k) * part
                s += "<rect x=\"\(fmt(px))\" y=\"\(fmt(y + 1))\" width=\"\(fmt(part))\" height=\"\(fmt(cell - 2))\" fill=\"\(keys.colour[name] ?? "#999")\"/>\n"
                s += "<text x=\"\(fmt(px + part / 2))\" y=\"\(fmt(y + 17))\" text-anchor=\"middle\" class=\"cellkey\">\(escape(keys.letter[name] ?? ""))</text>\n"
            }
            s += "</g>\n"
        }
        s += "</svg>\n<ul class=\"legend\">\n"
        for row in timeline.rows {
            let name = row.location.name
            s += "<li><span class=\"swatch\" style=\"background:\(keys.colour[name] ?? "#999")\"></span><strong>\(escape(keys.letter[name] ?? ""))</strong> \(escape(name)) (\(counted(row.worn.count, "day")))</li>\n"
        }
        return s + "</ul>\n</section>\n\n"
    }
}

