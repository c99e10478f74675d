extension ConformanceKit {
    /// Checks one plan: replays `adapter`'s batches on its model and returns
    /// the first problem, or `nil` when the adapter handles the plan correctly.
    @inlinable
    public static func verify<Adapter: UpdateAdapter>(_ adapter: Adapter, plan: UpdatePlan<Adapter.ID>)
        -> ConformanceProblem?
    {
        problem(of: adapter, plan: plan, batches: adapter.batches(for: plan)) { String(describing: $0) }
    }

    /// Checks one case: plans `old` → `new` with `changed`, and returns the
    /// failure (with the adapter's calls) or `nil` when it passes.
    ///
    /// - Throws: ``BatchUpdateError`` when the case itself is invalid
    ///   (duplicate IDs, a changed ID that is not kept).
    @inlinable
    public static func check<Adapter: UpdateAdapter>(
        _ adapter: Adapter, old: [Adapter.ID], new: [Adapter.ID], changed: [Adapter.ID] = []
    ) throws(BatchUpdateError) -> ConformanceFailure? {
        let plan = try UpdatePlan(from: old, to: new, changed: changed)
        return failure(of: adapter, plan: plan, origin: nil) { String(describing: $0) }
    }

    /// The first problem of `batches` for `plan`, naming items with `label`.
    @inlinable
    static func problem<Adapter: UpdateAdapter>(
        of adapter: Adapter, plan: UpdatePlan<Adapter.ID>, batches: [UpdateBatch<Adapter.ID, Adapter.Call>],
        label: (Adapter.ID) -> String
    ) -> ConformanceProblem? {
        var model = Adapter.Model(showing: plan.old)
        for (index, batch) in batches.enumerated() {
            do {
                try model.perform(batch)
            } catch {
                return .toolkitError(batch: index + 1, message: error.description)
            }
        }
        let rows = model.rows
        guard rows.count == plan.new.count, zip(rows, plan.new).allSatisfy({ $0.id == $1 }) else {
            return .wrongRows(expected: plan.new.map(label), shown: rows.map { label($0.id) })
        }
        let policy = adapter.policy
        let oldCount = plan.old.count
        for (index, row) in rows.enumerated() {
            guard let source = plan.oldIndex(ofNew: index) else {
                if row.cell < oldCount { return .reusedOldCell(id: label(row.id), row: index) }
                continue
            }
            let expected = policy.expectation(isMoved: plan.isMoved(new: index), isChanged: plan.isChanged(new: index))
            if expected.isRefreshed, !row.isRefreshed { return .notRefreshed(id: label(row.id), row: index) }
            if !expected.isRefreshed, row.isRefreshed { return .refreshedWithoutChange(id: label(row.id), row: index) }
            if expected.keepsCell {
                if row.cell != source { return .lostCell(id: label(row.id), row: index) }
            } else if row.cell == source {
                return .keptCell(id: label(row.id), row: index)
            } else if row.cell < oldCount {
                return .reusedOldCell(id: label(row.id), row: index)
            }
        }
        return nil
    }

    /// The failure of `plan`, with the adapter's calls, or `nil` when it passes.
    @inlinable
    static func failure<Adapter: UpdateAdapter>(
        of adapter: Adapter, plan: UpdatePlan<Adapter.ID>, origin: String?, label: (Adapter.ID) -> String
    ) -> ConformanceFailure? {
        let batches = adapter.batches(for: plan)
        guard let problem = problem(of: adapter, plan: plan, batches: batches, label: label) else { return nil }
        return ConformanceFailure(
            old: plan.old.map(label), new: plan.new.map(label), changed: plan.changedIDs.map(label), problem: problem,
            calls: batches.map { $0.calls.map(\.description) }, origin: origin)
    }
}
