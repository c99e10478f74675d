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

/// One of the properties a pair verification proves.
public enum VerificationCheck: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Applying the diff to `old` gives exactly `new`.
    case reachesNew = "the diff reaches new"
    /// The standard library applying the diff with moves paired (associated
    /// removals and insertions) to `old` gives exactly `new`.
    case pairedMovesReachNew = "the diff with paired moves reaches new"
    /// Applying the inverse diff to `new` gives exactly `old`, with UpdateCheckDiff
    /// and with the standard library.
    case inverseRestoresOld = "the inverse restores old"
    /// The number of moves is the number of kept IDs minus the length of
    /// their longest increasing run.
    case minimalMoves = "the moves are minimal"
    /// A sectioned diff in flat form (sections as markers) has the flat
    /// engine's deletions and insertions, reaches the new flat form, and
    /// needs no fewer moves than the flat engine.
    case agreesWithFlatEngine = "the flat form agrees with the flat engine"
}
