import BatchUpdate
import UpdateCheckDiff

/// An adapter's calls for one plan, flat or sectioned, as data, and what
/// replaying them on the adapter's toolkit model showed.
package struct PlannedCalls: Sendable, Equatable {
    /// The calls, one list per batch.
    package var batches: [[CallRecord]]
    /// What the data source holds after each batch, one per batch for a
    /// sectioned plan; empty for a flat one.
    package var after: [SectionedSnapshot<String, String>]
    /// The first problem the model replay found, or `nil` when the calls are right.
    package var problem: PlanReport.Problem?

    /// Creates the result.
    package init(
        batches: [[CallRecord]], after: [SectionedSnapshot<String, String>] = [], problem: PlanReport.Problem?
    ) {
        self.batches = batches
        self.after = after
        self.problem = problem
    }
}
