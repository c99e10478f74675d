/// The exceptions NSTableView raises for an invalid update
/// (`NSTableViewException`), worded as AppKit words them.
public enum AppKitTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An insert, remove or move names a row the table does not have at that moment.
    case rowOutOfRange(row: Int, numberOfRows: Int)
    /// A reload names a row the table does not have at that moment.
    case reloadOutOfRange(row: Int, numberOfRows: Int)
    /// After `endUpdates()` the table's row count differs from the data
    /// source's `numberOfRows(in:)`.
    case rowCountMismatch(tableRows: Int, dataSourceRows: Int)

    /// The message, as AppKit words it.
    public var description: String {
        switch self {
        case .rowOutOfRange(let row, let numberOfRows):
            "NSTableView error inserting/removing/moving row \(row) (numberOfRows: \(numberOfRows))."
        case .reloadOutOfRange(let row, let numberOfRows):
            "NSTableView error reloading row \(row) (numberOfRows: \(numberOfRows))."
        case .rowCountMismatch(let tableRows, let dataSourceRows):
            "NSTableView Invalid update: the table has \(tableRows) rows after endUpdates, but the data source "
                + "reports numberOfRows \(dataSourceRows)."
        }
    }
}
