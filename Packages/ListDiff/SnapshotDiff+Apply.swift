extension SnapshotDiff {
    /// The new snapshot: this diff applied to `old`.
    ///
    /// Every deleted and moved ID is checked against `old` at its offset,
    /// offsets are checked for range and overlap, and the kept IDs that stay
    /// put fill the remaining slots in their old order.
    ///
    /// - Throws: ``ListDiffError/doesNotFit(reason:)`` naming the offset and
    ///   IDs when the diff does not fit `old`.
    /// - Complexity: O(*n*), *n* = `oldCount + newCount`.
    @inlinable
    public func apply(to old: [ID]) throws(ListDiffError) -> [ID] {
        guard old.count == oldCount else {
            throw .doesNotFit(reason: "it expects \(oldCount) IDs in the old snapshot, got \(old.count).")
        }
        let stayCount = oldCount - deletions.count - moves.count
        guard stayCount >= 0, stayCount == newCount - insertions.count - moves.count else {
            throw .doesNotFit(
                reason: "\(oldCount) IDs minus \(deletions.count) deletions plus \(insertions.count) insertions "
                    + "is not the \(newCount) IDs of the new snapshot.")
        }
        var leaves = [Bool](repeating: false, count: oldCount)
        for deletion in deletions {
            try Self.claim(&leaves, deletion.offset, deletion.id, in: old, as: "deletion")
        }
        for move in moves {
            try Self.claim(&leaves, move.from, move.id, in: old, as: "move source")
        }
        var placed = [ID?](repeating: nil, count: newCount)
        for insertion in insertions {
            try Self.place(&placed, insertion.offset, insertion.id, as: "insertion")
        }
        for move in moves {
            try Self.place(&placed, move.to, move.id, as: "move destination")
        }
        var slot = 0
        for offset in old.indices where !leaves[offset] {
            while placed[slot] != nil { slot += 1 }
            placed[slot] = old[offset]
            slot += 1
        }
        return placed.map { $0! }
    }

    /// Marks an old offset as left by a deletion or move, checking range, ID and overlap.
    @usableFromInline
    static func claim(_ leaves: inout [Bool], _ offset: Int, _ id: ID, in old: [ID], as role: String)
        throws(ListDiffError)
    {
        guard old.indices.contains(offset) else {
            throw .doesNotFit(reason: "the \(role) of \(id) at old offset \(offset) is out of range 0..<\(old.count).")
        }
        guard old[offset] == id else {
            throw .doesNotFit(
                reason: "the \(role) names \(id) at old offset \(offset), but the snapshot has \(old[offset]).")
        }
        guard !leaves[offset] else {
            throw .doesNotFit(reason: "old offset \(offset) (\(id)) is deleted or moved more than once.")
        }
        leaves[offset] = true
    }

    /// Places an ID at a new offset, checking range and overlap.
    @usableFromInline
    static func place(_ placed: inout [ID?], _ offset: Int, _ id: ID, as role: String) throws(ListDiffError) {
        guard placed.indices.contains(offset) else {
            throw .doesNotFit(
                reason: "the \(role) of \(id) at new offset \(offset) is out of range 0..<\(placed.count).")
        }
        guard placed[offset] == nil else {
            throw .doesNotFit(reason: "new offset \(offset) receives both \(placed[offset]!) and \(id).")
        }
        placed[offset] = id
    }

    /// The diff that turns the new snapshot back into the old one.
    ///
    /// Deletions and insertions swap roles, moves swap their offsets; the IDs
    /// that stay put are the same, so the inverse is minimal too.
    /// - Complexity: O(*m* log *m*) for *m* moves (re-sorted by destination).
    @inlinable
    public func inverse() -> SnapshotDiff<ID> {
        SnapshotDiff(
            oldCount: newCount, newCount: oldCount,
            deletions: insertions.map { Deletion(offset: $0.offset, id: $0.id) },
            insertions: deletions.map { Insertion(offset: $0.offset, id: $0.id) },
            moves: moves.map { Move(id: $0.id, from: $0.to, to: $0.from) }.sorted { $0.to < $1.to })
    }
}
