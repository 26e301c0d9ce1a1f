/// Writers for `export`: pure functions of the journal, the selected changes
/// (oldest first) and the moment.
public enum Exporters {
    /// End of a session as of `now`: nil while it is still in (active).
    package static func end(of change: SiteChange, now: Instant) -> Instant? {
        change.end.flatMap { $0 <= now ? $0 : nil }
    }

    // MARK: CSV

    /// Exactly the SiteCycle app's export: `date,location,duration_hours,note`,
    /// start in UTC without fractions, hours to one decimal (ties to even, as
    /// the app's `%.1f` does), empty duration for the active site, oldest
    /// first, LF endings, RFC 4180 quoting. `removed` lines are not rows;
    /// they end the row before them.
    ///
    /// Another device's rotation (`device: "sensor"`) adds a last column,
    /// `device`, on every row: the app's importer reads columns by name and
    /// skips it, ours puts the rows back in that rotation, never the pump's.
    public static func csv(_ journal: Journal, _ changes: [SiteChange], now: Instant,
                           device: String = Device.pumpName) -> String {
        var out = ByteText(capacity: changes.count * 48)
        let isPump = device == Device.pumpName
        // Another device's CSV, which adds columns anyway, carries the
        // reason and lot too, when the journal records any.
        let endings = !isPump && journal.recordsEndings
        out.append(CSV.record(["date", "location", "duration_hours", "note"] + (isPump ? [] : ["device"])
                              + (endings ? ["reason", "lot"] : [])))
        // Each location quoted once; a row up to its note is composed in
        // one piece (the export's hot path).
        let fields = journal.locationNames.map { Array(CSV.field($0).utf8) }
        let rowCapacity = ByteRow.stampCapacity + (fields.map(\.count).max() ?? 0) + 32
        let deviceField = "," + CSV.field(device)
        for c in changes where !c.isRemoval {
            out.row(capacity: rowCapacity) { row in
                row.stamp(CivilDateTime(secondsAsIfUTC: c.start.seconds), separator: 0x54, alwaysSeconds: true)
                row.byte(0x5A)
                row.byte(0x2C)
                row.bytes(fields[Int(c.locationIndex)])
                row.byte(0x2C)
                if let e = end(of: c, now: now) { row.hours(c.start.hours(until: e)) }
                row.byte(0x2C)
            }
            if let note = journal.note(of: c) { out.append(CSV.field(CSV.neutralisingFormula(note))) }
            if !isPump { out.append(deviceField) }
            if endings {
                out.append("," + (c.reason?.word ?? "") + "," + (journal.lot(of: c).map(CSV.field) ?? ""))
            }
            out.append(byte: 0x0A)
        }
        return out.string
    }

    // MARK: JSON

    /// The whole journal, to rebuild it with the same meaning: settings
    /// (with `rest`), the devices besides the pump, locations in order with
    /// their `for`, pause and comment, and every entry (`removed` ones too),
    /// each in its one JSON shape.
    public static func json(_ journal: Journal, _ changes: [SiteChange], now: Instant) -> JSON {
        let s = journal.settings
        return .object([
            ("format", .string("sitecycle-journal")),
            ("version", .int(1)),
            ("settings", .object([
                ("timezone", .string(journal.zone.identifier)),
                ("targetHours", .double(s.targetHours)),
                ("absorptionThresholdPercent", .double(s.absorptionThresholdPercent)),
                ("absorptionMode", .string(s.robustStatistics ? "robust" : "mean")),
                ("strategy", .string(s.strategy.journalText)),
                ("restHours", .optional(s.restHours)),
                ("graceHours", .optional(s.graceHours)),
            ])),
            ("devices", .array(s.devices.map(\.json))),
            ("locations", .array(journal.locations.map { $0.json(note: journal.comment(of: $0)) })),
            ("entries", .array(changes.map { $0.json(in: journal, now: now, withLine: false) })),
        ])
    }

    package static func deviceName(_ c: SiteChange, in journal: Journal) -> String { journal.deviceName(of: c) }

    // MARK: Nightscout

    /// The careportal event for a device's change: the pump's is a "Site
    /// Change", a sensor's a "Sensor Change"; other devices have none.
    package static func nightscoutEvent(_ device: String) -> String? {
        switch device {
        case Device.pumpName: return "Site Change"
        case Device.sensorName: return "Sensor Change"
        default: return nil
        }
    }

    /// Careportal "Site Change" treatments, ready to POST to
    /// /api/v1/treatments. `notes` carries the location name (what Loop and
    /// the Nightscout UI show) and the note; `location` the AndroidAPS wording
    /// where there is one.
    public static func nightscout(_ journal: Journal, _ changes: [SiteChange]) -> JSON {
        .array(changes.filter { !$0.isRemoval && nightscoutEvent(deviceName($0, in: journal)) != nil }.map { c in
            var fields: [(String, JSON)] = [
                ("eventType", .string(nightscoutEvent(deviceName(c, in: journal))!)),
                ("created_at", .string(nightscoutTime(c.start))),
                ("enteredBy", .string("sitecycle")),
                ("notes", .string(journal.name(of: c)! + clauses(c, in: journal) + (journal.note(of: c).map { " — " + $0 } ?? ""))),
            ]
            if let l = journal.location(named: journal.name(of: c)!), let aaps = SiteNames.androidAPS(for: l) {
                fields.append(("location", .string(aaps)))
            }
            return .object(fields)
        })
    }

    /// A change's reason and lot as the journal words them, after its
    /// location in Nightscout's `notes` (` reason: occlusion lot: A1`);
    /// our Nightscout import reads them back.
    package static func clauses(_ c: SiteChange, in journal: Journal) -> String {
        var text = ""
        if let r = c.reason { text += " reason: " + r.word }
        if let l = journal.lot(of: c) { text += " lot: " + l }
        return text
    }

    /// `2026-02-01T12:45:00.000Z`, as Nightscout stores times.
    package static func nightscoutTime(_ t: Instant) -> String {
        String(formatISO8601(t, offsetSeconds: 0).dropLast()) + ".000Z"
    }

    // MARK: iCalendar

    /// RFC 5545: one event per session and one, with an alarm, for the next
    /// change due of each device (`next` names its recommended location).
    /// CRLF line ends; lines folded at 75 octets. The pump's events read as
    /// they always have; another device's carry its name.
    public static func ics(_ journal: Journal, _ changes: [SiteChange], now: Instant, devices: [String]? = nil,
                           next: (String) -> String?) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//sitecycle//sitecycle \(sitecycleVersion)//EN",
                     "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Infusion sites"]
        let stamp = icsTime(now)
        for c in changes where !c.isRemoval {
            // A line dated after now is a session too: a backup keeps it.
            let e = end(of: c, now: now) ?? max(now, c.start.adding(seconds: 60))
            let device = deviceName(c, in: journal), isPump = device == Device.pumpName
            lines += ["BEGIN:VEVENT", "UID:\(icsTime(c.start))-\(isPump ? "site" : device)@sitecycle", "DTSTAMP:\(stamp)",
                      "DTSTART:\(icsTime(c.start))", "DTEND:\(icsTime(e))",
                      "SUMMARY:" + icsText("\(isPump ? "Site" : device.capitalized): \(journal.name(of: c)!)")]
            if let note = journal.note(of: c) { lines.append("DESCRIPTION:" + icsText(ControlCharacters.escaped(note, keepingLineBreaks: true))) }
            lines.append("END:VEVENT")
        }
        for device in devices ?? journal.deviceNames {
            guard let status = SiteStatus(journal.rotation(device), now: now) else { continue }
            let isPump = device == Device.pumpName
            let thing = isPump ? "infusion site" : device
            let what = "Change \(thing) (\(journal.name(of: status.active)!) in since \(displayStart(status.active)))"
            lines += ["BEGIN:VEVENT", "UID:\(icsTime(status.active.start))-\(isPump ? "" : device + "-")due@sitecycle",
                      "DTSTAMP:\(stamp)",
                      "DTSTART:\(icsTime(status.due))", "DTEND:\(icsTime(status.due.adding(seconds: 1800)))",
                      "SUMMARY:" + icsText("Change \(thing)"),
                      "DESCRIPTION:" + icsText(what + (next(device).map { ". Recommended next: \($0)" } ?? "")),
                      "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + icsText("Time to change your \(thing)"),
                      "TRIGGER:PT0M", "END:VALARM", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20260201T124500Z`
    package static func icsTime(_ t: Instant) -> String {
        let c = CivilDateTime(secondsAsIfUTC: t.seconds)
        return "\(pad4(c.date.year))\(pad2(c.date.month))\(pad2(c.date.day))T\(pad2(c.hour))\(pad2(c.minute))\(pad2(c.second))Z"
    }

    /// TEXT escaping: backslash, semicolon, comma and line breaks.
    package static func icsText(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Splits a content line into 75-octet pieces, never inside a UTF-8
    /// sequence; continuation lines start with one space.
    package static func fold(_ line: String) -> String {
        var pieces: [String] = [], current = "", octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = pieces.isEmpty ? 75 : 74
            if octets + size > limit {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }
}
