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
/// deleted and inserted in batch 1 instead (one batch, a new cell).
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

    /// `uikit`, with `-reload` and `-delete-insert` for the non-default choices.
    public var name: String {
        "uikit" + (policy.refresh == .reload ? "-reload" : "")
            + (policy.movedAndChanged == .deleteAndInsert ? "-delete-insert" : "")
    }

    /// The toolkit semantics and what this adapter does with them.
    public var summary: String {
        let refresh = policy.refresh == .reconfigure ? "reconfigureItems (keeps the cell)" : "reloadItems (new cell)"
        let movedAndChanged =
            policy.movedAndChanged == .moveThenRefresh
            ? "moved in batch 1, then refreshed in batch 2"
            : "deleted and inserted in batch 1 (new cell)"
        return "UITableView/UICollectionView batch updates: deletes, reloads and move sources use index paths "
            + "before the update, inserts and move destinations index paths after it. Changed items: \(refresh) "
            + "in batch 2. Moved and changed items: \(movedAndChanged)."
    }

    /// Batch 1: deletes, inserts and moves; batch 2: refreshes (each only when not empty).
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<ID, UIKitBatchCall>] {
        let replaces = policy.movedAndChanged == .deleteAndInsert
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
            if changed { refreshes.append(ItemPath(item: index)) }
        }
        deletes.sort()
        var batches: [UpdateBatch<ID, UIKitBatchCall>] = []
        var structure: [UIKitBatchCall] = []
        if !deletes.isEmpty { structure.append(.deleteItems(deletes)) }
        if !inserts.isEmpty { structure.append(.insertItems(inserts)) }
        structure += moves
        if !structure.isEmpty { batches.append(UpdateBatch(items: plan.new, calls: structure)) }
        if !refreshes.isEmpty {
            let call: UIKitBatchCall =
                policy.refresh == .reconfigure ? .reconfigureItems(refreshes) : .reloadItems(refreshes)
            batches.append(UpdateBatch(items: plan.new, calls: [call]))
        }
        return batches
    }
}
