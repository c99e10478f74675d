import BatchUpdate
import UpdateCheckDiff
import UpdateCheckSupport

/// One adapter the CLI knows, flat or sectioned, with its type erased: what
/// it is, how it plans snapshot files of string IDs, and how its kit proves it.
///
/// A flat list is proven by the conformance kit and a sectioned one by the
/// sectioned kit; either way the entry takes a ``ConformanceScope`` and gives
/// an ``ConformanceReport``, which the one adapter suite
/// (``AdapterConformanceSuite``) turns into cases. Only ``shape`` says which
/// lists the adapter takes: the catalog, `plan` and `adapters check` pick
/// adapters by it.
package struct AdapterEntry: Sendable {
    /// The lists an adapter takes.
    package enum Shape: Sendable, Equatable {
        /// Flat lists: ``UpdateAdapter``s, proven by `ConformanceKit`.
        case flat
        /// Sectioned lists: ``UpdateAdapter``s, proven by the conformance kit on a sectioned bound.
        case sectioned
    }

    /// How an adapter plans two files: its batches for a plan of string IDs,
    /// replayed on its toolkit model.
    package enum Planner: Sendable {
        /// A flat adapter's calls for a flat plan.
        case flat(@Sendable (UpdatePlan<String>) -> PlannedCalls)
        /// A sectioned adapter's batches for a sectioned plan.
        case sectioned(@Sendable (SectionedUpdatePlan<String, String>) -> PlannedCalls)
    }

    /// The adapter's name (`uikit`, `uikit-sections`).
    package var name: String
    /// Its toolkit semantics, one paragraph.
    package var summary: String
    /// Its declared policy.
    package var policy: AdapterPolicy
    /// Whether it is a variant of a default adapter (checked only when named).
    package var isVariant: Bool
    /// The lists it takes.
    package var shape: Shape
    /// How it plans files (`nil` for an adapter program, which the kit
    /// proves with its own IDs only).
    package var planner: Planner?
    /// Runs the adapter's kit on `scope`, on the groups of a shard (of the
    /// suite's own positions).
    ///
    /// Throws only for an adapter that cannot run at all (a manifest's
    /// program that does not start, or declares another policy than its
    /// manifest): its suite's cases then end as errors with the message.
    package var prove: @Sendable (ConformanceScope, Shard) throws(CLIError) -> ConformanceReport

    /// Creates an entry from its parts.
    package init(
        name: String, summary: String, policy: AdapterPolicy, isVariant: Bool = false, shape: Shape,
        planner: Planner? = nil,
        prove: @escaping @Sendable (ConformanceScope, Shard) throws(CLIError) -> ConformanceReport
    ) {
        self.name = name
        self.summary = summary
        self.policy = policy
        self.isVariant = isVariant
        self.shape = shape
        self.planner = planner
        self.prove = prove
    }

    /// Wraps a flat `adapter` (for files of string IDs) and the same adapter
    /// for the kit's integer IDs.
    package init<ForFiles: UpdateAdapter, ForKit: UpdateAdapter>(
        _ adapter: ForFiles, proving: ForKit, isVariant: Bool = false
    ) where ForFiles.Plan == UpdatePlan<String>, ForKit.Plan == UpdatePlan<Int> {
        self.init(provingOnly: proving)
        name = adapter.name
        summary = adapter.summary
        policy = adapter.policy
        self.isVariant = isVariant
        planner = .flat { plan in
            PlannedCalls(
                batches: adapter.batches(for: plan).map { $0.calls.map(\.record) },
                problem: ConformanceKit.verify(adapter, plan: plan).map {
                    PlanReport.Problem(summary: $0.description, detail: $0.description)
                })
        }
    }

    /// Wraps a flat adapter that only the conformance kit runs (an adapter
    /// program behind `--exec`): it has no string-ID plans.
    package init<ForKit: UpdateAdapter>(provingOnly adapter: ForKit) where ForKit.Plan == UpdatePlan<Int> {
        let name = adapter.name
        self.init(name: name, summary: adapter.summary, policy: adapter.policy, shape: .flat) {
            scope, shard throws(CLIError) in
            guard case .flat(var options) = scope else { throw Self.mismatch(name, .flat) }
            options.shard = shard
            return ConformanceKit.check(adapter, options: options)
        }
    }

    /// Wraps a sectioned `adapter` (for files of string IDs) and the same
    /// adapter for the kit's section and item IDs.
    package init<ForFiles: UpdateAdapter, ForKit: UpdateAdapter>(
        _ adapter: ForFiles, proving: ForKit
    )
    where
        ForFiles.Plan == SectionedUpdatePlan<String, String>,
        ForKit.Plan == SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    {
        self.init(provingOnly: proving)
        name = adapter.name
        summary = adapter.summary
        policy = adapter.policy
        planner = .sectioned { plan in
            let batches = adapter.batches(for: plan)
            return PlannedCalls(
                batches: batches.map { $0.calls.map(\.record) }, after: batches.map(\.dataSource),
                problem: ConformanceKit.problem(of: adapter, plan: plan).map {
                    PlanReport.Problem(summary: $0.problem.description, detail: "\($0.pair): \($0.problem)")
                })
        }
    }

    /// Wraps a sectioned adapter that only the sectioned kit runs (an
    /// adapter program): it has no string-ID plans.
    package init<ForKit: UpdateAdapter>(provingOnly adapter: ForKit)
    where ForKit.Plan == SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID> {
        let name = adapter.name
        self.init(name: name, summary: adapter.summary, policy: adapter.policy, shape: .sectioned) {
            scope, shard throws(CLIError) in
            guard case .sectioned(let bound) = scope else { throw Self.mismatch(name, .sectioned) }
            return ConformanceKit.check(adapter, options: bound.options(shard: shard))
        }
    }

    /// The error for proving an adapter of `shape` on a scope of the other
    /// shape (the catalog and the commands never ask for it).
    static func mismatch(_ name: String, _ shape: Shape) -> CLIError {
        .usage("\(quoted: name) takes \(shape == .flat ? "flat" : "sectioned") lists only.")
    }
}
