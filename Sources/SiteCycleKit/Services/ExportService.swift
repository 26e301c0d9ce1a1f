/// `export`: a journal's site changes in a format another program reads.
/// CSV is the SiteCycle app's format, one rotation: the pump's unless a
/// device is named. The others cover every device unless one is named.
public enum ExportService {
    public enum Format: String, CaseIterable, Sendable {
        case csv, json, nightscout, ics

        /// A file's extension: Nightscout's treatments are JSON.
        public var fileExtension: String { self == .nightscout ? "json" : rawValue }
    }

    public struct Request: Sendable {
        public var format: Format
        /// The rotation: the pump, or the device named.
        public var device: String
        /// Whether a device was named (then every format covers its rotation only).
        public var deviceNamed: Bool
        /// Which site changes, by start.
        public var selection: ChangeSelection

        public init(format: Format, device: String, deviceNamed: Bool, selection: ChangeSelection) {
            self.format = format
            self.device = device
            self.deviceNamed = deviceNamed
            self.selection = selection
        }
    }

    public struct Outcome: Sendable {
        public var text: String
        /// The site changes written (`removed` lines are not counted).
        public var siteChanges: Int
        /// The name it gets in a folder: sitecycle-export-YYYY-MM-DD.EXT,
        /// today's date in the journal's zone.
        public var fileName: String
        /// Notes of `removed` lines the format has no place for (CSV has a
        /// row per site only): said, not dropped silently.
        public var notesLeftOut = 0
        /// Reasons and lots the app's four columns have no place for (the
        /// pump's CSV): said, so a claim is not sent without them.
        public var reasonsLeftOut = 0
        public var lotsLeftOut = 0
    }

    public static func export(_ request: Request, from full: Journal, now: Instant) -> Outcome {
        var text = ""
        var outcome = export(request, from: full, now: now) { (piece: String) throws(Never) in text += piece }
        outcome.text = text
        return outcome
    }

    /// The export handed to `sink` in pieces, each ending at a line's end:
    /// iCalendar about 64 KB at a time (`ICalendar`), so a lifetime of
    /// events never sits in memory whole; the other formats in one piece.
    /// The outcome's `text` is empty.
    public static func export<E: Error>(_ request: Request, from full: Journal, now: Instant,
                                        into sink: (String) throws(E) -> Void) throws(E) -> Outcome {
        let whole = request.format != .csv && !request.deviceNamed
        let journal = whole ? full : full.rotation(request.device)
        let changes = request.selection.apply(journal.changes)
        switch request.format {
        case .csv: try sink(Exporters.csv(journal, changes, now: now, device: request.device))
        case .json: try sink(Exporters.json(journal, changes, now: now).rendered())
        case .nightscout: try sink(Exporters.nightscout(journal, changes).rendered())
        case .ics:
            let next = { (device: String) in
                Recommender.recommend(full, device: device, now: now).recommended.first?.location.name
            }
            try ICalendar.write(full, changes, now: now, devices: whole ? nil : [request.device], next: next) {
                (piece: [UInt8]) throws(E) in try sink(String(decoding: piece, as: UTF8.self))
            }
        }
        // Counted, not filtered: a filtered copy of a million changes was
        // half the memory of a streamed calendar.
        var sites = 0, notesLeftOut = 0, reasons = 0, lots = 0
        let fourColumns = request.format == .csv && request.device == Device.pumpName
        for c in changes {
            if !c.isRemoval { sites += 1 } else if c.hasNote { notesLeftOut += 1 }
            if fourColumns, c.reason != nil { reasons += 1 }
            if fourColumns, journal.lot(of: c) != nil { lots += 1 }
        }
        return Outcome(text: "", siteChanges: sites,
                       fileName: fileName(request, from: full, now: now),
                       notesLeftOut: request.format == .csv ? notesLeftOut : 0,
                       reasonsLeftOut: reasons, lotsLeftOut: lots)
    }

    /// sitecycle-export-YYYY-MM-DD.EXT, today's date in the journal's zone.
    public static func fileName(_ request: Request, from full: Journal, now: Instant) -> String {
        "sitecycle-export-\(full.zone.civil(now).date.iso).\(request.format.fileExtension)"
    }
}
