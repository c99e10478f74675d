extension SnapshotDiff {
    /// The diff as the standard library's `CollectionDifference`, for
    /// `old.applying(_:)`: deletions and insertions as plain changes, each
    /// move as a removal and an insertion associated with each other;
    /// `nil` for a diff no pair of snapshots has (two changes at one offset,
    /// a negative offset), which the standard library cannot represent.
    /// - Complexity: O(*n* log *n*) in the number of changes.
    @inlinable
    public var collectionDifference: CollectionDifference<ID>? {
        var changes: [CollectionDifference<ID>.Change] = []
        changes.reserveCapacity(deletions.count + insertions.count + 2 * moves.count)
        for deletion in deletions {
            changes.append(.remove(offset: deletion.offset, element: deletion.id, associatedWith: nil))
        }
        for insertion in insertions {
            changes.append(.insert(offset: insertion.offset, element: insertion.id, associatedWith: nil))
        }
        for move in moves {
            changes.append(.remove(offset: move.from, element: move.id, associatedWith: move.to))
            changes.append(.insert(offset: move.to, element: move.id, associatedWith: move.from))
        }
        return CollectionDifference(changes)
    }

    /// Converts a standard-library difference, with the old snapshot's count.
    ///
    /// A removal and an insertion of the same ID become a move, whether or
    /// not they were associated (`inferringMoves()` is not needed); the moves
    /// are kept as given, so the result is minimal when the source was.
    /// Returns `nil` when an ID is removed or inserted twice, an association
    /// contradicts the IDs, or the offsets do not fit `oldCount`.
    @inlinable
    public init?(_ difference: CollectionDifference<ID>, oldCount: Int) {
        let (kept, belowZero) = oldCount.subtractingReportingOverflow(difference.removals.count)
        let (newCount, overflow) = kept.addingReportingOverflow(difference.insertions.count)
        guard oldCount >= 0, newCount >= 0, !belowZero, !overflow else { return nil }
        var removedAt: [ID: Int] = [:]
        for change in difference.removals {
            guard case .remove(let offset, let id, _) = change, (0..<oldCount).contains(offset),
                removedAt.updateValue(offset, forKey: id) == nil
            else { return nil }
        }
        var insertedAt: [ID: Int] = [:]
        for change in difference.insertions {
            guard case .insert(let offset, let id, let partner) = change, (0..<newCount).contains(offset),
                insertedAt.updateValue(offset, forKey: id) == nil
            else { return nil }
            if let partner, removedAt[id] != partner { return nil }
        }
        for change in difference.removals {
            if case .remove(_, let id, let partner?) = change, insertedAt[id] != partner { return nil }
        }
        var deletions: [Deletion] = []
        var moves: [Move] = []
        for change in difference.removals {
            guard case .remove(let offset, let id, _) = change else { continue }
            if let to = insertedAt[id] {
                moves.append(Move(id: id, from: offset, to: to))
            } else {
                deletions.append(Deletion(offset: offset, id: id))
            }
        }
        var insertions: [Insertion] = []
        for change in difference.insertions {
            guard case .insert(let offset, let id, _) = change, removedAt[id] == nil else { continue }
            insertions.append(Insertion(offset: offset, id: id))
        }
        moves.sort { $0.to < $1.to }
        self.init(oldCount: oldCount, newCount: newCount, deletions: deletions, insertions: insertions, moves: moves)
    }

    /// Converts a standard-library difference, taking the smallest old count
    /// its offsets allow (trailing IDs that stay put are invisible to a
    /// `CollectionDifference`; use ``init(_:oldCount:)`` when they matter).
    @inlinable
    public init?(_ difference: CollectionDifference<ID>) {
        var oldCount = 0
        for change in difference.removals {
            guard case .remove(let offset, _, _) = change, offset < .max else { return nil }
            oldCount = max(oldCount, offset + 1)
        }
        var newCount = 0
        for change in difference.insertions {
            guard case .insert(let offset, _, _) = change, offset < .max else { return nil }
            newCount = max(newCount, offset + 1)
        }
        let delta = difference.removals.count - difference.insertions.count
        let (counted, overflow) = newCount.addingReportingOverflow(delta)
        guard !overflow else { return nil }
        self.init(difference, oldCount: max(oldCount, counted))
    }
}
