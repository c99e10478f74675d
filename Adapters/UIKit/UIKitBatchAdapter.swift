import BatchUpdate

/// Turns an update plan into UIKit batch updates for a `UICollectionView` or
/// `UITableView` section.
///
/// Batch 1 (with the data source already holding the new items): deletes at
/// old paths, inserts at new paths, one `moveItem` per moved item. Batch 2,
/// only when content changed: the changed items, refreshed at their new
/// paths. Refreshing in a batch of its own means no refresh ever shares a
/// batch with a move, which UIKit rejects ("attempt to perform a delete and
/// a move from the same index path") or mis-places (a reload's insert
/// colliding with a move destination).
///
/// With `MovedAndChangedPolicy.deleteAndInsert` a moved and changed item is
/// deleted and inserted in batch 1 instead (one batch, a new cell). With
/// `MovedAndChangedPolicy.refreshThenMove` the order is the other way round,
/// as staged changeset engines such as DifferenceKit apply it: batch 1
/// refreshes the changed items at their old paths while the data source
/// still holds the old order (with the new content), batch 2 deletes,
/// inserts and moves.
public struct UIKitBatchAdapter<ID: Hashable & Sendable>: UpdateAdapter {
    /// The model the calls are proven on.
    public typealias Model = UIKitBatchModel<ID>

    /// How changed items are refreshed and moved+changed items handled.
    public var policy: AdapterPolicy

    /// An adapter with the given policy; by default moved+changed items are
    /// moved, then reconfigured in a second batch, so every kept item keeps its cell.
    public init(movedAndChanged: MovedAndChangedPolicy = .moveThenRefresh, refresh: RefreshStyle = .reconfigure) {
        policy = AdapterPolicy(movedAndChanged: movedAndChanged, refresh: refresh)
    }

    /// `uikit`, with `-reload`, `-delete-insert` and `-refresh-then-move`
    /// for the non-default choices.
    public var name: String {
        let order: String
        switch policy.movedAndChanged {
        case .moveThenRefresh: order = ""
        case .deleteAndInsert: order = "-delete-insert"
        case .refreshThenMove: order = "-refresh-then-move"
        }
        return "uikit" + (policy.refresh == .reload ? "-reload" : "") + order
    }

    /// The toolkit semantics and what this adapter does with them.
    public var summary: String {
        let refresh = policy.refresh == .reconfigure ? "reconfigureItems (keeps the cell)" : "reloadItems (new cell)"
        let movedAndChanged: String
        switch policy.movedAndChanged {
        case .moveThenRefresh: movedAndChanged = "moved in batch 1, then refreshed in batch 2"
        case .deleteAndInsert: movedAndChanged = "deleted and inserted in batch 1 (new cell)"
        case .refreshThenMove: movedAndChanged = "refreshed at their old paths in batch 1, then moved in batch 2"
        }
        let stage = policy.movedAndChanged == .refreshThenMove ? "at their old paths in batch 1" : "in batch 2"
        return "UITableView/UICollectionView batch updates: deletes, reloads and move sources use index paths "
            + "before the update, inserts and move destinations index paths after it. Changed items: \(refresh) "
            + "\(stage). Moved and changed items: \(movedAndChanged)."
    }

    /// Batch 1: deletes, inserts and moves; batch 2: refreshes (each only
    /// when not empty). With `MovedAndChangedPolicy.refreshThenMove`, the
    /// refreshes at old paths come first, over the old items.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], UIKitBatchCall>] {
        let replaces = policy.movedAndChanged == .deleteAndInsert
        let refreshesFirst = policy.movedAndChanged == .refreshThenMove
        var deletes: [ItemPath] = []
        var inserts: [ItemPath] = []
        var moves: [UIKitBatchCall] = []
        var refreshes: [ItemPath] = []
        for index in plan.old.indices where plan.newIndex(ofOld: index) == nil {
            deletes.append(ItemPath(item: index))
        }
        for index in plan.new.indices {
            guard let source = plan.oldIndex(ofNew: index) else {
                inserts.append(ItemPath(item: index))
                continue
            }
            let moved = plan.isMoved(new: index)
            let changed = plan.isChanged(new: index)
            if moved, changed, replaces {
                deletes.append(ItemPath(item: source))
                inserts.append(ItemPath(item: index))
                continue
            }
            if moved { moves.append(.moveItem(at: ItemPath(item: source), to: ItemPath(item: index))) }
            if changed { refreshes.append(ItemPath(item: refreshesFirst ? source : index)) }
        }
        deletes.sort()
        var batches: [UpdateBatch<[ID], UIKitBatchCall>] = []
        var structure: [UIKitBatchCall] = []
        if !deletes.isEmpty { structure.append(.deleteItems(deletes)) }
        if !inserts.isEmpty { structure.append(.insertItems(inserts)) }
        structure += moves
        if refreshesFirst {
            refreshes.sort()
            if !refreshes.isEmpty { batches.append(UpdateBatch(dataSource: plan.old, calls: [refresh(refreshes)])) }
            if !structure.isEmpty { batches.append(UpdateBatch(dataSource: plan.new, calls: structure)) }
            return batches
        }
        if !structure.isEmpty { batches.append(UpdateBatch(dataSource: plan.new, calls: structure)) }
        if !refreshes.isEmpty { batches.append(UpdateBatch(dataSource: plan.new, calls: [refresh(refreshes)])) }
        return batches
    }

    /// The refresh call of the policy's style for `paths`.
    @inlinable
    func refresh(_ paths: [ItemPath]) -> UIKitBatchCall {
        policy.refresh == .reconfigure ? .reconfigureItems(paths) : .reloadItems(paths)
    }
}
