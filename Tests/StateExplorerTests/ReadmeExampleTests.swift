import OptimisticState
import Testing

@testable import StateExplorer

/// The README's exploration example does what its comments and its table say.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleHolds() throws {
        let report = try Explorer(ExplorerConfiguration(records: 2, values: 2)).run()
        #expect(report.passed)
        #expect(report.states == 9_648 && report.transitions == 435_408 && report.depth == 10)
        #expect(report.reachedFixedPoint)
        #expect(report.counterexample(for: .staleEventChangesNothing) == nil)
        #expect(report.coverage.neverEnabled.count == 18)
        #expect(report.coverage.exercised.count == 66)
    }

    @Test(arguments: [(1, 2, 48, 914, 5), (1, 3, 90, 2_322, 5), (2, 3, 34_668, 2_108_754, 10)])
    func theReadmeTableHolds(records: Int, values: Int, states: Int, transitions: Int, depth: Int) throws {
        let report = try Explorer(ExplorerConfiguration(records: records, values: values)).run()
        #expect(report.passed && report.reachedFixedPoint)
        #expect(report.states == states && report.transitions == transitions && report.depth == depth)
    }
}
