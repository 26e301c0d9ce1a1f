/// One line of history: a site put in at `start` (or, for a removal, the
/// active site taken out). It stays active until the next change on its
/// device.
///
/// A plain 32-byte value with no strings in it: a journal holds up to a
/// million of these, so copying, sorting and freeing them must not touch
/// reference counts. The location is an index into the journal's
/// `locationNames` and the note an index into its `notes`; read them with
/// `journal.name(of:)` and `journal.note(of:)`. The end is kept (8 bytes
/// more than the 24) because it is the next start *on the same
/// device*, which a reader holding one change cannot see.
public struct SiteChange: Equatable, Sendable, BitwiseCopyable {
    public var start: Instant
    private var endSeconds: Int64
    private var lineNumber: UInt32
    private var offsetSeconds: Int32
    /// Index into the journal's `notes`; `NoteTable.none` for no note.
    package var noteIndex: UInt32
    /// The location's place in the header (an index into the journal's
    /// `locationNames`), or `SiteChange.removal`.
    package var locationIndex: UInt16
    /// Which rotation: an index into `Journal.deviceNames` (0, the pump).
    public var device: UInt8 = 0
    /// Why it ended: an `EndReason` raw value, 0 for none (the last spare
    /// byte of the 32).
    package var reasonCode: UInt8 = 0

    /// The location index of a `removed` line.
    package static let removal = UInt16.max
    /// The most locations a header can declare: indexes below `removal`.
    public static let maximumLocations = Int(UInt16.max)

    private static let open = Int64.min

    /// A slot's value before anything is written to it.
    package static let unset = SiteChange(locationIndex: removal, start: Instant(seconds: 0), offset: 0,
                                          noteIndex: NoteTable.none, line: 0)

    package init(locationIndex: UInt16, start: Instant, offset: Int, noteIndex: UInt32, line: Int) {
        self.start = start
        endSeconds = SiteChange.open
        lineNumber = UInt32(clamping: line)
        offsetSeconds = Int32(clamping: offset)
        self.noteIndex = noteIndex
        self.locationIndex = locationIndex
    }

    /// The next change's start on this device; nil while active (or for a
    /// removal).
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

    public var hasNote: Bool { noteIndex != NoteTable.none }

    /// Why the site ended (`reason: WORD` on its line), or nil.
    public var reason: EndReason? {
        get { EndReason(rawValue: reasonCode) }
        set { reasonCode = newValue?.rawValue ?? 0 }
    }

    /// A session longer than this many times the target is reported as a
    /// probable missing change (`check`, `log`, `stats`).
    public static let longSessionFactor = 3

    public var isRemoval: Bool { locationIndex == SiteChange.removal }

    /// Two changes of one device at one location this close together are
    /// one change logged twice (on two computers, or a retry): `check`
    /// warns, and `sync` can name it.
    public static let probableDuplicateSeconds: Int64 = 15 * 60

    /// Whether this change probably repeats `earlier`: the same device and
    /// location, at most `probableDuplicateSeconds` apart.
    public func isProbableDuplicate(of earlier: SiteChange) -> Bool {
        device == earlier.device && !isRemoval && locationIndex == earlier.locationIndex
            && abs(start.seconds - earlier.start.seconds) <= SiteChange.probableDuplicateSeconds
    }

    /// A session shorter than this that ends in a change at the same
    /// location measured no wear: statistics leave it out, and say so.
    public static let repeatedSessionHours = 1.0

    /// Whether this session, ended by `next` (the next change on its
    /// device), is such a repeat rather than a site that was worn.
    public func isRepeated(by next: SiteChange) -> Bool {
        !isRemoval && next.device == device && next.locationIndex == locationIndex
            && start.hours(until: next.start) < SiteChange.repeatedSessionHours
    }

    public var durationHours: Double? { end.map { start.hours(until: $0) } }
}

/// The notes of a journal's site changes, as byte ranges in one buffer: one
/// allocation for every note instead of a string each. Index 0 is "no note".
public struct NoteTable: Sendable {
    public static let none: UInt32 = 0
    private var bytes: [UInt8] = []
    /// `ends[i]` is where note `i` ends in `bytes`; note `i` starts at
    /// `ends[i - 1]`. `ends[0]` is the empty "no note".
    private var ends: [UInt32] = [0]

    public init() {}

    /// Room for `count` notes of `bytes` bytes in all, so they are not
    /// copied as the table grows. Room not used is never touched, so it
    /// costs address space only.
    package mutating func reserve(notes count: Int, bytes: Int) {
        self.bytes.reserveCapacity(bytes)
        ends.reserveCapacity(count + 1)
    }

    /// Stores a note's text; an empty note is no note.
    package mutating func add(_ text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard !text.isEmpty, bytes.count + text.count <= Int(UInt32.max), ends.count < Int(UInt32.max) else {
            return NoteTable.none
        }
        bytes.append(contentsOf: text)
        ends.append(UInt32(bytes.count))
        return UInt32(ends.count - 1)
    }

    /// A note as written after `;` (blanks trimmed): one in quotes loses
    /// them, as `NoteText.read` reads it.
    @inline(__always)
    package mutating func addWritten(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> UInt32 {
        var from = from, to = to
        if to - from >= 2, from.pointee == UInt8(ascii: "\""), (to - 1).pointee == UInt8(ascii: "\"") {
            from += 1
            to -= 1
        }
        return add(UnsafeBufferPointer(start: from, count: to - from))
    }

    package mutating func add(_ text: String) -> UInt32 {
        var text = text
        return text.withUTF8 { add($0) }
    }

    /// The note's text, or nil for `none`.
    public subscript(index: UInt32) -> String? {
        guard index != NoteTable.none, Int(index) < ends.count else { return nil }
        let i = Int(index)
        return String(decoding: bytes[Int(ends[i - 1])..<Int(ends[i])], as: UTF8.self)
    }
}
