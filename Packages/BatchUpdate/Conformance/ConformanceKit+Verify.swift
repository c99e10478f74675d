extension ConformanceKit {
    /// Checks one plan: replays `adapter`'s batches on its model and returns
    /// the first problem, or `nil` when the adapter handles the plan correctly.
    @inlinable
    public static func verify<Adapter: UpdateAdapter, ID>(_ adapter: Adapter, plan: UpdatePlan<ID>)
        -> ConformanceProblem? where Adapter.Plan == UpdatePlan<ID>
    {
        problem(of: adapter, plan: plan, batches: adapter.batches(for: plan)) { String(describing: $0) }
    }

    /// Checks one case: plans `old` → `new` with `changed`, and returns the
    /// failure (with the adapter's calls) or `nil` when it passes.
    ///
    /// - Throws: ``BatchUpdateError`` when the case itself is invalid
    ///   (duplicate IDs, a changed ID that is not kept).
    @inlinable
    public static func check<Adapter: UpdateAdapter, ID>(
        _ adapter: Adapter, old: [ID], new: [ID], changed: [ID] = []
    ) throws(BatchUpdateError) -> ConformanceFailure? where Adapter.Plan == UpdatePlan<ID> {
        let plan = try UpdatePlan(from: old, to: new, changed: changed)
        return failure(of: adapter, plan: plan, origin: nil) { String(describing: $0) }
    }

    /// Checks a recorded call list for one plan: replays `batches` on a
    /// fresh `model` showing `plan.old` and holds the rows to `policy`,
    /// exactly as for an adapter's batches. Returns the first problem, or
    /// `nil` when the calls are correct.
    ///
    /// For call logs of engines that are not ``UpdateAdapter``s (DiffUtil
    /// dispatches captured on a device, a staged changeset engine's output):
    ///
    /// ```swift
    /// let plan = try UpdatePlan(from: ["a", "b"], to: ["b", "a"])
    /// let log = [UpdateBatch(dataSource: ["b", "a"], calls: [RecyclerViewCall.moved(from: 1, to: 0)])]
    /// let problem = ConformanceKit.verify(log, on: RecyclerViewModel<String>.self, policy: policy, plan: plan)
    /// ```
    ///
    /// - Complexity: one model replay.
    @inlinable
    public static func verify<Model: ToolkitModel, ID>(
        _ batches: [UpdateBatch<[ID], Model.Call>], on model: Model.Type, policy: AdapterPolicy,
        plan: UpdatePlan<ID>
    ) -> ConformanceProblem? where Model.Snapshot == [ID], Model.Displayed == [DisplayedRow<ID>] {
        problem(on: model, policy: policy, plan: plan, batches: batches) { String(describing: $0) }
    }

    /// Checks a recorded call list for one case: plans `old` → `new` with
    /// `changed`, replays `batches` on `model` and returns the failure (with
    /// the calls) or `nil` when the calls are correct.
    ///
    /// - Throws: ``BatchUpdateError`` when the case itself is invalid
    ///   (duplicate IDs, a changed ID that is not kept).
    @inlinable
    public static func check<Model: ToolkitModel, ID>(
        _ batches: [UpdateBatch<[ID], Model.Call>], on model: Model.Type, policy: AdapterPolicy,
        old: [ID], new: [ID], changed: [ID] = []
    ) throws(BatchUpdateError) -> ConformanceFailure?
    where Model.Snapshot == [ID], Model.Displayed == [DisplayedRow<ID>] {
        let plan = try UpdatePlan(from: old, to: new, changed: changed)
        let label: (ID) -> String = { String(describing: $0) }
        guard let problem = problem(on: model, policy: policy, plan: plan, batches: batches, label: label) else {
            return nil
        }
        return ConformanceFailure(
            old: plan.old.map(label), new: plan.new.map(label), changed: plan.changedIDs.map(label), problem: problem,
            calls: batches.map { $0.calls.map(\.description) }, origin: nil)
    }

    /// The first problem of `batches` for `plan`, naming items with `label`.
    @inlinable
    static func problem<Adapter: UpdateAdapter, ID>(
        of adapter: Adapter, plan: UpdatePlan<ID>, batches: [UpdateBatch<[ID], Adapter.Call>],
        label: (ID) -> String
    ) -> ConformanceProblem? where Adapter.Plan == UpdatePlan<ID> {
        problem(on: Adapter.Model.self, policy: adapter.policy, plan: plan, batches: batches, label: label)
    }

    /// The first problem of `batches` replayed on `model` for `plan`, held to
    /// `policy`, naming items with `label`.
    @inlinable
    static func problem<Model: ToolkitModel, ID>(
        on _: Model.Type, policy: AdapterPolicy, plan: UpdatePlan<ID>,
        batches: [UpdateBatch<[ID], Model.Call>], label: (ID) -> String
    ) -> ConformanceProblem? where Model.Snapshot == [ID], Model.Displayed == [DisplayedRow<ID>] {
        var model = Model(showing: plan.old)
        for (index, batch) in batches.enumerated() {
            do {
                try model.perform(batch)
            } catch {
                return .toolkitError(batch: index + 1, message: error.description)
            }
        }
        let rows = model.displayed
        guard rows.count == plan.new.count, zip(rows, plan.new).allSatisfy({ $0.id == $1 }) else {
            return .wrongRows(expected: plan.new.map(label), shown: rows.map { label($0.id) })
        }
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
    static func failure<Adapter: UpdateAdapter, ID>(
        of adapter: Adapter, plan: UpdatePlan<ID>, origin: String?, label: (ID) -> String
    ) -> ConformanceFailure? where Adapter.Plan == UpdatePlan<ID> {
        let batches = adapter.batches(for: plan)
        guard let problem = problem(of: adapter, plan: plan, batches: batches, label: label) else { return nil }
        return ConformanceFailure(
            old: plan.old.map(label), new: plan.new.map(label), changed: plan.changedIDs.map(label), problem: problem,
            calls: batches.map { $0.calls.map(\.description) }, origin: origin)
    }
}
