import BatchUpdate

/// What an AppKit bridge needs of a table: `beginUpdates()`/`endUpdates()`
/// and the row calls, mirroring `NSTableView`.
///
/// `NSTableView` conforms in `AppKitTableView+AppKit.swift`, one line per
/// method, and so does ``AppKitRecordingView``, which proves the bridge on
/// any platform. Row indexes follow ``AppKitTableModel``: each call sees the
/// table as the calls before it left it.
public protocol AppKitTableView: AnyObject {
    /// `beginUpdates()`.
    func beginUpdates()
    /// `endUpdates()`.
    func endUpdates()
    /// `insertRows(at:withAnimation:)`.
    func insertRows(at rows: [Int])
    /// `removeRows(at:withAnimation:)`.
    func removeRows(at rows: [Int])
    /// `moveRow(at:to:)`.
    func moveRow(at oldIndex: Int, to newIndex: Int)
    /// `reloadData(forRowIndexes:columnIndexes:)` over every column.
    func reloadRows(_ rows: [Int])
}

extension AppKitTableCall {
    /// Makes this call on `view`, between `beginUpdates()` and `endUpdates()`.
    @inlinable
    public func perform(on view: some AppKitTableView) {
        switch self {
        case .insertRows(let rows): view.insertRows(at: rows)
        case .removeRows(let rows): view.removeRows(at: rows)
        case .moveRow(let from, let to): view.moveRow(at: from, to: to)
        case .reloadRows(let rows): view.reloadRows(rows)
        }
    }
}

extension UpdateAdapter where Call == AppKitTableCall {
    /// Applies `plan` to `view`, one `beginUpdates()`/`endUpdates()` block per batch.
    ///
    /// Inside each block, before its calls, `dataSource` is given the list
    /// the data source must report for it (`numberOfRows(in:)` and the cell
    /// views read it): the new list, or for ``AppKitSectionedTableAdapter``
    /// the new sections, shown as header rows. Show each item's new content
    /// when the plan's new list holds it, its old content otherwise.
    ///
    /// ```swift
    /// AppKitTableAdapter<Row.ID>().apply(plan, to: tableView) { self.rowIDs = $0 }
    /// ```
    ///
    /// - Complexity: the adapter's batches plus one call per batch call.
    @inlinable
    public func apply(_ plan: Plan, to view: some AppKitTableView, dataSource: (Plan.Snapshot) -> Void) {
        bridge(
            plan,
            batch: { body in
                view.beginUpdates()
                body()
                view.endUpdates()
            },
            dataSource: dataSource
        ) { $0.perform(on: view) }
    }
}
