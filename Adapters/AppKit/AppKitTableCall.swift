import BatchUpdate

/// One call on an `NSTableView` between `beginUpdates()` and `endUpdates()`.
///
/// NSTableView applies each call at once: every row index refers to the
/// table as the calls before it left it. NSTableView has no sections, so
/// rows are plain indexes (index sets are sorted and free of repeats).
public enum AppKitTableCall: ToolkitCall, Hashable {
    /// `insertRows(at:withAnimation:)`: the indexes the new rows have once inserted.
    case insertRows([Int])
    /// `removeRows(at:withAnimation:)`: the indexes of the rows before the removal.
    case removeRows([Int])
    /// `moveRow(at:to:)`: the row at `at` is taken out and put back so that it ends up at `to`.
    case moveRow(at: Int, to: Int)
    /// `reloadData(forRowIndexes:columnIndexes:)` over every column: the rows
    /// get new cell views from the delegate.
    case reloadRows([Int])

    /// The call as data, named after the NSTableView method.
    public var record: CallRecord {
        switch self {
        case .insertRows(let rows): CallRecord(method: "insertRows", arguments: [CallArgument("at", Self.list(rows))])
        case .removeRows(let rows): CallRecord(method: "removeRows", arguments: [CallArgument("at", Self.list(rows))])
        case .moveRow(let from, let to):
            CallRecord(
                method: "moveRow", arguments: [CallArgument("at", .integer(from)), CallArgument("to", .integer(to))])
        case .reloadRows(let rows):
            CallRecord(method: "reloadData", arguments: [CallArgument("forRowIndexes", Self.list(rows))])
        }
    }

    private static func list(_ rows: [Int]) -> CallValue { .list(rows.map { .integer($0) }) }
}
