/// One of the properties a pair verification proves.
public enum VerificationCheck: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Applying the diff to `old` gives exactly `new`.
    case reachesNew = "the diff reaches new"
    /// The standard library applying the diff with moves paired (associated
    /// removals and insertions) to `old` gives exactly `new`.
    case pairedMovesReachNew = "the diff with paired moves reaches new"
    /// Applying the inverse diff to `new` gives exactly `old`, with ListDiff
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
