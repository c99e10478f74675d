import BatchUpdate

/// One `apply(_:animatingDifferences:)` of a diffable data source (UIKit,
/// AppKit) or one new list state in SwiftUI: the whole new snapshot, plus
/// the items to reconfigure (keep the cell) or reload (new cell) by ID.
public struct SnapshotApplyCall<ID: Hashable & Sendable>: ToolkitCall, Hashable {
    /// Every item of the new snapshot, in order.
    public var items: [ID]
    /// Items whose cells are configured again (`reconfigureItems(_:)`).
    public var reconfigured: [ID]
    /// Items whose cells are replaced (`reloadItems(_:)`).
    public var reloaded: [ID]

    /// Creates an application of `items`, reconfiguring and reloading the given IDs.
    @inlinable
    public init(items: [ID], reconfigured: [ID] = [], reloaded: [ID] = []) {
        self.items = items
        self.reconfigured = reconfigured
        self.reloaded = reloaded
    }

    /// The call as data: `apply(snapshot:reconfigureItems:reloadItems:)`.
    public var record: CallRecord {
        CallRecord(
            method: "apply",
            arguments: [
                CallArgument("snapshot", Self.list(items)), CallArgument("reconfigureItems", Self.list(reconfigured)),
                CallArgument("reloadItems", Self.list(reloaded)),
            ])
    }

    private static func list(_ ids: [ID]) -> CallValue { .list(ids.map { .text(String(describing: $0)) }) }
}
