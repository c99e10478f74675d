import BatchUpdate

/// A model of a diffable data source (`UICollectionViewDiffableDataSource`,
/// `NSTableViewDiffableDataSource`, a SwiftUI `List`), replaying snapshot
/// applications the way UIKit documents them.
///
/// - The data source diffs the applied snapshot against the current one by
///   identifier: items in both keep their cells (wherever they move), new
///   items get new cells, missing items go away.
/// - Reconfigured items keep their cells and are configured again; reloaded
///   items get new cells. Both must be in the applied snapshot.
/// - Identifiers must be unique within a snapshot.
/// - The snapshot is the data source: `UpdateBatch.items` is not consulted.
public struct DiffableDataSourceModel<ID: Hashable & Sendable>: ToolkitModel {
    /// The rows shown after the last application.
    public var displayed: [DisplayedRow<ID>] { shown.rows }
    /// Storage of ``rows``, and the next cell's number.
    @usableFromInline var shown: NumberedRows<ID>

    /// A data source showing `items`.
    @inlinable
    public init(showing items: [ID]) { shown = NumberedRows(showing: items) }

    /// Applies each snapshot of the batch in turn.
    ///
    /// - Throws: the ``DiffableDataSourceError`` UIKit would raise.
    /// - Complexity: O(*n*) expected hashing per snapshot.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<[ID], SnapshotApplyCall<ID>>) throws(DiffableDataSourceError) {
        for call in batch.calls { try apply(call) }
    }

    /// Applies one snapshot.
    @inlinable
    mutating func apply(_ call: SnapshotApplyCall<ID>) throws(DiffableDataSourceError) {
        let snapshot = IdentifierIndex(call.items)
        guard snapshot.repeated.isEmpty else {
            throw .duplicateIdentifiers(snapshot.repeated.map { String(describing: $0) })
        }
        // Per new offset: 1 reconfigure, 2 reload.
        var marks = [Int](repeating: 0, count: call.items.count)
        for id in call.reconfigured {
            guard let offset = snapshot.offset(of: id) else { throw .reconfigureUnknownItem(String(describing: id)) }
            marks[offset] |= 1
        }
        for id in call.reloaded {
            guard let offset = snapshot.offset(of: id) else { throw .reloadUnknownItem(String(describing: id)) }
            marks[offset] |= 2
        }
        let current = IdentifierIndex(shown.rows.map(\.id))
        var next: [DisplayedRow<ID>] = []
        next.reserveCapacity(call.items.count)
        for (offset, id) in call.items.enumerated() {
            if let row = current.offset(of: id), marks[offset] & 2 == 0 {
                var kept = shown.rows[row]
                if marks[offset] & 1 != 0 { kept.isRefreshed = true }
                next.append(kept)
            } else {
                next.append(DisplayedRow(id: id, cell: shown.newCell(), isRefreshed: true))
            }
        }
        shown.rows = next
    }
}
