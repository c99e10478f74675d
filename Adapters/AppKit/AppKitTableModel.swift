import BatchUpdate

/// A model of an `NSTableView`, replaying `beginUpdates()`/`endUpdates()`
/// blocks the way AppKit documents them.
///
/// - Each call is applied at once; every index refers to the table left by
///   the calls before it.
/// - `insertRows(at:)` takes the indexes the new rows have once inserted
///   (ascending, each at most the row count at that moment);
///   `removeRows(at:)` the indexes before the removal; `moveRow(at:to:)`
///   takes the row out and puts it back at `to` (both below the row count).
/// - `reloadData(forRowIndexes:)` asks the delegate for new cell views.
/// - Views for inserted and reloaded rows are requested after
///   `endUpdates()`, for the rows' final positions, from the data source
///   (`UpdateBatch.items`), whose row count must then match the table's.
public struct AppKitTableModel<ID: Hashable & Sendable>: ToolkitModel {
    /// The rows shown after the last `endUpdates()`.
    public var displayed: [DisplayedRow<ID>] { table.shown }
    /// The table's rows while calls are replayed, and what it shows.
    @usableFromInline var table: SequentialRows<ID>

    /// A table showing `items`.
    @inlinable
    public init(showing items: [ID]) { table = SequentialRows(showing: items) }

    /// Replays one `beginUpdates()`…`endUpdates()` block whose data source
    /// holds `batch.dataSource`.
    ///
    /// - Throws: the ``AppKitTableError`` AppKit would raise.
    /// - Complexity: O(*n*) per call for *n* rows.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<[ID], AppKitTableCall>) throws(AppKitTableError) {
        try table.replay(batch, apply: Self.apply) { .rowCountMismatch(tableRows: $0, dataSourceRows: $1) }
    }

    /// Checks `call` against `table` as it is now and applies it.
    @inlinable
    static func apply(_ call: AppKitTableCall, to table: inout SequentialRows<ID>) throws(AppKitTableError) {
        switch call {
        case .insertRows(let indexes):
            for row in indexes.indexSetOrder {
                guard row >= 0, row <= table.count else {
                    throw .rowOutOfRange(row: row, numberOfRows: table.count)
                }
                table.insert(count: 1, at: row)
            }
        case .removeRows(let indexes):
            let sorted = indexes.indexSetOrder
            for row in sorted where row < 0 || row >= table.count {
                throw .rowOutOfRange(row: row, numberOfRows: table.count)
            }
            for row in sorted.reversed() { table.remove(row..<row + 1) }
        case .moveRow(let from, let to):
            guard from >= 0, from < table.count else { throw .rowOutOfRange(row: from, numberOfRows: table.count) }
            guard to >= 0, to < table.count else { throw .rowOutOfRange(row: to, numberOfRows: table.count) }
            table.move(from: from, to: to)
        case .reloadRows(let indexes):
            let sorted = indexes.indexSetOrder
            for row in sorted where row < 0 || row >= table.count {
                throw .reloadOutOfRange(row: row, numberOfRows: table.count)
            }
            for row in sorted { table.refresh(at: row, keepingCell: false) }
        }
    }
}
