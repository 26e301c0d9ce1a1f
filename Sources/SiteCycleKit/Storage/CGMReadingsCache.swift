/// A CGM export's readings, kept in the state folder (`cgm/KEY`, one file
/// per export, keyed by its real path) so that advice reads a named export
/// once, not on every run (issue 38 item 3).
///
/// What is kept is the readings alone, in time order, as the export gave
/// them: nothing of the journal. Every summary the advice takes from them
/// (each site's time in range, its sets' figures, the Kanapka failures) is
/// computed afresh from the journal of the run, so editing the journal can
/// never leave advice stale; only the export can, and its kept copy counts
/// only while the export's size, times and inode, the zone its local times
/// were read in and the date order given are those it was kept with.
///
/// A kept copy is trusted only when written at least `settleSeconds` after
/// the export last changed: a file changed again within the same tick of
/// the clock would show the same times (git's "racy" index entries).
/// Whatever cannot be read back whole is ignored and rebuilt; a copy that
/// cannot be written is skipped, silently (the advice stands without it).
public struct CGMReadingsCache {
    public let path: String
    public let fileSystem: FileSystem

    /// How long after the export's last change a kept copy is trusted.
    public static let settleSeconds: Int64 = 2
    static let magic = Array("sitecycle cgm readings 1\n".utf8)
    /// Bytes per reading: the instant (8), the value's bits (8), `extreme` (1).
    static let readingSize = 17

    /// For the export at `export`; nil without a state folder.
    public init?(export: String, environment: [String: String], fileSystem: FileSystem) {
        guard let state = StateFolder.path(environment: environment) else { return nil }
        path = StateFolder.place("cgm", forJournal: export, in: state)
        self.fileSystem = fileSystem
    }

    /// What identifies the readings of one version of an export.
    public struct Key: Sendable, Equatable {
        public var export: String
        public var stamp: FileStamp
        public var zone: String
        public var dateOrder: DateOrder?

        public init(export: String, stamp: FileStamp, zone: String, dateOrder: DateOrder?) {
            self.export = export
            self.stamp = stamp
            self.zone = zone
            self.dateOrder = dateOrder
        }

        var line: [UInt8] {
            let s = stamp
            return Array(("\(s.size) \(s.modified) \(s.changed) \(s.inode) \(dateOrder?.rawValue ?? "-") "
                          + "\(zone.count) \(zone) \(export.utf8.count) \(export)\n").utf8)
        }
    }

    /// The kept readings for `key`; nil when none are kept, they were kept
    /// for another version, too soon after it changed, or do not read.
    public func export(_ key: Key) -> CGMExport? {
        guard let kept = fileSystem.stamp(path),
              kept.modified - max(key.stamp.modified, key.stamp.changed) >= Self.settleSeconds * 1_000_000_000,
              let bytes = try? fileSystem.read(path) else { return nil }
        return Self.decode(bytes, key)
    }

    /// Keeps `export`'s readings for `key`; a failure to write is dropped.
    public func keep(_ export: CGMExport, _ key: Key) {
        let bytes = Self.encode(export, key)
        if fileSystem.exists(path) {
            try? fileSystem.replace(path, with: bytes)
        } else {
            try? fileSystem.create(path, with: bytes)
        }
    }

    /// The magic line, the key's line, `FORMAT UNIT COUNT`, then each
    /// reading in `readingSize` little-endian bytes.
    static func encode(_ export: CGMExport, _ key: Key) -> [UInt8] {
        var out = magic + key.line
        out += Array("\(export.format.rawValue) \(export.unit.rawValue) \(export.readings.count)\n".utf8)
        out.reserveCapacity(out.count + export.readings.count * readingSize)
        for r in export.readings {
            withUnsafeBytes(of: r.instant.seconds.littleEndian) { out += $0 }
            withUnsafeBytes(of: r.value.bitPattern.littleEndian) { out += $0 }
            out.append(UInt8(bitPattern: r.extreme))
        }
        return out
    }

    /// The export `encode` wrote for `key`; nil for another key or for
    /// anything that does not read back whole.
    static func decode(_ bytes: [UInt8], _ key: Key) -> CGMExport? {
        let head = magic + key.line
        guard bytes.count > head.count, bytes[..<head.count].elementsEqual(head),
              let end = bytes[head.count...].firstIndex(of: 0x0A) else { return nil }
        let words = String(decoding: bytes[head.count..<end], as: UTF8.self).split(separator: " ")
        guard words.count == 3, let format = CGMFormat(rawValue: String(words[0])),
              let unit = GlucoseUnit(rawValue: String(words[1])), let count = Int(words[2]), count > 0,
              bytes.count - (end + 1) == count * readingSize else { return nil }
        var readings: [GlucoseReading] = []
        readings.reserveCapacity(count)
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            var at = end + 1
            var previous = Int64.min
            for _ in 0..<count {
                let seconds = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int64.self))
                let value = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
                let extreme = Int8(bitPattern: raw[at + 16])
                guard seconds >= previous, value.isFinite, (-1...1).contains(extreme) else { return false }
                readings.append(GlucoseReading(instant: Instant(seconds: seconds), value: value, extreme: extreme))
                previous = seconds
                at += readingSize
            }
            return true
        }
        return ok ? CGMExport(format: format, unit: unit, readings: readings) : nil
    }
}
