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
    package private(set) var names: [String] = []
    private var hashes: [UInt64] = []
    /// Index + 1 into `names`, 0 for an empty slot; a power of two long.
    private var slots: [UInt32] = []

    package init() {}

    package mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = NameTable.hash(bytes)
        if names.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 {
            let index = Int(slots[i] - 1)
            if hashes[index] == hash, same(names[index], bytes) { return UInt32(index) }
            i = (i + 1) & mask
        }
        let index = UInt32(names.count)
        names.append(String(decoding: bytes, as: UTF8.self))
        hashes.append(hash)
        slots[i] = index + 1
        return index
    }

    private func same(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let stored = name.utf8
        return stored.withContiguousStorageIfAvailable { s in
            s.count == bytes.count && (bytes.isEmpty || memcmp(s.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        } ?? stored.elementsEqual(bytes)
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
