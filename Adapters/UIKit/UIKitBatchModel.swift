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
    /// ``UIKitSectionedModel`` checks item calls with the same code, so on
    /// one section it raises the same error for every batch.
    ///
    /// - Throws: the ``UIKitBatchError`` UIKit would raise.
    /// - Complexity: O(*n* + *m* + calls) for *n* items before and *m* after.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<[ID], UIKitBatchCall>) throws(UIKitBatchError) {
        let before = shown.rows.count
        // A mark per item before the update and per item after it, on the stack when small.
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: before + batch.dataSource.count) {
            (scratch) throws(UIKitBatchError) in
            scratch.initialize(repeating: 0)
            try replay(
                batch,
                ItemMarks(
                    old: UnsafeMutableBufferPointer(rebasing: scratch[..<before]),
                    new: UnsafeMutableBufferPointer(rebasing: scratch[before...])))
        }
    }

    /// The replay on marks laid out by ``perform(_:)``.
    @inlinable
    mutating func replay(_ batch: UpdateBatch<[ID], UIKitBatchCall>, _ marks: ItemMarks) throws(UIKitBatchError) {
        let before = shown.rows.count
        let after = batch.dataSource.count
        var deleted = 0
        var inserted = 0
        for call in batch.calls {
            try marks.mark(call) { (path, action, afterUpdate) throws(UIKitBatchError) in
                guard path.section == 0 else {
                    throw .sectionOutOfRange(path, action: action, sectionCount: 1, afterUpdate: afterUpdate)
                }
                return 0..<(afterUpdate ? after : before)
            } marked: { marked in
                switch marked {
                case .deleted: deleted += 1
                case .inserted: inserted += 1
                case .moved: break
                }
            }
        }
        if let conflict = marks.firstConflict(oldPath: { ItemPath(item: $0) }, newPath: { ItemPath(item: $0) }) {
            throw conflict
        }
        guard after == before - deleted + inserted else {
            throw .invalidItemCount(
                section: 0, before: before, after: after, inserted: inserted, deleted: deleted, movedIn: 0,
                movedOut: 0)
        }
        var next = batch.dataSource.map { DisplayedRow(id: $0, cell: -1, isRefreshed: true) }
        let old = shown.rows
        try marks.fill(
            &next, slots: 0..<after, section: 0, from: old, items: 0..<before, oldSection: 0, moved: { old[$0] },
            newCell: { shown.newCell() })
        shown.rows = next
    }
}
