/// One of the *k* IDs of an exhaustive run, shown as a letter (`a`, `b`, …).
///
/// A single byte compares and copies without reference counting, which keeps
/// the millions of pairs of a run cheap; its description is the letter, so
/// failures read like the article's `[a, b, c]`.
public struct ExhaustiveID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The ID's number, from 0.
    public var number: UInt8

    /// Creates the ID numbered `number` (0 is `a`).
    @inlinable
    public init(_ number: UInt8) { self.number = number }

    /// The letter: `a` for 0, `b` for 1, and so on.
    public var description: String { String(UnicodeScalar(UInt8(ascii: "a") &+ number)) }

    /// Orders IDs by number.
    @inlinable
    public static func < (lhs: ExhaustiveID, rhs: ExhaustiveID) -> Bool { lhs.number < rhs.number }
}
