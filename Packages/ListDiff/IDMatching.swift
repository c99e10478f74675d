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
    /// One dictionary of the old snapshot is built and probed once per new
    /// ID; IDs not in the old snapshot are checked for duplicates with a set
    /// of just those. The dictionary is released before the set is built.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` naming every
    ///   duplicate of the first snapshot (old before new) that has any.
    /// - Complexity: O(*n*) expected hashing, *n* = `old.count + new.count`.
    @inlinable
    static func match<ID: Hashable>(old: [ID], new: [ID]) throws(ListDiffError) -> IDMatching {
        precondition(
            old.count < Int(Int32.max) && new.count < Int(Int32.max), "a snapshot is limited to Int32.max IDs")
        var table = [ID: Int32](minimumCapacity: old.count)
        var hasDuplicate = false
        old.withUnsafeBufferPointer { ids in
            for offset in 0..<ids.count
            where table.updateValue(Int32(truncatingIfNeeded: offset), forKey: ids[offset]) != nil {
                hasDuplicate = true
                break
            }
        }
        if hasDuplicate { throw duplicates(in: old, side: .old) }

        var isKept = [Bool](repeating: false, count: old.count)
        var keptCount = 0
        let oldOffsetOfNew = [Int32](unsafeUninitializedCapacity: new.count) { mapping, initialized in
            isKept.withUnsafeMutableBufferPointer { kept in
                new.withUnsafeBufferPointer { ids in
                    for offset in 0..<ids.count {
                        if let oldOffset = table[ids[offset]] {
                            if kept[Int(oldOffset)] {
                                hasDuplicate = true
                                mapping.initialize(repeating: -1)
                                break
                            }
                            kept[Int(oldOffset)] = true
                            mapping[offset] = oldOffset
                            keptCount &+= 1
                        } else {
                            mapping[offset] = -1
                        }
                    }
                }
            }
            initialized = new.count
        }
        table = [:]
        if hasDuplicate { throw duplicates(in: new, side: .new) }

        let insertedCount = new.count - keptCount
        if insertedCount > 1 {
            var inserted = Set<ID>(minimumCapacity: insertedCount)
            for offset in new.indices where oldOffsetOfNew[offset] < 0 && !inserted.insert(new[offset]).inserted {
                throw duplicates(in: new, side: .new)
            }
        }
        return IDMatching(oldOffsetOfNew: oldOffsetOfNew, isKept: isKept, keptCount: keptCount)
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
