/// Diffs two snapshots of unique IDs: `new` against `old`.
///
/// Deletion offsets refer to `old`, insertion offsets to `new`; kept IDs off
/// the longest increasing run become moves, so the number of moves is the
/// minimum possible.
///
///     let changes = try diff(from: ["a", "b", "c"], to: ["c", "a", "d"])
///     // deletions [(1, b)], insertions [(2, d)], moves [(c, from: 2, to: 0)]
///
/// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` when either
///   snapshot holds an ID twice, naming every duplicate and its offsets.
/// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for the *k* kept IDs.
@inlinable
public func diff<ID: Hashable & Sendable>(from old: [ID], to new: [ID]) throws(ListDiffError) -> SnapshotDiff<ID> {
    try SnapshotDiff(from: old, to: new)
}

extension SnapshotDiff {
    /// Diffs `new` against `old`; see ``diff(from:to:)``.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate IDs.
    /// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for the *k* kept IDs.
    @inlinable
    public init(from old: [ID], to new: [ID]) throws(ListDiffError) {
        let matching = try IDMatching.match(old: old, new: new)
        self.init(old: old, new: new, matching: matching)
    }

    /// Builds the diff of a matched pair.
    @inlinable
    init(old: [ID], new: [ID], matching: IDMatching) {
        let run = LongestIncreasingRun.mark(matching.oldOffsetOfNew, keptCount: matching.keptCount)
        var deletions: [Deletion] = []
        deletions.reserveCapacity(old.count - matching.keptCount)
        matching.isKept.withUnsafeBufferPointer { kept in
            for offset in old.indices where !kept[offset] {
                deletions.append(Deletion(offset: offset, id: old[offset]))
            }
        }
        var insertions: [Insertion] = []
        insertions.reserveCapacity(new.count - matching.keptCount)
        var moves: [Move] = []
        moves.reserveCapacity(matching.keptCount - run.length)
        matching.oldOffsetOfNew.withUnsafeBufferPointer { source in
            run.onRun.withUnsafeBufferPointer { onRun in
                for offset in new.indices {
                    let from = source[offset]
                    if from < 0 {
                        insertions.append(Insertion(offset: offset, id: new[offset]))
                    } else if !onRun[offset] {
                        moves.append(Move(id: new[offset], from: Int(from), to: offset))
                    }
                }
            }
        }
        self.init(
            oldCount: old.count, newCount: new.count, deletions: deletions, insertions: insertions, moves: moves)
    }
}
