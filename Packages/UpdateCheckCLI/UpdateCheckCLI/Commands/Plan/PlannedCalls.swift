import BatchUpdate
import UpdateCheckDiff

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

/// A sectioned adapter's batches for one plan, as data, and what replaying
/// them on the adapter's toolkit model showed.
package struct SectionedPlannedCalls: Sendable, Equatable {
    /// The calls, one list per batch.
    package var batches: [[CallRecord]]
    /// What the data source holds after each batch.
    package var sections: [SectionedSnapshot<String, String>]
    /// The first problem the model replay found, or `nil` when the calls are right.
    package var problem: ConformanceFailure?

    /// Creates the result.
    package init(
        batches: [[CallRecord]], sections: [SectionedSnapshot<String, String>], problem: ConformanceFailure?
    ) {
        self.batches = batches
        self.sections = sections
        self.problem = problem
    }
}
