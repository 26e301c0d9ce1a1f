/// `locations` edits as plain requests and outcomes: the command resolves
/// what was typed to declared locations and reads its options; this decides
/// what the header (and, for a rename, the entries) should say, refuses what
/// does not fit the journal, and is tested without a disk or a clock. Each
/// change is one small edit; everything else in the file stays as it was.
public enum LocationsService {
    /// Locations as the command resolved them from what was typed: one
    /// location, or the sides of a zone.
    public struct Target: Sendable {
        /// What was typed (`front abdomen`): a rename tells a zone by it,
        /// and a message may quote it.
        public var typed: String
        /// The declared names, as the journal spells them.
        public var names: [String]

        public init(typed: String, names: [String]) {
            self.typed = typed
            self.names = names
        }
    }

    public struct AddRequest: Sendable {
        public var name: String
        /// Declare `Left NAME` and `Right NAME`; on a declared unsided NAME,
        /// give it its sides (`sides NAME on`).
        public var sides = false
        /// The devices it is for; nil, or the pump alone, writes no `for`.
        public var devices: [String]?
        /// The device list as it was typed, for a refusal to quote; the
        /// names joined by commas when not given.
        public var devicesAsTyped: String?

        public init(name: String, sides: Bool = false, devices: [String]? = nil, devicesAsTyped: String? = nil) {
            self.name = name
            self.sides = sides
            self.devices = devices
            self.devicesAsTyped = devicesAsTyped
        }
    }

    /// `locations for NAME DEVICES`: which devices may use a declared
    /// location (or both sides of a zone).
    public struct DevicesRequest: Sendable {
        public var target: Target
        public var devices: [String]
        /// The list as it was typed (`pump,cgm`), for a refusal to quote.
        public var devicesAsTyped: String
        /// The list was given with `add` (after its option), not on its own.
        public var withAdd = false

        public init(target: Target, devices: [String], devicesAsTyped: String, withAdd: Bool = false) {
            self.target = target
            self.devices = devices
            self.devicesAsTyped = devicesAsTyped
            self.withAdd = withAdd
        }
    }

    public struct RenameRequest: Sendable {
        public var from: Target
        /// The new name; for a zone, the new zone (without Left/Right).
        public var to: String

        public init(from: Target, to: String) {
            self.from = from
            self.to = to
        }
    }

    public struct SidesRequest: Sendable {
        public var zone: String
        /// On: a Left and a Right location; off: one location.
        public var on: Bool

        public init(zone: String, on: Bool) {
            self.zone = zone
            self.on = on
        }
    }

    public struct PauseRequest: Sendable {
        public var target: Target
        /// The day it is back in rotation (from its midnight, journal time).
        public var until: CivilDate
        /// The line's new comment; empty removes it, nil leaves it.
        public var reason: String?

        public init(target: Target, until: CivilDate, reason: String? = nil) {
            self.target = target
            self.until = until
            self.reason = reason
        }
    }

    public struct ResumeRequest: Sendable {
        public var target: Target
        /// Today in the journal's zone: a pause that ended before it was
        /// not in force, and is only tidied away.
        public var today: CivilDate

        public init(target: Target, today: CivilDate) {
            self.target = target
            self.today = today
        }
    }

    public enum Placement: String, Sendable {
        case before, after
    }

    public struct MoveRequest: Sendable {
        public var target: Target
        public var placement: Placement
        public var anchor: Target

        public init(target: Target, _ placement: Placement, anchor: Target) {
            self.target = target
            self.placement = placement
            self.anchor = anchor
        }
    }

    public struct Renaming: Equatable, Sendable {
        public var from: String
        public var to: String
    }

    /// What `remove` did with one location.
    public enum Removal: Equatable, Sendable {
        /// It had no site changes: its line is gone.
        case deleted(String)
        /// It has history: disabled instead (a soft delete).
        case disabled(String, uses: Int)
        case alreadyDisabled(String, uses: Int)
    }

    /// The laterality switch for one zone.
    public struct SidesChange: Equatable, Sendable {
        /// The zone as the journal spells it.
        public var zone: String
        public var on: Bool
        public var added: [String] = []
        public var enabled: [String] = []
        /// Switched away from, kept for its history.
        public var disabled: [String] = []

        /// False when the zone already was as asked: nothing was written.
        public var changed: Bool { !added.isEmpty || !enabled.isEmpty || !disabled.isEmpty }
    }

    public enum Change: Equatable, Sendable {
        /// The names declared, and the devices written in their `for`
        /// clause (none: no clause, the pump).
        case added([String], devices: [String])
        /// Each location renamed, and how many entry lines were rewritten.
        /// The locations now for `devices`, and those already for them.
        case devicesSet([String], devices: [String], unchanged: [String])
        case renamed([Renaming], entries: Int)
        case enabled([String], alreadyEnabled: [String])
        case disabled([String], alreadyDisabled: [String])
        case removed([Removal])
        case sides(SidesChange)
        case paused([String], until: CivilDate)
        /// Paused ones back in rotation; and those that were not paused
        /// (a pause that had ended is tidied away too); of the resumed, those
        /// still out of rotation because they are disabled.
        case resumed([String], notPaused: [String], stillDisabled: [String] = [])
        /// The names moved, and the location (or zone, as typed) they went
        /// before or after.
        case moved([String], Placement, anchor: String)
    }

    public struct Outcome {
        /// The journal as read back after the write.
        public var journal: Journal
        public var change: Change
    }

    // MARK: Edits

    /// Declares NAME (or `Left NAME` and `Right NAME`) after the last
    /// `location` line.
    public static func add(_ request: AddRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let name = request.name
        let typedList = request.devicesAsTyped ?? request.devices?.joined(separator: ",") ?? ""
        if request.sides, Location.split(name).side != nil {
            throw ServiceError(.alreadySided(name: name))
        }
        let zoneWords = LocationMatcher.words(name)
        if request.sides, journal.locations.contains(where: { $0.side == nil && LocationMatcher.words($0.name) == zoneWords }) {
            return try sides(SidesRequest(zone: name, on: true), in: journal)
        }
        if !request.sides, Location.split(name).side == nil {
            let sided = journal.locations.filter { $0.side != nil && LocationMatcher.words($0.zone) == zoneWords }
            if !sided.isEmpty, let list = request.devices {
                return try setDevices(DevicesRequest(target: Target(typed: name, names: sided.map(\.name)),
                                                     devices: list, devicesAsTyped: typedList, withAdd: true), in: journal)
            }
            if let first = sided.first {
                throw ServiceError(.zoneOfSides(zone: first.zone, locations: sided.map(\.name)))
            }
        }
        let names = request.sides ? ["Left \(name)", "Right \(name)"] : [name]
        // `add NAME --for …` on a declared name says which devices use it.
        if let list = request.devices {
            let declared = names.compactMap { n in journal.locations.first { $0.name.lowercased() == n.lowercased() } }
            if declared.count == names.count {
                return try setDevices(DevicesRequest(target: Target(typed: name, names: declared.map(\.name)),
                                                     devices: list, devicesAsTyped: typedList, withAdd: true), in: journal)
            }
        }
        for n in names {
            do throws(ServiceError) { try checkNewName(n, replacing: [], in: journal) } catch {
                // A declared name may be there to be given to another device.
                guard journal.hasDevices, case .alreadyDeclared(let clash, let line, _) = error.reason else { throw error }
                throw ServiceError(.alreadyDeclared(name: clash, line: line, anotherDeviceMayUseIt: true))
            }
        }
        var devices: [String] = []
        if let list = request.devices {
            let unique = try checkedDevices(list, typed: typedList, withAdd: true, in: journal)
            // The pump alone is what no `for` means: nothing to write.
            if unique != [Device.pumpName] { devices = unique }
        }
        var editor = JournalEditor(source: journal.source)
        editor.declare(names.map { LocationLine($0, devices: devices) }, in: journal.syntax)
        return planned(editor, .added(names, devices: devices))
    }

    /// Writes, replaces or (for the pump alone) removes the `for` clause of
    /// each location: one edit of its line.
    public static func setDevices(_ request: DevicesRequest, in journal: Journal) throws(ServiceError)
        -> PlannedChange<Outcome> {
        let targets = try locations(request.target, in: journal)
        let devices = try checkedDevices(request.devices, typed: request.devicesAsTyped, withAdd: request.withAdd,
                                         in: journal)
        var editor = JournalEditor(source: journal.source)
        var changed: [String] = [], unchanged: [String] = []
        for location in targets {
            if editor.setDevices(devices, locationLine: location.line, in: journal.syntax) {
                changed.append(location.name)
            } else {
                unchanged.append(location.name)
            }
        }
        return planned(editor, .devicesSet(changed, devices: devices, unchanged: unchanged))
    }

    /// Rewrites the declaration and exactly the entry lines that name it;
    /// a zone renames both its sides.
    public static func rename(_ request: RenameRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let targets = try locations(request.from, in: journal)
        let newName = request.to
        let typedWords = LocationMatcher.words(request.from.typed)
        let isZone = targets.allSatisfy { $0.side != nil && LocationMatcher.words($0.zone) == typedWords }
            && !targets.contains { LocationMatcher.words($0.name) == typedWords }
        let pairs: [(Location, String)]
        if isZone {
            guard Location.split(newName).side == nil else {
                throw ServiceError(.zoneRenamedWithSide(typed: request.from.typed))
            }
            pairs = targets.map { ($0, "\($0.side == .left ? "Left" : "Right") \(newName)") }
        } else {
            pairs = [(targets[0], newName)]
        }
        for (_, n) in pairs { try checkNewName(n, replacing: targets, in: journal) }
        var editor = JournalEditor(source: journal.source)
        var entries = 0
        for (location, n) in pairs { entries += editor.rename(location, to: n, in: journal) }
        return planned(editor, .renamed(pairs.map { Renaming(from: $0.0.name, to: $0.1) }, entries: entries))
    }

    /// Puts the locations back into rotation.
    public static func enable(_ target: Target, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        try setEnabled(target, true, in: journal)
    }

    /// Takes the locations out of rotation; their history stays.
    public static func disable(_ target: Target, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        try setEnabled(target, false, in: journal)
    }

    static func setEnabled(_ target: Target, _ enable: Bool, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let targets = try locations(target, in: journal)
        if !enable { try keepOneEnabled(without: targets, in: journal) }
        var editor = JournalEditor(source: journal.source)
        var changed: [String] = [], unchanged: [String] = []
        for location in targets {
            guard location.isEnabled != enable, editor.setDisabled(!enable, locationLine: location.line, in: journal.syntax) else {
                unchanged.append(location.name)
                continue
            }
            changed.append(location.name)
        }
        return planned(editor, enable ? .enabled(changed, alreadyEnabled: unchanged)
                                      : .disabled(changed, alreadyDisabled: unchanged))
    }

    /// Deletes a location that has no history; disables (soft-deletes)
    /// one that has.
    public static func remove(_ target: Target, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let targets = try locations(target, in: journal)
        try keepOneEnabled(without: targets, in: journal)
        var editor = JournalEditor(source: journal.source)
        var removals: [Removal] = []
        let usage = LocationUsage(journal)
        for location in targets {
            let uses = usage.uses(of: location.name)
            if uses == 0 {
                editor.deleteLines(location.line, through: location.line)
                removals.append(.deleted(location.name))
            } else if location.isEnabled, editor.setDisabled(true, locationLine: location.line, in: journal.syntax) {
                removals.append(.disabled(location.name, uses: uses))
            } else {
                removals.append(.alreadyDisabled(location.name, uses: uses))
            }
        }
        return planned(editor, .removed(removals))
    }

    /// The laterality switch: the zone's unsided location and its Left and
    /// Right ones trade places. What is switched away from is disabled, not
    /// removed, so every past site change keeps its name.
    public static func sides(_ request: SidesRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let typed = request.zone, on = request.on
        let zoneWords = LocationMatcher.words(typed)
        let unsided = journal.locations.first { $0.side == nil && LocationMatcher.words($0.name) == zoneWords }
        let sided = journal.locations.filter { $0.side != nil && LocationMatcher.words($0.zone) == zoneWords }
        guard unsided != nil || !sided.isEmpty else {
            throw ServiceError(.unknownLocation(name: typed, as: .zone))
        }
        var change = SidesChange(zone: unsided?.name ?? sided[0].zone, on: on)
        let keep = on ? sided : unsided.map { [$0] } ?? []
        let retire = on ? unsided.map { [$0] } ?? [] : sided
        var editor = JournalEditor(source: journal.source)
        if keep.isEmpty {
            change.added = on ? ["Left \(change.zone)", "Right \(change.zone)"] : [change.zone]
            for n in change.added { try checkNewName(n, replacing: [], in: journal) }
            editor.declare(change.added.map { LocationLine($0) }, afterLine: retire.map(\.line).max()!)
        }
        for location in keep where !location.isEnabled {
            editor.setDisabled(false, locationLine: location.line, in: journal.syntax)
            change.enabled.append(location.name)
        }
        for location in retire where location.isEnabled {
            editor.setDisabled(true, locationLine: location.line, in: journal.syntax)
            change.disabled.append(location.name)
        }
        return planned(editor, .sides(change))
    }

    /// `paused until DATE` on each location's line (replacing a pause it
    /// has), with the reason as the line's comment.
    public static func pause(_ request: PauseRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let targets = try locations(request.target, in: journal)
        var editor = JournalEditor(source: journal.source)
        for location in targets {
            guard editor.setPause(until: request.until, locationLine: location.line, in: journal.syntax) else { continue }
            if let reason = request.reason { editor.setComment(reason, locationLine: location.line, in: journal.syntax) }
        }
        return planned(editor, .paused(targets.map(\.name), until: request.until))
    }

    /// Removes the `paused until` clause: back in rotation now.
    public static func resume(_ request: ResumeRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let targets = try locations(request.target, in: journal)
        var editor = JournalEditor(source: journal.source)
        var resumed: [String] = [], notPaused: [String] = []
        for location in targets {
            guard editor.setPause(until: nil, locationLine: location.line, in: journal.syntax) else {
                notPaused.append(location.name)
                continue
            }
            // A pause that has ended is tidied away but was not in force.
            if let until = location.pausedUntil, request.today < until {
                resumed.append(location.name)
            } else {
                notPaused.append(location.name)
            }
        }
        guard !editor.isEmpty else {
            throw ServiceError(.notPaused(notPaused))
        }
        let stillDisabled = targets.filter { !$0.isEnabled && resumed.contains($0.name) }.map(\.name)
        return planned(editor, .resumed(resumed, notPaused: notPaused, stillDisabled: stillDisabled))
    }

    /// Changes the header order (the sort order): the lines move before the
    /// first of the anchor's lines, or after the last.
    public static func move(_ request: MoveRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<Outcome> {
        let targets = try locations(request.target, in: journal)
        let anchors = try locations(request.anchor, in: journal)
        guard !anchors.contains(where: { a in targets.contains { $0.name == a.name } }) else {
            throw ServiceError(.moveRelativeToItself)
        }
        var editor = JournalEditor(source: journal.source)
        switch request.placement {
        case .before: editor.moveLines(targets.map(\.line), to: .before(anchors.map(\.line).min()!))
        case .after: editor.moveLines(targets.map(\.line), to: .after(anchors.map(\.line).max()!))
        }
        let anchorName = anchors.count == 1 ? anchors[0].name : request.anchor.typed
        return planned(editor, .moved(targets.map(\.name), request.placement, anchor: anchorName))
    }

    // MARK: Checks

    static func planned(_ editor: JournalEditor, _ change: Change) -> PlannedChange<Outcome> {
        PlannedChange(editor: editor) { updated in Outcome(journal: updated, change: change) }
    }

    /// The target's locations, in the order the command resolved them.
    static func locations(_ target: Target, in journal: Journal) throws(ServiceError) -> [Location] {
        var found: [Location] = []
        for name in target.names {
            guard let location = journal.location(named: name) else {
                throw ServiceError(.unknownLocation(name: name, as: .location))
            }
            found.append(location)
        }
        guard !found.isEmpty else {
            throw ServiceError(.unknownLocation(name: target.typed, as: .locationOrZone))
        }
        return found
    }

    /// A new name must be valid and not clash with another location
    /// (ignoring case); `replacing` may keep theirs (for a case-only rename).
    static func checkNewName(_ name: String, replacing: [Location], in journal: Journal) throws(ServiceError) {
        if let problem = LocationName.problem(with: name, devices: journal.deviceNames) {
            throw ServiceError(.invalidLocationName(problem: problem))
        }
        let lower = name.lowercased()
        if let clash = journal.locations.first(where: { $0.name.lowercased() == lower }),
           !replacing.contains(where: { $0.name == clash.name }) {
            throw ServiceError(.alreadyDeclared(name: clash.name, line: clash.line, anotherDeviceMayUseIt: false))
        }
    }

    /// The devices of a `for` list, each declared, each once, in the
    /// order given.
    static func checkedDevices(_ list: [String], typed: String, withAdd: Bool, in journal: Journal) throws(ServiceError)
        -> [String] {
        for device in list where journal.deviceIndex(device) == nil {
            throw ServiceError(.unknownDeviceInList(name: device, list: typed, withAdd: withAdd, journal: journal.source.path,
                                                    declared: journal.deviceNames))
        }
        var unique: [String] = []
        for d in list where !unique.contains(d) { unique.append(d) }
        return unique
    }

    static func keepOneEnabled(without targets: [Location], in journal: Journal) throws(ServiceError) {
        let left = journal.enabledLocations.filter { l in !targets.contains { $0.name == l.name } }
        if left.isEmpty {
            throw ServiceError(.noEnabledLocationLeft)
        }
    }
}
