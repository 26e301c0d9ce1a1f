/// Whether a reminder is due, as a pure function of the journal, the moment
/// and what was already sent. One reminder per due moment, then one per
/// repeat until a change is logged: the moment is the active site's start,
/// its due time and the repeat it is in, so running `remind` every ten
/// minutes does not nag, and logging a new site starts afresh (the
/// schedule counts from the change actually logged).
public struct Reminder: Sendable, Equatable {
    /// The rotation it is for (`pump` until more devices exist).
    public var device: String
    public var location: String
    public var since: Instant
    public var due: Instant
    /// Past the due time and any grace.
    public var overdue: Bool
    /// When a device with a grace is overdue; nil without one.
    public var graceEnds: Instant?
    /// The top recommendation for the next site, if any.
    public var next: String?
    /// Which repeat this is: 0 at the due time, then one more every
    /// `repeatSeconds` after it.
    public var repeatIndex = 0

    /// The default time between repeats (`remind --repeat`): 4 hours.
    public static let defaultRepeatSeconds: Int64 = 4 * 3600

    /// Past the due time, within the device's grace.
    public var inGrace: Bool { graceEnds != nil && !overdue }

    /// Identifies the due moment in the state file. The end of a grace is
    /// a moment of its own: one reminder when due, one when overdue.
    /// A repeat adds its number (zero-padded, so the file sorts in time
    /// order); the first reminder's moment is written as it always was.
    public var moment: String {
        "\(device) \(since.seconds) \(due.seconds)" + (graceEnds != nil && overdue ? " overdue" : "")
            + (repeatIndex > 0 ? " #" + String(repeating: "0", count: max(0, 6 - String(repeatIndex).count)) + String(repeatIndex) : "")
    }

    /// What a sent reminder records: its moment, and the first one's too
    /// (a first reminder sent late, in a later repeat, still counts as the
    /// first for `--repeat off`).
    public var sentMoments: [String] {
        var first = self
        first.repeatIndex = 0
        return repeatIndex == 0 ? [moment] : [first.moment, moment]
    }

    /// The site's cycle, whatever the repeat: what a snooze silences.
    public var cycle: String { "\(device) \(since.seconds)" }

    public enum Decision: Equatable, Sendable {
        /// No site is in, or the change is not due yet (within `before`).
        case notDue
        /// Due, and not yet sent for this moment (or `again` was asked).
        case send(Reminder)
        /// Due, and already sent for this moment.
        case alreadySent(Reminder)
        /// Due, and silenced by `remind --snooze` until `until`.
        case snoozed(Reminder, until: Instant)
    }

    /// Due when `now` is at or past the due time less `before` seconds.
    /// `repeatSeconds`: again every so often after the due time until a
    /// change is logged (nil: once). `snoozes`: cycle → silenced until.
    public static func decide(_ journal: Journal, device: String = Device.pumpName, now: Instant, beforeSeconds: Int64,
                              sent: Set<String>, again: Bool, repeatSeconds: Int64? = nil,
                              snoozes: [String: Instant] = [:]) -> Decision {
        guard let status = SiteStatus(journal.rotation(device), now: now),
              now >= status.due.adding(seconds: -beforeSeconds) else {
            return .notDue
        }
        let next = Recommender.recommend(journal, device: device, now: now).recommended.first?.location.name
        let r = Reminder(device: device, location: journal.name(of: status.active)!, since: status.active.start, due: status.due,
                         overdue: status.graceHours == nil ? now >= status.due : now > status.overdueAt,
                         graceEnds: status.graceHours == nil ? nil : status.overdueAt, next: next)
        var reminder = r
        if let repeatSeconds, repeatSeconds > 0, now > status.due {
            reminder.repeatIndex = Int(clamping: (now.seconds - status.due.seconds) / repeatSeconds)
        }
        if let until = snoozes[reminder.cycle], now < until, !again { return .snoozed(reminder, until: until) }
        return sent.contains(reminder.moment) && !again ? .alreadySent(reminder) : .send(reminder)
    }
}

/// The due moments already reminded of, one line each, in the state folder
/// (private), keyed by journal, read and written through a `FileSystem`.
public struct ReminderLog {
    public let path: String
    public let fileSystem: FileSystem

    public init?(journalPath: String, environment: [String: String], fileSystem: FileSystem = POSIXFileSystem()) {
        guard let state = StateFolder.path(environment: environment) else { return nil }
        path = StateFolder.place("remind", forJournal: journalPath, in: state)
        self.fileSystem = fileSystem
    }

    public func sent() -> Set<String> {
        guard let bytes = try? fileSystem.read(path) else { return [] }
        return Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// A snooze is a line `snooze CYCLE UNTIL` (seconds) beside the moments.
    static let snoozeWord = "snooze "

    /// The cycles silenced by `remind --snooze`, and until when.
    public func snoozes() -> [String: Instant] {
        var result: [String: Instant] = [:]
        for line in sent() where line.hasPrefix(ReminderLog.snoozeWord) {
            let words = line.split(separator: " ")
            guard words.count == 4, let until = Int64(words[3]) else { continue }
            result[words[1] + " " + words[2]] = Instant(seconds: until)
        }
        return result
    }

    /// Silences `cycle` (a site's, `Reminder.cycle`) until `until`,
    /// replacing an earlier snooze of it.
    public func snooze(_ cycle: String, until: Instant) throws(FileError) {
        let old = sent().filter { $0.hasPrefix(ReminderLog.snoozeWord + cycle + " ") }
        try write(sent().subtracting(old), adding: ReminderLog.snoozeWord + cycle + " \(until.seconds)")
    }

    /// Records `moment`, keeping the last few (older moments cannot recur).
    public func record(_ moment: String) throws(FileError) {
        try write(sent(), adding: moment)
    }

    private func write(_ existing: Set<String>, adding line: String) throws(FileError) {
        var lines = Array(existing.sorted().suffix(20))
        if !lines.contains(line) { lines.append(line) }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        if fileSystem.exists(path) {
            try fileSystem.replace(path, with: bytes)
        } else {
            try fileSystem.create(path, with: bytes)
        }
    }
}
