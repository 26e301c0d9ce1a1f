/// A journal's bytes: an array it owns, or a big file mapped read-only
/// (`JournalFile.readMapped`), which costs no copy and no zeroed pages,
/// and whose pages the kernel may drop once read and read again when a
/// message or an edit needs them. Read-only, indexed from 0.
public struct SourceBytes: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case array([UInt8])
        case mapped(MappedFile)
    }

    private let storage: Storage
    public let count: Int

    public init(_ array: [UInt8]) {
        storage = .array(array)
        count = array.count
    }

    package init(mapped file: MappedFile) {
        storage = .mapped(file)
        count = file.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Whether the bytes are a mapped file (for tests and the bench).
    package var isMapped: Bool {
        if case .mapped = storage { return true }
        return false
    }

    @inline(__always)
    public subscript(index: Int) -> UInt8 {
        switch storage {
        case .array(let a):
            return a[index]
        case .mapped(let m):
            precondition(index >= 0 && index < count, "index out of range")
            return m.base[index]
        }
    }

    public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        switch storage {
        case .array(let a):
            // `Array.withUnsafeBufferPointer` rethrows untyped; keep the type.
            var result: Result<R, E>!
            a.withUnsafeBufferPointer { buffer in
                do throws(E) { result = .success(try body(buffer)) } catch { result = .failure(error) }
            }
            return try result.get()
        case .mapped(let m):
            return try withExtendedLifetime(m) { () throws(E) -> R in
                try body(UnsafeBufferPointer(start: m.base, count: m.count))
            }
        }
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        switch storage {
        case .array(let a):
            return try a.withUnsafeBufferPointer(body)
        case .mapped(let m):
            return try withExtendedLifetime(m) { try body(UnsafeBufferPointer(start: m.base, count: m.count)) }
        }
    }

    /// The bytes as an array of their own (no copy when they are one).
    public var array: [UInt8] {
        switch storage {
        case .array(let a): return a
        case .mapped: return withUnsafeBufferPointer { Array($0) }
        }
    }

    /// `range` as an array of its own.
    public func array(_ range: Range<Int>) -> [UInt8] {
        withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether these are exactly `other`'s bytes.
    public func same(as other: [UInt8]) -> Bool {
        guard other.count == count else { return false }
        return withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.elementsEqual(mine) } }
    }

    /// Tells the kernel the pages wholly inside `range` will not be read
    /// again soon: a mapped file's pages leave this process (they stay in
    /// the page cache and come back on the next read). Nothing for an array.
    package func release(_ range: Range<Int>) {
        if case .mapped(let m) = storage { m.release(range) }
    }

    package func populate(_ range: Range<Int>) {
        if case .mapped(let m) = storage { m.populate(range) }
    }
}

/// A pass that reads a mapped journal from start to end keeps only a few
/// megabytes of it in this process: the pages behind it are released and
/// the ones ahead mapped in one request. Each pass (line starts, parse,
/// build) has one; at a million entries that is 39 MB less at the peak.
/// For bytes in an array it does nothing.
package struct ReadingWindow {
    private let bytes: SourceBytes
    private var released = 0
    /// Where the window next moves; never, for an array.
    private var next: Int
    static let step = 4 << 20

    package init(_ bytes: SourceBytes) {
        self.bytes = bytes
        next = bytes.isMapped ? 0 : Int.max
    }

    /// The pass has reached `offset`.
    @inline(__always)
    package mutating func reached(_ offset: Int) {
        if offset >= next { slide(offset) }
    }

    private mutating func slide(_ offset: Int) {
        if offset > released { bytes.release(released..<offset) }
        released = offset
        bytes.populate(offset..<(offset + ReadingWindow.step))
        next = offset + ReadingWindow.step
    }
}

extension Array where Element == UInt8 {
    /// Appends `range` of `source` in one copy.
    package mutating func append(_ source: SourceBytes, _ range: Range<Int>) {
        source.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
