/// A change asked of the journal, as typed: the locations, times, devices
/// and entries it names are resolved here, in the Kit, on the journal as it
/// is under the lock (`JournalTransaction.run(_:clock:)`), and a refusal
/// comes back as a typed `ServiceError`. Nothing else runs under the lock:
/// the command line reads and checks its options before any file is read,
/// builds a request, and renders what comes back.
public protocol ChangeRequest {
    associatedtype Outcome
    func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError) -> PlannedChange<Outcome>
}

/// The run's clock: "now" as given on the command line or in the
/// environment, else the clock's reading; and the system's zone, for
/// times that say `local`.
public struct RunClock: Sendable {
    /// Where a given "now" came from, for the refusal's words.
    public enum Source: Sendable, Equatable { case option, environment }

    /// "Now" as typed, and where; nil: the clock.
    public var given: (text: String, source: Source)?
    public var clock: Instant
    public var local: ZoneRules

    public init(given: (text: String, source: Source)?, clock: Instant, local: ZoneRules) {
        self.given = given
        self.clock = clock
        self.local = local
    }

    /// "Now" read in `zone` (the journal's): a moment to evaluate at.
    public func now(in zone: ZoneRules) throws(ServiceError) -> Instant {
        guard let given else { return clock }
        switch TimeArgument.read(given.text, zone: zone, now: clock, local: local) {
        case .success(let reading): return reading.instant
        case .failure(let e): throw ServiceError(.invalidNow(given.source, e))
        }
    }

    /// What is wrong with "now" as typed whatever the zone (its form), so
    /// it is refused before any file is read; nil when it reads.
    public var problem: ServiceError? {
        do throws(ServiceError) { _ = try now(in: .utc); return nil } catch { return error }
    }
}

/// A time as typed for a change: when a site went in (`at`) or came out
/// (`end`). Read in the journal's zone under the lock; its form is checked
/// before (`problem(clock:)`).
public struct TimeQuery: Sendable, Equatable {
    public enum Role: Sendable, Equatable { case at, end }
    public var role: Role
    public var text: String

    public init(_ role: Role, _ text: String) {
        self.role = role
        self.text = text
    }

    /// What is wrong with the time whatever the zone (its form); nil when
    /// it reads. A time in a daylight-saving gap is refused later, once the
    /// journal's zone is known.
    public func problem(clock: RunClock) -> ServiceError? {
        TimeArgument.formProblem(text, now: clock.clock).map { ServiceError(.invalidTime(role, $0)) }
    }
}

/// Something a plan wants said besides its outcome.
public enum ChangeNote: Equatable, Sendable {
    /// A wall time read on the journal's clock, which is not the
    /// system's: `zone` the journal's, `local` the system's.
    case wallTimeInJournalZone(text: String, zone: String, local: String)
}

/// What a request's plan reads besides the journal: the run's clock and
/// "now" in the journal's zone; it collects the notes to say afterwards.
public struct ChangeContext {
    public let clock: RunClock
    public let now: Instant
    public private(set) var notes: [ChangeNote] = []

    public init(clock: RunClock, now: Instant) {
        self.clock = clock
        self.now = now
    }

    /// A time as typed, read in `zone` (the journal's); a wall time read on
    /// the journal's clock where the system's differs is noted.
    public mutating func read(_ text: String, zone: ZoneRules, end: Bool = false) -> Result<Instant, SettingError> {
        TimeArgument.read(text, zone: zone, now: now, local: clock.local, end: end).map { read in
            if let note = read.note, !notes.contains(note) { notes.append(note) }
            return read.instant
        }
    }

    /// A time that has happened, `now` when not given; a time after `now`
    /// is refused. On the minute unless typed with seconds
    /// (`TimeArgument.namesSeconds`): `-2d` or a clock reading 08:15:42
    /// writes `08:15`.
    public mutating func past(_ query: TimeQuery?, zone: ZoneRules) throws(ServiceError) -> Instant {
        guard let query else { return now.onTheMinute }
        switch read(query.text, zone: zone) {
        case .failure(let e):
            throw ServiceError(.invalidTime(query.role, e))
        case .success(let t):
            guard t <= now else {
                throw ServiceError(.timeInFuture(query.role, text: query.text, now: displayTime(now, in: zone)))
            }
            return TimeArgument.namesSeconds(query.text) ? t : t.onTheMinute
        }
    }
}

extension TimeArgument {
    /// What is wrong with a time as typed whatever the zone and the clock
    /// (its form: `soonish`, `25:00`); nil when it reads. The command line
    /// refuses it before any file is read; what depends on the journal's
    /// zone (a daylight-saving gap) is judged once the journal is read.
    public static func formProblem(_ text: String, now: Instant = Instant(seconds: 946_684_800)) -> SettingError? {
        if case .failure(let e) = read(text, zone: .utc, now: now, local: .utc) { return e }
        return nil
    }

    /// `read` (`readEnd` for an `end`), and a note when a wall time was
    /// read on the journal's clock (`zone`) while the system's (`local`)
    /// would have read it otherwise: a traveller's bare `08:00` is journal
    /// time, and is told how to say the other.
    public static func read(_ text: String, zone: ZoneRules, now: Instant?, local: ZoneRules, end: Bool)
        -> Result<(instant: Instant, note: ChangeNote?), SettingError> {
        let read = end ? readEnd(text, zone: zone, now: now, local: local) : self.read(text, zone: zone, now: now, local: local)
        return read.map { reading in
            guard reading.wallClock == .journal, zone.offset(at: reading.instant) != local.offset(at: reading.instant)
            else { return (reading.instant, nil) }
            return (reading.instant, .wallTimeInJournalZone(text: text.trimmingBlanks(), zone: zone.identifier,
                                                            local: local.identifier))
        }
    }
}

extension JournalTransaction {
    /// Runs a request under the lock: "now" is read in the journal's zone,
    /// then the request plans the change (see `run(_:)`). The notes the
    /// plan made are left in `notes`, whether the change was made or
    /// refused (a time's reading explains a refusal too).
    public func run<Request: ChangeRequest>(_ request: Request, clock: RunClock, notes: inout [ChangeNote])
        throws(ServiceError) -> TransactionResult<Request.Outcome> {
        var made: [ChangeNote] = []
        defer { notes = made }
        return try run { journal throws(ServiceError) -> PlannedChange<Request.Outcome> in
            var context = ChangeContext(clock: clock, now: try clock.now(in: journal.zone))
            defer { made = context.notes }
            return try request.plan(journal, &context)
        }
    }
}

// The requests that need nothing typed resolved on the journal.

extension SettingsService.Request: ChangeRequest {
    public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError) -> PlannedChange<SettingsService.Outcome> {
        try SettingsService.set(self, in: journal)
    }
}

extension ImportService.Request: ChangeRequest {
    public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError) -> PlannedChange<ImportService.Outcome> {
        try ImportService.merge(self, into: journal)
    }
}

extension FormatService {
    /// `fmt`: lay the journal out in the canonical form.
    public struct Request: ChangeRequest, Sendable {
        public init() {}
        public func plan(_ journal: Journal, _ context: inout ChangeContext) throws(ServiceError) -> PlannedChange<Outcome> {
            try FormatService.format(journal)
        }
    }
}
