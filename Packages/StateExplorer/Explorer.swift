import OptimisticState

/// Explores every interleaving of events on the real `OptimisticStore`
/// for a small list, and proves the seven invariants on all of them.
///
/// A breadth-first search starts from every assignment of loaded values
/// and applies, in every state, every event that can happen: taps to each
/// value; every outcome of a write's answer and every re-read answer for
/// every ticket ever issued (current, stale, duplicate, earlier session);
/// cancels; reorders; an account switch to a second session. All seven
/// invariants are checked around every transition, and invariant 6 also by
/// applying each event to the same list loaded in another order. States are
/// deduplicated canonically (tickets renamed by order of issue), so the
/// search ends at a fixed point: every reachable state has been expanded.
///
/// ```swift
/// let report = try Explorer(ExplorerConfiguration(records: 2, values: 2)).run()
/// report.passed                       // true on the real store
/// report.states, report.transitions   // the size of what was proved
/// if let found = report.counterexample {
///     print(found)                    // the shortest failing event sequence
///     print(found.scenarioFile)       // as a scenario for `updatecheck state run`
/// }
/// ```
public struct Explorer: Sendable {
    /// What is explored.
    public let configuration: ExplorerConfiguration

    /// Creates an explorer.
    ///
    /// - Throws: ``StateExplorerError/unsupportedConfiguration(setting:value:accepted:)``
    ///   for a configuration out of range.
    public init(_ configuration: ExplorerConfiguration = ExplorerConfiguration()) throws(StateExplorerError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Runs the exploration, calling `progress` after each level.
    ///
    /// Folding renamings of the records rests on one property of the
    /// store: a record's state does not depend on where the list shows it
    /// (invariant 6). When the search finds invariant 6 broken, or a
    /// counterexample that does not replay from a real loaded list, that
    /// property is void: the search is repeated without folding the records,
    /// so every verdict and length is that of the full search.
    ///
    /// - Complexity: O(s · e) for s states reached (one per orbit) and e
    ///   events enabled per state (about 45 for two records and two values),
    ///   spread over ``ExplorerConfiguration/threads`` threads.
    public func run(progress: (ExplorationProgress) -> Void = { _ in }) -> ExplorationReport {
        var configuration = configuration
        while true {
            var search = ExplorerSearch(configuration)
            search.run(progress: progress)
            let counterexamples = search.found.shortestFirst(length: \.length).map(search.counterexample)
            let premiseBroken =
                search.found[.reorderChangesNoState] != nil || counterexamples.contains { $0 == nil }
            if premiseBroken, configuration.symmetry.contains(.records) {
                configuration.symmetry.remove(.records)
                continue
            }
            if counterexamples.contains(where: { $0 == nil }), !configuration.symmetry.isEmpty {
                configuration.symmetry = []
                continue
            }
            return ExplorationReport(
                configuration: self.configuration, symmetry: configuration.symmetry, states: search.keys.count,
                counts: search.counts, counterexamples: counterexamples.compactMap { $0 })
        }
    }
}
