/// What went wrong when verifying one old/new pair: the exact pair, the
/// check that failed, and what was expected against what came out.
///
/// IDs are kept as text so that a failure can be printed or written to a
/// report whatever the ID type.
public struct VerificationFailure: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The old snapshot of the pair.
    public var old: [String]
    /// The new snapshot of the pair.
    public var new: [String]
    /// The property that did not hold.
    public var check: VerificationCheck
    /// What the check expected (an array, or a count).
    public var expected: String
    /// What the check got instead.
    public var actual: String

    /// Creates a failure record.
    public init(old: [String], new: [String], check: VerificationCheck, expected: String, actual: String) {
        self.old = old
        self.new = new
        self.check = check
        self.expected = expected
        self.actual = actual
    }

    /// `[a, b] -> [b, a]: the diff reaches new failed: expected [b, a], got [a, b]`.
    public var description: String {
        "\(Self.format(old)) -> \(Self.format(new)): \(check.rawValue) failed: expected \(expected), got \(actual)"
    }

    /// Formats a snapshot as `[a, b, c]`.
    @usableFromInline
    package static func format(_ ids: [String]) -> String {
        "[" + ids.joined(separator: ", ") + "]"
    }
}
