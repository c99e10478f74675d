/// The structural difference between two sectioned snapshots: section
/// deletions, insertions and moves, and item deletions, insertions and moves
/// within or across sections.
///
/// Sections are diffed by the flat engine over their IDs, so section moves
/// are minimal among the kept sections. An item that changes section is
/// always a move; among the items that stay in their section (same section
/// ID), those off the longest increasing run of old offsets are moves, so
/// the number of item moves is the minimum possible. An item that stays put
/// in a moved section travels with its section and is no move.
///
/// Items of a deleted section are deleted, or moved when they live on in
/// another section. Deletions and move sources are positions in the old
/// snapshot, insertions and move destinations positions in the new one.
///
///     let changes = try diff(from: [S: a b | T: c], to: [S: b | T: a c])
///     // items.moves == [a from [0, 0] to [1, 0]]; nothing else changes
public struct SectionedDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Equatable {
    /// The section-level diff: deletions, insertions and moves of section IDs.
    public var sections: SnapshotDiff<SectionID>
    /// The number of items in each old section.
    public var oldItemCounts: [Int]
    /// The number of items in each new section.
    public var newItemCounts: [Int]
    /// Items only in the old snapshot (including those of deleted sections),
    /// by ascending old position.
    public var itemDeletions: [ItemDeletion]
    /// Items only in the new snapshot, by ascending new position.
    public var itemInsertions: [ItemInsertion]
    /// Kept items that change section, or their order among the items that
    /// stay in their section, by ascending new position.
    public var itemMoves: [ItemMove]

    /// An item present only in the old snapshot.
    public struct ItemDeletion: Sendable, Equatable, Hashable {
        /// Its position in the old snapshot.
        public var position: ItemPosition
        /// The deleted item.
        public var id: ItemID

        /// Creates an item deletion.
        @inlinable
        public init(position: ItemPosition, id: ItemID) {
            self.position = position
            self.id = id
        }
    }

    /// An item present only in the new snapshot.
    public struct ItemInsertion: Sendable, Equatable, Hashable {
        /// Its position in the new snapshot.
        public var position: ItemPosition
        /// The inserted item.
        public var id: ItemID

        /// Creates an item insertion.
        @inlinable
        public init(position: ItemPosition, id: ItemID) {
            self.position = position
            self.id = id
        }
    }

    /// A kept item that moves: to another section, or against the items
    /// that stay put in its own.
    public struct ItemMove: Sendable, Equatable, Hashable {
        /// The moved item.
        public var id: ItemID
        /// Its position in the old snapshot.
        public var from: ItemPosition
        /// Its position in the new snapshot.
        public var to: ItemPosition

        /// Creates an item move.
        @inlinable
        public init(id: ItemID, from: ItemPosition, to: ItemPosition) {
            self.id = id
            self.from = from
            self.to = to
        }
    }

    /// Creates a diff from its parts, as given (no checks; ``apply(to:)`` and
    /// ``verify(from:to:)`` check a diff against snapshots).
    @inlinable
    public init(
        sections: SnapshotDiff<SectionID>, oldItemCounts: [Int], newItemCounts: [Int], itemDeletions: [ItemDeletion],
        itemInsertions: [ItemInsertion], itemMoves: [ItemMove]
    ) {
        self.sections = sections
        self.oldItemCounts = oldItemCounts
        self.newItemCounts = newItemCounts
        self.itemDeletions = itemDeletions
        self.itemInsertions = itemInsertions
        self.itemMoves = itemMoves
    }

    /// Whether the two snapshots are the same.
    @inlinable
    public var isEmpty: Bool {
        sections.isEmpty && itemDeletions.isEmpty && itemInsertions.isEmpty && itemMoves.isEmpty
    }

}

/// Diffs two sectioned snapshots: `new` against `old`.
///
/// - Throws: ``ListDiffError/duplicateSectionIDs(in:duplicates:)`` when a
///   snapshot holds a section ID twice, ``ListDiffError/duplicateItemIDs(in:duplicates:)``
///   when an item ID occurs twice anywhere in a snapshot; both name every
///   duplicate with all of its positions.
/// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for *k* kept items.
@inlinable
public func diff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>(
    from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
) throws(ListDiffError) -> SectionedDiff<SectionID, ItemID> {
    try SectionedDiff(from: old, to: new)
}

extension SectionedDiff {
    /// Diffs `new` against `old`; see the sectioned `diff(from:to:)`.
    ///
    /// - Throws: ``ListDiffError/duplicateSectionIDs(in:duplicates:)`` or
    ///   ``ListDiffError/duplicateItemIDs(in:duplicates:)``.
    /// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for *k* kept items.
    @inlinable
    public init(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        let oldPositions = try old.positionsByID(side: .old)
        _ = try new.positionsByID(side: .new)
        let oldSectionIDs = old.sectionIDs
        let newSectionIDs = new.sectionIDs
        let sectionDiff: SnapshotDiff<SectionID>
        do {
            sectionDiff = try SnapshotDiff(from: oldSectionIDs, to: newSectionIDs)
        } catch {
            throw .duplicateSectionIDs(in: .old, duplicates: [])  // unreachable: IDs checked above
        }
        var oldSectionOfNew = [Int](repeating: -1, count: newSectionIDs.count)
        var oldSectionOffsets: [SectionID: Int] = [:]
        oldSectionOffsets.reserveCapacity(oldSectionIDs.count)
        for (offset, id) in oldSectionIDs.enumerated() { oldSectionOffsets[id] = offset }
        for (offset, id) in newSectionIDs.enumerated() { oldSectionOfNew[offset] = oldSectionOffsets[id] ?? -1 }

        var keptOld = old.sections.map { [Bool](repeating: false, count: $0.items.count) }
        var insertions: [ItemInsertion] = []
        var moves: [ItemMove] = []
        var values: [Int32] = []
        var tails: [Int32] = []
        var tailOffsets: [Int32] = []
        var predecessor: [Int32] = []
        var onRun: [Bool] = []
        for (newSection, section) in new.sections.enumerated() {
            let home = oldSectionOfNew[newSection]
            let count = section.items.count
            values.removeAll(keepingCapacity: true)
            for item in section.items {
                if let from = oldPositions[item] {
                    keptOld[from.section][from.item] = true
                    // Only items staying in their section take part in the run.
                    values.append(from.section == home ? Int32(truncatingIfNeeded: from.item) : -2)
                } else {
                    values.append(-1)
                }
            }
            tails.removeAll(keepingCapacity: true)
            tails.append(contentsOf: repeatElement(0, count: count))
            tailOffsets.removeAll(keepingCapacity: true)
            tailOffsets.append(contentsOf: repeatElement(0, count: count))
            predecessor.removeAll(keepingCapacity: true)
            predecessor.append(contentsOf: repeatElement(-1, count: count))
            onRun.removeAll(keepingCapacity: true)
            onRun.append(contentsOf: repeatElement(false, count: count))
            values.withUnsafeBufferPointer { values in
                tails.withUnsafeMutableBufferPointer { tails in
                    tailOffsets.withUnsafeMutableBufferPointer { tailOffsets in
                        predecessor.withUnsafeMutableBufferPointer { predecessor in
                            onRun.withUnsafeMutableBufferPointer { onRun in
                                _ = LongestIncreasingRun.mark(
                                    values, tails: tails, tailOffsets: tailOffsets, predecessor: predecessor,
                                    onRun: onRun)
                            }
                        }
                    }
                }
            }
            for (offset, item) in section.items.enumerated() {
                let position = ItemPosition(section: newSection, item: offset)
                if values[offset] == -1 {
                    insertions.append(ItemInsertion(position: position, id: item))
                } else if !onRun[offset] {
                    moves.append(ItemMove(id: item, from: oldPositions[item]!, to: position))
                }
            }
        }
        var deletions: [ItemDeletion] = []
        for (sectionOffset, section) in old.sections.enumerated() {
            for (itemOffset, item) in section.items.enumerated() where !keptOld[sectionOffset][itemOffset] {
                deletions.append(
                    ItemDeletion(position: ItemPosition(section: sectionOffset, item: itemOffset), id: item))
            }
        }
        self.init(
            sections: sectionDiff, oldItemCounts: old.itemCounts, newItemCounts: new.itemCounts,
            itemDeletions: deletions, itemInsertions: insertions, itemMoves: moves)
    }
}
