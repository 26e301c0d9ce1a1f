/// Whether a reminder is due, as a pure function of the journal, the moment
/// and what was already sent. One reminder per due moment: the moment is
/// the active site's start and its due time, so running `remind` every ten
/// minutes does not nag, and logging a new site starts afresh.
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

    /// Past the due time, within the device's grace.
    public var inGrace: Bool { graceEnds != nil && !overdue }

    /// Identifies the due moment in the state file. The end of a grace is
    /// a moment of its own: one reminder when due, one when overdue.
    public var moment: String {
        "\(device) \(since.seconds) \(due.seconds)" + (graceEnds != nil && overdue ? " overdue" : "")
    }

    public enum Decision: Equatable, Sendable {
        /// No site is in, or the change is not due yet (within `before`).
        case notDue
        /// Due, and not yet sent for this moment (or `again` was asked).
        case send(Reminder)
        /// Due, and already sent for this moment.
        case alreadySent(Reminder)
    }

    /// Due when `now` is at or past the due time less `before` seconds.
    public static func decide(_ journal: Journal, device: String = Device.pumpName, now: Instant, beforeSeconds: Int64,
                              sent: Set<String>, again: Bool) -> Decision {
        guard let status = SiteStatus(journal.rotation(device), now: now),
              now >= status.due.adding(seconds: -beforeSeconds) else {
            return .notDue
        }
        let next = Recommender.recommend(journal, device: device, now: now).recommended.first?.location.name
        let r = Reminder(device: device, location: journal.name(of: status.active)!, since: status.active.start, due: status.due,
                         overdue: status.graceHours == nil ? now >= status.due : now > status.overdueAt,
                         graceEnds: status.graceHours == nil ? nil : status.overdueAt, next: next)
        return sent.contains(r.moment) && !again ? .alreadySent(r) : .send(r)
    }
}

/// The due moments already reminded of, one line each, in the state folder
/// (private), keyed by journal, read and written through a `FileSystem`.
public struct ReminderLog {
    public let path: String
    public let fileSystem: FileSystem

    public init?(journalPath: String, environment: [String: String], fileSystem: FileSystem = POSIXFileSystem()) {
        guard let state = StateFolder.path(environment: environment) else { return nil }
        path = state + "/remind/" + StateFolder.key(forJournal: journalPath)
        self.fileSystem = fileSystem
    }

    public func sent() -> Set<String> {
        guard let bytes = try? fileSystem.read(path) else { return [] }
        return Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Records `moment`, keeping the last few (older moments cannot recur).
    public func record(_ moment: String) throws(FileError) {
        var lines = Array(sent().sorted().suffix(20))
        if !lines.contains(moment) { lines.append(moment) }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        if fileSystem.exists(path) {
            try fileSystem.replace(path, with: bytes)
        } else {
            try fileSystem.create(path, with: bytes)
        }
    }
}
