import OptimisticScenario
import OptimisticState
import Testing

@testable import StateExplorer

/// The explorer bites: each known fault of the store is caught with a
/// counterexample of the expected length (and none shorter exists), and the
/// counterexample's scenario replays to the same violation.
@Suite struct MutantTests {
    /// A fault, the invariant it breaks first and the length of the
    /// shortest event sequence that shows it.
    struct Mutant: Sendable, CustomStringConvertible {
        var name: String
        var fault: StoreFaults
        var invariant: Invariant
        var length: Int
        var description: String { name }
    }

    static let mutants: [Mutant] = [
        // A tap mints a write ticket; answering it with a re-read's answer
        // (a ticket of the wrong kind) then acts.
        Mutant(name: "skipTicketCheck", fault: .skipTicketCheck, invariant: .staleEventChangesNothing, length: 2),
        // A tap to the other value, then a rejection: idle, showing the
        // value the server refused.
        Mutant(
            name: "rollbackToDesiredOnReject", fault: .rollbackToDesiredOnReject, invariant: .idleShowsConfirmed,
            length: 2),
        // A tap, an uncertain answer, then a second tap writes.
        Mutant(
            name: "allowWriteDuringNeedsSync", fault: .allowWriteDuringNeedsSync, invariant: .noWriteBeforeResync,
            length: 3),
        // A tap, then a re-read answer with the write's ticket is accepted.
        Mutant(name: "acceptStaleResync", fault: .acceptStaleResync, invariant: .staleEventChangesNothing, length: 2),
        // Two records loaded with different values, then one reorder.
        Mutant(name: "keyByRow", fault: .keyByRow, invariant: .reorderChangesNoState, length: 1),
    ]

    static func explore(_ fault: StoreFaults, maxDepth: Int? = nil, stop: Bool = false) throws -> ExplorationReport {
        var configuration = ExplorerConfiguration(
            records: 2, values: 2, maxDepth: maxDepth, stopsAtFirstViolation: stop)
        configuration.faults = fault
        return try Explorer(configuration).run()
    }

    @Test(arguments: mutants)
    func eachFaultIsCaughtWithAShortestCounterexample(mutant: Mutant) throws {
        let report = try Self.explore(mutant.fault)
        let found = try #require(report.counterexample)
        #expect(!report.passed)
        #expect(found.invariant == mutant.invariant)
        #expect(found.length <= mutant.length)
        #expect(found.faults == mutant.fault)
        #expect(found.violation.record == "r1")
        // None shorter: the same search cut one level earlier finds nothing.
        #expect(try Self.explore(mutant.fault, maxDepth: mutant.length - 1).passed)
        // Stopping at the first violation finds one just as short.
        #expect(try Self.explore(mutant.fault, stop: true).counterexample?.length == found.length)
    }

    @Test(arguments: mutants)
    func theCounterexampleReplaysToTheSameViolation(mutant: Mutant) throws {
        let found = try #require(try Self.explore(mutant.fault).counterexample)
        try found.scenario.validate()
        let replay = ScenarioRunner.run(found.scenario, salt: 7, faults: mutant.fault)
        #expect(!replay.passed)
        #expect(replay.stepsRun == found.length)
        let failure = try #require(replay.failures.first)
        #expect(failure.invariant == found.invariant)
        #expect(failure.record == found.violation.record)
        #expect(failure.expected == found.violation.detail)
        // Every step before the last gave the result the explorer saw.
        #expect(replay.failures.allSatisfy { $0.invariant != nil })
        // On the real store the same events break no invariant.
        let real = ScenarioRunner.run(found.scenario, salt: 7)
        #expect(real.failures.allSatisfy { $0.invariant == nil })
    }

    @Test func everyMutantIsCaughtForEveryInvariantItBreaksWithinItsOwnShortestLength() throws {
        for mutant in Self.mutants {
            let report = try Self.explore(mutant.fault)
            #expect(report.counterexamples.map(\.length) == report.counterexamples.map(\.length).sorted())
            for counterexample in report.counterexamples {
                let replay = ScenarioRunner.run(counterexample.scenario, salt: 0, faults: mutant.fault)
                #expect(replay.failures.contains { $0.invariant == counterexample.invariant }, "\(mutant)")
            }
        }
    }

    @Test func theComparisonWithThePermutedListFindsAStoreThatDependsOnTheOrder() throws {
        var configuration = ExplorerConfiguration(records: 2, values: 2)
        configuration.permutedListFaults = .rollbackToDesiredOnReject
        let report = try Explorer(configuration).run()
        let found = try #require(report.counterexample)
        #expect(report.counterexamples.count == 1)
        #expect(found.invariant == .reorderChangesNoState)
        #expect(found.inPermutedList)
        #expect(found.length == 2)
        // The events alone pass on either store: only the comparison sees it.
        #expect(ScenarioRunner.run(found.scenario, salt: 0).passed)
        // Without the comparison the explorer cannot see it.
        configuration.checksPermutedList = false
        #expect(try Explorer(configuration).run().passed)
    }
}
