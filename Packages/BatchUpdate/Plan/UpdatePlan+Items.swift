extension UpdatePlan {
    /// Every item's fate: deletions by old index, then kept and inserted items by new index.
    ///
    /// - Complexity: O(*n*).
    public var items: [PlannedItem<ID>] {
        var result: [PlannedItem<ID>] = []
        result.reserveCapacity(old.count + insertedCount)
        for index in old.indices where targetOfOld[index] < 0 {
            result.append(.deleted(old[index], from: ItemPath(item: index)))
        }
        for index in new.indices {
            let source = sourceOfNew[index]
            if source < 0 {
                result.append(.inserted(new[index], at: ItemPath(item: index)))
            } else {
                result.append(
                    .kept(
                        new[index], from: ItemPath(item: source), to: ItemPath(item: index),
                        isMoved: isMoved(new: index), isChanged: isChanged(new: index)))
            }
        }
        return result
    }

    /// The old paths of deleted items, ascending.
    public var deletions: [ItemPath] {
        old.indices.filter { targetOfOld[$0] < 0 }.map { ItemPath(item: $0) }
    }

    /// The new paths of inserted items, ascending.
    public var insertions: [ItemPath] {
        new.indices.filter { sourceOfNew[$0] < 0 }.map { ItemPath(item: $0) }
    }

    /// The diff's moves, by ascending new path.
    public var moves: [PlannedMove] {
        new.indices.filter { isMoved(new: $0) }.map {
            PlannedMove(from: ItemPath(item: sourceOfNew[$0]), to: ItemPath(item: $0))
        }
    }

    /// The kept items whose content changed, by ascending new path.
    public var refreshes: [PlannedRefresh] {
        new.indices.filter { isChanged(new: $0) }.map {
            PlannedRefresh(
                from: ItemPath(item: sourceOfNew[$0]), to: ItemPath(item: $0), isMoved: isMoved(new: $0))
        }
    }

    /// The IDs whose content changed, by ascending new index.
    public var changedIDs: [ID] {
        new.indices.filter { isChanged(new: $0) }.map { new[$0] }
    }
}
