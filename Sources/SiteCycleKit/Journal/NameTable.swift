#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each distinct name once, by index: a journal's thousands of entries
/// share a handful of strings, found again without allocating. An
/// open-addressing table keyed by a name's first, second and last eight
/// bytes and its length: a name of up to 24 bytes (nearly all) is found
/// with three word compares and no call; a longer one compares the rest
/// with memcmp. The general Dictionary hashed every entry's name twice
/// (ours, then SipHash over our key), and a byte-wise hash was a third of
/// reading a big journal.
package struct NameTable {
    /// Every distinct name's bytes, end to end, for the rest of a long
    /// name and for the strings the builder asks for.
    private var bytes: [UInt8] = []
    /// Name `i` is `bytes[ends[i - 1] ..< ends[i]]` (from 0 for the first).
    private var ends: [UInt32] = []
    private var keys: [Key] = []
    /// Whether each name is one the fast path reads as it stands
    /// (`readsPlain`).
    private var plain: [Bool] = []
    /// The length of the longest of them: a longer rest of a line (a name
    /// and a note, mostly) is none of them, and is not looked up.
    package private(set) var longestPlain = 0
    /// Index + 1 into the names, 0 for an empty slot; a power of two long.
    private var slots: [UInt32] = []
    /// 64 − log₂ of the slots: a key's slot is its hash's top bits.
    private var shift: UInt64 = 64

    /// Words of a name: bytes 0..<8, 8..<16 and its last eight (each
    /// zero-padded, and overlapping, where the name is shorter), and its
    /// length. Equal keys are equal names up to 24 bytes.
    struct Key: Equatable {
        var first: UInt64
        var second: UInt64
        var last: UInt64
        var count: Int

        /// An empty name may come without an address; none is read then.
        @inline(__always)
        init(_ name: UnsafeBufferPointer<UInt8>) {
            self.init(name.baseAddress ?? UnsafePointer(bitPattern: 1)!, name.count)
        }

        @inline(__always)
        init(_ p: UnsafePointer<UInt8>, _ n: Int) {
            count = n
            if n >= 8 {
                first = Key.word(p)
                second = n >= 16 ? Key.word(p + 8) : 0
                last = Key.word(p + (n - 8))
            } else {
                // Never read past the name: it may end a mapped file.
                var w: UInt64 = 0
                for i in 0..<n { w |= UInt64(p[i]) << (8 * UInt64(i)) }
                first = w
                second = 0
                last = w
            }
        }

        @inline(__always) static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        }

        /// One multiply: the table's slots come from the product's top
        /// bits, which every input bit reaches.
        @inline(__always) var hash: UInt64 {
            (first ^ (second &+ 0x2545_F491_4F6C_DD1D).rotated(17) ^ last.rotated(41) ^ UInt64(truncatingIfNeeded: count))
                &* 0x9E37_79B9_7F4A_7C15
        }
    }

    package init() {}

    package var count: Int { ends.count }

    /// The names, in the order they were first interned.
    package var names: [String] { (0..<count).map(name) }

    package func name(_ index: Int) -> String {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return String(decoding: bytes[start..<Int(ends[index])], as: UTF8.self)
    }

    /// A name seen before is found inline, without a call; a new one is
    /// added by `insert`, once per distinct name.
    @inline(__always)
    package mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let key = Key(name)
        return find(name, key) ?? insert(name, key)
    }

    /// The index of a name seen before, found inline; nil for a new one.
    @inline(__always)
    func find(_ name: UnsafeBufferPointer<UInt8>, _ key: Key) -> UInt32? {
        let base = name.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let start = Int(truncatingIfNeeded: key.hash >> shift)
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                guard !slots.isEmpty else { return nil }
                let mask = slots.count - 1
                var i = start & mask
                while slots[i] != 0 {
                    let index = Int(slots[i] &- 1)
                    if keys[index] == key, key.count <= 24 || sameRest(index, base, key.count) { return index }
                    i = (i &+ 1) & mask
                }
                return nil
            }
        }
        return found.map { UInt32(truncatingIfNeeded: $0) }
    }

    /// A name not in the table yet: only after `find` said so, or the
    /// table would hold it twice.
    mutating func insert(_ name: UnsafeBufferPointer<UInt8>, _ key: Key) -> UInt32 {
        if count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: key.hash >> shift)
        while slots[i] != 0 { i = (i + 1) & mask }
        let index = UInt32(count)
        bytes.append(contentsOf: name)
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        keys.append(key)
        plain.append(NameTable.readsPlain(name))
        if plain[plain.count - 1] { longestPlain = max(longestPlain, name.count) }
        slots[i] = index + 1
        return index
    }

    /// Whether name `index` is one the parser's fast path reads as it
    /// stands (`readsPlain`).
    @inline(__always)
    package func isPlain(_ index: UInt32) -> Bool { plain[Int(index)] }

    /// Whether a name, written after an entry's time and ending its line,
    /// passes every check of the fast path (`JournalParser.plainEntry`):
    /// printable ASCII with no `;` and no run of spaces, starting with
    /// none of `+ - Z ;` or a space (an offset, a note, a blank) and not
    /// ending in a space, by the fast path's own byte rules.
    static func readsPlain(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let from = name.baseAddress, let first = name.first, first != 0x20, name.last != 0x20,
              !JournalParser.isOffsetOrNoteStart(first) else { return false }
        let to = from + name.count
        return JournalParser.printableUpToSemicolon(from, to) == to && !JournalParser.hasDoubleSpace(from, to)
    }

    /// Bytes 16..<count - 8 of a name longer than 24 bytes (the key holds
    /// the rest).
    private func sameRest(_ index: Int, _ name: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start + 16, name + 16, n - 24) == 0 }
    }

    private mutating func grow() {
        let size = max(64, slots.count * 2)
        slots = [UInt32](repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        for (index, key) in keys.enumerated() {
            var i = Int(truncatingIfNeeded: key.hash >> shift)
            while slots[i] != 0 { i = (i + 1) & (size - 1) }
            slots[i] = UInt32(index + 1)
        }
    }
}

extension UInt64 {
    @inline(__always) func rotated(_ n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}
