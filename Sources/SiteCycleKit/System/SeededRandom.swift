/// SplitMix64: a small deterministic generator for synthetic journals in the
/// benchmark and for seeded tests, so every run sees the same numbers and a
/// failure can be replayed from its seed.
public struct SeededRandom: Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n.
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    public mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
}
