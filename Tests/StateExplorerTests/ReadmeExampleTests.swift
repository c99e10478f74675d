import OptimisticState
import Testing

@testable import StateExplorer

/// The README's exploration example does what its comments and its table say.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleHolds() throws {
        let report = try Explorer(ExplorerConfiguration(records: 2, values: 2)).run()
        #expect(report.passed)
        #expect(report.states == 2_416 && report.transitions == 108_884 && report.depth == 10)
        #expect(report.statesBeforeReduction == 9_648 && report.transitionsBeforeReduction == 435_408)
        #expect(report.appliedTransitionsBeforeReduction == 108_816)
        #expect(report.reachedFixedPoint)
        #expect(report.counterexample(for: .staleEventChangesNothing) == nil)
        #expect(report.coverage.neverEnabled.count == 18)
        #expect(report.coverage.exercised.count == 66)
    }

    @Test(arguments: [
        (1, 2, 24, 48, 914, 5), (1, 3, 24, 90, 2_322, 5), (2, 3, 3_220, 34_668, 2_108_754, 10),
    ])
    func theReadmeTableHolds(
        records: Int, values: Int, states: Int, before: Int, transitions: Int, depth: Int
    ) throws {
        let report = try Explorer(ExplorerConfiguration(records: records, values: values)).run()
        #expect(report.passed && report.reachedFixedPoint)
        #expect(report.states == states && report.statesBeforeReduction == before)
        #expect(report.transitionsBeforeReduction == transitions && report.depth == depth)
    }
}
