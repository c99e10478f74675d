import UpdateCheckDiff

extension UpdatePlan {
    /// Builds the plan of a diff that was computed for `old` → `new`, with
    /// the IDs whose content changed.
    ///
    /// The diff is checked against the pair (counts, and the ID at every
    /// offset it names), so a diff of another pair is refused rather than
    /// turned into calls that would show the wrong rows.
    ///
    /// - Parameters:
    ///   - old: the snapshot before the update.
    ///   - new: the snapshot after the update.
    ///   - diff: the diff computed from `old` to `new`.
    ///   - changed: IDs present in both snapshots whose content differs;
    ///     repeated IDs count once.
    /// - Throws: ``BatchUpdateError/invalidSnapshots(_:)`` when a snapshot
    ///   holds an ID twice (a diffable data source would refuse it);
    ///   ``BatchUpdateError/diffDoesNotFit(reason:)`` naming the first
    ///   offset that disagrees; ``BatchUpdateError/changedIDNotKept(id:)``
    ///   for a changed ID that is not in both snapshots.
    /// - Complexity: O(*n*) expected hashing for *n* IDs.
    @inlinable
    public init(old: [ID], new: [ID], diff: SnapshotDiff<ID>, changed: [ID] = []) throws(BatchUpdateError) {
        do {
            try requireUniqueIDs(old, side: .old)
            try requireUniqueIDs(new, side: .new)
        } catch {
            throw .invalidSnapshots(error)
        }
        try self.init(unique: old, new: new, diff: diff, changed: changed)
    }

    /// ``init(old:new:diff:changed:)`` for snapshots already known to hold
    /// unique IDs: a diff computed from them proves it.
    @inlinable
    init(unique old: [ID], new: [ID], diff: SnapshotDiff<ID>, changed: [ID]) throws(BatchUpdateError) {
        let sourceOfNew = try Self.sources(old: old, new: new, diff: diff)
        var moved = [Bool](repeating: false, count: new.count)
        for move in diff.moves { moved[move.to] = true }
        var isChanged = [Bool](repeating: false, count: new.count)
        if !changed.isEmpty {
            var offsetOfNew = [ID: Int](minimumCapacity: new.count)
            for (offset, id) in new.enumerated() { offsetOfNew[id] = offset }
            for id in changed {
                guard let offset = offsetOfNew[id], sourceOfNew[offset] >= 0 else {
                    throw .changedIDNotKept(id: String(describing: id))
                }
                isChanged[offset] = true
            }
        }
        self.init(unchecked: old, new: new, sourceOfNew: sourceOfNew, moved: moved, changed: isChanged)
    }

    /// Diffs `old` → `new` with UpdateCheckDiff and builds the plan, with the IDs
    /// whose content changed.
    ///
    ///     let plan = try UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: ["a"])
    ///     // b deleted, d inserted, c moved 2 → 0, a kept 0 → 1 with new content
    ///
    /// - Throws: ``BatchUpdateError/invalidSnapshots(_:)`` for duplicate IDs;
    ///   ``BatchUpdateError/changedIDNotKept(id:)`` for a changed ID that is
    ///   not in both snapshots.
    /// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for *k* kept IDs.
    @inlinable
    public init(from old: [ID], to new: [ID], changed: [ID] = []) throws(BatchUpdateError) {
        let structure: SnapshotDiff<ID>
        do {
            structure = try diff(from: old, to: new)
        } catch {
            throw .invalidSnapshots(error)
        }
        try self.init(unique: old, new: new, diff: structure, changed: changed)
    }

    /// Builds the plan of a change set computed for `old` → `new`: its
    /// structure, and its content updates as the changed items.
    ///
    /// - Throws: as ``init(old:new:diff:changed:)``.
    @inlinable
    public init(old: [ID], new: [ID], changes: ListChanges<ID>) throws(BatchUpdateError) {
        try self.init(old: old, new: new, diff: changes.structure, changed: changes.updatedIDs)
    }

    /// For each new offset, the old offset of the same ID (or -1), checking
    /// every offset and ID the diff names against the pair.
    @inlinable
    static func sources(old: [ID], new: [ID], diff: SnapshotDiff<ID>) throws(BatchUpdateError) -> [Int] {
        guard diff.oldCount == old.count, diff.newCount == new.count else {
            throw .diffDoesNotFit(
                reason: "it is for \(diff.oldCount) → \(diff.newCount) items, the snapshots hold "
                    + "\(old.count) → \(new.count).")
        }
        var oldUsed = [Bool](repeating: false, count: old.count)
        var sourceOfNew = [Int](repeating: -2, count: new.count)
        func describe(_ id: ID) -> String { "\"\(String(describing: id))\"" }
        for deletion in diff.deletions {
            guard old.indices.contains(deletion.offset), !oldUsed[deletion.offset],
                old[deletion.offset] == deletion.id
            else {
                throw .diffDoesNotFit(reason: "it deletes \(describe(deletion.id)) at old offset \(deletion.offset).")
            }
            oldUsed[deletion.offset] = true
        }
        for insertion in diff.insertions {
            guard new.indices.contains(insertion.offset), sourceOfNew[insertion.offset] == -2,
                new[insertion.offset] == insertion.id
            else {
                throw .diffDoesNotFit(
                    reason: "it inserts \(describe(insertion.id)) at new offset \(insertion.offset).")
            }
            sourceOfNew[insertion.offset] = -1
        }
        for move in diff.moves {
            guard old.indices.contains(move.from), new.indices.contains(move.to), !oldUsed[move.from],
                sourceOfNew[move.to] == -2, old[move.from] == move.id, new[move.to] == move.id
            else {
                throw .diffDoesNotFit(
                    reason: "it moves \(describe(move.id)) from old offset \(move.from) to new offset \(move.to).")
            }
            oldUsed[move.from] = true
            sourceOfNew[move.to] = move.from
        }
        // The remaining items stay put: pair them in order.
        var oldOffset = 0
        for newOffset in new.indices where sourceOfNew[newOffset] == -2 {
            while oldOffset < old.count, oldUsed[oldOffset] { oldOffset += 1 }
            guard oldOffset < old.count, old[oldOffset] == new[newOffset] else {
                throw .diffDoesNotFit(
                    reason: "new offset \(newOffset) holds \(describe(new[newOffset])), which the diff neither "
                        + "inserts nor moves, but the next kept old item is "
                        + (oldOffset < old.count ? describe(old[oldOffset]) : "missing") + ".")
            }
            sourceOfNew[newOffset] = oldOffset
            oldOffset += 1
        }
        while oldOffset < old.count, oldUsed[oldOffset] { oldOffset += 1 }
        guard oldOffset == old.count else {
            throw .diffDoesNotFit(
                reason: "old offset \(oldOffset) holds \(describe(old[oldOffset])), which the diff neither "
                    + "deletes nor moves, but no new offset is left for it.")
        }
        return sourceOfNew
    }
}
