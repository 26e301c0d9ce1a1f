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
        /// When the location was in Avoid: its last use, and the locations
        /// that had rested longest.
        public var recentlyUsed: (lastUse: SiteChange, alternatives: [String])?
        /// Sessions this write made longer than `longSessionFactor` × the target.
        public var longSessions: [SiteChange]
    }

    public static func log(_ request: LogRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<LogOutcome> {
        let writer = EntryWriter(journal: journal)
        let at = request.at
        let before = Recommender.recommend(journal, now: at)
        var editor = try writer.insertion(location: request.location, at: at, note: request.note)
        var previousNote: PreviousNote?
        let previous = journal.changes.last { $0.start < at }
        if let given = request.previousNote {
            guard let previous, !previous.isRemoval else {
                throw ServiceError("no site was active at \(displayTime(at, in: journal.zone)) to take --previous-note")
            }
            let added = given.isEmpty ? nil : given
            // Adding to a note never loses what was written before; replacing
            // it is asked for by name.
            let combined = request.replaceNote ? added : [previous.note, added].compactMap { $0 }.joined(separator: "\n")
            writer.setNote(of: previous, to: combined.flatMap { $0.isEmpty ? nil : $0 }, in: &editor)
            if let old = previous.note, added != nil {
                previousNote = request.replaceNote ? .replaced(previous, was: old) : .added(to: previous)
            }
        }
        let lastUse = before.tag(of: request.location) == .avoid
            ? before.avoid.first(where: { $0.location.name == request.location })?.lastUse : nil
        let alternatives = before.recommended.map(\.location.name)
        return PlannedChange(editor: editor, outcomeNeedsOnlyChanges: true) { updated in
            let logged = updated.changes.first { $0.start == at }!
            let closed = updated.changes.last { $0.start < at }.flatMap { $0.isRemoval ? nil : $0 }
            return LogOutcome(journal: updated, logged: logged, closed: closed, previousNote: previousNote,
                              recentlyUsed: lastUse.map { ($0, alternatives) },
                              longSessions: longSessions([closed, logged], in: updated))
        }
    }

    public struct RemoveRequest: Sendable {
        public var at: Instant
        public var note: String?
        public init(at: Instant, note: String? = nil) {
            self.at = at
            self.note = note
        }
    }

    public struct RemoveOutcome {
        public var journal: Journal
        public var removal: SiteChange
        public var closed: SiteChange
        public var longSessions: [SiteChange]
    }

    public static func remove(_ request: RemoveRequest, in journal: Journal) throws(ServiceError) -> PlannedChange<RemoveOutcome> {
        let at = request.at
        guard let active = journal.activeChange(at: at), active.start < at else {
            throw ServiceError("no site is active at \(displayTime(at, in: journal.zone)); nothing to remove",
                               help: "log the next site with `sitecycle log LOCATION`")
        }
        let editor = try EntryWriter(journal: journal).insertion(location: EntrySyntax.removedKeyword, at: at,
                                                                 note: request.note)
        return PlannedChange(editor: editor, outcomeNeedsOnlyChanges: true) { updated in
            let closed = updated.changes.last { $0.start < at }!
            return RemoveOutcome(journal: updated, removal: updated.changes.first { $0.start == at }!, closed: closed,
                                 longSessions: longSessions([closed], in: updated))
        }
    }

    /// A session that lasted far past the target is most likely a change
    /// that was never logged.
    static func longSessions(_ sessions: [SiteChange?], in journal: Journal) -> [SiteChange] {
        let limit = journal.settings.targetHours * Double(SiteChange.longSessionFactor)
        return sessions.compactMap { $0 }.filter { !$0.isRemoval && ($0.durationHours ?? 0) > limit }
    }
}
