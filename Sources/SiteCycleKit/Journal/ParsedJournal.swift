/// What the parser hands the builder.
package struct ParsedJournal {
    package var syntax: JournalSyntax
    /// One per entry line, in file order.
    package var entries: EntryRecords
    /// Each distinct location field (device word and all), by `EntryRecord.name`.
    package var names: [String]
    /// Each entry's note, copied while its line is read (the builder read
    /// them again from the source, by then out of the cache: a miss for
    /// every note).
    package var notes: NoteTable
    package var diagnostics: [Diagnostic]
}

/// The entry records of a journal, kept in slots the size of a site change:
/// the builder turns each record into its change where it lies, so a big
/// journal never holds both arrays (24 MB less at a million entries). Both
/// types are plain values; a record's bytes fit in a change's
/// (`FastPathTests` checks the sizes).
package struct EntryRecords: Equatable {
    /// Records until the builder takes them; then changes.
    package var slots: [SiteChange] = []

    package init() {}


    package var count: Int { slots.count }

    package mutating func reserveCapacity(_ n: Int) { slots.reserveForWriting(n) }

    package mutating func append(_ record: EntryRecord) {
        var slot = SiteChange.unset
        withUnsafeMutableBytes(of: &slot) { $0.storeBytes(of: record, as: EntryRecord.self) }
        slots.append(slot)
    }

    package subscript(index: Int) -> EntryRecord { EntryRecords.record(in: slots[index]) }

    /// The records `body` writes through a sink, at most `capacity` of
    /// them (the parser: one per line at most).
    package static func writing(capacity: Int, _ body: (inout EntrySink) -> Void) -> EntryRecords {
        var records = EntryRecords()
        records.slots = [SiteChange](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            guard let base = buffer.baseAddress else {
                var none = EntrySink(base: nil, capacity: 0)
                body(&none)
                initialized = 0
                return
            }
            Memory.prepareForWriting(UnsafeMutableRawPointer(base), buffer.count * MemoryLayout<SiteChange>.stride)
            var sink = EntrySink(base: base, capacity: buffer.count)
            body(&sink)
            initialized = sink.count
        }
        return records
    }

    /// The record a slot holds, until the builder writes its change there.
    @inline(__always)
    package static func record(in slot: SiteChange) -> EntryRecord {
        withUnsafeBytes(of: slot) { $0.load(as: EntryRecord.self) }
    }

    package var records: [EntryRecord] { slots.indices.map { self[$0] } }

    package static func == (a: EntryRecords, b: EntryRecords) -> Bool { a.records == b.records }
}

/// Where the parser writes entry records: straight into the room reserved
/// for them, with no look at the array for each one (an append checks that
/// the array is not shared, a call per line on the fast path).
package struct EntrySink {
    private let base: UnsafeMutablePointer<SiteChange>?
    private let capacity: Int
    package private(set) var count = 0

    init(base: UnsafeMutablePointer<SiteChange>?, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    package mutating func append(_ record: EntryRecord) {
        precondition(count < capacity, "more entry records than lines")
        var slot = SiteChange.unset
        withUnsafeMutableBytes(of: &slot) { $0.storeBytes(of: record, as: EntryRecord.self) }
        (base.unsafelyUnwrapped + count).initialize(to: slot)
        count += 1
    }
}

/// An entry line as the builder needs it: 24 bytes and no string. Ranges
/// for messages come from decoding the line again, on the rare path.
package struct EntryRecord: Equatable {
    /// The wall-clock reading as seconds since 1970 read as UTC.
    package let localSeconds: Int64
    /// The line number, and in the top bits whether the fast path read it
    /// and whether its note holds a control character (a file under 2 GB
    /// has fewer than 2³⁰ lines).
    private var lineAndFlags: UInt32
    /// Index into `ParsedJournal.names`.
    package let name: UInt32
    /// Seconds east of UTC, or `Int32.min` when the line gives no offset.
    package let offsetSeconds: Int32
    /// The note, in `ParsedJournal.notes` (`NoteTable.none` for none).
    package let note: UInt32

    private static let plainBit: UInt32 = 1 << 31, controlBit: UInt32 = 1 << 30, lineMask: UInt32 = (1 << 30) - 1

    init(localSeconds: Int64, line: UInt32, name: UInt32, offsetSeconds: Int32, note: UInt32, noteHasControl: Bool) {
        self.localSeconds = localSeconds
        lineAndFlags = (line & EntryRecord.lineMask) | (noteHasControl ? EntryRecord.controlBit : 0)
        self.name = name
        self.offsetSeconds = offsetSeconds
        self.note = note
    }

    /// A line the fast path read: no offset, no control character.
    @inline(__always)
    static func plain(_ localSeconds: Int64, line: Int, name: UInt32, note: UInt32) -> EntryRecord {
        var record = EntryRecord(localSeconds: localSeconds, line: UInt32(line), name: name, offsetSeconds: Int32.min,
                                 note: note, noteHasControl: false)
        record.isPlain = true
        return record
    }

    package var line: UInt32 { lineAndFlags & EntryRecord.lineMask }

    /// Read by the fast path: printable ASCII throughout.
    package var isPlain: Bool {
        get { lineAndFlags & EntryRecord.plainBit != 0 }
        set { lineAndFlags = newValue ? lineAndFlags | EntryRecord.plainBit : lineAndFlags & ~EntryRecord.plainBit }
    }

    /// Its note holds a terminal control character: the builder decodes
    /// the line again to say where.
    package var noteHasControl: Bool { lineAndFlags & EntryRecord.controlBit != 0 }

    package var offset: Int? { offsetSeconds == Int32.min ? nil : Int(offsetSeconds) }
}
