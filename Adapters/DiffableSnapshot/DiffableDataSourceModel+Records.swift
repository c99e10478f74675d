import BatchUpdate

extension DiffableDataSourceModel: ReplayableModel {
    /// One `apply` of a whole snapshot, items named by ID.
    public static var vocabulary: [String] {
        ["apply(snapshot: [ID], reconfigureItems: [ID], reloadItems: [ID])"]
    }

    /// `true`: the data source holds the snapshot the batch's `apply` calls leave, which
    /// the model shows; a batch's `dataSource` is not consulted.
    public static var showsAppliedSnapshot: Bool { true }

    /// The call a record describes, its IDs resolved by `id`.
    ///
    /// - Throws: `BatchUpdateError.invalidCall(method:reason:)`.
    public static func call(
        from record: CallRecord, section: (String) -> Never?, item id: (String) -> ID?
    ) throws(BatchUpdateError)
        -> SnapshotApplyCall<ID>
    {
        guard record.method == "apply" else { throw record.unknownMethod(vocabulary: vocabulary) }
        try record.requireLabels(["snapshot", "reconfigureItems", "reloadItems"])
        return SnapshotApplyCall(
            items: try record.ids("snapshot", id), reconfigured: try record.ids("reconfigureItems", id),
            reloaded: try record.ids("reloadItems", id))
    }
}
