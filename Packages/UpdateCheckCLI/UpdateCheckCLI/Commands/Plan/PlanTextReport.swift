import BatchUpdate

/// The human-readable output of `updatecheck plan`.
package enum PlanTextReport {
    /// The counts, the calls batch by batch, and the model replay's verdict:
    ///
    ///     uikit: 1 deleted, 1 inserted, 1 moved, 1 changed (3 → 3 items)
    ///     batch 1:
    ///       deleteItems(at: [[0, 1]])
    ///       …
    ///     Replayed on the uikit model: shows the new snapshot, refreshes every changed item and keeps …
    package static func render(_ calls: PlannedCalls, plan: UpdatePlan<String>, adapter: AdapterEntry) -> String {
        var lines = [
            "\(adapter.name): \(plan.deletedCount) deleted, \(plan.insertedCount) inserted, \(plan.movedCount) moved, "
                + "\(plan.changedCount) changed (\(plan.old.count) → \(plan.new.count) items)"
        ]
        if calls.batches.isEmpty { lines.append("no calls: nothing changed") }
        for (index, batch) in calls.batches.enumerated() {
            lines.append("batch \(index + 1):")
            lines += batch.map { "  \($0)" }
        }
        if let problem = calls.problem {
            lines.append("Replayed on the \(adapter.name) model: FAILED: \(problem)")
        } else {
            lines.append(
                "Replayed on the \(adapter.name) model: shows the new snapshot, refreshes every changed item and "
                    + "keeps every cell its policy keeps (\(adapter.policy)).")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
