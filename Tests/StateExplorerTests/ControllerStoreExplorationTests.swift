import OptimisticScenario
import OptimisticState
import Testing

@testable import StateExplorer

/// The main-actor controller explored through the store protocol, by the
/// same search that explores OptimisticStore and a team's own stores.
@Suite struct ControllerStoreExplorationTests {
    /// Runs the explorer off the main actor, which the driver waits for.
    func explore(
        _ configuration: ExplorerConfiguration, faults: ControllerFaults = []
    ) async throws -> ExplorationReport {
        try await Task.detached {
            try StoreExplorer(configuration).run(ControllerStoreDriver(faults: faults))
        }.value
    }

    /// The store protocol's search never answers a request after its
    /// cancel (a cancelled request is no longer answerable there), so the
    /// timeout-then-late-answer case of three events is found by
    /// ControllerExplorationTests; here the same glue mistake shows on its
    /// shortest case the search can reach: a late answer from before a
    /// session switch, while the new session's write waits for its re-read.
    @Test func aLateAnswerAppliedAnywayIsCaughtWithTheShortestCaseTheSearchReaches() async throws {
        let report = try await explore(ExplorerConfiguration(records: 1, values: 2), faults: .applyLateAnswers)
        let found = try #require(report.counterexample)
        #expect(found.invariant == .staleEventChangesNothing)
        #expect(found.length == 5)
        #expect(found.steps[1].hasPrefix("switch to session 2"))
        #expect(found.steps[4].hasPrefix("finish write1 (earlierSession)"))
    }
}
