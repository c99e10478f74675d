import BatchUpdate
import ListDiff

/// One sectioned adapter the CLI knows, with its type erased: what it is,
/// how it plans sectioned snapshot files, and how the sectioned kit proves it.
package struct SectionedAdapterEntry: Sendable {
    /// The adapter's name (`uikit-sections`).
    package var name: String
    /// Its toolkit semantics, one paragraph.
    package var summary: String
    /// Its declared policy.
    package var policy: AdapterPolicy
    /// The adapter's batches for a plan of string IDs, replayed on its model
    /// (`nil` for an adapter the kit proves with its own IDs only).
    package var plan: (@Sendable (SectionedUpdatePlan<String, String>) -> SectionedPlannedCalls)?
    /// Runs the sectioned kit on the adapter for a bound of sections and
    /// items, on the old snapshots of a shard.
    ///
    /// Throws only for an adapter that cannot run at all: its suite's cases
    /// then end as errors with the message.
    package var prove: @Sendable (SectionedBound, Shard) throws(CLIError) -> SectionedConformanceReport

    /// Creates an entry from its parts.
    package init(
        name: String, summary: String, policy: AdapterPolicy,
        plan: (@Sendable (SectionedUpdatePlan<String, String>) -> SectionedPlannedCalls)? = nil,
        prove: @escaping @Sendable (SectionedBound, Shard) throws(CLIError) -> SectionedConformanceReport
    ) {
        self.name = name
        self.summary = summary
        self.policy = policy
        self.plan = plan
        self.prove = prove
    }

    /// Wraps `adapter` (for files of string IDs) and the same adapter for
    /// the kit's section and item IDs.
    package init<ForFiles: SectionedUpdateAdapter, ForKit: SectionedUpdateAdapter>(
        _ adapter: ForFiles, proving: ForKit
    )
    where
        ForFiles.SectionID == String, ForFiles.ItemID == String, ForKit.SectionID == ExhaustiveSectionID,
        ForKit.ItemID == ExhaustiveID
    {
        name = adapter.name
        summary = adapter.summary
        policy = adapter.policy
        plan = { plan in
            let batches = adapter.batches(for: plan)
            return SectionedPlannedCalls(
                batches: batches.map { $0.calls.map(\.record) }, sections: batches.map(\.sections.description),
                problem: SectionedConformanceKit.problem(of: adapter, plan: plan))
        }
        prove = { bound, shard in
            SectionedConformanceKit.check(
                proving, sectionCount: bound.sections, idCount: bound.ids, shard: shard)
        }
    }

    /// Wraps an adapter that only the sectioned kit runs (an adapter
    /// program): it has no string-ID plans.
    package init<ForKit: SectionedUpdateAdapter>(provingOnly adapter: ForKit)
    where ForKit.SectionID == ExhaustiveSectionID, ForKit.ItemID == ExhaustiveID {
        name = adapter.name
        summary = adapter.summary
        policy = adapter.policy
        plan = nil
        prove = { bound, shard in
            SectionedConformanceKit.check(adapter, sectionCount: bound.sections, idCount: bound.ids, shard: shard)
        }
    }
}

/// The bound of a sectioned conformance run: every pair of snapshots of up
/// to ``sections`` sections and ``ids`` items.
package struct SectionedBound: Sendable, Equatable, CustomStringConvertible {
    /// The sections, *s* (1 to 3).
    package var sections: Int
    /// The items, *k* (1 to 5).
    package var ids: Int

    /// Creates a bound.
    package init(sections: Int, ids: Int) {
        self.sections = sections
        self.ids = ids
    }

    /// The number of old snapshots, each a group (a JUnit case) of the run.
    package var groupCount: Int { SectionedConformanceKit.groupCount(sectionCount: sections, idCount: ids) }

    /// `every pair of up to 2 sections and 3 items`.
    package var description: String { "every pair of up to \(sections) sections and \(ids) items" }
}

/// A sectioned adapter's batches for one plan, as data, and what replaying
/// them on the adapter's toolkit model showed.
package struct SectionedPlannedCalls: Sendable, Equatable {
    /// The calls, one list per batch.
    package var batches: [[CallRecord]]
    /// What the data source holds after each batch (`[S: a b | T: c]`).
    package var sections: [String]
    /// The first problem the model replay found, or `nil` when the calls are right.
    package var problem: SectionedConformanceFailure?

    /// Creates the result.
    package init(batches: [[CallRecord]], sections: [String], problem: SectionedConformanceFailure?) {
        self.batches = batches
        self.sections = sections
        self.problem = problem
    }
}
