/// One line of history: a site put in at `start` (or, for `removed`, the
/// active site taken out). It stays active until the next change.
///
/// Stored in 64 bytes rather than 80: a journal holds up to a million of
/// these, and on this machine the kernel zeroing their pages was a third of
/// a big journal's load time. The location string is the declared
/// location's own (shared, never copied); times and numbers are packed.
public struct SiteChange: Equatable, Sendable {
    /// The location's name, or nil for a `removed` marker.
    public var location: String?
    public var note: String?
    public var start: Instant
    private var endSeconds: Int64
    private var offsetSeconds: Int32
    private var lineNumber: UInt32
    /// Which rotation: an index into `Journal.deviceNames` (0, the pump).
    public var device: UInt8 = 0
    /// The declared location's `order` (its place in the header), set when
    /// the journal is read, so engines index arrays instead of hashing
    /// names; `noOrder` when not known.
    package var locationOrder: UInt16 = SiteChange.noOrder
    package static let noOrder = UInt16.max

    private static let open = Int64.min

    public init(location: String?, start: Instant, end: Instant? = nil, offset: Int, note: String?, line: Int) {
        self.location = location
        self.start = start
        endSeconds = end?.seconds ?? SiteChange.open
        offsetSeconds = Int32(clamping: offset)
        self.note = note
        lineNumber = UInt32(clamping: line)
    }

    /// The next change's start; nil while active (or for `removed`).
    public var end: Instant? {
        get { endSeconds == SiteChange.open ? nil : Instant(seconds: endSeconds) }
        set { endSeconds = newValue?.seconds ?? SiteChange.open }
    }

    /// UTC offset in force at `start`, for showing times as written.
    public var offset: Int {
        get { Int(offsetSeconds) }
        set { offsetSeconds = Int32(clamping: newValue) }
    }

    /// 1-based line in the journal.
    public var line: Int {
        get { Int(lineNumber) }
        set { lineNumber = UInt32(clamping: newValue) }
    }

    /// A session longer than this many times the target is reported as a
    /// probable missing change (`check`, `log`, `stats`).
    public static let longSessionFactor = 3

    public var isRemoval: Bool { location == nil }

    public var durationHours: Double? { end.map { start.hours(until: $0) } }
}
