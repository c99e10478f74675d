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
    let result = try diff(from: old, to: new)
    try result.verify(from: old, to: new)
    return result
}

extension SnapshotDiff {
    /// Proves this diff right for the pair (`old`, `new`) by comparing whole arrays.
    ///
    /// 1. applying it to `old` gives exactly `new`;
    /// 2. the standard library's `old.applying(_:)` of its
    ///    ``collectionDifference`` (moves paired) gives exactly `new`;
    /// 3. the inverse restores `old`, applied by ListDiff and by the standard library;
    /// 4. the number of moves is the kept count minus the length of the
    ///    longest increasing run, computed independently of the engine.
    ///
    /// - Throws: ``ListDiffError/verificationFailed(_:)`` for the first check
    ///   that fails, naming the pair, the check, and expected against actual.
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public func verify(from old: [ID], to new: [ID]) throws(ListDiffError) {
        func failure(_ check: VerificationCheck, expected: String, actual: String) -> ListDiffError {
            .verificationFailed(
                VerificationFailure(
                    old: old.map { String(describing: $0) }, new: new.map { String(describing: $0) },
                    check: check, expected: expected, actual: actual))
        }
        func text(_ ids: [ID]?) -> String {
            guard let ids else { return "no result (the standard library refused the difference)" }
            return VerificationFailure.format(ids.map { String(describing: $0) })
        }
        func text(_ result: Result<[ID], ListDiffError>) -> String {
            switch result {
            case .success(let ids): return text(ids)
            case .failure(let error): return "an error: \(error)"
            }
        }

        let forward = Result { () throws(ListDiffError) in try apply(to: old) }
        guard case .success(new) = forward else {
            throw failure(.reachesNew, expected: text(new), actual: text(forward))
        }
        guard oldCount == old.count, newCount == new.count, offsetsAreDistinct() else {
            throw failure(.pairedMovesReachNew, expected: text(new), actual: "a difference with overlapping offsets")
        }
        let standard = old.applying(collectionDifference)
        guard standard == new else {
            throw failure(.pairedMovesReachNew, expected: text(new), actual: text(standard))
        }
        let reverse = inverse()
        let backward = Result { () throws(ListDiffError) in try reverse.apply(to: new) }
        guard case .success(old) = backward else {
            throw failure(.inverseRestoresOld, expected: text(old), actual: text(backward))
        }
        let standardBackward = new.applying(collectionDifference.inverse())
        guard standardBackward == old else {
            throw failure(.inverseRestoresOld, expected: text(old), actual: text(standardBackward))
        }
        let minimum = Self.minimumMoveCount(from: old, to: new)
        guard moves.count == minimum else {
            throw failure(.minimalMoves, expected: "\(minimum) moves", actual: "\(moves.count) moves")
        }
    }

    /// Whether deletion and move-source offsets are distinct, and insertion
    /// and move-destination offsets are distinct (a `CollectionDifference`
    /// exists only then).
    @usableFromInline
    func offsetsAreDistinct() -> Bool {
        var sources = Set<Int>()
        var destinations = Set<Int>()
        for deletion in deletions where !sources.insert(deletion.offset).inserted { return false }
        for move in moves where !sources.insert(move.from).inserted { return false }
        for insertion in insertions where !destinations.insert(insertion.offset).inserted { return false }
        for move in moves where !destinations.insert(move.to).inserted { return false }
        return true
    }

    /// The fewest moves any diff of the pair can have: kept IDs minus the
    /// longest increasing run of their old offsets in new order.
    ///
    /// Computed independently of the engine: a quadratic dynamic programme
    /// for up to 64 kept IDs, a length-only patience pass above.
    @usableFromInline
    static func minimumMoveCount(from old: [ID], to new: [ID]) -> Int {
        var oldOffset: [ID: Int] = [:]
        for (offset, id) in old.enumerated() { oldOffset[id] = offset }
        let sequence = new.compactMap { oldOffset[$0] }
        var longest = 0
        if sequence.count <= 64 {
            var ending = [Int](repeating: 1, count: sequence.count)
            for end in sequence.indices {
                for start in 0..<end where sequence[start] < sequence[end] {
                    ending[end] = max(ending[end], ending[start] + 1)
                }
                longest = max(longest, ending[end])
            }
        } else {
            var tails: [Int] = []
            for value in sequence {
                var low = 0
                var high = tails.count
                while low < high {
                    let middle = (low + high) / 2
                    if tails[middle] < value { low = middle + 1 } else { high = middle }
                }
                if low == tails.count { tails.append(value) } else { tails[low] = value }
            }
            longest = tails.count
        }
        return sequence.count - longest
    }
}
