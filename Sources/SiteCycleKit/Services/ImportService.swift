/// `import` as a plain request and outcome: the command reads the file,
/// picks the format, reads the records with `ImportReaders` and the
/// `--map` pairs; this matches the records to the journal (`ImportPlan`),
/// refuses a mapping the journal could not declare, and plans the edit —
/// new settings, devices and locations in the header, then the entries
/// where their times put them — and is tested without a disk or a clock.
public enum ImportService {
    public struct Request: Sendable {
        /// What the file holds, as a reader read it (its format included).
        public var source: ImportSource
        /// Source name → journal name (`--map FROM=TO`), in the order given.
        public var maps: [(from: String, to: String)]
        /// Plan and report everything; write nothing.
        public var dryRun: Bool
        /// `--unnamed-site`: where pump rows that name no site go.
        public var unnamedSite: String?

        public init(source: ImportSource, maps: [(from: String, to: String)] = [], dryRun: Bool = false,
                    unnamedSite: String? = nil) {
            self.source = source
            self.maps = maps
            self.dryRun = dryRun
            self.unnamedSite = unnamedSite
        }
    }

    public struct Outcome: Sendable {
        /// What was (or, for a dry run, would be) added, skipped, reported
        /// as a conflict or rejected, with each row's reason.
        public var plan: ImportPlan
        public var format: ImportSource.Format
        /// The rows the file held: read, or rejected by the reader.
        public var rows: Int
        /// Rows that were fine but not site changes.
        public var ignored: Int
        public var dryRun: Bool

        /// New site changes (not `removed` markers).
        public var sitesAdded: Int { plan.additions.count - removedMarkers }
        /// `removed` lines made from durations that ended early.
        public var removedMarkers: Int { plan.additions.filter { $0.location == nil }.count }
        /// New header settings, as their lines read (`timezone Europe/Berlin`).
        public var settingLines: [String] { plan.settings.map { "\($0.0.rawValue) \($0.1)" } }
        /// New `device` lines (`device sensor 10d`).
        public var deviceLines: [String] { plan.newDevices.map { "device \($0.name) \($0.target)" } }
        /// Whether the journal was written: something to add, and not a dry run.
        public var wrote: Bool { !dryRun && plan.changesSomething }
        /// Added rows at a location not declared for their device, once
        /// each: what `check` will warn of, with the fix it will suggest.
        public var notForDevice: [Diagnostic.Help] = []
    }

    /// Merges the request's records into the journal, never replacing: see
    /// `ImportPlan.make` for what is added, skipped and why. A dry run, or
    /// an import that adds nothing, plans no edit.
    public static func merge(_ request: Request, into journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        for (_, to) in request.maps where LocationName.problem(with: to, devices: journal.deviceNames) != nil {
            throw ServiceError(.invalidMapTarget(name: to))
        }
        let plan = ImportPlan.make(journal, request.source, maps: request.maps, unnamedSite: request.unnamedSite)
        // A sensor row that names no site is ignored, as one without notes is.
        let outcome = Outcome(plan: plan, format: request.source.format,
                              rows: request.source.records.count + request.source.rejected.count - plan.ignoredRows,
                              ignored: request.source.ignored + plan.ignoredRows, dryRun: request.dryRun)
        var editor = JournalEditor(source: journal.source)
        if outcome.wrote { edit(&editor, journal, outcome) }
        return PlannedChange(editor: editor) { updated in
            var written = outcome
            written.notForDevice = notForDevice(plan, in: updated)
            return written
        }
    }

    /// The builder's `device-mismatch` rule over the rows added: a location
    /// declared without the device a row names.
    static func notForDevice(_ plan: ImportPlan, in journal: Journal) -> [Diagnostic.Help] {
        guard journal.hasDevices else { return [] }
        var seen = Set<[String]>(), found: [Diagnostic.Help] = []
        for a in plan.additions {
            guard let name = a.location, let l = journal.location(named: name), !l.isFor(a.device),
                  seen.insert([name, a.device]).inserted else { continue }
            found.append(.addDeviceToLocation(device: a.device, location: name, devices: l.devices + [a.device]))
        }
        return found
    }

    /// Settings, then devices, then location declarations, each where the
    /// header rule puts it; then the entries in time order, their times in
    /// the zone the import gives the journal, if it gives one.
    static func edit(_ editor: inout JournalEditor, _ journal: Journal, _ outcome: Outcome) {
        let plan = outcome.plan
        let syntax = journal.syntax
        editor.insertHeader(outcome.settingLines, as: .setting, in: syntax)
        editor.insertHeader(outcome.deviceLines, as: .device, in: syntax)
        editor.declare(plan.newLocations.map { l in
            LocationLine(l.name, devices: plan.newLocationDevices[l.name] ?? [], pausedUntil: plan.newLocationPauses[l.name],
                         enabled: l.enabled, note: plan.newLocationNotes[l.name])
        }, in: syntax)
        let newZone = plan.settings.first { $0.0 == .timezone }.flatMap { ZoneRules(identifier: $0.1) }
        EntryWriter(journal: journal, zone: newZone).insertInTimeOrder(plan.additions.map {
            NewEntry(start: $0.start, offset: $0.offset, device: $0.device, location: $0.location, note: $0.note,
                     reason: $0.reason, lot: $0.lot)
        }, in: &editor)
    }
}
