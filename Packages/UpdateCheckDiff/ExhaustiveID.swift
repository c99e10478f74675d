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

    /// The letter: `a` for 0, `b` for 1, and so on to `z`; from 26 on (the
    /// long lists of random sectioned pairs) `x26`, `x27`, …, as the flat
    /// kit names its IDs.
    public var description: String {
        number < 26 ? String(UnicodeScalar(UInt8(ascii: "a") + number)) : "x\(number)"
    }

    /// Orders IDs by number.
    @inlinable
    public static func < (lhs: ExhaustiveID, rhs: ExhaustiveID) -> Bool { lhs.number < rhs.number }
}

/// One of the section IDs of a sectioned exhaustive run, shown as a capital
/// letter from `S` (`S`, `T`, `U`).
public struct ExhaustiveSectionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The ID's number, from 0.
    public var number: UInt8

    /// Creates the section ID numbered `number` (0 is `S`).
    @inlinable
    public init(_ number: UInt8) { self.number = number }

    /// The letter: `S` for 0, `T` for 1, `U` for 2.
    public var description: String { String(UnicodeScalar(UInt8(ascii: "S") &+ number)) }

    /// Orders IDs by number.
    @inlinable
    public static func < (lhs: ExhaustiveSectionID, rhs: ExhaustiveSectionID) -> Bool { lhs.number < rhs.number }
}

/// Every ordered selection without repetition of `ids`: the empty snapshot,
/// every single ID, every ordered pair, and so on up to every permutation.
///
/// The order is depth-first, each prefix before its extensions, and the
/// remaining IDs taken in their given order:
/// `[]`, `[a]`, `[a, b]`, `[a, b, c]`, … — 65 snapshots for four IDs,
/// 326 for five, 1,957 for six.
/// - Complexity: O(*s* · *k*) for *s* selections of up to *k* IDs.
public func orderedSelections<T>(of ids: [T]) -> [[T]] {
    var result: [[T]] = []
    var prefix: [T] = []
    prefix.reserveCapacity(ids.count)
    func extend(_ remaining: [T]) {
        result.append(prefix)
        for index in remaining.indices {
            var rest = remaining
            prefix.append(rest.remove(at: index))
            extend(rest)
            prefix.removeLast()
        }
    }
    extend(ids)
    return result
}
