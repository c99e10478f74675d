/// Where the small-pair engine writes a flat diff: a ``SnapshotDiff``'s own
/// arrays, or the fixed storage of ``SectionedDiffScratch`` that the
/// exhaustive run's verifier reads in place.
///
/// The engine writes each part in ascending order, on an output emptied
/// beforehand: the sizes, then the deletions, then the insertions and moves,
/// each preceded by how many will come.
@usableFromInline
protocol SnapshotDiffOutput {
    /// The type of the IDs diffed.
    associatedtype ID: Hashable & Sendable

    /// Sets the snapshots' sizes and makes room for `deletions` deletions.
    mutating func begin(oldCount: Int, newCount: Int, deletions: Int)
    /// Makes room for `insertions` insertions and `moves` moves.
    mutating func reserve(insertions: Int, moves: Int)
    /// Appends a deletion.
    mutating func append(_ deletion: SnapshotDiff<ID>.Deletion)
    /// Appends an insertion.
    mutating func append(_ insertion: SnapshotDiff<ID>.Insertion)
    /// Appends a move.
    mutating func append(_ move: SnapshotDiff<ID>.Move)
}

extension SnapshotDiff: SnapshotDiffOutput {
    @inlinable @inline(__always)
    mutating func begin(oldCount: Int, newCount: Int, deletions: Int) {
        self.oldCount = oldCount
        self.newCount = newCount
        self.deletions.reserveCapacity(deletions)
    }

    @inlinable @inline(__always)
    mutating func reserve(insertions: Int, moves: Int) {
        self.insertions.reserveCapacity(insertions)
        self.moves.reserveCapacity(moves)
    }

    @inlinable @inline(__always)
    mutating func append(_ deletion: Deletion) { deletions.append(deletion) }

    @inlinable @inline(__always)
    mutating func append(_ insertion: Insertion) { insertions.append(insertion) }

    @inlinable @inline(__always)
    mutating func append(_ move: Move) { moves.append(move) }
}

/// Where the small-pair engine writes a sectioned diff: a ``SectionedDiff``'s
/// own arrays, or ``SectionedDiffScratch``.
///
/// The engine forms the section diff in ``sections`` first, then appends the
/// item counts and the item changes, each part in ascending order.
@usableFromInline
protocol SectionedDiffOutput {
    /// The type of the section IDs.
    associatedtype SectionID: Hashable & Sendable
    /// The type of the item IDs.
    associatedtype ItemID: Hashable & Sendable
    /// Where the section diff goes.
    associatedtype Sections: SnapshotDiffOutput where Sections.ID == SectionID

    /// The section diff.
    var sections: Sections { get set }
    /// Appends the item count of the next old section.
    mutating func appendOldItemCount(_ count: Int)
    /// Appends the item count of the next new section.
    mutating func appendNewItemCount(_ count: Int)
    /// Appends an item deletion.
    mutating func append(_ deletion: SectionedDiff<SectionID, ItemID>.ItemDeletion)
    /// Appends an item insertion.
    mutating func append(_ insertion: SectionedDiff<SectionID, ItemID>.ItemInsertion)
    /// Appends an item move.
    mutating func append(_ move: SectionedDiff<SectionID, ItemID>.ItemMove)
}

extension SectionedDiff: SectionedDiffOutput {
    @inlinable @inline(__always)
    mutating func appendOldItemCount(_ count: Int) { oldItemCounts.append(count) }

    @inlinable @inline(__always)
    mutating func appendNewItemCount(_ count: Int) { newItemCounts.append(count) }

    @inlinable @inline(__always)
    mutating func append(_ deletion: ItemDeletion) { itemDeletions.append(deletion) }

    @inlinable @inline(__always)
    mutating func append(_ insertion: ItemInsertion) { itemInsertions.append(insertion) }

    @inlinable @inline(__always)
    mutating func append(_ move: ItemMove) { itemMoves.append(move) }
}
