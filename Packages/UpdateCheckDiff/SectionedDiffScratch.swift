/// A sectioned diff of a small pair in storage of fixed capacity, written by
/// the small-pair engine and read in place by ``SectionedPairVerifier``: the
/// exhaustive run's diff, with no array to empty, check for uniqueness or
/// grow for every pair.
///
/// Lives for the duration of ``with(capacity:_:)``; ``diff`` copies it into
/// a ``SectionedDiff`` for the pairs that need one (cross-checks, failures).
@usableFromInline
struct SectionedDiffScratch<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: SectionedDiffOutput {
    /// The section diff.
    @usableFromInline var sections: SnapshotDiffScratch<SectionID>
    @usableFromInline var oldItemCounts: FixedList<Int>
    @usableFromInline var newItemCounts: FixedList<Int>
    @usableFromInline var itemDeletions: FixedList<SectionedDiff<SectionID, ItemID>.ItemDeletion>
    @usableFromInline var itemInsertions: FixedList<SectionedDiff<SectionID, ItemID>.ItemInsertion>
    @usableFromInline var itemMoves: FixedList<SectionedDiff<SectionID, ItemID>.ItemMove>

    /// Calls `body` with an empty scratch diff for pairs of up to `capacity`
    /// sections and up to `capacity` items a side, freed after the call.
    ///
    /// - Complexity: O(1) besides `body`.
    static func with<Result>(capacity: Int, _ body: (inout Self) -> Result) -> Result {
        var scratch = Self(
            sections: SnapshotDiffScratch(
                deletions: .allocate(capacity: capacity), insertions: .allocate(capacity: capacity),
                moves: .allocate(capacity: capacity)),
            oldItemCounts: .allocate(capacity: capacity), newItemCounts: .allocate(capacity: capacity),
            itemDeletions: .allocate(capacity: capacity), itemInsertions: .allocate(capacity: capacity),
            itemMoves: .allocate(capacity: capacity))
        defer {
            scratch.removeAll()
            scratch.sections.deletions.deallocate()
            scratch.sections.insertions.deallocate()
            scratch.sections.moves.deallocate()
            scratch.oldItemCounts.deallocate()
            scratch.newItemCounts.deallocate()
            scratch.itemDeletions.deallocate()
            scratch.itemInsertions.deallocate()
            scratch.itemMoves.deallocate()
        }
        return body(&scratch)
    }

    /// Empties the diff, keeping its storage.
    ///
    /// - Complexity: O(*n*) for *n* parts held (O(1) for trivial IDs).
    @inlinable @inline(__always)
    mutating func removeAll() {
        sections.removeAll()
        oldItemCounts.removeAll()
        newItemCounts.removeAll()
        itemDeletions.removeAll()
        itemInsertions.removeAll()
        itemMoves.removeAll()
    }

    /// The diff's parts, as the verifier reads them; valid while this
    /// scratch is neither changed nor freed.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    var parts: SectionedDiffParts<SectionID, ItemID> {
        SectionedDiffParts(
            sectionCounts: (sections.oldCount, sections.newCount), sectionDeletions: sections.deletions.buffer,
            sectionInsertions: sections.insertions.buffer, sectionMoves: sections.moves.buffer,
            oldItemCounts: oldItemCounts.buffer, newItemCounts: newItemCounts.buffer,
            itemDeletions: itemDeletions.buffer, itemInsertions: itemInsertions.buffer, itemMoves: itemMoves.buffer)
    }

    /// The diff as a ``SectionedDiff`` of its own.
    ///
    /// - Complexity: O(*n*) for *n* parts.
    @inlinable
    var diff: SectionedDiff<SectionID, ItemID> {
        SectionedDiff(
            sections: SnapshotDiff(
                oldCount: sections.oldCount, newCount: sections.newCount, deletions: Array(sections.deletions.buffer),
                insertions: Array(sections.insertions.buffer), moves: Array(sections.moves.buffer)),
            oldItemCounts: Array(oldItemCounts.buffer), newItemCounts: Array(newItemCounts.buffer),
            itemDeletions: Array(itemDeletions.buffer), itemInsertions: Array(itemInsertions.buffer),
            itemMoves: Array(itemMoves.buffer))
    }

    @inlinable @inline(__always)
    mutating func appendOldItemCount(_ count: Int) { oldItemCounts.append(count) }

    @inlinable @inline(__always)
    mutating func appendNewItemCount(_ count: Int) { newItemCounts.append(count) }

    @inlinable @inline(__always)
    mutating func append(_ deletion: SectionedDiff<SectionID, ItemID>.ItemDeletion) { itemDeletions.append(deletion) }

    @inlinable @inline(__always)
    mutating func append(_ insertion: SectionedDiff<SectionID, ItemID>.ItemInsertion) {
        itemInsertions.append(insertion)
    }

    @inlinable @inline(__always)
    mutating func append(_ move: SectionedDiff<SectionID, ItemID>.ItemMove) { itemMoves.append(move) }
}

/// The section diff of a ``SectionedDiffScratch``: a flat diff in storage of
/// fixed capacity.
@usableFromInline
struct SnapshotDiffScratch<ID: Hashable & Sendable>: SnapshotDiffOutput {
    /// The number of IDs in the old snapshot.
    @usableFromInline var oldCount = 0
    /// The number of IDs in the new snapshot.
    @usableFromInline var newCount = 0
    @usableFromInline var deletions: FixedList<SnapshotDiff<ID>.Deletion>
    @usableFromInline var insertions: FixedList<SnapshotDiff<ID>.Insertion>
    @usableFromInline var moves: FixedList<SnapshotDiff<ID>.Move>

    /// Empties the diff, keeping its storage.
    @inlinable @inline(__always)
    mutating func removeAll() {
        oldCount = 0
        newCount = 0
        deletions.removeAll()
        insertions.removeAll()
        moves.removeAll()
    }

    @inlinable @inline(__always)
    mutating func begin(oldCount: Int, newCount: Int, deletions: Int) {
        self.oldCount = oldCount
        self.newCount = newCount
    }

    /// Nothing to do: the capacity is fixed.
    @inlinable @inline(__always)
    mutating func reserve(insertions: Int, moves: Int) {}

    @inlinable @inline(__always)
    mutating func append(_ deletion: SnapshotDiff<ID>.Deletion) { deletions.append(deletion) }

    @inlinable @inline(__always)
    mutating func append(_ insertion: SnapshotDiff<ID>.Insertion) { insertions.append(insertion) }

    @inlinable @inline(__always)
    mutating func append(_ move: SnapshotDiff<ID>.Move) { moves.append(move) }
}

/// A list of fixed capacity in memory it does not own (the parts of
/// ``SectionedDiffScratch``): appending past the capacity stops the program
/// rather than write out of bounds.
@usableFromInline
struct FixedList<Element> {
    /// The first element's place.
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// The most elements the list can hold.
    @usableFromInline let capacity: Int
    /// The number of elements held.
    @usableFromInline var count = 0

    /// An empty list in newly allocated memory for `capacity` elements,
    /// to be freed with ``deallocate()``.
    static func allocate(capacity: Int) -> FixedList {
        FixedList(base: .allocate(capacity: max(capacity, 1)), capacity: capacity)
    }

    /// Frees the list's memory; the list must be empty.
    func deallocate() {
        precondition(count == 0, "a FixedList is emptied before it is freed")
        base.deallocate()
    }

    /// Appends `element`.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    mutating func append(_ element: Element) {
        precondition(count < capacity, "a small pair's diff has more parts than its scratch holds")
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Removes every element.
    ///
    /// - Complexity: O(*n*) for *n* elements, O(1) for trivial ones.
    @inlinable @inline(__always)
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// The elements held; valid while the list is neither changed nor freed.
    @inlinable @inline(__always)
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
