import OptimisticState
import Testing

@testable import StateExplorer

/// The real store explored to a fixed point: no invariant is broken, the
/// search really ends, and it exercises every kind of event in every phase
/// where the event can happen.
@Suite struct RealStoreExplorationTests {
    @Test(arguments: [(1, 2), (2, 2), (1, 3), (2, 3)])
    func everyInvariantHoldsUpToAFixedPoint(records: Int, values: Int) throws {
        let report = try Explorer(ExplorerConfiguration(records: records, values: values)).run()
        #expect(report.passed, "\(report.counterexamples.map(\.description))")
        #expect(report.reachedFixedPoint)
        #expect(report.states == report.statesByDepth.reduce(0, +))
        // Every assignment of loaded values is a starting state.
        #expect(report.statesByDepthBeforeReduction[0] == Self.power(values, records))
        #expect(report.statesBeforeReduction == report.statesByDepthBeforeReduction.reduce(0, +))
        #expect(report.appliedTransitions > report.states - report.statesByDepth[0])
        #expect(report.transitions > report.appliedTransitions)
        for invariant in Invariant.allCases { #expect(report.counterexample(for: invariant) == nil) }
    }

    @Test func aDepthLimitStopsEarlyAndAgreesWithTheFullSearchOnEveryLevelItReached() throws {
        let full = try Explorer(ExplorerConfiguration(records: 2, values: 2)).run()
        let cut = try Explorer(ExplorerConfiguration(records: 2, values: 2, maxDepth: 4)).run()
        #expect(!cut.reachedFixedPoint)
        #expect(cut.depth == 4)
        #expect(cut.statesByDepth == Array(full.statesByDepth.prefix(5)))
        #expect(cut.transitions < full.transitions)
        // Allowing exactly the depth of the fixed point changes nothing but
        // the verdict: the last level is reached and not expanded.
        let atDepth = try Explorer(ExplorerConfiguration(records: 2, values: 2, maxDepth: full.depth)).run()
        #expect(atDepth.states == full.states)
        #expect(!atDepth.reachedFixedPoint)
        let zero = try Explorer(ExplorerConfiguration(records: 2, values: 2, maxDepth: 0)).run()
        #expect(zero.statesBeforeReduction == 4 && zero.transitions == 0 && zero.depth == 0)
        // Two orbits: equal values, and different ones.
        #expect(zero.states == 2)
    }

    @Test func comparingWithThePermutedListChangesNoVerdictOrStateCount() throws {
        let with = try Explorer(ExplorerConfiguration(records: 2, values: 2)).run()
        let without = try Explorer(ExplorerConfiguration(records: 2, values: 2, checksPermutedList: false)).run()
        #expect(with.passed && without.passed)
        #expect(with.states == without.states && with.transitions == without.transitions)
    }

    @Test func progressIsReportedOncePerLevel() throws {
        var seen: [ExplorationProgress] = []
        let report = try Explorer(ExplorerConfiguration(records: 1, values: 2)).run { seen.append($0) }
        #expect(seen.map(\.depth) == Array(1...report.depth + 1))
        #expect(seen.last?.states == report.states)
        #expect(seen.last?.transitions == report.transitions)
    }

    @Test func coverageExercisesEveryEventWhereItCanHappenAndNowhereElse() throws {
        let report = try Explorer(ExplorerConfiguration(records: 2, values: 2)).run()
        let coverage = report.coverage
        #expect(coverage.exercised.map(\.transitions).reduce(0, +) >= report.transitions)
        var impossible: Set<String> = []
        for (phase, label) in coverage.neverEnabled { impossible.insert("\(phase) \(label)") }
        // An idle record has no ticket in flight; a busy one has no settled
        // ticket to answer twice. Everything else happens somewhere.
        var expected: Set<String> = []
        for age in [TicketAge.current] {
            for outcome in OutcomeCategory.allCases { expected.insert("idle finish \(outcome) \(age)") }
            expected.insert("idle cancel \(age)")
            expected.insert("idle resync \(age)")
        }
        for phase in [PhaseKind.saving, .needsSync] {
            for outcome in OutcomeCategory.allCases { expected.insert("\(phase) finish \(outcome) duplicate") }
            expected.insert("\(phase) cancel duplicate")
            expected.insert("\(phase) resync duplicate")
        }
        #expect(impossible == expected)
        #expect(coverage.count(of: TransitionLabel(.tap), in: .needsSync) > 0)
        #expect(coverage.count(of: TransitionLabel(.resync, ticket: .earlierSession), in: .needsSync) > 0)
        #expect(coverage.count(of: TransitionLabel(.switchSession, ticket: .stale), in: .saving) > 0)
    }

    @Test func aSingleRecordHasNoReordersAndNoPermutedList() throws {
        let report = try Explorer(ExplorerConfiguration(records: 1, values: 2)).run()
        for phase in PhaseKind.allCases {
            #expect(report.coverage.count(of: TransitionLabel(.reorder), in: phase) == 0)
        }
    }

    static func power(_ base: Int, _ exponent: Int) -> Int { (0..<exponent).reduce(1) { total, _ in total * base } }
}
