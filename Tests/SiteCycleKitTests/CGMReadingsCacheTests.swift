import Testing
@testable import SiteCycleKit

/// Issue 38 item 3: a CGM export's readings are kept in the state folder,
/// known by the export's size, times and inode; what does not match or
/// does not read back is ignored.
struct CGMReadingsCacheTests {
    static let environment = ["XDG_STATE_HOME": "/mem/state"]
    static let stamp = FileStamp(size: 100, modified: 5_000_000_000, changed: 5_000_000_000, inode: 7)
    static let key = CGMReadingsCache.Key(export: "/mem/clarity.csv", stamp: stamp, zone: "Europe/Berlin", dateOrder: nil)
    static let export = CGMExport(format: .clarity, unit: .mmol, readings: [
        GlucoseReading(instant: Instant(seconds: 1_000), value: 5.6),
        GlucoseReading(instant: Instant(seconds: 1_300), value: 2.2, extreme: -1),
        GlucoseReading(instant: Instant(seconds: 1_600), value: 13.9),
    ])

    func cache(_ fs: InMemoryFileSystem) throws -> CGMReadingsCache {
        try #require(CGMReadingsCache(export: "/mem/clarity.csv", environment: Self.environment, fileSystem: fs))
    }

    @Test func keptReadingsReadBackWhole() throws {
        let fs = InMemoryFileSystem()
        fs.writeTime = 10_000_000_000
        let cache = try cache(fs)
        #expect(cache.path.hasPrefix("/mem/state/sitecycle/cgm/"))
        cache.keep(Self.export, Self.key)
        #expect(fs.modes[cache.path] == 0o600)
        let kept = try #require(cache.export(Self.key))
        #expect(kept.readings == Self.export.readings && kept.unit == .mmol && kept.format == .clarity)
    }

    @Test func anotherVersionOfTheExportIsNotTheKeptOne() throws {
        let fs = InMemoryFileSystem()
        fs.writeTime = 10_000_000_000
        let cache = try cache(fs)
        cache.keep(Self.export, Self.key)
        var other = Self.key
        other.stamp.modified += 1
        #expect(cache.export(other) == nil)
        other = Self.key
        other.stamp.changed += 1
        #expect(cache.export(other) == nil)
        other = Self.key
        other.stamp.size += 1
        #expect(cache.export(other) == nil)
        other = Self.key
        other.zone = "UTC"
        #expect(cache.export(other) == nil)
        other = Self.key
        other.dateOrder = .dmy
        #expect(cache.export(other) == nil)
        other = Self.key
        other.export = "/mem/other.csv"
        #expect(cache.export(other) == nil)
    }

    /// Kept within the settling time of the export's last change, the same
    /// stamp might hide a second change: not trusted.
    @Test func aCopyKeptTooSoonAfterTheChangeIsNotTrusted() throws {
        let fs = InMemoryFileSystem()
        fs.writeTime = Self.stamp.changed + 1_999_999_999
        let cache = try cache(fs)
        cache.keep(Self.export, Self.key)
        #expect(cache.export(Self.key) == nil)
        fs.writeTime += 1
        cache.keep(Self.export, Self.key)
        #expect(cache.export(Self.key) != nil)
    }

    @Test func whatDoesNotReadBackIsIgnored() throws {
        let fs = InMemoryFileSystem()
        fs.writeTime = 10_000_000_000
        let cache = try cache(fs)
        let bytes = CGMReadingsCache.encode(Self.export, Self.key)
        #expect(CGMReadingsCache.decode(bytes, Self.key) != nil)
        #expect(CGMReadingsCache.decode(Array(bytes.dropLast()), Self.key) == nil)
        #expect(CGMReadingsCache.decode(bytes + [0], Self.key) == nil)
        #expect(CGMReadingsCache.decode(Array(bytes.dropFirst()), Self.key) == nil)
        #expect(CGMReadingsCache.decode(Array("garbage".utf8), Self.key) == nil)
        // A reading out of time order, or an extreme that is none.
        var swapped = bytes
        let first = bytes.count - 3 * CGMReadingsCache.readingSize
        swapped[first ..< first + 8] = bytes[first + 17 ..< first + 25]
        swapped[first + 17 ..< first + 25] = bytes[first ..< first + 8]
        #expect(CGMReadingsCache.decode(swapped, Self.key) == nil)
        var extreme = bytes
        extreme[bytes.count - 1] = 9
        #expect(CGMReadingsCache.decode(extreme, Self.key) == nil)
        fs.files[cache.path] = Array(bytes.dropLast())
        #expect(cache.export(Self.key) == nil)
    }

    @Test func aCopyThatCannotBeWrittenIsSkipped() throws {
        let fs = InMemoryFileSystem()
        let cache = try cache(fs)
        fs.failingWrites = [cache.path]
        cache.keep(Self.export, Self.key)
        #expect(fs.files[cache.path] == nil && cache.export(Self.key) == nil)
    }
}
