/// What the parser hands the builder.
package struct ParsedJournal {
    package var syntax: JournalSyntax
    /// One per entry line, in file order.
    package var entries: EntryRecords
    /// Each distinct location field (device word and all), by `EntryRecord.name`.
    package var names: [String]
    package var diagnostics: [Diagnostic]
}

/// The entry records of a journal, kept in slots the size of a site change:
/// the builder turns each record into its change where it lies, so a big
/// journal never holds both arrays (32 MB less at a million entries). Both
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

    /// The record a slot holds, until the builder writes its change there.
    @inline(__always)
    package static func record(in slot: SiteChange) -> EntryRecord {
        withUnsafeBytes(of: slot) { $0.load(as: EntryRecord.self) }
    }

    package var records: [EntryRecord] { slots.indices.map { self[$0] } }

    package static func == (a: EntryRecords, b: EntryRecords) -> Bool { a.records == b.records }
}

/// An entry line as the builder needs it: 32 bytes and no string. Ranges
/// for messages come from decoding the line again, on the rare path.
package struct EntryRecord: Equatable {
    /// The wall-clock reading as seconds since 1970 read as UTC.
    package let localSeconds: Int64
    package let line: UInt32
    /// Index into `ParsedJournal.names`.
    package let name: UInt32
    /// Seconds east of UTC, or `Int32.min` when the line gives no offset.
    package let offsetSeconds: Int32
    /// The note's bytes; `noteStart == UInt32.max` when there is no `;`.
    package let noteStart: UInt32
    package let noteEnd: UInt32
    /// Read by the fast path: printable ASCII throughout, so its note
    /// needs no check for control characters.
    package var isPlain = false

    init(localSeconds: Int64, line: UInt32, name: UInt32, offsetSeconds: Int32, noteStart: UInt32, noteEnd: UInt32) {
        self.localSeconds = localSeconds
        self.line = line
        self.name = name
        self.offsetSeconds = offsetSeconds
        self.noteStart = noteStart
        self.noteEnd = noteEnd
    }

    init(_ e: EntrySyntax, line: Int, name: UInt32) {
        localSeconds = e.localSeconds
        self.line = UInt32(line)
        self.name = name
        offsetSeconds = e.offset.map(Int32.init) ?? Int32.min
        noteStart = e.noteRange.map { UInt32($0.lowerBound) } ?? UInt32.max
        noteEnd = e.noteRange.map { UInt32($0.upperBound) } ?? 0
    }

    package var offset: Int? { offsetSeconds == Int32.min ? nil : Int(offsetSeconds) }
    package var noteRange: Range<Int>? { noteStart == UInt32.max ? nil : Int(noteStart)..<Int(noteEnd) }
}
