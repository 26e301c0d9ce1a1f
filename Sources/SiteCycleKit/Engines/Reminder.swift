/// Whether a reminder is due, as a pure function of the journal, the moment
/// and what was already sent (`ReminderMemory`). The schedule of one site
/// (one "cycle": a device and the start of the site in now):
/// - with `--before`, one early reminder ahead of the due time, which does
///   not use up the due one;
/// - from the due time, one reminder in each repeat interval (due, due +
///   repeat, due + 2 × repeat, …): the first run in an interval sends,
///   the others stay quiet;
/// - a device with a grace gets one more when the grace ends (overdue);
/// - a snooze silences the cycle until it ends, and the first run after
///   its end reminds again if the site is still due.
/// Logging a change starts a new cycle, so the old site's schedule stops.
public struct Reminder: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Ahead of the due time (`--before`).
        case early
        /// Due: at the due time, or past it within the device's grace.
        case due
        /// Past the due time and any grace.
        case overdue
    }

    /// The rotation it is for (`pump` until more devices exist).
    public var device: String
    public var location: String
    public var since: Instant
    public var due: Instant
    public var kind: Kind
    /// When a device with a grace is overdue; nil without one.
    public var graceEnds: Instant?
    /// The moment it was decided at (for "due in 2 h").
    public var now: Instant
    /// The top recommendation for the next site, if any.
    public var next: String?

    /// The default time between repeats (`remind --repeat`): 4 hours.
    public static let defaultRepeatSeconds: Int64 = 4 * 3600

    public var overdue: Bool { kind == .overdue }
    /// Past the due time, within the device's grace.
    public var inGrace: Bool { kind == .due && graceEnds != nil && now > due }
    /// The site's cycle, whatever the repeat: what a snooze silences.
    public var cycle: ReminderMemory.Cycle { .init(device: device, since: since) }

    public enum Decision: Equatable, Sendable {
        /// No site is in, or the change is not due yet (within `before`).
        case notDue
        /// To be sent now (or `again` was asked).
        case send(Reminder)
        /// Due, and already sent in this repeat interval.
        case alreadySent(Reminder)
        /// Due, and silenced by `remind --snooze` until `until`.
        case snoozed(Reminder, until: Instant)
    }

    /// What to do for `device` at `now`. `beforeSeconds`: also an early
    /// reminder that far ahead; `repeatSeconds`: again every so often after
    /// the due time (nil: once); `again`: send even if already sent.
    public static func decide(_ journal: Journal, device: String = Device.pumpName, now: Instant, beforeSeconds: Int64,
                              memory: ReminderMemory, again: Bool, repeatSeconds: Int64? = nil) -> Decision {
        guard let status = SiteStatus(journal.rotation(device), now: now),
              now >= status.due.adding(seconds: -beforeSeconds) else {
            return .notDue
        }
        let kind: Kind = now < status.due ? .early : status.state == .overdue ? .overdue : .due
        let reminder = Reminder(device: device, location: journal.name(of: status.active)!, since: status.active.start,
                                due: status.due, kind: kind,
                                graceEnds: status.graceHours == nil ? nil : status.overdueAt, now: now,
                                next: Recommender.recommend(journal, device: device, now: now).recommended.first?.location.name)
        let record = memory.record(reminder.cycle)
        if let until = record.snoozedUntil, now < until, !again { return .snoozed(reminder, until: until) }
        if again { return .send(reminder) }
        return reminder.isSent(in: record, repeatSeconds: repeatSeconds) ? .alreadySent(reminder) : .send(reminder)
    }

    /// Whether what `record` holds already covers this reminder.
    func isSent(in record: ReminderMemory.Record, repeatSeconds: Int64?) -> Bool {
        if kind == .early { return record.early != nil }
        guard let last = record.lastDue else { return false }
        // The end of a grace is a moment of its own.
        if kind == .overdue, graceEnds != nil, record.overdue == nil { return false }
        // The first run after a snooze ends reminds.
        if let until = record.snoozedUntil, until <= now, last < until { return false }
        var intervalStart = due
        if let repeatSeconds, repeatSeconds > 0 {
            intervalStart = due.adding(seconds: (now.seconds - due.seconds) / repeatSeconds * repeatSeconds)
        }
        return last >= intervalStart
    }
}

/// What `remind` has sent and silenced, per device and site, by time: for
/// each cycle (a device and the start of its site) when the early and the
/// last due reminder went out, when the overdue one did, and until when it
/// is snoozed. One device's lines never push out another's.
public struct ReminderMemory: Sendable, Equatable {
    public struct Cycle: Hashable, Sendable {
        public var device: String
        public var since: Instant
        public init(device: String, since: Instant) {
            self.device = device
            self.since = since
        }
    }

    public struct Record: Sendable, Equatable {
        public var early: Instant?
        public var lastDue: Instant?
        public var overdue: Instant?
        public var snoozedUntil: Instant?
        public init() {}
    }

    public private(set) var records: [Cycle: Record] = [:]

    /// Cycles kept per device: the site in now and a few before it (an
    /// `undo` can bring an older one back).
    public static let cyclesKept = 3

    public init() {}

    public func record(_ cycle: Cycle) -> Record { records[cycle] ?? Record() }

    /// Notes that `reminder` was sent at its `now`.
    public mutating func sent(_ reminder: Reminder) {
        var r = record(reminder.cycle)
        switch reminder.kind {
        case .early: r.early = reminder.now
        case .due: r.lastDue = reminder.now
        case .overdue:
            r.lastDue = reminder.now
            if r.overdue == nil { r.overdue = reminder.now }
        }
        records[reminder.cycle] = r
        prune(reminder.device)
    }

    /// Notes a message sent for `cycle` at `at` that is no site's reminder
    /// (the journal needs attention): kept as its last due reminder.
    public mutating func noted(_ cycle: Cycle, at: Instant) {
        var r = record(cycle)
        r.lastDue = at
        records[cycle] = r
        prune(cycle.device)
    }

    /// Silences `cycle` until `until`, replacing an earlier snooze of it.
    public mutating func snooze(_ cycle: Cycle, until: Instant) {
        var r = record(cycle)
        r.snoozedUntil = until
        records[cycle] = r
        prune(cycle.device)
    }

    private mutating func prune(_ device: String) {
        let cycles = records.keys.filter { $0.device == device }.sorted { $0.since > $1.since }
        for old in cycles.dropFirst(ReminderMemory.cyclesKept) { records[old] = nil }
    }

    // The text form: one line `DEVICE SINCE KIND AT` per fact, in seconds
    // since the epoch, sorted by device and time.
    static let words = ["early", "due", "overdue", "snooze"]

    /// The field each word of the text form names.
    static func field(_ word: Substring) -> WritableKeyPath<Record, Instant?>? {
        switch word {
        case "early": \.early
        case "due": \.lastDue
        case "overdue": \.overdue
        case "snooze": \.snoozedUntil
        default: nil
        }
    }

    /// Reads the text form; lines it does not know (an older version's)
    /// are left out, which at worst sends one reminder again.
    public init(text: String) {
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 4, let since = Int64(words[words.count - 3]), let at = Int64(words[words.count - 1]),
                  let path = ReminderMemory.field(words[words.count - 2]) else { continue }
            let cycle = Cycle(device: words.dropLast(3).joined(separator: " "), since: Instant(seconds: since))
            var r = record(cycle)
            r[keyPath: path] = Instant(seconds: at)
            records[cycle] = r
        }
        for device in Set(records.keys.map(\.device)) { prune(device) }
    }

    public var text: String {
        var lines: [String] = []
        for cycle in records.keys.sorted(by: { ($0.device, $0.since) < ($1.device, $1.since) }) {
            let r = records[cycle]!
            for word in ReminderMemory.words {
                if let at = r[keyPath: ReminderMemory.field(Substring(word))!] { lines.append("\(cycle.device) \(cycle.since.seconds) \(word) \(at.seconds)") }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

/// Where `ReminderMemory` is kept: a private file in the state folder, keyed
/// by journal, read and written through a `FileSystem`.
public struct ReminderLog {
    public let path: String
    public let fileSystem: FileSystem

    public init?(journalPath: String, environment: [String: String], fileSystem: FileSystem = POSIXFileSystem()) {
        guard let state = StateFolder.path(environment: environment) else { return nil }
        path = StateFolder.place("remind", forJournal: journalPath, in: state)
        self.fileSystem = fileSystem
    }

    /// What was sent; empty when nothing was (or it cannot be read).
    public func memory() -> ReminderMemory {
        guard let bytes = try? fileSystem.read(path) else { return ReminderMemory() }
        return ReminderMemory(text: String(decoding: bytes, as: UTF8.self))
    }

    public func save(_ memory: ReminderMemory) throws(FileError) {
        let bytes = Array(memory.text.utf8)
        if fileSystem.exists(path) {
            try fileSystem.replace(path, with: bytes)
        } else {
            try fileSystem.create(path, with: bytes)
        }
    }
}

/// One run of `remind` over every device, as a pure function: what to send,
/// and the memory after sending it. A journal with an error still reminds,
/// from the lines before its first error (`Journal.beforeFirstError`), and
/// says so; a device that has no site before the error cannot be decided,
/// and the run asks for attention instead, once per repeat.
public struct ReminderRound: Sendable {
    /// The first error's line, and whether it is a sync conflict's marker.
    public struct Trouble: Sendable, Equatable {
        public var errorLine: Int
        public var conflict: Bool
    }

    /// What the reminders were decided from (the lines before an error).
    public var journal: Journal
    public var trouble: Trouble?
    /// False when no site can be read before the error.
    public var readable = true
    /// In device order.
    public var reminders: [Reminder] = []
    /// Devices that could not be decided, when the attention message is due
    /// now (empty: nothing to say).
    public var undecided: [String] = []
    /// Any device due, in grace, overdue or early, sent or not.
    public var due = false
    /// The memory once everything above has been sent.
    public var memory: ReminderMemory

    /// The attention message's place in `ReminderMemory` (no device's name
    /// starts with a dash).
    public static let attentionCycle = ReminderMemory.Cycle(device: "-journal", since: Instant(seconds: 0))

    public init(_ full: Journal, now: Instant, beforeSeconds: Int64, repeatSeconds: Int64?, again: Bool,
                memory: ReminderMemory) {
        self.memory = memory
        journal = full
        if let line = full.diagnostics.errors.map(\.line).min() {
            trouble = Trouble(errorLine: line,
                              conflict: line <= full.syntax.kinds.count && full.syntax.kinds[line - 1] == .conflictMarker)
            if case .answer(let before, _)? = full.beforeFirstError(everyDevice: false) { journal = before } else { readable = false }
        }
        var undecided: [String] = []
        for device in full.deviceNames {
            guard readable, !(trouble != nil && journal.rotation(device).changes.isEmpty
                                && !full.rotation(device).changes.isEmpty) else {
                undecided.append(device)
                continue
            }
            let decision = Reminder.decide(journal, device: device, now: now, beforeSeconds: beforeSeconds,
                                           memory: self.memory, again: again, repeatSeconds: repeatSeconds)
            if decision != .notDue { due = true }
            if case .send(let reminder) = decision {
                reminders.append(reminder)
                self.memory.sent(reminder)
            }
        }
        if !undecided.isEmpty {
            let last = self.memory.record(Self.attentionCycle).lastDue
            if again || last == nil || now.seconds - last!.seconds >= (repeatSeconds ?? Int64.max) {
                self.undecided = undecided
                self.memory.noted(Self.attentionCycle, at: now)
            }
        }
    }
}
