#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each distinct name once, by index: a journal's thousands of entries
/// share a handful of strings, found again without allocating. An
/// open-addressing table over a word-at-a-time hash: the general Dictionary
/// hashed every entry's name twice (ours, then SipHash over our key).
package struct NameTable {
    /// Every distinct name's bytes, end to end: compared with one memcmp,
    /// without a String per name until the builder asks for them.
    private var bytes: [UInt8] = []
    /// Name `i` is `bytes[ends[i - 1] ..< ends[i]]` (from 0 for the first).
    private var ends: [UInt32] = []
    private var hashes: [UInt64] = []
    /// Index + 1 into the names, 0 for an empty slot; a power of two long.
    private var slots: [UInt32] = []

    package init() {}

    package var count: Int { ends.count }

    /// The names, in the order they were first interned.
    package var names: [String] { (0..<count).map(name) }

    package func name(_ index: Int) -> String {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return String(decoding: bytes[start..<Int(ends[index])], as: UTF8.self)
    }

    package mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = NameTable.hash(name)
        if count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 {
            let index = Int(slots[i] - 1)
            if hashes[index] == hash, same(index, name) { return UInt32(index) }
            i = (i + 1) & mask
        }
        let index = UInt32(count)
        bytes.append(contentsOf: name)
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        hashes.append(hash)
        slots[i] = index + 1
        return index
    }

    private func same(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : Int(ends[index - 1]), length = Int(ends[index]) - start
        guard length == name.count else { return false }
        guard length > 0 else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, name.baseAddress!, length) == 0 }
    }

    private mutating func grow() {
        let size = max(64, slots.count * 2)
        slots = [UInt32](repeating: 0, count: size)
        for (index, hash) in hashes.enumerated() {
            var i = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[i] != 0 { i = (i + 1) & (size - 1) }
            slots[i] = UInt32(index + 1)
        }
    }

    /// FNV-style over 8-byte words, then the tail, mixed at the end.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        while i + 8 <= raw.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
            i += 8
        }
        while i < raw.count {
            h = (h ^ UInt64(raw[i])) &* prime
            i += 1
        }
        return (h ^ (h >> 32)) &* 0x9E37_79B9_7F4A_7C15
    }
}
