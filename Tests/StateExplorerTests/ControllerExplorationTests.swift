import OptimisticState
import OptimisticStateTesting
import Testing

/// The main-actor controller explored like the store: every order of taps,
/// answers, late answers, timeouts, session switches and reorders up to a
/// depth, every step checked for the seven invariants.
@MainActor
@Suite struct ControllerExplorationTests {
    @Test func theControllerKeepsEveryInvariantForOneRecord() async throws {
        let report = try await ControllerExplorer(records: [("a", false)], maxDepth: 6).run()
        #expect(report.counterexample == nil, "\(report.counterexample.map(\.description) ?? "")")
        // Late answers, timeouts and answers after the switch were all delivered.
        for kind in ["finish ignored", "cancel applied", "resync ignored", "finish applied", "resync applied"] {
            #expect(report.stepKinds.contains(kind), "no \(kind) step")
        }
    }

    @Test func theControllerKeepsEveryInvariantForTwoRecords() async throws {
        let report = try await ControllerExplorer(records: [("a", false), ("b", true)], maxDepth: 4).run()
        #expect(report.counterexample == nil, "\(report.counterexample.map(\.description) ?? "")")
    }

    @Test func aLateAnswerAppliedAfterItsTimeoutIsCaughtWithTheShortestSequence() async throws {
        let report = try await ControllerExplorer(records: [("a", false)], maxDepth: 6, faults: .applyLateAnswers)
            .run()
        let found = try #require(report.counterexample)
        #expect(found.violation.invariant == .staleEventChangesNothing)
        #expect(found.actions.count == 3)
        #expect(found.actions.first == .tap("a", true) || found.actions.first == .tap("a", false))
        #expect(found.actions.dropFirst().first == .tick)
        print(found)
    }
}
