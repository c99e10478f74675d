import BatchUpdate

/// One call inside a UIKit batch update (`performBatchUpdates` on a
/// collection view, `beginUpdates`/`endUpdates` on a table view).
///
/// Deletes, reloads, reconfigures and move sources are index paths before
/// the update; inserts and move destinations are index paths after it. The
/// order of calls inside a batch does not matter to UIKit.
public enum UIKitBatchCall: ToolkitCall, Hashable {
    /// `deleteItems(at:)` / `deleteRows(at:with:)`.
    case deleteItems([ItemPath])
    /// `insertItems(at:)` / `insertRows(at:with:)`.
    case insertItems([ItemPath])
    /// `reloadItems(at:)` / `reloadRows(at:with:)`: a new cell for each item.
    case reloadItems([ItemPath])
    /// `reconfigureItems(at:)` / `reconfigureRows(at:)`: the existing cell is configured again.
    case reconfigureItems([ItemPath])
    /// `moveItem(at:to:)` / `moveRow(at:to:)`.
    case moveItem(at: ItemPath, to: ItemPath)

    /// The call as data, named after the collection-view method.
    public var record: CallRecord {
        switch self {
        case .deleteItems(let paths): Self.record("deleteItems", paths)
        case .insertItems(let paths): Self.record("insertItems", paths)
        case .reloadItems(let paths): Self.record("reloadItems", paths)
        case .reconfigureItems(let paths): Self.record("reconfigureItems", paths)
        case .moveItem(let from, let to):
            CallRecord(method: "moveItem", arguments: [CallArgument("at", .path(from)), CallArgument("to", .path(to))])
        }
    }

    private static func record(_ method: String, _ paths: [ItemPath]) -> CallRecord {
        CallRecord(method: method, arguments: [CallArgument("at", .list(paths.map { .path($0) }))])
    }
}
