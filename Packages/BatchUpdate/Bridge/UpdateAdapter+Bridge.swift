extension UpdateAdapter {
    /// Hands `plan` to a toolkit, batch by batch: the one loop every
    /// built-in bridge runs.
    ///
    /// For each of ``batches(for:)``, `batch` opens the toolkit's batch
    /// (`performBatchUpdates`, `beginUpdates()`…`endUpdates()`) around a
    /// body that first gives the data source the batch's own list
    /// (`UpdateBatch/dataSource`: the in-between list of a staged plan, the
    /// old order with new content before a refresh-then-move) and then makes
    /// the batch's calls with `make`. So the data source changes exactly once
    /// per batch, inside it and before its calls, which is when the toolkit
    /// reads it; an empty plan makes no batch and leaves the data source as
    /// it is, since its list and content are unchanged.
    ///
    /// The data source shows each item's new content when the plan's new
    /// list holds the item, and its old content otherwise (an item about to
    /// be deleted).
    ///
    /// - Complexity: O(*n*) plus the calls, for *n* items.
    @inlinable
    public func bridge(
        _ plan: Plan, batch: (() -> Void) -> Void, dataSource: (Plan.Snapshot) -> Void, make: (Call) -> Void
    ) {
        // The body runs inside `batch` only, before it returns: the closures
        // do not outlive this call.
        withoutActuallyEscaping(dataSource) { dataSource in
            withoutActuallyEscaping(make) { make in
                for step in batches(for: plan) {
                    batch {
                        dataSource(step.dataSource)
                        for call in step.calls { make(call) }
                    }
                }
            }
        }
    }
}
