/// The linear-time checks behind ``PairVerifier``, on unsafe buffers and
/// scratch space the verifier owns and reuses, so that a pair costs no heap
/// allocation and no hashing beyond the IDs that are both deleted and inserted.
///
/// Each check compares every slot of a result with the snapshot it must
/// equal; none trusts the engine's tables. The application checks also
/// reject offsets out of range or used twice, so a malformed diff fails a
/// check instead of trapping.
@usableFromInline
enum PairProof {
    /// A result slot nothing has arrived in yet.
    @inlinable
    static var unset: Int32 { -2 }

    /// Applies a diff (or, `backward`, its inverse) to `source` by roles and
    /// compares the result with `target`, slot by slot.
    ///
    /// Forward, deletions and move sources leave `source` (each must hold its
    /// ID there and leave once), insertions and move destinations arrive
    /// (each must be in range, arrive once and be the ID `target` has in that
    /// slot), and the IDs that neither leave nor arrive fill the remaining
    /// slots in their source order, each compared with `target`. Backward,
    /// insertions and move destinations leave `new`, deletions and move
    /// sources arrive in `old`.
    ///
    /// - Parameters:
    ///   - leaves: one flag per source offset (overwritten).
    ///   - slots: one entry per target offset (overwritten); on success, the
    ///     source offset of the ID in each slot, or -1 where a deletion or
    ///     insertion arrived.
    /// - Returns: whether the result equals `target`.
    /// - Complexity: O(*n*), *n* = `source.count + target.count`.
    @inlinable
    static func applies<ID: Hashable & Sendable>(
        backward: Bool, source: UnsafeBufferPointer<ID>, target: UnsafeBufferPointer<ID>,
        deletions: UnsafeBufferPointer<SnapshotDiff<ID>.Deletion>,
        insertions: UnsafeBufferPointer<SnapshotDiff<ID>.Insertion>, moves: UnsafeBufferPointer<SnapshotDiff<ID>.Move>,
        leaves: UnsafeMutableBufferPointer<UInt8>, slots: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        let sourceCount = source.count
        let targetCount = target.count
        guard
            sourceCount - (backward ? insertions.count : deletions.count) - moves.count
                == targetCount - (backward ? deletions.count : insertions.count) - moves.count
        else { return false }
        leaves.initialize(repeating: 0)
        slots.initialize(repeating: unset)

        @inline(__always) func leave(_ offset: Int, _ id: ID) -> Bool {
            guard offset >= 0 && offset < sourceCount && leaves[offset] == 0 && source[offset] == id else {
                return false
            }
            leaves[offset] = 1
            return true
        }
        @inline(__always) func arrive(_ offset: Int, _ id: ID, from origin: Int) -> Bool {
            guard offset >= 0 && offset < targetCount && slots[offset] == unset && target[offset] == id else {
                return false
            }
            slots[offset] = Int32(truncatingIfNeeded: origin)
            return true
        }

        if backward {
            for index in 0..<insertions.count where !leave(insertions[index].offset, insertions[index].id) {
                return false
            }
            for index in 0..<moves.count where !leave(moves[index].to, moves[index].id) { return false }
            for index in 0..<deletions.count where !arrive(deletions[index].offset, deletions[index].id, from: -1) {
                return false
            }
            for index in 0..<moves.count where !arrive(moves[index].from, moves[index].id, from: moves[index].to) {
                return false
            }
        } else {
            for index in 0..<deletions.count where !leave(deletions[index].offset, deletions[index].id) {
                return false
            }
            for index in 0..<moves.count where !leave(moves[index].from, moves[index].id) { return false }
            for index in 0..<insertions.count
            where !arrive(insertions[index].offset, insertions[index].id, from: -1) {
                return false
            }
            for index in 0..<moves.count where !arrive(moves[index].to, moves[index].id, from: moves[index].from) {
                return false
            }
        }
        var next = 0
        for offset in 0..<targetCount where slots[offset] == unset {
            while next < sourceCount && leaves[next] != 0 { next &+= 1 }
            guard next < sourceCount && source[next] == target[offset] else { return false }
            slots[offset] = Int32(truncatingIfNeeded: next)
            next &+= 1
        }
        while next < sourceCount {
            guard leaves[next] != 0 else { return false }
            next &+= 1
        }
        return true
    }

    /// Applies a diff to `old` the way the standard library applies a
    /// `CollectionDifference` with associated moves, and compares the result
    /// with `new`, slot by slot.
    ///
    /// Every removal (deletions and move sources) takes its offset out of
    /// `old`, each offset once; then the insertions and move destinations go
    /// in at ascending new offsets (each list must be in ascending order, as
    /// ``SnapshotDiff`` documents), the remaining old IDs filling the slots in
    /// between.
    ///
    /// - Parameter removed: one flag per old offset (overwritten).
    /// - Returns: whether the result equals `new`.
    /// - Complexity: O(*n*), *n* = `old.count + new.count`.
    @inlinable
    static func appliesPaired<ID: Hashable & Sendable>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
        deletions: UnsafeBufferPointer<SnapshotDiff<ID>.Deletion>,
        insertions: UnsafeBufferPointer<SnapshotDiff<ID>.Insertion>, moves: UnsafeBufferPointer<SnapshotDiff<ID>.Move>,
        removed: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        let oldCount = old.count
        removed.initialize(repeating: 0)
        @inline(__always) func remove(_ offset: Int) -> Bool {
            guard offset >= 0 && offset < oldCount && removed[offset] == 0 else { return false }
            removed[offset] = 1
            return true
        }
        for index in 0..<deletions.count where !remove(deletions[index].offset) { return false }
        for index in 0..<moves.count where !remove(moves[index].from) { return false }

        var nextInsertion = 0
        var nextMove = 0
        var nextOld = 0
        for offset in 0..<new.count {
            let insertionOffset = nextInsertion < insertions.count ? insertions[nextInsertion].offset : Int.max
            let moveOffset = nextMove < moves.count ? moves[nextMove].to : Int.max
            if insertionOffset == offset {
                guard moveOffset != offset && insertions[nextInsertion].id == new[offset] else { return false }
                nextInsertion &+= 1
            } else if moveOffset == offset {
                guard moves[nextMove].id == new[offset] else { return false }
                nextMove &+= 1
            } else {
                guard insertionOffset > offset && moveOffset > offset else { return false }
                while nextOld < oldCount && removed[nextOld] != 0 { nextOld &+= 1 }
                guard nextOld < oldCount && old[nextOld] == new[offset] else { return false }
                nextOld &+= 1
            }
        }
        guard nextInsertion == insertions.count && nextMove == moves.count else { return false }
        while nextOld < oldCount {
            guard removed[nextOld] != 0 else { return false }
            nextOld &+= 1
        }
        return true
    }

    /// Up to this many deletion × insertion pairs, IDs that are both deleted
    /// and inserted are found by comparison; above, with a hash table.
    @inlinable
    static var comparisonLimit: Int { 4_096 }

    /// The fewest moves any diff of the pair can have: the kept IDs minus the
    /// longest increasing run of their old offsets taken in new order.
    ///
    /// `mapping` comes from a forward application that matched every slot
    /// (``applies(backward:source:target:deletions:insertions:moves:leaves:slots:)``),
    /// so each of its old offsets holds the same ID as its new slot. An ID
    /// the diff both deletes and inserts is kept all the same: it is looked
    /// up among the deleted IDs (by comparison for few, in `table` otherwise)
    /// and its slot gets its old offset. The run is found by patience
    /// sorting (searching tails with
    /// ``LongestIncreasingRun/firstTail(notBelow:in:length:)``), independently
    /// of the engine's run marks.
    ///
    /// - Parameters:
    ///   - mapping: for each new offset, an old offset or -1 (overwritten
    ///     where an inserted ID turns out to be kept).
    ///   - tails: scratch with one entry per new offset.
    ///   - table: scratch slots for the deleted IDs' hash table, a power of
    ///     two at least twice the deletion count, when there are more than
    ///     ``comparisonLimit`` deletion × insertion pairs.
    /// - Complexity: O(*n* log *L*) for a run of length *L*, plus expected
    ///   O(*d* + *i*) hashing for *d* deletions and *i* insertions.
    @inlinable
    static func minimumMoveCount<ID: Hashable & Sendable>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
        deletions: UnsafeBufferPointer<SnapshotDiff<ID>.Deletion>,
        insertions: UnsafeBufferPointer<SnapshotDiff<ID>.Insertion>, mapping: UnsafeMutableBufferPointer<Int32>,
        tails: UnsafeMutableBufferPointer<Int32>, table: UnsafeMutableBufferPointer<UInt64>
    ) -> Int {
        if !deletions.isEmpty && !insertions.isEmpty {
            if deletions.count &* insertions.count <= comparisonLimit {
                for index in 0..<insertions.count {
                    let offset = insertions[index].offset
                    for candidate in 0..<deletions.count where old[deletions[candidate].offset] == new[offset] {
                        mapping[offset] = Int32(truncatingIfNeeded: deletions[candidate].offset)
                        break
                    }
                }
            } else {
                table.initialize(repeating: 0)
                let mask = table.count &- 1
                let seed = OffsetTable.seed
                for index in 0..<deletions.count {
                    let offset = deletions[index].offset
                    _ = OffsetTable.insert(
                        offset, hash: OffsetTable.hash(old[offset], seed: seed), slots: table, mask: mask, in: old)
                }
                let slots = UnsafeBufferPointer(table)
                for index in 0..<insertions.count {
                    let offset = insertions[index].offset
                    let found = OffsetTable.find(
                        new[offset], hash: OffsetTable.hash(new[offset], seed: seed), slots: slots, mask: mask, in: old)
                    if found >= 0 { mapping[offset] = Int32(truncatingIfNeeded: found) }
                }
            }
        }
        var kept = 0
        var length = 0
        for offset in 0..<mapping.count {
            let value = mapping[offset]
            if value < 0 { continue }
            kept &+= 1
            if length == 0 || tails[length &- 1] < value {
                tails[length] = value
                length &+= 1
                continue
            }
            tails[LongestIncreasingRun.firstTail(notBelow: value, in: tails, length: length)] = value
        }
        return kept &- length
    }

    /// The number of hash-table slots ``minimumMoveCount(old:new:deletions:insertions:mapping:tails:table:)``
    /// needs for `deletions` deletions and `insertions` insertions (0 when it compares).
    @inlinable
    static func tableCapacity(deletions: Int, insertions: Int) -> Int {
        guard deletions > 0 && insertions > 0 && deletions &* insertions > comparisonLimit else { return 0 }
        var capacity = 16
        while capacity < 2 &* deletions { capacity <<= 1 }
        return capacity
    }
}
