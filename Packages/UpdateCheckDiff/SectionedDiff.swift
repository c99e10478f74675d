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
        self.init(
            sections: SnapshotDiff(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: []),
            oldItemCounts: [], newItemCounts: [], itemDeletions: [], itemInsertions: [], itemMoves: [])
        try formDiff(from: old, to: new)
    }

    /// Replaces this diff with the diff of (`old`, `new`), reusing the
    /// storage of its arrays.
    ///
    /// Small snapshots (at most ``smallSnapshotLimit`` sections and items
    /// each) are matched by comparison in stack scratch space, as the flat
    /// engine matches small arrays, so diffing many small pairs into one value
    /// allocates nothing once its arrays have grown; larger ones hash. Both
    /// ways give the same diff as ``init(from:to:)``. On error the diff is
    /// left empty.
    ///
    /// - Throws: ``ListDiffError/duplicateSectionIDs(in:duplicates:)`` or
    ///   ``ListDiffError/duplicateItemIDs(in:duplicates:)``, as ``init(from:to:)``.
    /// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for *k* kept
    ///   items; for small snapshots O(*n*²) comparisons of at most 16 × 16 IDs.
    @inlinable
    public mutating func formDiff(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        clear()
        if Self.isSmall(old) && Self.isSmall(new) {
            let formed = SectionedLayout.with(old) { oldLayout in
                SectionedLayout.with(new) { newLayout in Self.formSmallDiff(oldLayout, newLayout, into: &self) }
            }
            if formed { return }
        }
        try formDiffByHashing(from: old, to: new)
    }

    /// The hashed path of ``formDiff(from:to:)``: large pairs, and small
    /// ones with a duplicate ID (whose errors are worked out here, in one place).
    @inlinable
    mutating func formDiffByHashing(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        clear()
        do {
            try formHashedDiff(from: old, to: new)
        } catch {
            clear()
            throw error
        }
    }

    /// The largest number of sections plus items of a snapshot diffed (and
    /// verified by ``SectionedPairVerifier``) by comparison instead of hashing.
    ///
    /// The flat engine's ``SnapshotDiff/smallSnapshotLimit``, 16: a pair of
    /// that size needs at most 16 × 16 comparisons, less than hashing both.
    /// - Complexity: O(1).
    @inlinable
    public static var smallSnapshotLimit: Int { SnapshotDiff<ItemID>.smallSnapshotLimit }

    /// Whether `snapshot` has at most ``smallSnapshotLimit`` sections and items.
    @inlinable
    static func isSmall(_ snapshot: SectionedSnapshot<SectionID, ItemID>) -> Bool {
        var total = snapshot.sections.count
        for section in snapshot.sections {
            total &+= section.items.count
            if total > smallSnapshotLimit { return false }
        }
        return total <= smallSnapshotLimit
    }

    /// Empties this diff, keeping the storage of its parts.
    @inlinable
    mutating func clear() {
        sections.clear()
        SnapshotDiff<ItemID>.empty(&oldItemCounts)
        SnapshotDiff<ItemID>.empty(&newItemCounts)
        SnapshotDiff<ItemID>.empty(&itemDeletions)
        SnapshotDiff<ItemID>.empty(&itemInsertions)
        SnapshotDiff<ItemID>.empty(&itemMoves)
    }

    /// Diffs a pair of any size with hash tables: checks both snapshots for
    /// duplicates (the errors of ``init(from:to:)``), matches sections and
    /// items by ID and fills this (empty) diff.
    @inlinable
    mutating func formHashedDiff(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        let oldPositions = try old.positionsByID(side: .old)
        _ = try new.positionsByID(side: .new)
        let oldSectionIDs = old.sectionIDs
        let newSectionIDs = new.sectionIDs
        do {
            try sections.formDiff(from: oldSectionIDs, to: newSectionIDs)
        } catch {
            throw .duplicateSectionIDs(in: .old, duplicates: [])  // unreachable: IDs checked above
        }
        var oldSectionOffsets: [SectionID: Int] = [:]
        oldSectionOffsets.reserveCapacity(oldSectionIDs.count)
        for (offset, id) in oldSectionIDs.enumerated() { oldSectionOffsets[id] = offset }
        let layout = old.itemIndexes
        let homes = newSectionIDs.map { Int32(truncatingIfNeeded: oldSectionOffsets[$0] ?? -1) }
        var origins: [Int32] = []
        origins.reserveCapacity(new.itemCount)
        for section in new.sections {
            for item in section.items {
                if let from = oldPositions[item] {
                    origins.append(layout.starts[from.section] + Int32(truncatingIfNeeded: from.item))
                } else {
                    origins.append(-1)
                }
            }
        }
        let longest = new.sections.reduce(0) { max($0, $1.items.count) }
        var kept = [Bool](repeating: false, count: old.itemCount)
        var scratch = [Int32](repeating: 0, count: 4 * longest)
        var onRun = [Bool](repeating: false, count: longest)
        SectionedLayout.with(old) { oldLayout in
            SectionedLayout.with(new) { newLayout in
                homes.withUnsafeBufferPointer { homes in
                    origins.withUnsafeBufferPointer { origins in
                        kept.withUnsafeMutableBufferPointer { kept in
                            scratch.withUnsafeMutableBufferPointer { scratch in
                                onRun.withUnsafeMutableBufferPointer { onRun in
                                    Self.fillItems(
                                        old: oldLayout, new: newLayout, homes: homes, origins: origins, kept: kept,
                                        scratch: scratch, onRun: onRun, into: &self)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Diffs a small pair, laid out, by comparison in stack scratch space,
    /// into `output` (empty on entry): a diff's own arrays, or the exhaustive
    /// run's ``SectionedDiffScratch``.
    ///
    /// - Parameter knownUnique: both layouts are known to be free of
    ///   duplicate IDs, so they are not checked again.
    /// - Returns: `false`, with `output` partly filled, when a snapshot holds
    ///   a section ID or an item ID twice (the hashed path then names them).
    /// - Complexity: O(*n*²) comparisons for *n* sections and items.
    @inlinable
    static func formSmallDiff<Output: SectionedDiffOutput>(
        _ oldLayout: SectionedLayout<SectionID, ItemID>, _ newLayout: SectionedLayout<SectionID, ItemID>,
        knownUnique: Bool = false, into output: inout Output
    ) -> Bool where Output.SectionID == SectionID, Output.ItemID == ItemID {
        guard knownUnique || (!oldLayout.hasDuplicates && !newLayout.hasDuplicates) else { return false }
        guard
            SnapshotDiff<SectionID>.formSmallDiff(
                old: oldLayout.sectionIDs, new: newLayout.sectionIDs, into: &output.sections) == nil
        else {
            return false
        }
        let newSections = newLayout.sectionIDs.count
        let newItems = newLayout.items.count
        let oldItems = oldLayout.items.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: newSections &+ 5 &* newItems) { scratch in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: oldItems &+ newItems) { flags in
                let homes = UnsafeMutableBufferPointer(rebasing: scratch[0..<newSections])
                let origins = UnsafeMutableBufferPointer(rebasing: scratch[newSections..<(newSections &+ newItems)])
                for offset in 0..<newSections {
                    homes[offset] = Int32(truncatingIfNeeded: oldLayout.sectionOffset(of: newLayout.sectionIDs[offset]))
                }
                for offset in 0..<newItems {
                    origins[offset] = Int32(truncatingIfNeeded: oldLayout.itemIndex(of: newLayout.items[offset]))
                }
                let kept = UnsafeMutableBufferPointer(rebasing: flags[0..<oldItems])
                kept.initialize(repeating: false)
                fillItems(
                    old: oldLayout, new: newLayout, homes: UnsafeBufferPointer(homes),
                    origins: UnsafeBufferPointer(origins), kept: kept,
                    scratch: UnsafeMutableBufferPointer(rebasing: scratch[(newSections &+ newItems)...]),
                    onRun: UnsafeMutableBufferPointer(rebasing: flags[oldItems...]), into: &output)
                return true
            }
        }
    }

    /// Fills the item counts, deletions, insertions and moves of a matched
    /// pair (the section diff is already formed): in each new section the
    /// items that stay in it off one longest increasing run of their old
    /// offsets, and every item that changes section, are moves.
    ///
    /// - Parameters:
    ///   - homes: for each new section, the old offset of the section with
    ///     its ID, or -1.
    ///   - origins: for each new item (all sections back to back), the old
    ///     item's index in the same form, or -1 when it is inserted.
    ///   - old, new: the pair, laid out.
    ///   - kept: one flag per old item, all `false` on entry.
    ///   - scratch: four entries per item of the longest new section.
    ///   - onRun: one entry per item of the longest new section.
    ///   - output: where the parts go.
    /// - Complexity: O(*n* + *k* log *k*) for *n* items, *k* of them kept.
    @inlinable
    static func fillItems<Output: SectionedDiffOutput>(
        old: SectionedLayout<SectionID, ItemID>, new: SectionedLayout<SectionID, ItemID>,
        homes: UnsafeBufferPointer<Int32>, origins: UnsafeBufferPointer<Int32>, kept: UnsafeMutableBufferPointer<Bool>,
        scratch: UnsafeMutableBufferPointer<Int32>, onRun: UnsafeMutableBufferPointer<Bool>, into output: inout Output
    ) where Output.SectionID == SectionID, Output.ItemID == ItemID {
        for section in 0..<old.sectionIDs.count {
            output.appendOldItemCount(Int(old.starts[section &+ 1] &- old.starts[section]))
        }
        for newSection in 0..<new.sectionIDs.count {
            let first = Int(new.starts[newSection])
            let count = Int(new.starts[newSection &+ 1]) &- first
            output.appendNewItemCount(count)
            let home = homes[newSection]
            let values = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
            // Whether the staying items keep their order, so that all of them
            // are the one longest run (most sections of small pairs).
            var increasing = true
            var last: Int32 = -1
            for offset in 0..<count {
                let origin = Int(origins[first &+ offset])
                if origin >= 0 {
                    kept[origin] = true
                    // Only items staying in their section take part in the run.
                    if old.sectionOf[origin] == home {
                        let value = Int32(truncatingIfNeeded: old.position(ofItem: origin).item)
                        increasing = increasing && last < value
                        last = value
                        values[offset] = value
                    } else {
                        values[offset] = -2
                    }
                } else {
                    values[offset] = -1
                }
            }
            let marks = UnsafeMutableBufferPointer(rebasing: onRun[0..<count])
            if !increasing {
                marks.initialize(repeating: false)
                _ = LongestIncreasingRun.mark(
                    UnsafeBufferPointer(values),
                    tails: UnsafeMutableBufferPointer(rebasing: scratch[count..<(2 &* count)]),
                    tailOffsets: UnsafeMutableBufferPointer(rebasing: scratch[(2 &* count)..<(3 &* count)]),
                    predecessor: UnsafeMutableBufferPointer(rebasing: scratch[(3 &* count)..<(4 &* count)]),
                    onRun: marks)
            }
            for offset in 0..<count {
                let to = ItemPosition(section: newSection, item: offset)
                let item = new.items[first &+ offset]
                if values[offset] == -1 {
                    output.append(ItemInsertion(position: to, id: item))
                } else if values[offset] == -2 || (!increasing && !marks[offset]) {
                    output.append(
                        ItemMove(id: item, from: old.position(ofItem: Int(origins[first &+ offset])), to: to))
                }
            }
        }
        for index in 0..<old.items.count where !kept[index] {
            output.append(ItemDeletion(position: old.position(ofItem: index), id: old.items[index]))
        }
    }
}
