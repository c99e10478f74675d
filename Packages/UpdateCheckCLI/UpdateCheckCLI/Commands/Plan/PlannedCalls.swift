import BatchUpdate

/// An adapter's calls for one plan, as data, and what replaying them on the
/// adapter's toolkit model showed.
package struct PlannedCalls: Sendable, Equatable {
    /// The calls, one list per batch.
    package var batches: [[CallRecord]]
    /// The first problem the model replay found, or `nil` when the calls are right.
    package var problem: ConformanceProblem?

    /// Creates the result.
    package init(batches: [[CallRecord]], problem: ConformanceProblem?) {
        self.batches = batches
        self.problem = problem
    }
}
