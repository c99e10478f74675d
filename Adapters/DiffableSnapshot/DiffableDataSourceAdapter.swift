import BatchUpdate

/// Turns an update plan into one diffable-data-source application: the
/// whole new snapshot, with the content-changed items named by ID.
///
/// The data source works out deletions, insertions and moves itself, by
/// identifier, so a moved and changed item is simply moved and refreshed in
/// the same application.
public struct DiffableDataSourceAdapter<ID: Hashable & Sendable>: UpdateAdapter {
    /// The model the applications are proven on.
    public typealias Model = DiffableDataSourceModel<ID>

    /// How changed items are refreshed.
    public var refresh: RefreshStyle

    /// An adapter that refreshes changed items with `refresh` (by default by
    /// reconfiguring them, which keeps their cells).
    public init(refresh: RefreshStyle = .reconfigure) { self.refresh = refresh }

    /// `diffable`, or `diffable-reload`.
    public var name: String { refresh == .reload ? "diffable-reload" : "diffable" }

    /// Moved+changed items are moved and refreshed in one application.
    public var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: refresh) }

    /// The toolkit semantics and what this adapter does with them.
    public var summary: String {
        "Diffable data source or SwiftUI: the whole new snapshot is applied and the toolkit diffs it by ID; "
            + "changed items are named by ID for "
            + (refresh == .reconfigure ? "reconfigureItems (keeps the cell)." : "reloadItems (new cell).")
    }

    /// One application of the new snapshot (none for an empty plan).
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], SnapshotApplyCall<ID>>] {
        guard !plan.isEmpty else { return [] }
        let changed = plan.changedIDs
        let call =
            refresh == .reconfigure
            ? SnapshotApplyCall(items: plan.new, reconfigured: changed)
            : SnapshotApplyCall(items: plan.new, reloaded: changed)
        return [UpdateBatch(dataSource: plan.new, calls: [call])]
    }
}
