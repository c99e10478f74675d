/// A sectioned snapshot laid out in scratch buffers: its section IDs, its
/// items back to back (the *item index* of an item is its place there), and
/// where each section's items start; what the small-pair engine and
/// ``SectionedPairVerifier`` read instead of hash tables.
///
/// Lookups compare IDs one by one, so they suit snapshots of at most
/// ``SectionedDiff/smallSnapshotLimit`` sections and items.
@usableFromInline
struct SectionedLayout<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// The section IDs, in order.
    @usableFromInline let sectionIDs: UnsafeBufferPointer<SectionID>
    /// Every section's items, back to back.
    @usableFromInline let items: UnsafeBufferPointer<ItemID>
    /// The item index of each section's first item, then the item count.
    @usableFromInline let starts: UnsafeBufferPointer<Int32>
    /// The section of each item index.
    @usableFromInline let sectionOf: UnsafeBufferPointer<Int32>

    @inlinable
    init(
        sectionIDs: UnsafeBufferPointer<SectionID>, items: UnsafeBufferPointer<ItemID>,
        starts: UnsafeBufferPointer<Int32>, sectionOf: UnsafeBufferPointer<Int32>
    ) {
        self.sectionIDs = sectionIDs
        self.items = items
        self.starts = starts
        self.sectionOf = sectionOf
    }

    /// Lays `snapshot` out in stack scratch space (on the heap only past the
    /// standard library's stack limit) for the duration of `body`.
    ///
    /// - Complexity: O(*n*) for *n* sections and items.
    @inlinable @inline(__always)
    static func with<Result>(
        _ snapshot: SectionedSnapshot<SectionID, ItemID>, _ body: (SectionedLayout) -> Result
    ) -> Result {
        let sectionCount = snapshot.sections.count
        var itemCount = 0
        for section in snapshot.sections { itemCount &+= section.items.count }
        return withUnsafeTemporaryAllocation(of: SectionID.self, capacity: sectionCount) { sectionIDs in
            withUnsafeTemporaryAllocation(of: ItemID.self, capacity: itemCount) { items in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: sectionCount &+ 1 &+ itemCount) { offsets in
                    var next = 0
                    for (offset, section) in snapshot.sections.enumerated() {
                        (sectionIDs.baseAddress! + offset).initialize(to: section.id)
                        offsets[offset] = Int32(truncatingIfNeeded: next)
                        for item in section.items {
                            (items.baseAddress! + next).initialize(to: item)
                            offsets[sectionCount &+ 1 &+ next] = Int32(truncatingIfNeeded: offset)
                            next &+= 1
                        }
                    }
                    offsets[sectionCount] = Int32(truncatingIfNeeded: next)
                    defer {
                        _ = UnsafeMutableBufferPointer(rebasing: sectionIDs[0..<sectionCount]).deinitialize()
                        _ = UnsafeMutableBufferPointer(rebasing: items[0..<itemCount]).deinitialize()
                    }
                    return body(
                        SectionedLayout(
                            sectionIDs: UnsafeBufferPointer(rebasing: sectionIDs[0..<sectionCount]),
                            items: UnsafeBufferPointer(rebasing: items[0..<itemCount]),
                            starts: UnsafeBufferPointer(rebasing: offsets[0...sectionCount]),
                            sectionOf: UnsafeBufferPointer(rebasing: offsets[(sectionCount &+ 1)...])))
                }
            }
        }
    }

    /// Whether a section ID or an item ID occurs twice.
    ///
    /// - Complexity: O(*n*²) comparisons.
    @inlinable
    var hasDuplicates: Bool {
        for offset in 1..<max(sectionIDs.count, 1) {
            for earlier in 0..<offset where sectionIDs[earlier] == sectionIDs[offset] { return true }
        }
        for offset in 1..<max(items.count, 1) {
            for earlier in 0..<offset where items[earlier] == items[offset] { return true }
        }
        return false
    }

    /// The offset of the section with ID `id`, or -1.
    @inlinable
    func sectionOffset(of id: SectionID) -> Int {
        for offset in 0..<sectionIDs.count where sectionIDs[offset] == id { return offset }
        return -1
    }

    /// The item index of `id`, or -1.
    @inlinable
    func itemIndex(of id: ItemID) -> Int {
        for index in 0..<items.count where items[index] == id { return index }
        return -1
    }

    /// The item index of `position`, or -1 when it is out of range.
    @inlinable
    func itemIndex(at position: ItemPosition) -> Int {
        guard position.section >= 0 && position.section < sectionIDs.count && position.item >= 0 else { return -1 }
        let start = Int(starts[position.section])
        guard position.item < Int(starts[position.section &+ 1]) &- start else { return -1 }
        return start &+ position.item
    }

    /// The position of the item at `index`.
    @inlinable
    func position(ofItem index: Int) -> ItemPosition {
        let section = Int(sectionOf[index])
        return ItemPosition(section: section, item: index &- Int(starts[section]))
    }
}

extension SectionedSnapshot {
    /// The item index of each section's first item (then the item count),
    /// and the section of each item index, as ``SectionedLayout`` has them.
    ///
    /// - Complexity: O(*n*) for *n* sections and items.
    @inlinable
    var itemIndexes: (starts: [Int32], sectionOf: [Int32]) {
        var starts: [Int32] = []
        starts.reserveCapacity(sections.count + 1)
        var sectionOf: [Int32] = []
        sectionOf.reserveCapacity(itemCount)
        for (offset, section) in sections.enumerated() {
            starts.append(Int32(truncatingIfNeeded: sectionOf.count))
            sectionOf.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: offset), count: section.items.count))
        }
        starts.append(Int32(truncatingIfNeeded: sectionOf.count))
        return (starts, sectionOf)
    }
}

/// The parts of a ``SectionedDiff`` as unsafe buffers, valid for the
/// duration of ``with(_:_:)``: what the proofs of ``SectionedPairVerifier``
/// and the flat form read, without reference counting on every access.
@usableFromInline
struct SectionedDiffParts<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// ``SectionedDiff/sections``' old and new counts.
    @usableFromInline let sectionCounts: (old: Int, new: Int)
    /// ``SectionedDiff/sections``' deletions.
    @usableFromInline let sectionDeletions: UnsafeBufferPointer<SnapshotDiff<SectionID>.Deletion>
    /// ``SectionedDiff/sections``' insertions.
    @usableFromInline let sectionInsertions: UnsafeBufferPointer<SnapshotDiff<SectionID>.Insertion>
    /// ``SectionedDiff/sections``' moves.
    @usableFromInline let sectionMoves: UnsafeBufferPointer<SnapshotDiff<SectionID>.Move>
    /// ``SectionedDiff/oldItemCounts``.
    @usableFromInline let oldItemCounts: UnsafeBufferPointer<Int>
    /// ``SectionedDiff/newItemCounts``.
    @usableFromInline let newItemCounts: UnsafeBufferPointer<Int>
    /// ``SectionedDiff/itemDeletions``.
    @usableFromInline let itemDeletions: UnsafeBufferPointer<SectionedDiff<SectionID, ItemID>.ItemDeletion>
    /// ``SectionedDiff/itemInsertions``.
    @usableFromInline let itemInsertions: UnsafeBufferPointer<SectionedDiff<SectionID, ItemID>.ItemInsertion>
    /// ``SectionedDiff/itemMoves``.
    @usableFromInline let itemMoves: UnsafeBufferPointer<SectionedDiff<SectionID, ItemID>.ItemMove>

    @inlinable
    init(
        sectionCounts: (old: Int, new: Int), sectionDeletions: UnsafeBufferPointer<SnapshotDiff<SectionID>.Deletion>,
        sectionInsertions: UnsafeBufferPointer<SnapshotDiff<SectionID>.Insertion>,
        sectionMoves: UnsafeBufferPointer<SnapshotDiff<SectionID>.Move>, oldItemCounts: UnsafeBufferPointer<Int>,
        newItemCounts: UnsafeBufferPointer<Int>,
        itemDeletions: UnsafeBufferPointer<SectionedDiff<SectionID, ItemID>.ItemDeletion>,
        itemInsertions: UnsafeBufferPointer<SectionedDiff<SectionID, ItemID>.ItemInsertion>,
        itemMoves: UnsafeBufferPointer<SectionedDiff<SectionID, ItemID>.ItemMove>
    ) {
        self.sectionCounts = sectionCounts
        self.sectionDeletions = sectionDeletions
        self.sectionInsertions = sectionInsertions
        self.sectionMoves = sectionMoves
        self.oldItemCounts = oldItemCounts
        self.newItemCounts = newItemCounts
        self.itemDeletions = itemDeletions
        self.itemInsertions = itemInsertions
        self.itemMoves = itemMoves
    }

    /// Calls `body` with the parts of `diff`.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func with<Result>(_ diff: SectionedDiff<SectionID, ItemID>, _ body: (Self) -> Result) -> Result {
        diff.sections.deletions.withUnsafeBufferPointer { sectionDeletions in
            diff.sections.insertions.withUnsafeBufferPointer { sectionInsertions in
                diff.sections.moves.withUnsafeBufferPointer { sectionMoves in
                    diff.oldItemCounts.withUnsafeBufferPointer { oldItemCounts in
                        diff.newItemCounts.withUnsafeBufferPointer { newItemCounts in
                            diff.itemDeletions.withUnsafeBufferPointer { itemDeletions in
                                diff.itemInsertions.withUnsafeBufferPointer { itemInsertions in
                                    diff.itemMoves.withUnsafeBufferPointer { itemMoves in
                                        body(
                                            Self(
                                                sectionCounts: (diff.sections.oldCount, diff.sections.newCount),
                                                sectionDeletions: sectionDeletions,
                                                sectionInsertions: sectionInsertions, sectionMoves: sectionMoves,
                                                oldItemCounts: oldItemCounts, newItemCounts: newItemCounts,
                                                itemDeletions: itemDeletions, itemInsertions: itemInsertions,
                                                itemMoves: itemMoves))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
