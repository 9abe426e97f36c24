// The generators behind `RandomTrees` and `RandomPrograms`. They are generic over any
// `RandomNumberGenerator`, so tests drive them from a seed and a fuzzer from its input bytes.

/// SplitMix64: tiny, fast and the same sequence on every platform, so a seed names a case.
///
/// The same algorithm as SyntheticHierarchy's (which is `package`, so a package that depends on
/// this product cannot see it): a seed gives the trees and programs it gave before this moved here.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Draws read from a byte string (a fuzzer's input), eight little-endian bytes a draw, then a
/// `SeededRandom` seeded from the whole string once it is used up.
///
/// Each draw is its own eight bytes, so a mutation of one byte changes one choice (the low byte
/// decides every choice among at most 256), which is what a coverage-guided fuzzer needs. The
/// continuation is seeded from every byte so that two inputs which run out at the same draw still
/// go on differently; it is deterministic, so an input replays.
public struct ByteStreamRandom: RandomNumberGenerator, Sendable {
    private let bytes: [UInt8]
    /// Bytes read so far (a multiple of 8, or the whole input).
    public private(set) var offset = 0
    private var continuation: SeededRandom

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // FNV-1a.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        continuation = SeededRandom(seed: hash)
    }

    /// Whether every input byte has been read (draws now come from the continuation).
    public var isExhausted: Bool { offset >= bytes.count }

    public mutating func next() -> UInt64 {
        guard offset < bytes.count else { return continuation.next() }
        // A short last draw reads as if padded with zeros.
        var value: UInt64 = 0
        for i in 0..<min(8, bytes.count - offset) { value |= UInt64(bytes[offset + i]) << (8 * i) }
        offset = min(bytes.count, offset + 8)
        return value
    }
}

extension RandomNumberGenerator {
    /// A number in `0..<n` (0 when `n` ≤ 1). By remainder rather than `Int.random(in:using:)`,
    /// whose rejection loop would draw a variable number of times and whose sequence the
    /// standard library does not promise across versions: seeded cases must stay the same cases.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
