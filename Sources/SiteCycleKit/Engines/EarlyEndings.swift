/// Which sites ended early (before their device's target, with a reason:
/// `SiteChange.endedEarly`) and why, per location and in all: what `stats`,
/// `map --by failures`, the clinic report and `history --early` read.
public struct EarlyEndings: Sendable {
    public struct Tally: Sendable, Equatable {
        /// Sessions that ended by `now` (a `removed` line or the next site).
        public var completed = 0
        public var endedEarly = 0
        /// The reasons of the sessions that ended early: they add up to
        /// `endedEarly`.
        public var reasons: [EndReason: Int] = [:]

        public init() {}

        /// Most frequent first, then in the vocabulary's order.
        public var sortedReasons: [(reason: EndReason, count: Int)] {
            reasons.map { ($0.key, $0.value) }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }
        }

        /// The share of completed sessions that ended early (0 without any).
        public var share: Double { completed == 0 ? 0 : Double(endedEarly) / Double(completed) }

        mutating func add(_ change: SiteChange, early: Bool) {
            completed += 1
            guard early, let reason = change.reason else { return }
            endedEarly += 1
            reasons[reason, default: 0] += 1
        }
    }

    public var total = Tally()
    /// By a location's header order (`SiteChange.locationIndex`).
    public var byLocation: [UInt16: Tally] = [:]
    /// The sessions that ended early, in time order.
    public var sessions: [SiteChange] = []

    public init() {}

    public func tally(of location: Location) -> Tally { byLocation[UInt16(clamping: location.order)] ?? Tally() }

    /// Over the changes `include` picks (every one when nil) that started
    /// and ended by `now`; each is judged against its own device's target.
    /// `from`: the first change `include` can pick (the ones before it are
    /// not read).
    public static func compute(_ journal: Journal, include: ((SiteChange) -> Bool)? = nil, now: Instant,
                               from first: Int = 0) -> EarlyEndings {
        var result = EarlyEndings()
        let changes = journal.changes
        for i in min(first, changes.count)..<changes.count where !changes[i].isRemoval && changes[i].start <= now {
            let c = changes[i]
            guard let end = c.end, end <= now, include?(c) ?? true else { continue }
            let early = journal.endedEarly(c)
            result.total.add(c, early: early)
            result.byLocation[c.locationIndex, default: Tally()].add(c, early: early)
            if early { result.sessions.append(c) }
        }
        return result
    }

    public static func compute(_ journal: Journal, selection: ChangeSelection, now: Instant) -> EarlyEndings {
        compute(journal, include: selection.selectsAll(until: now) ? nil : { selection.includes($0) }, now: now)
    }
}

extension SiteChange {
    /// What a replacement claim asks for, for a site that ended early
    /// (`history --early --json`): when it went in and came out (in the
    /// journal's zone), where, the hours worn of its device's target, and
    /// the reason, lot and note.
    package func earlyEndingJSON(in journal: Journal) -> JSON {
        let device = journal.deviceName(of: self)
        return .object([
            ("line", .int(line)),
            ("device", .string(device)),
            ("location", .optional(journal.name(of: self))),
            ("inserted", .string(isoTime(start, in: journal.zone))),
            ("ended", end.map { .string(isoTime($0, in: journal.zone)) } ?? .null),
            ("hoursWorn", durationHours.map { .double(roundedHours($0)) } ?? .null),
            ("targetHours", .double(journal.targetHours(of: device))),
            ("reason", .optional(reason?.word)),
            ("lot", .optional(journal.lot(of: self))),
            ("note", .optional(journal.note(of: self))),
        ])
    }
}
