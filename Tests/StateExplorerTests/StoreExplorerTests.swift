import OptimisticScenario
import OptimisticState
import Testing

@testable import StateExplorer

/// The search over a store behind the store protocol, on the built-in store
/// itself: it reaches exactly the states and transitions of the search over
/// the built-in store, with the same verdicts.
@Suite struct StoreExplorerTests {
    @Test(arguments: [(1, 2), (2, 2), (1, 3)])
    func theBuiltInStoreThroughTheProtocolReachesTheSameStatesAndTransitions(records: Int, values: Int) throws {
        let configuration = ExplorerConfiguration(records: records, values: values)
        let direct = try Explorer(configuration).run()
        let driven = try StoreExplorer(configuration).run(OptimisticStore<String, ScenarioValue>.self)
        #expect(driven.passed, "\(driven.counterexamples.map(\.description))")
        #expect(driven.reachedFixedPoint)
        #expect(driven.states == direct.states)
        #expect(driven.statesByDepth == direct.statesByDepth)
        #expect(driven.statesBeforeReduction == direct.statesBeforeReduction)
        #expect(driven.transitions == direct.transitions)
        #expect(driven.appliedTransitions == direct.appliedTransitions)
        #expect(driven.transitionsBeforeReduction == direct.transitionsBeforeReduction)
        #expect(driven.coverage == direct.coverage)
        #expect(driven.roundTrips > 0)
    }
}
