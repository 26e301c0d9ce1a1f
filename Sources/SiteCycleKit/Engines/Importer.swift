/// Merges records from another tool into a journal — never replacing: what
/// the journal has stays, identical entries are skipped, clashes are
/// reported. A pure function of the journal, the source and the mappings.
public struct ImportPlan: Sendable {
    public struct Addition: Sendable {
        public var row: Int
        public var start: Instant
        /// Journal location name; nil for a `removed` marker.
        public var location: String?
        public var note: String?
        /// Made from a duration that ended before the next start.
        public var fromDuration: Bool
        /// The offset to write the start with, when the source gave one.
        public var offset: Int? = nil
        /// The rotation it belongs to: `pump` or a device's name.
        public var device: String = Device.pumpName
        /// For a duration's `removed` marker: the start of the row it ends.
        public var endsSiteStartedAt: Instant? = nil
        /// Why the site ended and its lot, checked (`EndReason`, `EntryClauses.lotProblem`).
        public var reason: EndReason? = nil
        public var lot: String? = nil
    }

    /// Rows taken as one change (`takenAsOne`): their numbers, the first
    /// the kept change's; its device and start, and its location: the
    /// journal's name once matched, else as the source named it, if it did.
    public struct Repeat: Sendable {
        public var rows: [Int]
        public var device: String
        public var start: Instant
        public var location: String?
        /// The start as the journal's zone shows it.
        public var at: String
    }

    /// Names to declare, in the order first needed, with their enabled flag.
    public var newLocations: [(name: String, enabled: Bool)] = []
    /// Source name → journal name, for names that were translated or are new.
    public var translations: [(from: String, to: String, isNew: Bool)] = []
    public var additions: [Addition] = []
    public var skipped: [(row: Int, reason: String)] = []
    public var conflicts: [(row: Int, reason: String)] = []
    public var rejected: [(row: Int, reason: RowRejection)] = []
    /// Header settings the journal lacks (from our JSON).
    public var settings: [(DirectiveSyntax.Keyword, String)] = []
    /// `device` lines the journal lacks: a sensor's records need
    /// `device sensor 10d` (the suggested sensor target).
    public var newDevices: [(name: String, target: String)] = []
    /// Devices our JSON declared (their target is the file's, not ours).
    public var declaredBySource: Set<String> = []
    /// The devices each new location is for, when not the pump alone.
    public var newLocationDevices: [String: [String]] = [:]
    /// From our JSON: the day each new location's pause ends, and the
    /// comment its line carries (the pause's reason).
    public var newLocationPauses: [String: CivilDate] = [:]
    public var newLocationNotes: [String: String] = [:]
    /// Changes that stood for several rows of the file.
    public var repeats: [Repeat] = []
    /// Pump rows that name no site, skipped (no `--unnamed-site`): the
    /// row, how many rows it stood for, its note, start, and the start as
    /// the journal's zone shows it.
    public var unnamed: [(row: Int, rows: Int, note: String?, start: Instant, at: String)] = []
    /// Sensor rows that name no site: not a site to rotate, ignored.
    public var ignoredRows = 0

    /// The target a new `device sensor` line gets: a 10-day CGM sensor.
    public static let sensorTarget = "10d"

    /// A duration ending more than this before the next start means the
    /// site came out early: the gap becomes a `removed` marker.
    public static let earlyEndSeconds: Int64 = 15 * 60

    /// `unnamedSite` is `--unnamed-site`: where pump rows that name no
    /// site go.
    public static func make(_ journal: Journal, _ source: ImportSource, maps: [(from: String, to: String)],
                            unnamedSite: String? = nil) -> ImportPlan {
        var draft = Draft(journal: journal, source: source, maps: maps, unnamedSite: unnamedSite)
        draft.gatherDeviceWords()
        draft.declareSourceLocations()
        draft.takeSourceSettings()
        draft.takeSourceDevices()
        let records = draft.takenAsOne(draft.sited(source.records))
        let incoming = draft.incoming(records)
        draft.merge(incoming)
        draft.assignNewLocationDevices()
        draft.restoreSourceDeclarations()
        draft.dropUnused()
        return draft.plan
    }

    package static func minute(_ t: Instant) -> Int64 { t.seconds >= 0 ? t.seconds / 60 : (t.seconds - 59) / 60 }

    public var changesSomething: Bool {
        !additions.isEmpty || !newLocations.isEmpty || !settings.isEmpty || !newDevices.isEmpty
    }
}

extension ImportPlan {
    /// A plan being made: the steps of `make`, in its order, over the
    /// journal, the source and the mappings.
    struct Draft {
        let journal: Journal
        let source: ImportSource
        let maps: [(from: String, to: String)]
        let unnamedSite: String?
        var plan = ImportPlan()
        /// Location names the journal has or the plan declares, in order.
        var known: [String]
        /// Each repeat's place in `plan.repeats`, by its first row; and the
        /// first rows of those listed elsewhere instead (naming no site).
        var repeatAt: [Int: Int] = [:]
        var repeatsListedElsewhere: Set<Int> = []

        init(journal: Journal, source: ImportSource, maps: [(from: String, to: String)], unnamedSite: String?) {
            self.journal = journal
            self.source = source
            self.maps = maps
            self.unnamedSite = unnamedSite
            plan.rejected = source.rejected
            known = journal.locations.map(\.name)
        }

        var zone: ZoneRules { journal.zone }

        // MARK: Names

        /// The journal name for a source's location name: mapped, matched,
        /// or translated from the app's names (a new name is noted).
        mutating func resolve(_ source: String) -> String {
            let words = LocationMatcher.words(source)
            if let mapped = maps.first(where: { LocationMatcher.words($0.from) == words })?.to {
                let target = known.first { LocationMatcher.words($0) == LocationMatcher.words(mapped) } ?? mapped
                note(source, target)
                return target
            }
            for candidate in [source, SiteNames.fromApp(source), SiteNames.fromAndroidAPS(source)].compactMap({ $0 }) {
                if let match = known.first(where: { LocationMatcher.words($0) == LocationMatcher.words(candidate) }) {
                    if match != source { note(source, match) }
                    return match
                }
            }
            let name = SiteNames.fromApp(source) ?? SiteNames.fromAndroidAPS(source) ?? source
            note(source, name)
            return name
        }

        mutating func note(_ from: String, _ to: String) {
            let isNew = !known.contains(to)
            if isNew {
                known.append(to)
                plan.newLocations.append((to, true))
            }
            if !plan.translations.contains(where: { $0.from == from }) { plan.translations.append((from, to, isNew)) }
        }

        // MARK: The source's header

        /// Every device the result may declare (the journal's, the source's,
        /// its rows'): a location name beginning with one of them is
        /// rejected with its row, not the whole import.
        var deviceWords: [String] = []

        mutating func gatherDeviceWords() {
            deviceWords = Array(Set(journal.deviceNames + source.devices.map(\.name) + source.records.map(\.device)))
        }

        /// Locations our JSON declared, in its order, even if unused; a name
        /// the journal would not accept is rejected, never written.
        mutating func declareSourceLocations() {
            for (i, l) in source.locations.enumerated()
            where !known.contains(where: { LocationMatcher.words($0) == LocationMatcher.words(l.name) }) {
                if let problem = LocationName.problem(with: l.name, devices: deviceWords) {
                    plan.rejected.append((i + 1, "declared location \"\(l.name)\": \(problem)"))
                    continue
                }
                known.append(l.name)
                plan.newLocations.append(l)
            }
        }

        mutating func takeSourceSettings() {
            for (keyword, value) in source.settings where journal.syntax.directiveLines(keyword).isEmpty {
                plan.settings.append((keyword, value))
            }
        }

        /// Devices our JSON declared stay declared, used or not.
        /// The pump's line (its grace) only where the journal has no target of its own.
        mutating func takeSourceDevices() {
            let pumpUnset = journal.syntax.directiveLines(.target).isEmpty && journal.deviceLine(named: Device.pumpName) == nil
            for d in source.devices where (journal.deviceIndex(d.name) == nil || (d.name == Device.pumpName && pumpUnset))
                && !plan.newDevices.contains(where: { $0.name == d.name }) {
                plan.newDevices.append(d)
            }
            plan.declaredBySource = Set(plan.newDevices.map(\.name))
        }

        // MARK: Rows

        /// Records in time order, each with its journal name; durations that
        /// end early add a `removed` marker.
        mutating func incoming(_ records: [ImportRecord]) -> [Addition] {
            var incoming: [Addition] = []
            let sorted = records.sorted { $0.start < $1.start }
            for (i, r) in sorted.enumerated() {
                guard let addition = addition(for: r) else { continue }
                incoming.append(addition)
                if let marker = removedMarker(for: r, named: addition.location, later: sorted[(i + 1)...]) {
                    incoming.append(marker)
                }
            }
            return incoming
        }

        // The journal writes years 0001–9999 only, as its zone or the
        // record's own offset shows the time.
        func wall(_ t: Instant, offset: Int?) -> CivilDateTime {
            offset.map { CivilDateTime(secondsAsIfUTC: t.seconds + Int64($0)) } ?? zone.civil(t)
        }

        func writable(_ t: Instant, offset: Int?) -> Bool { (1...9999).contains(wall(t, offset: offset).date.year) }

        /// The row as an addition with its journal name, or nil when it is
        /// rejected (the reason goes to `plan.rejected`).
        mutating func addition(for row: ImportRecord) -> Addition? {
            var r = row
            guard writable(r.start, offset: r.offset) else {
                plan.rejected.append((r.row, .text("starts at \(wall(r.start, offset: r.offset).journalText) in the journal's "
                                                   + "time, outside the years 0001–9999 that a journal holds")))
                return nil
            }
            if r.naming == .none {
                // A pump row goes to `--unnamed-site`, or is listed; a sensor's is ignored.
                guard r.device == Device.pumpName, let site = unnamedSite else {
                    // Listed once, with the rows it stood for; not among the repeats.
                    if r.device == Device.pumpName {
                        plan.unnamed.append((r.row, 1 + r.alsoRows.count, r.note, r.start, displayTime(r.start, in: zone)))
                    } else {
                        plan.ignoredRows += 1 + r.alsoRows.count
                    }
                    repeatsListedElsewhere.insert(r.row)
                    return nil
                }
                r.sourceName = site
            }
            guard admitsDevice(of: r) else { return nil }
            var name: String?
            if let s = r.sourceName {
                name = resolve(s)
                if let problem = LocationName.problem(with: name!, devices: deviceWords) {
                    plan.rejected.append((r.row, "location \"\(s)\": \(problem)"))
                    return nil
                }
                if !r.alsoRows.isEmpty, let i = repeatAt[r.row] { plan.repeats[i].location = name }
            }
            var note: String?
            if let text = r.note {
                switch NoteText.clean(text) {
                case .success(let n): note = n
                case .failure(let problem):
                    plan.rejected.append((r.row, .text(problem.message)))
                    return nil
                }
            }
            var reason: EndReason?
            if let word = r.reason {
                guard let known = EndReason(word: word) else {
                    let near = EndReason.nearest(to: word).map { "; did you mean `\($0)`?" } ?? ""
                    plan.rejected.append((r.row, "unknown reason `\(excerpt(word))`\(near)"))
                    return nil
                }
                reason = known
            }
            if let lot = r.lot, let problem = EntryClauses.lotProblem(lot) {
                // Not quoted: the problem may be a character that hides or reorders it.
                plan.rejected.append((r.row, "invalid lot: \(problem)"))
                return nil
            }
            if name == nil, reason != nil || r.lot != nil {
                plan.rejected.append((r.row, "a `removed` entry takes no reason or lot"))
                return nil
            }
            return Addition(row: r.row, start: r.start, location: name, note: note, fromDuration: false,
                            offset: r.offset, device: r.device, reason: reason, lot: r.lot)
        }

        /// A device the journal lacks is declared only by our JSON, or as
        /// the sensor (with the sensor's target); any other rejects the row.
        mutating func admitsDevice(of r: ImportRecord) -> Bool {
            guard journal.deviceIndex(r.device) == nil && !plan.declaredBySource.contains(r.device) else { return true }
            guard r.device == Device.sensorName else {
                plan.rejected.append((r.row, .undeclaredDevice(r.device)))
                return false
            }
            if !plan.newDevices.contains(where: { $0.name == r.device }) {
                plan.newDevices.append((r.device, ImportPlan.sensorTarget))
            }
            return true
        }

        /// The `removed` marker of a row's duration, when the site came out
        /// early: before the next start of its device, or with none after it.
        func removedMarker(for r: ImportRecord, named name: String?, later: ArraySlice<ImportRecord>) -> Addition? {
            guard let hours = r.durationHours, name != nil else { return nil }
            let end = r.start.adding(seconds: Int64((hours * 60).rounded()) * 60)
            let next = later.first { $0.device == r.device }?.start
            guard next.map({ $0.seconds - end.seconds > ImportPlan.earlyEndSeconds }) ?? true, writable(end, offset: nil) else {
                return nil
            }
            return Addition(row: r.row, start: end, location: nil, note: nil, fromDuration: true,
                            device: r.device, endsSiteStartedAt: r.start)
        }

        // MARK: Merging

        struct Key: Hashable { var device: String, minute: Int64 }

        /// Merge by device and start minute: the journal's entries win.
        mutating func merge(_ incoming: [Addition]) {
            var byMinute: [Key: (location: String?, line: Int?)] = [:]
            for c in journal.changes {
                byMinute[Key(device: journal.deviceNames[Int(c.device)], minute: minute(c.start))] = (journal.name(of: c), c.line)
            }
            var addedStarts: Set<Key> = []
            let journalStarts: [String: [Int64]] = Dictionary(grouping: journal.changes) { journal.deviceNames[Int($0.device)] }
                .mapValues { $0.map(\.start.seconds).sorted() }
            for a in incoming {
                if a.fromDuration && !Self.endsOnlyItsOwnSite(a, addedStarts: addedStarts, journalStarts: journalStarts) { continue }
                let key = Key(device: a.device, minute: minute(a.start))
                if let existing = byMinute[key] {
                    noteClash(a, with: existing)
                    continue
                }
                byMinute[key] = (a.location, nil)
                if !a.fromDuration { addedStarts.insert(key) }
                plan.additions.append(a)
            }
        }

        // A duration's marker may end only its own row's site: never one of
        // the journal's, so not when the row itself was not added, nor when
        // a journal entry of that device starts between the row and its end.
        static func endsOnlyItsOwnSite(_ a: Addition, addedStarts: Set<Key>, journalStarts: [String: [Int64]]) -> Bool {
            guard let from = a.endsSiteStartedAt else { return true }
            guard addedStarts.contains(Key(device: a.device, minute: minute(from))) else { return false }
            let starts = journalStarts[a.device] ?? []
            var lo = 0, hi = starts.count   // the first journal start after the row's
            while lo < hi { let mid = (lo + hi) / 2; if starts[mid] <= from.seconds { lo = mid + 1 } else { hi = mid } }
            return lo == starts.count || starts[lo] > a.start.seconds
        }

        /// An addition whose device and minute are taken: skipped when the
        /// same, a conflict when not (a duration's marker is dropped quietly).
        mutating func noteClash(_ a: Addition, with existing: (location: String?, line: Int?)) {
            let what = (a.device == Device.pumpName ? "" : a.device + " ") + (a.location ?? "removed")
            if existing.location == a.location {
                plan.skipped.append((a.row, "\(what) at \(displayTime(a.start, in: zone)) is already there"))
            } else if !a.fromDuration {
                let there = existing.location ?? "removed"
                plan.conflicts.append((a.row, "\(what) at \(displayTime(a.start, in: zone)), but "
                                       + (existing.line.map { "line \($0)" } ?? "another row") + " has \(there) then"))
            }
        }

        // MARK: New locations and the summary

        /// A new location is for the devices that use it here.
        mutating func assignNewLocationDevices() {
            for a in plan.additions {
                guard let name = a.location, plan.newLocations.contains(where: { $0.name == name }) else { continue }
                if !plan.newLocationDevices[name, default: []].contains(a.device) {
                    plan.newLocationDevices[name, default: []].append(a.device)
                }
            }
        }

        /// …unless our JSON says which devices it is for (and when it rests,
        /// and why): the declaration comes back as it was.
        mutating func restoreSourceDeclarations() {
            let deviceNames = Set(journal.deviceNames + plan.newDevices.map(\.name))
            for l in plan.newLocations {
                if let devices = source.locationDevices[l.name] {
                    let declared = devices.filter(deviceNames.contains)
                    plan.newLocationDevices[l.name] = declared.isEmpty ? [Device.pumpName] : declared
                }
                if let until = source.locationPauses[l.name] { plan.newLocationPauses[l.name] = until }
                if let note = source.locationNotes[l.name] { plan.newLocationNotes[l.name] = note }
            }
            plan.newLocationDevices = plan.newLocationDevices.filter { $0.value != [Device.pumpName] }
        }

        /// Devices and locations nothing added needs are not declared (those
        /// our JSON declared stay); rejections read in row order.
        mutating func dropUnused() {
            let devicesUsed = Set(plan.additions.map(\.device)).union(plan.declaredBySource)
            plan.newDevices.removeAll { !devicesUsed.contains($0.name) }
            // A new location is for declared devices only: one our JSON
            // named for a device whose rows were all rejected is for the rest.
            let declared = Set(journal.deviceNames + plan.newDevices.map(\.name))
            plan.newLocationDevices = plan.newLocationDevices.compactMapValues { devices in
                let kept = devices.filter(declared.contains)
                return kept.isEmpty || kept == [Device.pumpName] ? nil : kept
            }
            // Locations only a skipped or conflicting row needed are not declared.
            let used = Set(plan.additions.compactMap(\.location))
            let declaredBySource = Set(source.locations.map(\.name))
            plan.newLocations.removeAll {
                LocationName.problem(with: $0.name, devices: deviceWords) != nil || (!used.contains($0.name) && !declaredBySource.contains($0.name))
            }
            plan.translations.removeAll { $0.isNew && LocationName.problem(with: $0.to, devices: deviceWords) != nil }
            plan.rejected.sort { $0.row < $1.row }
            plan.unnamed.sort { $0.row < $1.row }
            plan.repeats.removeAll { repeatsListedElsewhere.contains($0.rows[0]) }
            plan.repeats.sort { $0.rows[0] < $1.rows[0] }
        }
    }
}
