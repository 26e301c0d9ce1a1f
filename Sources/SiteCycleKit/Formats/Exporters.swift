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
    ///
    /// Every cell a person typed goes through `CSV.typedField` (a formula
    /// start gets a `'`), which the import takes off again.
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
        let fields = journal.locationNames.map { Array(CSV.typedField($0).utf8) }
        let rowCapacity = ByteRow.stampCapacity + (fields.map(\.count).max() ?? 0) + 32
        let deviceField = "," + CSV.typedField(device)
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
            if let note = journal.note(of: c) { out.append(CSV.typedField(note)) }
            if !isPump { out.append(deviceField) }
            if endings {
                out.append("," + (c.reason.map { CSV.typedField($0.word) } ?? "")
                           + "," + (journal.lot(of: c).map(CSV.typedField) ?? ""))
            }
            out.append(byte: 0x0A)
        }
        return out.string
    }

    // MARK: JSON

    /// The whole journal, to rebuild it with the same meaning: settings
    /// (with `rest`, and `patient` and `cgm` when there are), the devices besides the pump, locations in order with
    /// their `for`, pause and comment, and every entry (`removed` ones too),
    /// each in its one JSON shape.
    public static func json(_ journal: Journal, _ changes: [SiteChange], now: Instant) -> JSON {
        let s = journal.settings
        // `patient` only when the journal names one: a name is not a
        // default, and an export without it stays as it was.
        let patient: [(String, JSON)] = s.patient.map { [("patient", .string($0))] } ?? []
        // The CGM export's path as the `cgm` line has it (relative to the
        // journal's folder), only when there is one.
        let cgm: [(String, JSON)] = s.cgm.map { [("cgm", .string($0))] } ?? []
        return .object([
            ("format", .string("sitecycle-journal")),
            ("version", .int(1)),
            ("settings", .object(patient + [
                ("timezone", .string(journal.zone.identifier)),
                ("targetHours", .double(s.targetHours)),
                ("absorptionThresholdPercent", .double(s.absorptionThresholdPercent)),
                ("absorptionMode", .string(s.robustStatistics ? "robust" : "mean")),
                ("strategy", .string(s.strategy.journalText)),
                ("restHours", .optional(s.restHours)),
                ("graceHours", .optional(s.graceHours)),
            ] + cgm)),
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
    /// where there is one. `sitecycle` holds the location, reason, lot and
    /// note each in its own field, which our import reads back exactly:
    /// `notes` alone cannot say where a name with ` — ` in it ends.
    public static func nightscout(_ journal: Journal, _ changes: [SiteChange]) -> JSON {
        .array(changes.filter { !$0.isRemoval && nightscoutEvent(deviceName($0, in: journal)) != nil }.map { c in
            let name = journal.name(of: c)!, note = journal.note(of: c), lot = journal.lot(of: c)
            var fields: [(String, JSON)] = [
                ("eventType", .string(nightscoutEvent(deviceName(c, in: journal))!)),
                ("created_at", .string(nightscoutTime(c.start))),
                ("enteredBy", .string("sitecycle")),
                ("notes", .string(name + clauses(c, in: journal) + (note.map { " — " + $0 } ?? ""))),
            ]
            if let l = journal.location(named: name), let aaps = SiteNames.androidAPS(for: l) {
                fields.append(("location", .string(aaps)))
            }
            var own: [(String, JSON)] = [("location", .string(name))]
            if let r = c.reason { own.append(("reason", .string(r.word))) }
            if let lot { own.append(("lot", .string(lot))) }
            if let note { own.append(("note", .string(note))) }
            fields.append((nightscoutOwnKey, .object(own)))
            return .object(fields)
        })
    }

    /// The member of a treatment that holds our own fields.
    package static let nightscoutOwnKey = "sitecycle"

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

    /// The calendar as one String (`ICalendar` writes it in pieces).
    public static func ics(_ journal: Journal, _ changes: [SiteChange], now: Instant, devices: [String]? = nil,
                           next: (String) -> String?) -> String {
        ICalendar.text(journal, changes, now: now, devices: devices, next: next)
    }
}
