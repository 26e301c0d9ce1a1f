/// `log` and `remove` as plain requests and outcomes: the command parses
/// what was typed (the location, the time, the notes) and renders the
/// outcome; this decides where the line goes and what else changes, and is
/// tested without a disk or a clock.
public enum SiteChangeService {
    public struct LogRequest: Sendable {
        /// A declared location's name, as the journal spells it.
        public var location: String
        public var at: Instant
        public var note: String?
        /// Added to the note of the site this change closes; empty (given,
        /// but nothing to add) changes nothing, unless `replaceNote` clears it.
        public var previousNote: String?
        /// Replace that note instead of adding to it.
        public var replaceNote = false
        /// The rotation: `pump`, or a declared device such as `sensor`;
        /// nil when not asked: the location's only device, else the pump
        /// (`Journal.siteDevice`).
        public var device: String?
        /// Why the site this change closes ended: written on its line.
        public var previousReason: EndReason?
        /// The new site's lot (`EntryClauses.lotProblem` checked by the caller).
        public var lot: String?

        public init(location: String, at: Instant, note: String? = nil, previousNote: String? = nil,
                    replaceNote: Bool = false) {
            self.location = location
            self.at = at
            self.note = note
            self.previousNote = previousNote
            self.replaceNote = replaceNote
        }
    }

    public enum PreviousNote: Equatable, Sendable {
        case added(to: SiteChange)
        case replaced(SiteChange, was: String)
    }

    public struct LogOutcome {
        /// The journal as read back after the write.
        public var journal: Journal
        public var logged: SiteChange
        /// The site this change ended, if one was in.
        public var closed: SiteChange?
        public var previousNote: PreviousNote?
        /// The reason --previous-reason wrote over, when the closed site's
        /// line already gave another (said, as a replaced note is).
        public var replacedReason: (site: SiteChange, was: EndReason)?
        /// When the location was in Avoid: its last use, and the locations
        /// that had rested longest.
        public var recentlyUsed: (lastUse: SiteChange, alternatives: [String])?
        /// When the location is resting, paused or occupied by another
        /// device: why, and the recommended locations instead.
        public var restriction: (Recommendation.Restriction, alternatives: [String])?
        /// Sessions this write made longer than `longSessionFactor` × the target.
        public var longSessions: [SiteChange]
        /// What counts against the site logged (`SiteVerdict`), with the
        /// recommended locations instead; empty flags when none. Logging it
        /// is allowed: it is the person's body.
        public var flags: (flags: [SiteVerdict.Flag], alternatives: [String]) = ([], [])
    }

    static func deviceIndex(_ name: String, in journal: Journal) throws(ServiceError) -> UInt8 {
        guard let index = journal.deviceIndex(name) else {
            throw ServiceError(.unknownDevice(name: name, declared: journal.deviceNames))
        }
        return index
    }

    public static func log(_ request: LogRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<LogOutcome> {
        let writer = EntryWriter(journal: journal)
        let at = request.at
        if let asked = request.device { _ = try deviceIndex(asked, in: journal) }
        // Refused here, whoever asks: a name the journal does not declare
        // would leave it unreadable, and a disabled one is out of rotation.
        guard let location = journal.location(named: request.location) else {
            throw ServiceError(.unknownLocation(name: request.location, as: .location))
        }
        guard location.isEnabled else { throw ServiceError(.disabledLocation(name: location.name)) }
        // A site at a location not for the device would put the pump in a
        // sensor-only arm: refused, naming the devices it serves.
        let deviceName: String
        switch journal.siteDevice(at: location, asked: request.device) {
        case .device(let name): deviceName = name
        case .notFor(let asked, let serves):
            throw ServiceError(.locationNotForDevice(location: location.name, device: asked, serves: serves))
        case .ambiguous(let serves):
            throw ServiceError(.locationNeedsDevice(location: location.name, serves: serves))
        }
        let device = try deviceIndex(deviceName, in: journal)
        let before = Recommender.recommend(journal, device: deviceName, now: at)
        let field = request.location + EntryClauses.text(reason: nil, lot: request.lot)
        var editor = try writer.insertion(location: field, at: at, note: request.note, device: device)
        var previousNote: PreviousNote?
        let previous = journal.changes.last { $0.start < at && $0.device == device }
        var noteChange: NoteChange?
        if let given = request.previousNote {
            guard let previous, !previous.isRemoval else {
                throw ServiceError(.noSiteForPreviousNote(time: displayTime(at, in: journal.zone)))
            }
            let added = given.isEmpty ? nil : given
            // Adding to a note never loses what was written before; replacing
            // it is asked for by name.
            let combined = request.replaceNote ? added : [journal.note(of: previous), added].compactMap { $0 }.joined(separator: "\n")
            noteChange = combined.flatMap { $0.isEmpty ? nil : $0 }.map(NoteChange.replace) ?? .remove
            if let old = journal.note(of: previous), added != nil {
                previousNote = request.replaceNote ? .replaced(previous, was: old) : .added(to: previous)
            }
        }
        var replacedReason: (site: SiteChange, was: EndReason)?
        if let reason = request.previousReason {
            guard let previous, !previous.isRemoval else {
                throw ServiceError(.noSiteForPreviousReason(time: displayTime(at, in: journal.zone)))
            }
            if let was = previous.reason, was != reason { replacedReason = (previous, was) }
        }
        if let previous, noteChange != nil || request.previousReason != nil {
            writer.rewrite(previous, note: noteChange, reason: request.previousReason.map(ClauseChange.set), in: &editor)
        }
        let lastUse = before.avoid.first(where: { $0.location.name == request.location })?.lastUse
        let alternatives = before.recommended.map(\.location.name)
        let warning = before.restriction(of: request.location)
        let flags = before.flags(of: request.location)
        return PlannedChange(editor: editor, outcomeNeedsOnlyChanges: true) { updated in
            let logged = updated.changes.first { $0.start == at && $0.device == device }!
            let closed = updated.changes.last { $0.start < at && $0.device == device }.flatMap { $0.isRemoval ? nil : $0 }
            return LogOutcome(journal: updated, logged: logged, closed: closed, previousNote: previousNote,
                              replacedReason: replacedReason,
                              recentlyUsed: lastUse.map { ($0, alternatives) },
                              restriction: warning.map { ($0, alternatives) },
                              longSessions: longSessions([closed, logged], in: updated.rotation(deviceName)),
                              flags: (flags, alternatives))
        }
    }

    public struct RemoveRequest: Sendable {
        public var at: Instant
        public var note: String?
        public var device = Device.pumpName
        /// The run's "now", for what the other devices still occupy (the
        /// removal's own time when nil or earlier).
        public var now: Instant?
        /// Why the site ended: written on the line of the site removed.
        public var reason: EndReason?
        public init(at: Instant, note: String? = nil, device: String = Device.pumpName, now: Instant? = nil) {
            self.at = at
            self.note = note
            self.device = device
            self.now = now
        }
    }

    public struct RemoveOutcome {
        public var journal: Journal
        public var removal: SiteChange
        public var closed: SiteChange
        public var longSessions: [SiteChange]
        /// The other devices' sites that are in now, in device order: the
        /// body as it is after the removal.
        public var stillIn: [(device: String, location: String)]
    }

    public static func remove(_ request: RemoveRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<RemoveOutcome> {
        let at = request.at
        let device = try deviceIndex(request.device, in: journal)
        guard let active = journal.rotation(request.device).activeChange(at: at), active.start < at else {
            throw ServiceError(.nothingToRemove(time: displayTime(at, in: journal.zone)))
        }
        let writer = EntryWriter(journal: journal)
        var editor = try writer.insertion(location: EntrySyntax.removedKeyword, at: at, note: request.note, device: device)
        if let reason = request.reason { writer.rewrite(active, reason: .set(reason), in: &editor) }
        return PlannedChange(editor: editor, outcomeNeedsOnlyChanges: true) { updated in
            let closed = updated.changes.last { $0.start < at && $0.device == device }!
            return RemoveOutcome(journal: updated, removal: updated.changes.first { $0.start == at && $0.device == device }!,
                                 closed: closed, longSessions: longSessions([closed], in: updated.rotation(request.device)),
                                 stillIn: stillIn(updated, besides: request.device, now: max(request.now ?? at, at)))
        }
    }

    /// What the devices other than `device` occupy at `now`, in the
    /// order the journal declares its devices.
    static func stillIn(_ journal: Journal, besides device: String, now: Instant) -> [(device: String, location: String)] {
        guard journal.hasDevices else { return [] }
        return Occupancy.compute(journal, now: now).sites.flatMap { s in
            s.occupiedBy.filter { $0 != device }.map { (device: $0, location: s.location.name) }
        }.sorted { journal.deviceIndex($0.device) ?? 0 < journal.deviceIndex($1.device) ?? 0 }
    }

    /// A session that lasted far past the target is most likely a change
    /// that was never logged.
    static func longSessions(_ sessions: [SiteChange?], in journal: Journal) -> [SiteChange] {
        let limit = journal.settings.targetHours * Double(SiteChange.longSessionFactor)
        return sessions.compactMap { $0 }.filter { !$0.isRemoval && ($0.durationHours ?? 0) > limit }
    }
}
