/// A parsed journal: the lossless syntax it came from and the model it means.
public struct Journal: Sendable {
    public var syntax: JournalSyntax
    public var settings: Settings
    /// Declared locations in header order.
    public var locations: [Location]
    /// Site changes ordered by time (file order breaks no ties: an instant
    /// appears once), each closed by the next.
    public var changes: [SiteChange]
    /// The zone that wall-clock times in the file are read in.
    public var zone: ZoneRules
    public var diagnostics: [Diagnostic]
    /// Every declared location's name in header order, what a change's
    /// `locationIndex` points into. Unlike `locations`, never narrowed to
    /// one device's rotation.
    public var locationNames: [String]
    /// The changes' notes.
    public var notes: NoteTable
    /// The lots written on entry lines (`lot: TEXT`), by line number: few
    /// lines carry one, so they are kept beside the changes, not in them.
    public var lots: [UInt32: String]
    /// Whether any line gives a `reason:` or a `lot:`: reports add their
    /// reason and lot fields only then, so a journal without them reads
    /// exactly as it did before they existed.
    public var recordsEndings: Bool

    public init(syntax: JournalSyntax, settings: Settings, locations: [Location], changes: [SiteChange],
                zone: ZoneRules, diagnostics: [Diagnostic], notes: NoteTable, lots: [UInt32: String] = [:],
                recordsEndings: Bool = false) {
        self.syntax = syntax
        self.settings = settings
        self.locations = locations
        self.changes = changes
        self.zone = zone
        self.diagnostics = diagnostics
        self.notes = notes
        self.lots = lots
        self.recordsEndings = recordsEndings || !lots.isEmpty
        locationNames = locations.map(\.name)
    }

    /// The location a change was put in at, or nil for a removal.
    public func name(of change: SiteChange) -> String? {
        change.isRemoval || Int(change.locationIndex) >= locationNames.count ? nil : locationNames[Int(change.locationIndex)]
    }

    /// A change's note, or nil.
    public func note(of change: SiteChange) -> String? { notes[change.noteIndex] }

    public var source: SourceFile { syntax.source }

    public func location(named name: String) -> Location? {
        locations.first { $0.name == name }
    }

    public var enabledLocations: [Location] { locations.filter(\.isEnabled) }

    /// `pump`, then each declared device, in header order.
    public var deviceNames: [String] { [Device.pumpName] + settings.devices.map(\.name) }

    /// Whether the journal declares devices beyond the pump.
    public var hasDevices: Bool { !settings.devices.isEmpty }

    public func deviceIndex(_ name: String) -> UInt8? {
        deviceNames.firstIndex(of: name).map(UInt8.init)
    }

    public func targetHours(of device: String) -> Double {
        settings.devices.first { $0.name == device }?.targetHours ?? settings.targetHours
    }

    /// The journal as one device's rotation: its site changes only, its
    /// target, and the locations that are for it — so every engine written
    /// for one rotation works unchanged. A journal without devices is
    /// returned as it is for the pump.
    /// The grace past the target before a site of `device` is overdue.
    public func graceHours(of device: String) -> Double? {
        device == Device.pumpName ? settings.graceHours : settings.devices.first { $0.name == device }?.graceHours
    }

    public func rotation(_ device: String) -> Journal {
        guard hasDevices, let index = deviceIndex(device) else { return self }
        var copy = self
        copy.changes = changes.filter { $0.device == index }
        copy.settings.targetHours = targetHours(of: device)
        copy.settings.graceHours = graceHours(of: device)
        var used = [Bool](repeating: false, count: locationNames.count)
        for c in copy.changes where !c.isRemoval && Int(c.locationIndex) < used.count { used[Int(c.locationIndex)] = true }
        copy.locations = locations.filter { $0.isFor(device) || ($0.order < used.count && used[$0.order]) }
        return copy
    }

    /// The site in place now: the newest change, unless it is `removed`.
    public func activeChange(at now: Instant) -> SiteChange? {
        guard let last = changes.last(where: { $0.start <= now }), !last.isRemoval else { return nil }
        return last
    }
}
