/// One line of history: a site put in at `start` (or, for `removed`, the
/// active site taken out). It stays active until the next change.
public struct SiteChange: Equatable, Sendable {
    /// The location's name, or nil for a `removed` marker.
    public var location: String?
    public var start: Instant
    /// The next change's start; nil while active (or for `removed`).
    public var end: Instant?
    /// UTC offset in force at `start`, for showing times as written.
    public var offset: Int
    public var note: String?
    /// 1-based line in the journal.
    public var line: Int
    /// Which rotation: an index into `Journal.deviceNames` (0, the pump).
    public var device: UInt8 = 0

    public init(location: String?, start: Instant, end: Instant? = nil, offset: Int, note: String?, line: Int) {
        self.location = location
        self.start = start
        self.end = end
        self.offset = offset
        self.note = note
        self.line = line
    }

    /// A session longer than this many times the target is reported as a
    /// probable missing change (`check`, `log`, `stats`).
    public static let longSessionFactor = 3

    public var isRemoval: Bool { location == nil }

    public var durationHours: Double? { end.map { start.hours(until: $0) } }
}
