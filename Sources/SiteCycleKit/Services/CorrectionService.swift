/// `amend` and `delete` as plain requests and outcomes: the command reads
/// ENTRY and the options into typed values (times, a declared location, a
/// clean note) and renders the outcome; this finds the entry in its
/// rotation and plans the edit, and is tested without a disk or a clock.
public enum CorrectionService {
    /// Which site change a correction is about, as ENTRY names it.
    public enum Entry: Equatable, Sendable {
        /// The newest change that started at or before this instant (`last`, at now).
        case last(upTo: Instant)
        /// A line number as `history` shows it; a note's continuation line
        /// names the entry it belongs to.
        case line(Int)
        /// The change that starts at this instant.
        case start(Instant)
    }

    public struct DeleteRequest: Sendable {
        public var entry: Entry
        /// The rotation ENTRY is looked for in: `pump`, or a declared device.
        public var device: String

        public init(entry: Entry, device: String = Device.pumpName) {
            self.entry = entry
            self.device = device
        }
    }

    public struct DeleteOutcome {
        public var deleted: SiteChange
        /// The lines deleted, as they were in the file.
        public var lines: [String]
        /// Its location (nil for `removed`) and device: what it was, said
        /// in words, so a stale line number cannot go unnoticed.
        public var location: String? = nil
        public var device = Device.pumpName
    }

    /// The entry a deletion would take, when it is older than its device's
    /// newest change up to `now`: deleting history rather than a slip just
    /// made, worth a question on a terminal. Nil otherwise or unresolved.
    public static func olderEntry(_ entry: Entry, device: String, in journal: Journal, now: Instant) -> SiteChange? {
        guard let change = try? select(entry, device: device, in: journal),
              let newest = journal.changes.last(where: { $0.device == change.device && $0.start <= now }),
              change.start < newest.start else { return nil }
        return change
    }

    public struct AmendRequest: Sendable {
        public var entry: Entry
        public var device: String
        /// A location's name as the journal declares it (disabled ones too).
        public var location: String?
        /// The right start.
        public var start: Instant?
        /// When the site came out.
        public var end: Instant?
        /// Nil leaves the note as written.
        public var note: NoteChange?
        /// Why the site ended (`reason:`); nil leaves it as written.
        public var reason: ClauseChange<EndReason>?
        /// Its lot (`lot:`); nil leaves it as written.
        public var lot: ClauseChange<String>?

        public init(entry: Entry, device: String = Device.pumpName, location: String? = nil, start: Instant? = nil,
                    end: Instant? = nil, note: NoteChange? = nil) {
            self.entry = entry
            self.device = device
            self.location = location
            self.start = start
            self.end = end
            self.note = note
        }
    }

    public struct AmendOutcome {
        /// The journal as read back after the write.
        public var journal: Journal
        public var amended: SiteChange
        /// The amended entry's lines, as they are in the file now.
        public var lines: [String]
    }

    /// The site change `entry` names within `device`'s rotation.
    public static func select(_ entry: Entry, device: String, in journal: Journal) throws(ServiceError) -> SiteChange {
        _ = try SiteChangeService.deviceIndex(device, in: journal)
        let rotation = journal.rotation(device)
        let named = journal.hasDevices ? device : nil
        switch entry {
        case .last(let now):
            guard let last = rotation.changes.last(where: { $0.start <= now }) else {
                throw ServiceError(.noSiteChanges(device: named))
            }
            return last
        case .line(let number):
            let line = entryLine(number, in: journal)
            if let other = journal.changes.first(where: { $0.line == line }), !rotation.changes.contains(other) {
                let name = journal.deviceNames[Int(other.device)]
                throw ServiceError(.otherDevicesLine(line: number, device: name))
            }
            guard let change = rotation.changes.first(where: { $0.line == line }) else {
                throw ServiceError(.notASiteChange(line: number))
            }
            return change
        case .start(let t):
            guard let change = rotation.changes.first(where: { $0.start == t }) else {
                throw ServiceError(.noChangeStarts(time: displayTime(t, in: journal.zone), device: named))
            }
            return change
        }
    }

    /// The line of the entry that line `number` belongs to: itself, or for
    /// a note's continuation line the entry above it.
    static func entryLine(_ number: Int, in journal: Journal) -> Int {
        var line = number
        while line > 1, line <= journal.syntax.lines.count, case .noteContinuation = journal.syntax.lines[line - 1].kind {
            line -= 1
        }
        return line
    }

    /// The device whose site change is on line `number` (or whose note
    /// goes on there), if any: a line number names one entry whatever its
    /// device, so `delete 35` needs no --device for a sensor line.
    public static func device(ofLine number: Int, in journal: Journal) -> String? {
        let line = entryLine(number, in: journal)
        return journal.changes.first { $0.line == line }.map { journal.deviceNames[Int($0.device)] }
    }

    /// Deletes the entry and its note lines.
    public static func delete(_ request: DeleteRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<DeleteOutcome> {
        let change = try select(request.entry, device: request.device, in: journal)
        let writer = EntryWriter(journal: journal)
        var editor = JournalEditor(source: journal.source)
        writer.delete(change, in: &editor)
        let outcome = DeleteOutcome(deleted: change, lines: writer.lines(of: change), location: journal.name(of: change),
                                    device: journal.deviceNames[Int(change.device)])
        return PlannedChange(editor: editor) { _ in outcome }
    }

    /// A site and the `removed` line that ends it keep their order: a start
    /// moved past its own end would leave the `removed` line ending the
    /// site before (as `--end` past the next start is refused).
    static func checkStaysWithinItsSite(_ entry: SiteChange, start: Instant, in journal: Journal) throws(ServiceError) {
        let rotation = journal.rotation(journal.deviceNames[Int(entry.device)]).changes
        guard let i = rotation.firstIndex(where: { $0.line == entry.line }) else { return }
        if !entry.isRemoval, i + 1 < rotation.count, rotation[i + 1].isRemoval, start >= rotation[i + 1].start {
            let end = rotation[i + 1]
            throw ServiceError(.startPastOwnEnd(line: end.line, time: displayStart(end), isRemoval: false))
        }
        if entry.isRemoval, i > 0, !rotation[i - 1].isRemoval, start <= rotation[i - 1].start {
            let site = rotation[i - 1]
            throw ServiceError(.startPastOwnEnd(line: site.line, time: displayStart(site), isRemoval: true))
        }
    }

    /// Rewrites the parts of the entry the request gives; the rest stays as
    /// written. A new start moves the line if the order changes; an end
    /// moves or adds the `removed` line after it.
    public static func amend(_ request: AmendRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<AmendOutcome> {
        let entry = try select(request.entry, device: request.device, in: journal)
        guard request.location != nil || request.start != nil || request.end != nil || request.note != nil
            || request.reason != nil || request.lot != nil else {
            throw ServiceError(.nothingToChange)
        }
        if entry.isRemoval, request.reason != nil || request.lot != nil {
            throw ServiceError(.removalHasNoReason)
        }
        let writer = EntryWriter(journal: journal)
        guard let lines = writer.replacedLines(ofEntryOn: entry.line, start: request.start, location: request.location,
                                               note: request.note, reason: request.reason, lot: request.lot)
        else { throw ServiceError(.notAnEntry(line: entry.line)) }
        let start = request.start ?? entry.start
        if request.start != nil,
           let clash = journal.changes.first(where: { $0.line != entry.line && $0.start == start && $0.device == entry.device }) {
            throw ServiceError(.startTaken(time: displayStart(clash), line: clash.line, newEntry: false))
        }
        if request.start != nil { try checkStaysWithinItsSite(entry, start: start, in: journal) }
        if request.location != nil, entry.isRemoval {
            throw ServiceError(.removalHasNoLocation)
        }
        // A correction may name a retired (disabled) site, never an
        // undeclared one: the journal would not read.
        if let name = request.location, journal.location(named: name) == nil {
            throw ServiceError(.unknownLocation(name: name, as: .location))
        }
        var editor = JournalEditor(source: journal.source)
        let moves = writer.replaceEntry(entry, with: lines, startingAt: start, in: &editor)
        if let end = request.end {
            guard !moves else { throw ServiceError(.startAndEndTogether) }
            try writer.setEnd(of: entry, to: end, start: start, in: &editor)
        }
        return PlannedChange(editor: editor) { updated in
            let amended = updated.changes.first { $0.start == start && $0.device == entry.device }!
            return AmendOutcome(journal: updated, amended: amended, lines: EntryWriter(journal: updated).lines(of: amended))
        }
    }
}
