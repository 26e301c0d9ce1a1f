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
    }

    public static func export(_ request: Request, from full: Journal, now: Instant) -> Outcome {
        let whole = request.format != .csv && !request.deviceNamed
        let journal = whole ? full : full.rotation(request.device)
        let changes = request.selection.apply(journal.changes)
        let text: String
        switch request.format {
        case .csv: text = Exporters.csv(journal, changes, now: now, device: request.device)
        case .json: text = Exporters.json(journal, changes, now: now).rendered()
        case .nightscout: text = Exporters.nightscout(journal, changes).rendered()
        case .ics:
            text = Exporters.ics(full, changes, now: now, devices: whole ? nil : [request.device]) { device in
                Recommender.recommend(full, device: device, now: now).recommended.first?.location.name
            }
        }
        return Outcome(text: text, siteChanges: changes.filter { !$0.isRemoval }.count,
                       fileName: "sitecycle-export-\(journal.zone.civil(now).date.iso).\(request.format.fileExtension)",
                       notesLeftOut: request.format == .csv ? changes.filter { $0.isRemoval && $0.hasNote }.count : 0)
    }
}
