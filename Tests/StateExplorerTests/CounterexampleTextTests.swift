import OptimisticScenario
import OptimisticState
import Testing

@testable import StateExplorer

/// What a counterexample says, exactly: the violation, the steps in words,
/// and the scenario file.
@Suite struct CounterexampleTextTests {
    static func first(_ fault: StoreFaults, records: Int = 2, values: Int = 2) throws -> Counterexample {
        var configuration = ExplorerConfiguration(records: records, values: values)
        configuration.faults = fault
        return try #require(try Explorer(configuration).run().counterexample)
    }

    @Test func aStoreKeyedByRowIsShownInOneReorder() throws {
        let found = try Self.first(.keyByRow)
        #expect(
            found.description == """
                invariant 6 (reorderChangesNoState) violated for record 'r1': reordering the list changed the record's state
                after 1 event from r1 = false, r2 = true:
                  1. reorder to r2, r1 → nothing
                """)
        #expect(
            found.scenarioFile == """
                {
                  "name": "Counterexample to invariant 6 (reorderChangesNoState)",
                  "description": "A shortest event sequence that breaks invariant 6 (reorderChangesNoState) (reordering the records of a list changes no record's state), found by exploring every interleaving of 2 records with 2 values.",
                  "session": 1,
                  "records": {"r1": false, "r2": true},
                  "steps": [
                    {"note": "breaks invariant 6 (reorderChangesNoState): reordering the list changed the record's state", "event": "reorder", "order": ["r2", "r1"], "expect": {"result": "nothing"}}
                  ]
                }

                """)
    }

    @Test func ticketsAreNamedByTheStepThatIssuesThem() throws {
        let found = try Self.first(.allowWriteDuringNeedsSync, records: 1, values: 3)
        #expect(
            found.description == """
                invariant 5 (noWriteBeforeResync) violated for record 'r1': a write started while the re-read #2/s1 was outstanding
                after 3 events from r1 = 0:
                  1. tap r1 for 0 → sendWrite write1
                  2. finish write1 (current) of r1: uncertain → sendReread reread2
                  3. tap r1 for 0 → sendWrite write3
                """)
        #expect(found.scenario.records == [LoadedRecord("r1", .integer(0))])
        #expect(
            found.scenario.steps.map(\.event) == [
                .tap(record: "r1", value: .integer(0), name: "write1"),
                .finish(ticket: "write1", record: nil, outcome: .uncertain, name: "reread2"),
                .tap(record: "r1", value: .integer(0), name: "write3"),
            ])
        #expect(
            found.scenario.steps.map(\.expectations) == [
                [ScenarioExpectation(result: .applied(.sendWrite))],
                [ScenarioExpectation(result: .applied(.sendReread))],
                [ScenarioExpectation(result: .applied(.sendWrite))],
            ])
        #expect(
            found.scenario.steps.map(\.note) == [
                nil, nil, "breaks \(found.violation.invariant): \(found.violation.detail)",
            ])
    }

    @Test func unsupportedConfigurationsAreRejectedByName() {
        #expect(throws: StateExplorerError.unsupportedConfiguration(setting: "records", value: 4, accepted: 1...3)) {
            try Explorer(ExplorerConfiguration(records: 4))
        }
        #expect(throws: StateExplorerError.unsupportedConfiguration(setting: "values", value: 1, accepted: 2...3)) {
            try Explorer(ExplorerConfiguration(values: 1))
        }
        #expect(
            throws: StateExplorerError.unsupportedConfiguration(setting: "maxDepth", value: -1, accepted: 0...Int.max)
        ) {
            try Explorer(ExplorerConfiguration(maxDepth: -1))
        }
        #expect(
            StateExplorerError.unsupportedConfiguration(setting: "records", value: 0, accepted: 1...3).description
                == "records must be from 1 to 3, not 0")
        #expect(ExplorerConfiguration(records: 1, values: 3).description == "1 record, 3 values")
        #expect(ExplorerConfiguration(records: 3, maxDepth: 4).description == "3 records, 2 values, depth ≤ 4")
    }
}
