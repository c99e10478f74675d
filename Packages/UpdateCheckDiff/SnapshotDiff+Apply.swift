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
        var leaves: [Bool] = []
        var slots: [ID?] = []
        try place(old, backward: false, leaves: &leaves, slots: &slots)
        return slots.map { $0! }
    }

    /// Applies this diff (or, `backward`, its inverse) to `source` into
    /// `slots`, reusing the storage of `leaves` and `slots`.
    ///
    /// Forward, deletions and move sources leave `source` (the old snapshot)
    /// and insertions and move destinations arrive; backward the roles swap.
    /// The IDs that neither leave nor arrive fill the free slots in order.
    ///
    /// - Throws: ``ListDiffError/doesNotFit(reason:)`` naming the offset and IDs.
    @inlinable
    func place(_ source: [ID], backward: Bool, leaves: inout [Bool], slots: inout [ID?]) throws(ListDiffError) {
        guard oldCount >= 0, newCount >= 0 else {
            throw .doesNotFit(reason: "it counts \(oldCount) old and \(newCount) new IDs; a count cannot be negative.")
        }
        let sourceSide = backward ? "new" : "old"
        let targetSide = backward ? "old" : "new"
        let sourceCount = backward ? newCount : oldCount
        let targetCount = backward ? oldCount : newCount
        guard source.count == sourceCount else {
            throw .doesNotFit(
                reason: "it expects \(sourceCount) IDs in the \(sourceSide) snapshot, got \(source.count).")
        }
        let stayCount = oldCount - deletions.count - moves.count
        guard stayCount >= 0, stayCount == newCount - insertions.count - moves.count else {
            throw .doesNotFit(
                reason: "\(oldCount) IDs minus \(deletions.count) deletions plus \(insertions.count) insertions "
                    + "is not the \(newCount) IDs of the new snapshot.")
        }
        leaves.removeAll(keepingCapacity: true)
        leaves.append(contentsOf: repeatElement(false, count: sourceCount))
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(nil, count: targetCount))

        func leave(_ offset: Int, _ id: ID, _ role: String) throws(ListDiffError) {
            guard offset >= 0 && offset < sourceCount else {
                throw .doesNotFit(
                    reason: "the \(role) of \(id) at \(sourceSide) offset \(offset) is out of range 0..<\(sourceCount)."
                )
            }
            guard source[offset] == id else {
                throw .doesNotFit(
                    reason:
                        "the \(role) names \(id) at \(sourceSide) offset \(offset), but the snapshot has \(source[offset])."
                )
            }
            guard !leaves[offset] else {
                throw .doesNotFit(reason: "\(sourceSide) offset \(offset) (\(id)) leaves more than once.")
            }
            leaves[offset] = true
        }
        func arrive(_ offset: Int, _ id: ID, _ role: String) throws(ListDiffError) {
            guard offset >= 0 && offset < targetCount else {
                throw .doesNotFit(
                    reason: "the \(role) of \(id) at \(targetSide) offset \(offset) is out of range 0..<\(targetCount)."
                )
            }
            if let taken = slots[offset] {
                throw .doesNotFit(reason: "\(targetSide) offset \(offset) receives both \(taken) and \(id).")
            }
            slots[offset] = id
        }

        if backward {
            for insertion in insertions { try leave(insertion.offset, insertion.id, "insertion") }
            for move in moves { try leave(move.to, move.id, "move destination") }
            for deletion in deletions { try arrive(deletion.offset, deletion.id, "deletion") }
            for move in moves { try arrive(move.from, move.id, "move source") }
        } else {
            for deletion in deletions { try leave(deletion.offset, deletion.id, "deletion") }
            for move in moves { try leave(move.from, move.id, "move source") }
            for insertion in insertions { try arrive(insertion.offset, insertion.id, "insertion") }
            for move in moves { try arrive(move.to, move.id, "move destination") }
        }
        var slot = 0
        for offset in 0..<sourceCount where !leaves[offset] {
            while slots[slot] != nil { slot &+= 1 }
            slots[slot] = source[offset]
            slot &+= 1
        }
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
