import OptimisticState
import Testing

@testable import OptimisticScenario

/// Scenario values: validation, running with expectations and invariants,
/// failure messages, and the JSON text they are written as.
@Suite struct ScenarioRunnerTests {
    static let records = [LoadedRecord("a", ScenarioValue.bool(false)), LoadedRecord("b", .bool(true))]

    func scenario(_ steps: [ScenarioStep]) -> Scenario {
        Scenario(name: "sample", records: Self.records, steps: steps)
    }

    @Test func aPassingScenarioRunsEveryStep() throws {
        let sample = scenario([
            ScenarioStep(
                .tap(record: "a", value: .bool(true), name: "w"),
                expect: [
                    ScenarioExpectation(result: .applied(.sendWrite), visible: .bool(true), phase: .saving, ticket: "w")
                ]),
            ScenarioStep(
                .finish(ticket: "w", record: nil, outcome: .uncertain, name: "s"),
                expect: [
                    ScenarioExpectation(result: .applied(.sendReread), ticket: "s", accessibility: "off, checking")
                ]),
            ScenarioStep(nil, expect: [ScenarioExpectation(record: "b", confirmed: .bool(true), acceptsTaps: true)]),
        ])
        try sample.validate()
        let report = ScenarioRunner.run(sample, salt: 3)
        #expect(report.passed && report.stepsRun == 3 && report.stepCount == 3)
        #expect(report.trace.entries.count == 2, "a pure check is not an event")
    }

    @Test func aFailedExpectationNamesStepRecordExpectedAndActual() {
        let sample = scenario([
            ScenarioStep(.tap(record: "a", value: .bool(true), name: "w"), line: 7),
            ScenarioStep(
                .finish(ticket: "w", record: nil, outcome: .rejected, name: nil),
                expect: [
                    ScenarioExpectation(
                        result: .ignored(.busy), visible: .bool(true), isSaving: false, accessibility: "on")
                ], line: 8),
            ScenarioStep(.tap(record: "b", value: .bool(false), name: nil)),
        ])
        let report = ScenarioRunner.run(sample)
        #expect(report.stepsRun == 2, "the run stops after the failing step")
        #expect(
            report.failures.map(\.description) == [
                "step 2 (finish 'w', line 8): expected result ignored busy, got nothing",
                "step 2 (finish 'w', line 8), record 'a': expected visible true, got false",
                "step 2 (finish 'w', line 8), record 'a': expected accessibility 'on', got 'off'",
            ])
    }

    @Test func aTicketWhoseTapWasIgnoredFailsTheStepThatUsesIt() {
        let sample = scenario([
            ScenarioStep(.tap(record: "a", value: .bool(true), name: "w")),
            ScenarioStep(.tap(record: "a", value: .bool(false), name: "again")),
            ScenarioStep(.finish(ticket: "again", record: nil, outcome: .rejected, name: nil)),
        ])
        let report = ScenarioRunner.run(sample)
        #expect(
            report.failures.map(\.description) == [
                "step 3 (finish 'again'): ticket 'again' was never minted: step 2 was ignored (busy)"
            ])
    }

    @Test func anExpectedTicketThatIsNotInFlightIsReported() {
        let sample = scenario([
            ScenarioStep(.tap(record: "a", value: .bool(true), name: "w")),
            ScenarioStep(
                .finish(ticket: "w", record: nil, outcome: .rejected, name: nil),
                expect: [ScenarioExpectation(ticket: "w")]),
        ])
        #expect(
            ScenarioRunner.run(sample).failures.map(\.description) == [
                "step 2 (finish 'w'), record 'a': expected ticket 'w', got no ticket in flight"
            ])
    }

    /// Every record field an expectation can name, each wrong, reads the
    /// same on the built-in store and on the same store behind a driver:
    /// both runners share one reading of a record's fields.
    @Test func everyRecordFieldFailsAlikeOnTheStoreAndBehindADriver() throws {
        let sample = scenario([
            ScenarioStep(
                .tap(record: "a", value: .bool(true), name: "w"),
                expect: [
                    ScenarioExpectation(
                        visible: .bool(false), confirmed: .bool(true), phase: .idle, ticket: "x", isSaving: false,
                        acceptsTaps: true, accessibility: "off")
                ], line: 5)
        ])
        let expected = [
            "expected visible false, got true", "expected confirmed true, got false",
            "expected phase idle, got saving", "expected ticket 'x', got 'w'", "expected isSaving false, got true",
            "expected acceptsTaps true, got false", "expected accessibility 'off', got 'on, saving'",
        ].map { "step 1 (tap 'a', line 5), record 'a': " + $0 }
        let builtIn = ScenarioRunner.run(sample)
        let driven = try ScenarioRunner.run(sample, on: OptimisticStore<String, ScenarioValue>.self)
        #expect(builtIn.failures.map(\.description) == expected)
        #expect(driven.failures.map(\.description) == expected)

        let idle = scenario([ScenarioStep(nil, expect: [ScenarioExpectation(record: "b", ticket: "w")])])
        let none = ["step 1 (check), record 'b': expected ticket 'w', got no ticket in flight"]
        #expect(ScenarioRunner.run(idle).failures.map(\.description) == none)
        #expect(
            try ScenarioRunner.run(idle, on: OptimisticStore<String, ScenarioValue>.self).failures.map(\.description)
                == none)
    }

    /// The runner checks the invariants after every event, so a scenario
    /// replays a fault's counterexample to the same named violation.
    @Test func invariantViolationsFailTheStepOnAFaultyStore() {
        let sample = scenario([
            ScenarioStep(.tap(record: "a", value: .bool(true), name: "w")),
            ScenarioStep(.finish(ticket: "w", record: nil, outcome: .rejected, name: nil), line: 4),
        ])
        #expect(ScenarioRunner.run(sample).passed)
        let report = ScenarioRunner.run(sample, salt: 0, faults: .rollbackToDesiredOnReject)
        #expect(report.failures.map(\.invariant) == [.idleShowsConfirmed])
        #expect(
            report.failures.first?.description
                == "step 2 (finish 'w', line 4), record 'a': invariant 1 (idleShowsConfirmed) violated: "
                + "the record is idle but shows a value the server has not confirmed")

        let reorder = scenario([
            ScenarioStep(.tap(record: "a", value: .bool(true), name: "w")),
            ScenarioStep(.reorder(["b", "a"])),
        ])
        #expect(ScenarioRunner.run(reorder).passed)
        #expect(
            ScenarioRunner.run(reorder, salt: 0, faults: .keyByRow).failures.first?.invariant == .reorderChangesNoState)
    }

    @Test(arguments: [
        (
            [ScenarioStep(.tap(record: "z", value: .bool(true), name: nil), line: 3)],
            OptimisticScenarioError.invalidScenario(file: nil, step: 1, line: 3, message: "unknown record 'z'")
        ),
        (
            [ScenarioStep(.finish(ticket: "t", record: nil, outcome: .rejected, name: nil))],
            .invalidScenario(
                file: nil, step: 1, line: nil,
                message: "ticket 't' is not named by an earlier step (use \"as\" where it is minted)")
        ),
        (
            [
                ScenarioStep(.tap(record: "a", value: .bool(true), name: "t")),
                ScenarioStep(.tap(record: "b", value: .bool(true), name: "t")),
            ],
            .invalidScenario(file: nil, step: 2, line: nil, message: "ticket name 't' is already used")
        ),
        (
            [
                ScenarioStep(.tap(record: "a", value: .bool(true), name: "t")),
                ScenarioStep(.finish(ticket: "t", record: nil, outcome: .rejected, name: "s")),
            ],
            .invalidScenario(
                file: nil, step: 2, line: nil,
                message: "\"as\" names the re-read of an uncertain outcome; this answer is rejected"
            )
        ),
        (
            [ScenarioStep(.switchSession(2, [LoadedRecord("c", .bool(true))])), ScenarioStep(.reorder(["a"]))],
            .invalidScenario(file: nil, step: 2, line: nil, message: "unknown record 'a'")
        ),
        (
            // A switch to a session that is not newer is ignored: its records are never loaded.
            [ScenarioStep(.switchSession(1, [LoadedRecord("c", .bool(true))])), ScenarioStep(.reorder(["c"]))],
            .invalidScenario(file: nil, step: 2, line: nil, message: "unknown record 'c'")
        ),
        (
            [ScenarioStep(.reorder(["a", "b"]), expect: [ScenarioExpectation(visible: .bool(true))])],
            .invalidScenario(
                file: nil, step: 1, line: nil,
                message: "the expectation needs \"record\": the step addresses no single record")
        ),
        (
            [ScenarioStep(nil, expect: [ScenarioExpectation(record: "a", result: .applied(.nothing))])],
            .invalidScenario(file: nil, step: 1, line: nil, message: "a result is expected, but the step has no event")
        ),
        (
            [ScenarioStep(nil, expect: [ScenarioExpectation(record: "a", ticket: "q")])],
            .invalidScenario(
                file: nil, step: 1, line: nil, message: "ticket 'q' is not named by this or an earlier step")
        ),
        (
            [ScenarioStep(.switchSession(2, [LoadedRecord("c", .bool(true)), LoadedRecord("c", .bool(false))]))],
            .invalidScenario(file: nil, step: 1, line: nil, message: "record 'c' is loaded twice")
        ),
    ])
    func validationNamesTheFirstBadStep(steps: [ScenarioStep], error: OptimisticScenarioError) {
        #expect(throws: error) { try scenario(steps).validate() }
    }

    /// A switch to a session that is not newer is ignored, by the store and
    /// by validation: the first session's records are still the ones to name.
    @Test func anIgnoredSwitchLeavesTheRecordsToName() throws {
        let steps = [
            ScenarioStep(.switchSession(1, [LoadedRecord("c", .bool(true))])),
            ScenarioStep(.tap(record: "a", value: .bool(true), name: nil)),
        ]
        try scenario(steps).validate()
        #expect(ScenarioRunner.run(scenario(steps)).passed)
    }

    @Test func validationErrorsReadAsSentences() {
        let error = OptimisticScenarioError.invalidScenario(file: nil, step: 2, line: 9, message: "unknown record 'z'")
        #expect(error.description == "step 2 (line 9): unknown record 'z'")
        let inFile = OptimisticScenarioError.invalidScenario(
            file: "a.json", step: 2, line: 9, message: "unknown record 'z'")
        #expect(inFile.description == "a.json:9: step 2: unknown record 'z'")
        let records = OptimisticScenarioError.invalidScenario(file: "a.json", step: 0, line: nil, message: "x")
        #expect(records.description == "a.json: records: x")
        let malformed = OptimisticScenarioError.malformed(file: "a.json", line: 3, column: 14, message: "step 2: y")
        #expect(malformed.description == "a.json:3:14: step 2: y")
        #expect(
            OptimisticStateError.duplicateRecord(id: "a", first: 0, second: 2).description
                == "record 'a' is loaded twice (positions 0 and 2)")
        #expect(throws: OptimisticStateError.duplicateRecord(id: "a", first: 0, second: 2)) {
            try OptimisticStore(records: [("a", 1), ("b", 2), ("a", 3)])
        }
    }

    @Test func scenariosAreWrittenAsScenarioFileJSON() {
        let sample = Scenario(
            name: "quote \" and \\ and\ttab", summary: "shows", session: 3,
            records: [LoadedRecord("a", .string("x\u{1}")), LoadedRecord("b", .integer(-4))],
            steps: [
                ScenarioStep(.tap(record: "a", value: .bool(true), name: "w"), note: "first"),
                ScenarioStep(
                    .finish(ticket: "w", record: "b", outcome: .conflict(.integer(2)), name: nil),
                    expect: [
                        ScenarioExpectation(result: .ignored(.staleTicket)),
                        ScenarioExpectation(record: "a", phase: .needsSync, isSaving: false),
                    ]),
                ScenarioStep(.switchSession(4, [LoadedRecord("a", .bool(false))])),
                ScenarioStep(.reorder(["a"])),
            ])
        #expect(
            sample.jsonText == """
                {
                  "name": "quote \\" and \\\\ and\\ttab",
                  "description": "shows",
                  "session": 3,
                  "records": {"a": "x\\u0001", "b": -4},
                  "steps": [
                    {"note": "first", "event": "tap", "record": "a", "value": true, "as": "w"},
                    {"event": "finish", "ticket": "w", "record": "b", "outcome": "conflict", "value": 2, "expect": [{"ignored": "staleTicket"}, {"record": "a", "phase": "needsSync", "isSaving": false}]},
                    {"event": "switchSession", "session": 4, "records": {"a": false}},
                    {"event": "reorder", "order": ["a"]}
                  ]
                }

                """)
    }
}
