import OptimisticScenario
import OptimisticState
import Testing

@testable import StateExplorer

/// The worked example of the article "Exploring your own store", explored
/// as the article shows: the view model passes, its broken twin is caught
/// with its shortest counterexample, which replays on the twin, and a rule
/// that differs on purpose passes the invariants but not refinement.
@Suite struct WorkedExampleTests {
    let configuration = ExplorerConfiguration(records: 2, values: 2)

    @Test func theViewModelReachesTheFixedPointOfTheBuiltInStoreAndPasses() throws {
        let report = try StoreExplorer(configuration).run(FavouritesViewModel.self)
        let builtIn = try Explorer(configuration).run()
        #expect(report.passed, "\(report.counterexamples.map(\.description))")
        #expect(report.reachedFixedPoint)
        #expect(report.states == builtIn.states && report.transitions == builtIn.transitions)
    }

    @Test func theViewModelFollowsOptimisticStoreEventForEvent() throws {
        let report = try StoreExplorer(configuration, refinement: true).run(FavouritesViewModel.self)
        #expect(report.passed)
        #expect(report.divergence == nil)
    }

    @Test func theTwinThatConfirmsOnATimeoutIsCaughtWithTheShortestCase() throws {
        let report = try StoreExplorer(configuration).run(RewritingViewModel<ConfirmsOnTimeout>.self)
        #expect(!report.passed)
        let found = try #require(report.counterexample)
        #expect(found.invariant == .confirmedOnlyOnServerEvidence)
        #expect(found.length == 2)
        #expect(found.steps[0].hasPrefix("tap r1 for"))
        #expect(found.steps[1].hasPrefix("finish write1 (current) of r1: uncertain"))
        // Nothing but invariant 3 breaks.
        #expect(report.counterexamples.map(\.invariant) == [.confirmedOnlyOnServerEvidence])

        // The scenario file replays on the twin and fails the same way, at
        // the same step; on the view model it runs into what differs.
        let scenario = try Scenario(jsonText: found.scenarioFile, file: "counterexample.json")
        let replay = try ScenarioRunner.run(scenario, on: RewritingViewModel<ConfirmsOnTimeout>.self)
        #expect(replay.failures.map(\.invariant) == [.confirmedOnlyOnServerEvidence])
        #expect(replay.failures.first?.step == 2)
        let fixed = try ScenarioRunner.run(scenario, on: FavouritesViewModel.self)
        #expect(!fixed.passed && fixed.failures.allSatisfy { $0.invariant == nil })
    }

    @Test func aRuleThatKeepsTheTappedValueOnConflictPassesTheInvariantsButNotRefinement() throws {
        let invariants = try StoreExplorer(configuration).run(RewritingViewModel<KeepsTappedOnConflict>.self)
        #expect(invariants.passed, "\(invariants.counterexamples.map(\.description))")
        #expect(invariants.divergence == nil)

        let refined = try StoreExplorer(configuration, refinement: true).run(
            RewritingViewModel<KeepsTappedOnConflict>.self)
        #expect(!refined.passed)
        #expect(refined.counterexamples.isEmpty)
        let divergence = try #require(refined.divergence)
        #expect(divergence.length == 2)
        #expect(divergence.steps[1].contains("conflict"))
        #expect(divergence.record == "r1")
        // Its scenario expects what OptimisticStore shows: it passes there
        // and fails on the store at the conflict.
        let scenario = try Scenario(jsonText: divergence.scenarioFile, file: "divergence.json")
        #expect(try ScenarioRunner.run(scenario, on: OptimisticStore<String, ScenarioValue>.self).passed)
        let replay = try ScenarioRunner.run(scenario, on: RewritingViewModel<KeepsTappedOnConflict>.self)
        #expect(replay.failures.first?.step == 2)
    }
}
