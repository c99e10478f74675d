/// The linear-time checks behind ``PairVerifier``, on unsafe buffers and
/// scratch space the verifier owns and reuses, so that a pair costs no heap
/// allocation and no hashing beyond the IDs that are both deleted and inserted.
///
/// The application check compares every slot of the result with the
/// snapshot it must equal; none trusts the engine's tables. It also rejects
/// offsets out of range or used twice, so a malformed diff fails a check
/// instead of trapping.
@usableFromInline
enum PairProof {
    /// A result slot nothing has arrived in yet.
    @inlinable
    static var unset: Int32 { -2 }

    /// Applies a diff to `old` by roles and compares the result with `new`,
    /// slot by slot.
    ///
    /// Deletions and move sources leave `old` (each must hold its ID there
    /// and leave once), insertions and move destinations arrive (each must
    /// be in range, arrive once and be the ID `new` has in that slot), and
    /// the IDs that neither leave nor arrive fill the remaining slots in
    /// their old order, each compared with `new`.
    ///
    /// This also proves that the inverse restores `old`: applied by roles,
    /// the inverse makes insertions and move destinations leave `new` and
    /// deletions and move sources arrive in `old`, so it needs the same
    /// offsets in range and used once, the same IDs at them, the same
    /// counts, and the same pairing of the remaining IDs in order, read the
    /// other way; every one of those conditions is checked here.
    ///
    /// - Parameters:
    ///   - leaves: one flag per old offset (overwritten).
    ///   - slots: one entry per new offset (overwritten); on success, the
    ///     old offset of the ID in each slot, or -1 where an insertion
    ///     arrived.
    /// - Returns: whether the result equals `new`.
    /// - Complexity: O(*n*), *n* = `old.count + new.count`.
    @inlinable
    static func applies<ID: Hashable & Sendable>(
        old source: UnsafeBufferPointer<ID>, new target: UnsafeBufferPointer<ID>,
        deletions: UnsafeBufferPointer<SnapshotDiff<ID>.Deletion>,
        insertions: UnsafeBufferPointer<SnapshotDiff<ID>.Insertion>, moves: UnsafeBufferPointer<SnapshotDiff<ID>.Move>,
        leaves: UnsafeMutableBufferPointer<UInt8>, slots: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        let sourceCount = source.count
        let targetCount = target.count
        guard sourceCount - deletions.count == targetCount - insertions.count else { return false }
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

        for index in 0..<deletions.count where !leave(deletions[index].offset, deletions[index].id) {
            return false
        }
        for index in 0..<moves.count where !leave(moves[index].from, moves[index].id) { return false }
        for index in 0..<insertions.count where !arrive(insertions[index].offset, insertions[index].id, from: -1) {
            return false
        }
        for index in 0..<moves.count where !arrive(moves[index].to, moves[index].id, from: moves[index].from) {
            return false
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

    /// Whether the diff's arrivals are in the order ``SnapshotDiff``
    /// documents: insertion offsets strictly ascending, move destinations
    /// strictly ascending.
    ///
    /// After ``applies(old:new:deletions:insertions:moves:leaves:slots:)``
    /// succeeded, this is exactly what applying the diff with its
    /// moves paired (every removal taken out of `old`, then insertions and
    /// move destinations put in at ascending new offsets, the remaining old
    /// IDs filling the slots in between: the standard library's `applying`
    /// of a `CollectionDifference` with associated moves) needs to give
    /// `new`: the removals are the offsets that left, each once and in range;
    /// each arrival, taken in offset order, lands in the slot the forward
    /// application proved holds its ID; and the slots in between are filled
    /// by the remaining old IDs in order, which the forward application
    /// compared one by one. Arrivals out of order put an ID where `new` has
    /// another, which the paired application would find.
    ///
    /// - Complexity: O(*i* + *m*) for *i* insertions and *m* moves.
    @inlinable
    static func arrivesInOffsetOrder<ID: Hashable & Sendable>(
        insertions: UnsafeBufferPointer<SnapshotDiff<ID>.Insertion>, moves: UnsafeBufferPointer<SnapshotDiff<ID>.Move>
    ) -> Bool {
        var previous = -1
        for index in 0..<insertions.count {
            let offset = insertions[index].offset
            guard offset > previous else { return false }
            previous = offset
        }
        previous = -1
        for index in 0..<moves.count {
            let offset = moves[index].to
            guard offset > previous else { return false }
            previous = offset
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
    /// (``applies(old:new:deletions:insertions:moves:leaves:slots:)``),
    /// so each of its old offsets holds the same ID as its new slot. An ID
    /// the diff both deletes and inserts is kept all the same: it is looked
    /// up among the deleted IDs (by comparison for few, in `table` otherwise)
    /// and its slot gets its old offset. The run is counted by
    /// ``LongestIncreasingRun/count(_:tails:)``, independently of the
    /// engine's run marks.
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
        let (kept, run) = LongestIncreasingRun.count(UnsafeBufferPointer(mapping), tails: tails)
        return kept &- run
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
