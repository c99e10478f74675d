/// A small, fast, deterministic random number generator (SplitMix64).
///
/// The same seed gives the same sequence on every platform and every run, so
/// a random conformance pair can be named by its seed and number and
/// reproduced anywhere. The package's seeded tests (random walks of the
/// state machine, random JUnit text) draw from it too.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's state; the next value depends only on it.
    public var state: UInt64

    /// A generator starting from `seed`.
    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
