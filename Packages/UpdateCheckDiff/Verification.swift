/// Diffs a pair and proves the diff right; see ``SnapshotDiff/verify(from:to:)``.
///
/// - Returns: the verified diff.
/// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate IDs,
///   ``ListDiffError/verificationFailed(_:)`` naming the pair and the check
///   that failed.
@inlinable
public func verifiedDiff<ID: Hashable & Sendable>(from old: [ID], to new: [ID]) throws(ListDiffError)
    -> SnapshotDiff<ID>
{
    var verifier = PairVerifier<ID>()
    try verifier.verify(from: old, to: new)
    return verifier.diff
}

extension SnapshotDiff {
    /// Proves this diff right for the pair (`old`, `new`), cross-checked
    /// with the standard library for small pairs (see ``PairVerifier``):
    ///
    /// 1. applying it to `old` gives exactly `new`, compared slot by slot;
    /// 2. applied with moves paired (removals, then insertions in offset
    ///    order) it gives exactly `new` (given 1, its insertions and move
    ///    destinations are in offset order), and so does the standard
    ///    library's `old.applying(_:)` of its ``collectionDifference``;
    /// 3. the inverse restores `old` (the conditions of 1 read from the
    ///    other side), and so does the standard library's inverse;
    /// 4. the number of moves is the kept count minus the length of the
    ///    longest increasing run, computed independently of the engine.
    ///
    /// Snapshots are assumed to hold unique IDs, as ``diff(from:to:)->SnapshotDiff<ID>`` requires.
    ///
    /// - Throws: ``ListDiffError/verificationFailed(_:)`` for the first check
    ///   that fails, naming the pair, the check, and expected against actual.
    /// - Complexity: O(*n*) plus O(*k* log *L*) for *k* kept IDs and a
    ///   longest run of *L*: about the cost of the diff itself.
    @inlinable
    public func verify(from old: [ID], to new: [ID]) throws(ListDiffError) {
        var verifier = PairVerifier<ID>()
        try verifier.check(self, from: old, to: new)
    }
}
