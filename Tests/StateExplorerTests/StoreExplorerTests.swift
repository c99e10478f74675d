import Foundation
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

    /// A store whose answers depend on more than its events (here a hidden
    /// state counting the paths the process has run) fails at the first
    /// state it does not reproduce, naming what changed, rather than being
    /// searched without end over states that never repeat.
    @Test func aStoreThatDoesNotReproduceAStateFailsNamingWhatChanged() {
        // The depth bound ends a search that does not check: it would pass.
        let configuration = ExplorerConfiguration(records: 1, values: 2, maxDepth: 3)
        #expect {
            _ = try StoreExplorer(configuration).run(CountingStoreDriver())
        } throws: { error in
            guard case .store(let store, let message) = error as? StateExplorerError else { return false }
            return store == "counting"
                && message.hasPrefix(
                    "is not deterministic: the same load showed hidden state '1' the first time and hidden state '")
                && message.hasSuffix(
                    " the second; a store's answers must depend only on the records loaded and the events sent")
        }
        // The same store with a hidden state that follows its events is explored to its fixed point.
        let steady = try? StoreExplorer(ExplorerConfiguration(records: 1, values: 2)).run(
            CountingStoreDriver(counts: false))
        #expect(steady?.reachedFixedPoint == true)
    }
}

/// The built-in store, with a hidden state that counts every path run so
/// far when `counts`, else a constant.
private final class CountingStoreDriver: StoreDriver, @unchecked Sendable {
    let name = "counting"
    let counts: Bool
    let lock = NSLock()
    var served = 0
    let inner = InProcessStoreDriver(OptimisticStore<String, ScenarioValue>.self)

    init(counts: Bool = true) { self.counts = counts }

    func run(_ paths: [StorePath]) throws(OptimisticScenarioError) -> [StorePathResult] {
        var results = try inner.run(paths)
        for index in results.indices {
            let hidden = lock.withLock {
                served += 1
                return counts ? "\(served)" : "steady"
            }
            for step in results[index].steps.indices { results[index].steps[step].observation.hidden = hidden }
            for branch in results[index].branches.indices {
                results[index].branches[branch].observation.hidden = hidden
            }
        }
        return results
    }
}
