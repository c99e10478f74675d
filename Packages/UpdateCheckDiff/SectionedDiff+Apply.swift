extension SectionedDiff {
    /// The new snapshot: this diff applied to `old`.
    ///
    /// Sections are placed by ``sections``; every deleted and moved item is
    /// checked against `old` at its position; every item of a deleted
    /// section must be deleted or moved; insertions and move destinations
    /// must land in range without overlap; and in each kept section the items
    /// that stay put fill the remaining slots in their old order, exactly.
    ///
    /// - Throws: ``ListDiffError/doesNotFit(reason:)`` naming the position
    ///   and IDs when the diff does not fit `old`.
    /// - Complexity: O(*n*) expected hashing for *n* sections and items.
    @inlinable
    public func apply(
        to old: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) -> SectionedSnapshot<SectionID, ItemID> {
        let oldSectionIDs = old.sectionIDs
        let newSectionIDs = try sections.apply(to: oldSectionIDs)
        guard old.itemCounts == oldItemCounts else {
            throw .doesNotFit(
                reason: "it expects \(oldItemCounts) items per section in the old snapshot, got \(old.itemCounts).")
        }
        guard newItemCounts.count == newSectionIDs.count else {
            throw .doesNotFit(
                reason: "it gives \(newItemCounts.count) item counts for \(newSectionIDs.count) new sections.")
        }
        var room = old.itemCount + itemInsertions.count
        for (section, count) in newItemCounts.enumerated() {
            guard count >= 0, count <= room else {
                throw .doesNotFit(
                    reason: "it gives new section \(section) \(count) items, which a new snapshot of "
                        + "\(old.itemCount) old items and \(itemInsertions.count) insertions cannot hold.")
            }
            room -= count
        }
        var leaves = old.sections.map { [Bool](repeating: false, count: $0.items.count) }
        func leave(_ position: ItemPosition, _ id: ItemID, _ role: String) throws(ListDiffError) {
            guard let found = old[position] else {
                throw .doesNotFit(reason: "the \(role) of \(id) at old position \(position) is out of range.")
            }
            guard found == id else {
                throw .doesNotFit(
                    reason: "the \(role) names \(id) at old position \(position), but the snapshot has \(found).")
            }
            guard !leaves[position.section][position.item] else {
                throw .doesNotFit(reason: "old position \(position) (\(id)) leaves twice.")
            }
            leaves[position.section][position.item] = true
        }
        for deletion in itemDeletions { try leave(deletion.position, deletion.id, "deletion") }
        for move in itemMoves { try leave(move.from, move.id, "move") }

        var slots = newItemCounts.map { [ItemID?](repeating: nil, count: $0) }
        func arrive(_ position: ItemPosition, _ id: ItemID, _ role: String) throws(ListDiffError) {
            guard slots.indices.contains(position.section), slots[position.section].indices.contains(position.item)
            else {
                throw .doesNotFit(reason: "the \(role) of \(id) at new position \(position) is out of range.")
            }
            if let other = slots[position.section][position.item] {
                throw .doesNotFit(reason: "new position \(position) receives both \(other) and \(id).")
            }
            slots[position.section][position.item] = id
        }
        for insertion in itemInsertions { try arrive(insertion.position, insertion.id, "insertion") }
        for move in itemMoves { try arrive(move.to, move.id, "move") }

        var newSectionOffsets: [SectionID: Int] = [:]
        newSectionOffsets.reserveCapacity(newSectionIDs.count)
        for (offset, id) in newSectionIDs.enumerated() { newSectionOffsets[id] = offset }
        var filled = [Bool](repeating: false, count: newSectionIDs.count)
        for (oldOffset, section) in old.sections.enumerated() {
            let staying = section.items.indices.filter { !leaves[oldOffset][$0] }
            guard let newOffset = newSectionOffsets[section.id] else {
                if let first = staying.first {
                    throw .doesNotFit(
                        reason:
                            "\(section.items[first]) at old position \(ItemPosition(section: oldOffset, item: first)) "
                            + "is in deleted section \(section.id) but is neither deleted nor moved.")
                }
                continue
            }
            filled[newOffset] = true
            var next = staying.makeIterator()
            for slot in slots[newOffset].indices where slots[newOffset][slot] == nil {
                guard let offset = next.next() else {
                    throw .doesNotFit(
                        reason: "section \(section.id) has \(slots[newOffset].count) new items, "
                            + "but its insertions, arrivals and staying items leave \(ItemPosition(section: newOffset, item: slot)) empty."
                    )
                }
                slots[newOffset][slot] = section.items[offset]
            }
            if let extra = next.next() {
                throw .doesNotFit(
                    reason: "section \(section.id) has no new slot left for \(section.items[extra]), "
                        + "which stays at old position \(ItemPosition(section: oldOffset, item: extra)).")
            }
        }
        var result: [SectionedSnapshot<SectionID, ItemID>.Section] = []
        result.reserveCapacity(newSectionIDs.count)
        for (offset, id) in newSectionIDs.enumerated() {
            if !filled[offset], let empty = slots[offset].firstIndex(where: { $0 == nil }) {
                throw .doesNotFit(
                    reason: "inserted section \(id) leaves \(ItemPosition(section: offset, item: empty)) empty.")
            }
            result.append(.init(id: id, items: slots[offset].map { $0! }))
        }
        return SectionedSnapshot(result)
    }

    /// The diff that undoes this one: from the new snapshot back to the old.
    ///
    /// Deletions and insertions swap, moves turn around; the inverse of a
    /// minimal diff is minimal.
    /// - Complexity: O(*n*) for *n* changes.
    @inlinable
    public func inverse() -> SectionedDiff {
        SectionedDiff(
            sections: sections.inverse(), oldItemCounts: newItemCounts, newItemCounts: oldItemCounts,
            itemDeletions: itemInsertions.map { ItemDeletion(position: $0.position, id: $0.id) },
            itemInsertions: itemDeletions.map { ItemInsertion(position: $0.position, id: $0.id) },
            itemMoves: itemMoves.map { ItemMove(id: $0.id, from: $0.to, to: $0.from) }
                .sorted { $0.to < $1.to })
    }

    /// This diff in the flat form of both snapshots (each section a marker
    /// followed by its items; see ``SectionedSnapshot/flattened``).
    ///
    /// Deleted and inserted sections become deleted and inserted markers.
    /// An entry stays put when it is a section marker that does not move, or
    /// an item that does not move in a section that does not move; every
    /// other kept entry is a move. Its deletions and insertions are those of
    /// the flat engine on the flat forms, and it reaches the new flat form.
    ///
    /// - Parameter old: the old snapshot (for the items of moved sections).
    /// - Complexity: O(*n*) expected hashing for *n* sections and items.
    @inlinable
    public func flattened(old: SectionedSnapshot<SectionID, ItemID>) throws(ListDiffError)
        -> SnapshotDiff<SectionedEntry<SectionID, ItemID>>
    {
        let new = try apply(to: old)
        let movedSections = Set(sections.moves.map { $0.id })
        let movedItems = Set(itemMoves.map { $0.id })
        let insertedSectionOffsets = Set(sections.insertions.map { $0.offset })
        var oldSectionOffsets: [SectionID: Int] = [:]
        for (offset, section) in old.sections.enumerated() { oldSectionOffsets[section.id] = offset }
        var oldItemPositions: [ItemID: ItemPosition] = [:]
        for (sectionOffset, section) in old.sections.enumerated() {
            for (itemOffset, item) in section.items.enumerated() {
                oldItemPositions[item] = ItemPosition(section: sectionOffset, item: itemOffset)
            }
        }
        var result = SnapshotDiff<SectionedEntry<SectionID, ItemID>>(
            oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
        SectionedLayout.with(new) { newLayout in
            SectionedDiffParts.with(self) { parts in
                Self.starts(oldItemCounts).withUnsafeBufferPointer { oldStarts in
                    Self.starts(newItemCounts).withUnsafeBufferPointer { newStarts in
                        Self.formFlattened(
                            parts, into: &result, new: newLayout, oldStarts: oldStarts, newStarts: newStarts,
                            oldSectionOffset: { oldSectionOffsets[$0] }, oldPosition: { oldItemPositions[$0] },
                            movesSection: { movedSections.contains($0) }, movesItem: { movedItems.contains($0) },
                            insertsSection: { insertedSectionOffsets.contains($0) })
                    }
                }
            }
        }
        return result
    }

    /// Writes ``flattened(old:)`` of the diff with `parts` into `result`,
    /// reusing its storage: the one construction of the flat form, for a
    /// diff known to reach `new`, with the lookups by ID given (hash tables,
    /// or comparison for small pairs).
    ///
    /// - Parameters:
    ///   - new: the diff applied to the old snapshot.
    ///   - oldStarts, newStarts: ``starts(_:)`` of the old and new item counts.
    ///   - oldSectionOffset: the old offset of a section ID, if it is there.
    ///   - oldPosition: the old position of an item ID, if it is there.
    ///   - movesSection: whether the section diff moves a section ID.
    ///   - movesItem: whether the item moves include an item ID.
    ///   - insertsSection: whether the section diff inserts at a new offset.
    /// - Complexity: O(*n*) lookups plus sorting the changes.
    @inlinable @inline(__always)
    static func formFlattened(
        _ parts: SectionedDiffParts<SectionID, ItemID>,
        into result: inout SnapshotDiff<SectionedEntry<SectionID, ItemID>>,
        new: SectionedLayout<SectionID, ItemID>, oldStarts: UnsafeBufferPointer<Int>,
        newStarts: UnsafeBufferPointer<Int>,
        oldSectionOffset: (SectionID) -> Int?, oldPosition: (ItemID) -> ItemPosition?,
        movesSection: (SectionID) -> Bool, movesItem: (ItemID) -> Bool, insertsSection: (Int) -> Bool
    ) {
        result.clear()
        result.oldCount = oldStarts[oldStarts.count - 1]
        result.newCount = newStarts[newStarts.count - 1]
        @inline(__always) func oldFlat(_ position: ItemPosition) -> Int {
            oldStarts[position.section] + 1 + position.item
        }
        @inline(__always) func newFlat(_ position: ItemPosition) -> Int {
            newStarts[position.section] + 1 + position.item
        }
        // Both lists of each kind come in ascending order from a well-formed
        // diff, so merging them gives the sorted flat list without sorting;
        // a diff out of order is sorted after all.
        var section = 0
        for deletion in parts.itemDeletions {
            let offset = oldFlat(deletion.position)
            while section < parts.sectionDeletions.count && oldStarts[parts.sectionDeletions[section].offset] <= offset
            {
                let sectionDeletion = parts.sectionDeletions[section]
                result.deletions.append(
                    .init(offset: oldStarts[sectionDeletion.offset], id: .section(sectionDeletion.id)))
                section += 1
            }
            result.deletions.append(.init(offset: offset, id: .item(deletion.id)))
        }
        for sectionDeletion in parts.sectionDeletions[section...] {
            result.deletions.append(.init(offset: oldStarts[sectionDeletion.offset], id: .section(sectionDeletion.id)))
        }
        Self.sortIfNeeded(&result.deletions) { $0.offset < $1.offset }
        section = 0
        for insertion in parts.itemInsertions {
            let offset = newFlat(insertion.position)
            while section < parts.sectionInsertions.count
                && newStarts[parts.sectionInsertions[section].offset] <= offset
            {
                let sectionInsertion = parts.sectionInsertions[section]
                result.insertions.append(
                    .init(offset: newStarts[sectionInsertion.offset], id: .section(sectionInsertion.id)))
                section += 1
            }
            result.insertions.append(.init(offset: offset, id: .item(insertion.id)))
        }
        for sectionInsertion in parts.sectionInsertions[section...] {
            result.insertions.append(
                .init(offset: newStarts[sectionInsertion.offset], id: .section(sectionInsertion.id)))
        }
        Self.sortIfNeeded(&result.insertions) { $0.offset < $1.offset }
        // New sections in order, so the moves come by ascending destination
        // (an inserted section whose ID is also old, which only a wrong diff
        // has, gives two lists to sort).
        for sectionOffset in 0..<new.sectionIDs.count {
            let id = new.sectionIDs[sectionOffset]
            let first = Int(new.starts[sectionOffset])
            let end = Int(new.starts[sectionOffset + 1])
            if let oldSection = oldSectionOffset(id) {
                let sectionMoves = movesSection(id)
                if sectionMoves {
                    result.moves.append(
                        .init(id: .section(id), from: oldStarts[oldSection], to: newStarts[sectionOffset]))
                }
                for index in first..<end {
                    let item = new.items[index]
                    guard let from = oldPosition(item) else { continue }
                    if sectionMoves || movesItem(item) {
                        result.moves.append(
                            .init(
                                id: .item(item), from: oldFlat(from), to: newStarts[sectionOffset] + 1 + index - first))
                    }
                }
            }
            if insertsSection(sectionOffset) {
                for index in first..<end {
                    let item = new.items[index]
                    guard let from = oldPosition(item) else { continue }
                    result.moves.append(
                        .init(id: .item(item), from: oldFlat(from), to: newStarts[sectionOffset] + 1 + index - first))
                }
            }
        }
        Self.sortIfNeeded(&result.moves) { $0.to < $1.to }
    }

    /// Sorts `list` by `areInIncreasingOrder` (stably), unless it already is
    /// in order: one pass over a sorted list, no sorting machinery.
    ///
    /// - Complexity: O(*n*) when sorted, else O(*n* log *n*).
    @inlinable
    static func sortIfNeeded<Element>(_ list: inout [Element], by areInIncreasingOrder: (Element, Element) -> Bool) {
        let sorted = list.withUnsafeBufferPointer { buffer in
            for index in 1..<max(buffer.count, 1) where areInIncreasingOrder(buffer[index], buffer[index - 1]) {
                return false
            }
            return true
        }
        if !sorted { list.sort(by: areInIncreasingOrder) }
    }

    /// The flat offset of each section's marker, then the total flat count.
    @inlinable
    static func starts(_ counts: [Int]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts.last! + 1 + count) }
        return starts
    }
}
