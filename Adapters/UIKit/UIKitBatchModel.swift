import BatchUpdate

/// A model of a `UICollectionView` / `UITableView` with one section, replaying
/// batch updates the way UIKit documents them.
///
/// Within one batch:
/// - deletes, reloads, reconfigures and move sources are index paths
///   *before* the update; inserts and move destinations are index paths
///   *after* it; the order of the calls does not matter;
/// - a reload is a delete plus an insert of the same item, with a new cell;
///   the insert lands at the item's old position shifted by the batch's
///   deletes and inserts (moves are not taken into account, which is why a
///   reload and a move in one batch can collide, as they do in UIKit);
/// - a reconfigure keeps the cell and configures it again with what the data
///   source holds at the item's position after the update;
/// - inserted and reloaded cells show what the data source holds at their
///   position after the update (`UpdateBatch.items`);
/// - every other item keeps its cell and what it showed, and fills the
///   remaining positions in its old order.
///
/// Checks, in this order: each path against the section and the item count
/// before or after the update, and duplicates (per call, in call order);
/// then conflicting calls on one path (delete+reload, delete+reconfigure,
/// delete+move, reload+move, reconfigure+move, insert+move); then the item
/// count (after = before − deleted + inserted); then reloads whose insert
/// lands on a move destination.
public struct UIKitBatchModel<ID: Hashable & Sendable>: ToolkitModel {
    /// The rows shown now.
    public var displayed: [DisplayedRow<ID>] { shown.rows }
    /// Storage of ``rows``, and the next cell's number.
    @usableFromInline var shown: NumberedRows<ID>

    /// A collection view showing `items` in section 0.
    @inlinable
    public init(showing items: [ID]) { shown = NumberedRows(showing: items) }

    /// Replays one `performBatchUpdates` block whose data source holds `batch.dataSource` afterwards.
    ///
    /// - Throws: the ``UIKitBatchError`` UIKit would raise.
    /// - Complexity: O(*n* + *m* + calls) for *n* items before and *m* after.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<[ID], UIKitBatchCall>) throws(UIKitBatchError) {
        // Per position before the update: flag bits, plus (move target + 1) above them.
        let deletedBit = 1
        let reloadedBit = 2
        let reconfiguredBit = 4
        let targetShift = 3
        // Per position after the update: flag bits, plus (move source + 1) above them.
        let insertedBit = 1
        let takenBit = 2
        let sourceShift = 2

        let before = shown.rows.count
        let after = batch.dataSource.count
        var old = [Int](repeating: 0, count: before)
        var new = [Int](repeating: 0, count: after)
        var deleteCount = 0
        var insertCount = 0

        func checkSection(_ path: ItemPath, _ action: String, afterUpdate: Bool) throws(UIKitBatchError) {
            guard path.section == 0 else { throw .sectionOutOfRange(path, action: action, afterUpdate: afterUpdate) }
        }

        for call in batch.calls {
            switch call {
            case .deleteItems(let paths):
                for path in paths {
                    try checkSection(path, "delete", afterUpdate: false)
                    guard (0..<before).contains(path.item) else { throw .deleteOutOfRange(path, count: before) }
                    guard old[path.item] & deletedBit == 0 else { throw .duplicateDelete(path) }
                    old[path.item] |= deletedBit
                    deleteCount += 1
                }
            case .insertItems(let paths):
                for path in paths {
                    try checkSection(path, "insert", afterUpdate: true)
                    guard (0..<after).contains(path.item) else { throw .insertOutOfRange(path, count: after) }
                    guard new[path.item] & insertedBit == 0 else { throw .duplicateInsert(path) }
                    new[path.item] |= insertedBit
                    insertCount += 1
                }
            case .reloadItems(let paths):
                for path in paths {
                    try checkSection(path, "reload", afterUpdate: false)
                    guard (0..<before).contains(path.item) else { throw .reloadOutOfRange(path, count: before) }
                    old[path.item] |= reloadedBit
                }
            case .reconfigureItems(let paths):
                for path in paths {
                    try checkSection(path, "reconfigure", afterUpdate: false)
                    guard (0..<before).contains(path.item) else {
                        throw .reconfigureOutOfRange(path, count: before)
                    }
                    old[path.item] |= reconfiguredBit
                }
            case .moveItem(let from, let to):
                try checkSection(from, "move", afterUpdate: false)
                try checkSection(to, "move", afterUpdate: true)
                guard (0..<before).contains(from.item) else { throw .moveSourceOutOfRange(from, count: before) }
                guard (0..<after).contains(to.item) else {
                    throw .moveDestinationOutOfRange(from: from, to: to, count: after)
                }
                guard old[from.item] >> targetShift == 0 else { throw .twoMovesFrom(from) }
                guard new[to.item] >> sourceShift == 0 else { throw .twoMovesTo(to) }
                old[from.item] |= (to.item + 1) << targetShift
                new[to.item] |= (from.item + 1) << sourceShift
            }
        }

        // Conflicting calls on one path.
        func conflict(_ first: Int, _ second: Int) -> Int? {
            old.indices.first {
                old[$0] & first != 0 && (second == 0 ? old[$0] >> targetShift != 0 : old[$0] & second != 0)
            }
        }
        if let item = conflict(deletedBit, reloadedBit) { throw .deleteAndReload(ItemPath(item: item)) }
        if let item = conflict(deletedBit, reconfiguredBit) { throw .deleteAndReconfigure(ItemPath(item: item)) }
        if let item = conflict(deletedBit, 0) { throw .deleteAndMove(ItemPath(item: item)) }
        if let item = conflict(reloadedBit, 0) { throw .reloadAndMove(ItemPath(item: item)) }
        if let item = conflict(reconfiguredBit, 0) { throw .reconfigureAndMove(ItemPath(item: item)) }
        if let item = new.indices.first(where: { new[$0] & insertedBit != 0 && new[$0] >> sourceShift != 0 }) {
            throw .insertAndMove(ItemPath(item: item))
        }

        guard after == before - deleteCount + insertCount else {
            throw .invalidItemCount(before: before, after: after, inserted: insertCount, deleted: deleteCount)
        }

        var next = [DisplayedRow<ID>]()
        next.reserveCapacity(after)
        for slot in 0..<after {
            let source = new[slot] >> sourceShift - 1
            if source >= 0 {
                next.append(shown.rows[source])
                new[slot] |= takenBit
            } else if new[slot] & insertedBit != 0 {
                next.append(DisplayedRow(id: batch.dataSource[slot], cell: shown.newCell(), isRefreshed: true))
                new[slot] |= takenBit
            } else {
                next.append(DisplayedRow(id: batch.dataSource[slot], cell: -1, isRefreshed: true))
            }
        }

        // A reload's insert: the k-th item not deleted goes to the k-th
        // position not inserted (moves ignored), with a new cell.
        var slot = 0
        for item in 0..<before where old[item] & deletedBit == 0 {
            while new[slot] & insertedBit != 0 { slot += 1 }
            if old[item] & reloadedBit != 0 {
                guard new[slot] >> sourceShift == 0 else {
                    throw .reloadInsertHitsMove(reloaded: ItemPath(item: item), at: ItemPath(item: slot))
                }
                next[slot].cell = shown.newCell()
                new[slot] |= takenBit
            }
            slot += 1
        }

        // Every other item keeps its cell and fills the free positions in order.
        slot = 0
        for item in 0..<before where old[item] & (deletedBit | reloadedBit) == 0 && old[item] >> targetShift == 0 {
            while new[slot] & takenBit != 0 { slot += 1 }
            if old[item] & reconfiguredBit != 0 {
                next[slot].cell = shown.rows[item].cell
            } else {
                next[slot] = shown.rows[item]
            }
            slot += 1
        }
        shown.rows = next
    }
}
