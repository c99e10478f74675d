/// Seeded randomness for UpdateCheck's tests: the same seed gives the same
/// sequence on every platform and every run, so a random case that fails can
/// be named by its seed and replayed anywhere.
///
/// The generator is SplitMix64, the one the conformance kit draws its random
/// pairs from, so that a seed means the same sequence in every test target;
/// this target depends on nothing, so the tests of a library need not link
/// any other library to draw from it.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's state; the next value depends only on it.
    public var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
