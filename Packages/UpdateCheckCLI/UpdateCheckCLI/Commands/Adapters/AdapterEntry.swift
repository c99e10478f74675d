import BatchUpdate

/// One adapter the CLI knows, with its type erased: what it is, how it
/// plans string-ID snapshots from files, and how the conformance kit proves it.
package struct AdapterEntry: Sendable {
    /// The adapter's name (`uikit`).
    package var name: String
    /// Its toolkit semantics, one paragraph.
    package var summary: String
    /// Its declared policy.
    package var policy: AdapterPolicy
    /// Whether it is a variant of a default adapter (checked only when named).
    package var isVariant: Bool
    /// The adapter's calls for a plan of string IDs, replayed on its model
    /// (`nil` for an adapter program, which the kit proves with its own IDs only).
    package var plan: (@Sendable (UpdatePlan<String>) -> PlannedCalls)?
    /// Runs the conformance kit on the adapter.
    ///
    /// Throws only for an adapter that cannot run at all (a manifest's
    /// program that does not start, or declares another policy than its
    /// manifest): its suite's cases then end as errors with the message.
    package var prove: @Sendable (ConformanceOptions) throws(CLIError) -> ConformanceReport

    /// Creates an entry from its parts.
    package init(
        name: String, summary: String, policy: AdapterPolicy, isVariant: Bool = false,
        plan: (@Sendable (UpdatePlan<String>) -> PlannedCalls)? = nil,
        prove: @escaping @Sendable (ConformanceOptions) throws(CLIError) -> ConformanceReport
    ) {
        self.name = name
        self.summary = summary
        self.policy = policy
        self.isVariant = isVariant
        self.plan = plan
        self.prove = prove
    }

    /// Wraps `adapter` (for files of string IDs) and the same adapter for
    /// the kit's integer IDs.
    package init<ForFiles: UpdateAdapter, ForKit: UpdateAdapter>(
        _ adapter: ForFiles, proving: ForKit, isVariant: Bool = false
    ) where ForFiles.ID == String, ForKit.ID == Int {
        name = adapter.name
        summary = adapter.summary
        policy = adapter.policy
        self.isVariant = isVariant
        plan = { plan in
            PlannedCalls(
                batches: adapter.batches(for: plan).map { $0.calls.map(\.record) },
                problem: ConformanceKit.verify(adapter, plan: plan))
        }
        prove = { options in ConformanceKit.check(proving, options: options) }
    }

    /// Wraps an adapter that only the conformance kit runs (an adapter
    /// program behind `--exec`): it has no string-ID plans.
    package init<ForKit: UpdateAdapter>(provingOnly adapter: ForKit) where ForKit.ID == Int {
        name = adapter.name
        summary = adapter.summary
        policy = adapter.policy
        isVariant = false
        plan = nil
        prove = { options in ConformanceKit.check(adapter, options: options) }
    }
}
