import UpdateCheckSupport

/// How the IDs of two snapshots correspond: for each new offset, the old
/// offset of the same ID (or `-1` for an inserted ID), plus counts.
///
/// Offsets are stored as `Int32` to halve the memory of large diffs; a
/// snapshot is limited to `Int32.max` IDs.
@usableFromInline
struct IDMatching: Sendable {
    /// For each new offset, the old offset of the same ID, or `-1` when the ID is new.
    @usableFromInline var oldOffsetOfNew: [Int32]
    /// For each old offset, whether the ID is still present in the new snapshot.
    @usableFromInline var isKept: [Bool]
    /// The number of IDs present in both snapshots.
    @usableFromInline var keptCount: Int

    /// Creates a matching from its parts.
    @inlinable
    init(oldOffsetOfNew: [Int32], isKept: [Bool], keptCount: Int) {
        self.oldOffsetOfNew = oldOffsetOfNew
        self.isKept = isKept
        self.keptCount = keptCount
    }

    /// Matches `old` against `new` by hashing, rejecting duplicate IDs.
    ///
    /// The old snapshot's IDs are entered in a flat ``OffsetTable`` (their
    /// hashes computed first, in parallel for large snapshots, unless they
    /// are integers, which hash in a few instructions); every new ID is then
    /// looked up, in parallel, since lookups only read. A new ID is first
    /// compared with the old ID beside the previous match, after it or,
    /// when the last two matches went backwards, before it (old IDs are
    /// unique, so an equal one is the match the table would give): runs of
    /// kept IDs in order or in reverse order are matched without hashing.
    /// IDs that are not integers, off that guess (a shuffle), are hashed a
    /// block at a time before their lookups, so that the lookups' cache
    /// misses overlap instead of each waiting behind the next hash. A
    /// sequential pass marks kept IDs and catches an old ID matched twice;
    /// IDs only in the new snapshot are checked for duplicates with a table
    /// of just those.
    /// Each table is released before the next step allocates.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` naming every
    ///   duplicate of the first snapshot (old before new) that has any.
    /// - Complexity: O(*n*) expected hashing, *n* = `old.count + new.count`.
    @inlinable
    static func match<ID: Hashable & Sendable>(old: [ID], new: [ID]) throws(ListDiffError) -> IDMatching {
        precondition(
            old.count < Int(Int32.max) && new.count < Int(Int32.max), "a snapshot is limited to Int32.max IDs")
        var table = OffsetTable(count: old.count)
        let mask = table.mask
        let seed = OffsetTable.seed
        var hasDuplicate = false
        old.withUnsafeBufferPointer { oldIDs in
            table.slots.withUnsafeMutableBufferPointer { slots in
                if OffsetTable.hashesCheaply(ID.self) {
                    for offset in 0..<oldIDs.count {
                        let hash = OffsetTable.hash(oldIDs[offset], seed: seed)
                        if OffsetTable.insert(offset, hash: hash, slots: slots, mask: mask, in: oldIDs) >= 0 {
                            hasDuplicate = true
                            break
                        }
                    }
                    return
                }
                let hashes = [UInt64](uninitializedCount: oldIDs.count) { buffer in
                    let output = SharedPointer(buffer)
                    let input = SharedPointer(oldIDs)
                    ParallelLoop.forEach(count: oldIDs.count) { range in
                        for offset in range {
                            output.pointer[offset] = OffsetTable.hash(input.pointer[offset], seed: seed)
                        }
                    }
                }
                hashes.withUnsafeBufferPointer { hashes in
                    for offset in 0..<oldIDs.count
                    where OffsetTable.insert(offset, hash: hashes[offset], slots: slots, mask: mask, in: oldIDs) >= 0 {
                        hasDuplicate = true
                        break
                    }
                }
            }
        }
        if hasDuplicate { throw duplicates(in: old, side: .old) }

        let oldOffsetOfNew = old.withUnsafeBufferPointer { oldIDs in
            new.withUnsafeBufferPointer { newIDs in
                table.slots.withUnsafeBufferPointer { slots in
                    [Int32](uninitializedCount: newIDs.count) { buffer in
                        let output = SharedPointer(buffer)
                        let shared = SharedPointer((old: oldIDs, new: newIDs, slots: slots))
                        ParallelLoop.forEach(count: newIDs.count) { range in
                            let (oldIDs, newIDs, slots) = shared.pointer
                            if !OffsetTable.hashesCheaply(ID.self) {
                                lookUpHashingInBlocks(
                                    range, old: oldIDs, new: newIDs, slots: slots, mask: mask, seed: seed,
                                    into: output.pointer)
                                return
                            }
                            // The old offset beside the last match, on the side the last two matches
                            // went: kept IDs mostly keep their order (or, reversed, its opposite), so it
                            // is the likeliest match, compared in memory just read before hashing.
                            // After four IDs in a row off that guess (a shuffle) only every sixteenth
                            // is compared, until one is on it again.
                            var next = -1
                            var last = -2
                            var misses = 0
                            for offset in range {
                                let found: Int
                                if (misses < 4 || misses & 15 == 0) && UInt(bitPattern: next) < UInt(oldIDs.count)
                                    && oldIDs[next] == newIDs[offset]
                                {
                                    found = next
                                } else {
                                    found = OffsetTable.find(
                                        newIDs[offset], hash: OffsetTable.hash(newIDs[offset], seed: seed),
                                        slots: slots, mask: mask, in: oldIDs)
                                }
                                misses = found == next ? 0 : misses &+ 1
                                if found >= 0 {
                                    next = found == last &- 1 ? found &- 1 : found &+ 1
                                    last = found
                                }
                                output.pointer[offset] = Int32(truncatingIfNeeded: found)
                            }
                        }
                    }
                }
            }
        }
        table.slots = ZeroedWords(count: 0)  // released before the next step allocates

        var isKept = [Bool](repeating: false, count: old.count)
        var keptCount = 0
        isKept.withUnsafeMutableBufferPointer { kept in
            oldOffsetOfNew.withUnsafeBufferPointer { mapping in
                for offset in 0..<mapping.count {
                    let oldOffset = Int(mapping[offset])
                    if oldOffset < 0 { continue }
                    if kept[oldOffset] {
                        hasDuplicate = true
                        break
                    }
                    kept[oldOffset] = true
                    keptCount &+= 1
                }
            }
        }
        if hasDuplicate { throw duplicates(in: new, side: .new) }

        let insertedCount = new.count - keptCount
        if insertedCount > 1 {
            let inserted = OffsetTable(count: insertedCount)
            let insertedMask = inserted.mask
            new.withUnsafeBufferPointer { newIDs in
                inserted.slots.withUnsafeMutableBufferPointer { slots in
                    oldOffsetOfNew.withUnsafeBufferPointer { mapping in
                        for offset in 0..<newIDs.count where mapping[offset] < 0 {
                            let hash = OffsetTable.hash(newIDs[offset], seed: seed)
                            if OffsetTable.insert(offset, hash: hash, slots: slots, mask: insertedMask, in: newIDs) >= 0
                            {
                                hasDuplicate = true
                                break
                            }
                        }
                    }
                }
            }
            if hasDuplicate { throw duplicates(in: new, side: .new) }
        }
        return IDMatching(oldOffsetOfNew: oldOffsetOfNew, isKept: isKept, keptCount: keptCount)
    }

    /// Looks up the new IDs of `range` in the old snapshot's table, for IDs
    /// that take dozens of instructions to hash (text and other IDs that are
    /// not integers), writing each one's old offset (or `-1`) to `output`.
    ///
    /// The guess of ``match(old:new:)`` comes first, as there: the old ID
    /// beside the previous match, compared for every ID while it keeps
    /// matching and then for every sixteenth. Between those, in a shuffle,
    /// a lookup's reads of a slot and an old ID, often cache misses, would
    /// each wait behind the next ID's hash; so the IDs up to the next one
    /// the guess is compared with are hashed first, as a block, then looked
    /// up one after another, and their reads overlap. The matches are the
    /// table's either way.
    ///
    /// - Complexity: O(*n*) expected for the *n* IDs of `range`; at most 16
    ///   hashes held at a time, on the stack.
    @inlinable
    static func lookUpHashingInBlocks<ID: Hashable>(
        _ range: Range<Int>, old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
        slots: UnsafeBufferPointer<UInt64>, mask: Int, seed: UTF8Hash.Keys,
        into output: UnsafeMutableBufferPointer<Int32>
    ) {
        var next = -1
        var last = -2
        var misses = 0
        /// Records the match of the new ID at `offset` and moves the guess beside it.
        @inline(__always) func record(_ found: Int, at offset: Int) {
            misses = found == next ? 0 : misses &+ 1
            if found >= 0 {
                next = found == last &- 1 ? found &- 1 : found &+ 1
                last = found
            }
            output[offset] = Int32(truncatingIfNeeded: found)
        }
        var offset = range.lowerBound
        while offset < range.upperBound {
            if misses < 4 || misses & 15 == 0 {
                let found: Int
                if UInt(bitPattern: next) < UInt(old.count) && old[next] == new[offset] {
                    found = next
                } else {
                    found = OffsetTable.find(
                        new[offset], hash: OffsetTable.hash(new[offset], seed: seed), slots: slots, mask: mask, in: old)
                }
                record(found, at: offset)
                offset &+= 1
                continue
            }
            let start = offset
            offset = min(start &+ (16 &- (misses & 15)), range.upperBound)
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { hashes in
                for index in start..<offset {
                    hashes[index &- start] = OffsetTable.hash(new[index], seed: seed)
                }
                for index in start..<offset {
                    record(
                        OffsetTable.find(new[index], hash: hashes[index &- start], slots: slots, mask: mask, in: old),
                        at: index)
                }
            }
        }
    }

    /// The error naming every duplicate ID of `ids` with all of its offsets,
    /// in order of first occurrence (the slow path, only taken on bad input).
    @usableFromInline
    static func duplicates<ID: Hashable>(in ids: [ID], side: SnapshotSide) -> ListDiffError {
        var offsetsByID: [ID: [Int]] = [:]
        var order: [ID] = []
        for (offset, id) in ids.enumerated() {
            if offsetsByID[id] == nil { order.append(id) }
            offsetsByID[id, default: []].append(offset)
        }
        let duplicates = order.compactMap { id -> DuplicateID? in
            guard let offsets = offsetsByID[id], offsets.count > 1 else { return nil }
            return DuplicateID(id: String(describing: id), offsets: offsets)
        }
        return .duplicateIDs(in: side, duplicates: duplicates)
    }
}

/// Throws the error naming every duplicate ID of `ids` with all of its
/// offsets, if it has one: the one uniqueness check of a snapshot that did
/// not come through a diff (a ``VersionedList``, a plan of a hand-made diff).
///
/// - Complexity: O(*n*) expected hashing; 16 IDs or fewer are compared
///   without allocating.
@inlinable
package func requireUniqueIDs<ID: Hashable>(_ ids: [ID], side: SnapshotSide) throws(ListDiffError) {
    if ids.count <= 16 {
        for index in ids.indices.dropFirst() where ids[..<index].contains(ids[index]) {
            throw IDMatching.duplicates(in: ids, side: side)
        }
        return
    }
    var seen = Set<ID>(minimumCapacity: ids.count)
    for id in ids where !seen.insert(id).inserted {
        throw IDMatching.duplicates(in: ids, side: side)
    }
}
