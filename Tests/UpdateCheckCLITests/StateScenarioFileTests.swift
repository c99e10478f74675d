import Foundation
import OptimisticScenario
import OptimisticState
import Testing

@testable import UpdateCheckCLI

/// Reading scenario files: the built-in seed scenario, the shipped
/// examples, round trips through the JSON writer, and located errors.
@Suite struct StateScenarioFileTests {
    static let examples = BinaryRunner.repositoryRoot.appendingPathComponent("Examples/scenarios")

    @Test func theEmbeddedSeedScenarioIsTheShippedFile() throws {
        let file = try String(
            contentsOf: Self.examples.appendingPathComponent("favourite-button-seed.json"), encoding: .utf8)
        #expect(BuiltInScenarios.seedScenario + "\n" == file)
    }

    @Test func theSeedScenarioPassesOnTheRealStore() throws {
        let seed = try BuiltInScenarios.seed()
        #expect(seed.steps.count == 25)
        let report = ScenarioRunner.run(seed)
        #expect(report.passed, "\(report.failures)")
        #expect(report.stepsRun == 25)
    }

    /// The shipped scenarios bite: each fault of the store makes the
    /// scenario that guards against it fail.
    @Test(arguments: [
        ("skipTicketCheck", "favourite-button-seed.json"),
        ("rollbackToDesiredOnReject", "favourite-button-seed.json"),
        ("allowWriteDuringNeedsSync", "favourite-button-seed.json"),
        ("acceptStaleResync", "timeout-and-cancel.json"),
        ("keyByRow", "sorted-list.json"),
    ])
    func theExamplesCatchEachFault(fault: String, file: String) throws {
        let faults = try #require(StoreFaults.named.first { $0.name == fault }?.fault)
        let scenario = try ScenarioSource.load(Self.examples.appendingPathComponent(file).path).scenario()
        let report = ScenarioRunner.run(scenario, salt: 0, faults: faults)
        #expect(!report.passed, "\(file) passes with \(fault)")
    }

    @Test func theSeedScenarioCatchesATicketCheckSkippedAsAnInvariantViolation() throws {
        let report = ScenarioRunner.run(try BuiltInScenarios.seed(), salt: 0, faults: .skipTicketCheck)
        #expect(report.failures.first?.invariant == .staleEventChangesNothing)
        #expect(report.failures.first?.step == 6, "the duplicate callback of group 2")
    }

    @Test func everyExampleLoadsPassesAndRoundTrips() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(names.count >= 4)
        for name in names {
            let path = Self.examples.appendingPathComponent(name).path
            let scenario = try ScenarioSource.load(path).scenario()
            #expect(ScenarioRunner.run(scenario).passed, "\(name)")
            let again = try ScenarioSource.parse(text: scenario.jsonText, file: name)
            #expect(Self.withoutLines(again) == Self.withoutLines(scenario), "\(name)")
        }
    }

    static func withoutLines(_ scenario: Scenario) -> Scenario {
        var copy = scenario
        for index in copy.steps.indices { copy.steps[index].line = nil }
        return copy
    }

    @Test(arguments: [
        ("[]", "f.json:1:1: a scenario must be an object, not an array"),
        (#"{"records": {}}"#, #"f.json:1:1: a scenario needs "steps""#),
        (#"{"steps": []}"#, #"f.json:1:1: a scenario needs "records""#),
        (
            #"{"records": {"a": 1.5}, "steps": []}"#,
            #"f.json:1:19: the value of record 'a' must be a whole number, not 1.5"#
        ),
        (
            #"{"records": {"a": -9223372036854775809}, "steps": []}"#,
            #"f.json:1:19: the value of record 'a' must be a whole number from -9223372036854775808 to "#
                + #"9223372036854775807, not -9223372036854775809"#
        ),
        (
            #"{"records": {"a": 1, "a": 2}, "steps": []}"#,
            #"f.json:1:22: duplicate key "a" in object (first at line 1, column 14)"#
        ),
        (
            #"{"records": {}, "steps": [], "seed": 1}"#,
            "f.json:1:38: unknown key 'seed' in a scenario (expected 'name', 'description', 'session', 'records', 'steps')"
        ),
        (
            #"{"session": 0, "records": {}, "steps": []}"#,
            #"f.json:1:13: "session" must be a whole number from 1 to 4294967295"#
        ),
        (#"{"records": {}, "steps": [{}]}"#, #"f.json:1:27: step 1: a step needs "event" or "expect""#),
        // An empty record ID could be loaded but named by no event.
        (#"{"records": {"": true}, "steps": []}"#, "f.json:1:18: a record ID must not be empty"),
        // Record IDs and ticket names hold no control characters: the console would hide an escape sequence.
        (
            #"{"records": {"a\u001b[2J": true}, "steps": []}"#,
            "f.json:1:28: a record ID must not contain a control character (U+001B)"
        ),
        (
            #"{"records": {"a": true}, "steps": [{"event": "tap", "record": "a\u0085", "value": true}]}"#,
            #"f.json:1:63: step 1: "record" must not contain a control character (U+0085)"#
        ),
        (
            #"{"records": {"a": true}, "steps": [{"event": "tap", "record": "a", "value": true, "as": "t\n"}]}"#,
            #"f.json:1:89: step 1: "as" must not contain a control character (U+000A)"#
        ),
        (
            #"{"records": {}, "steps": [{"event": "jump"}]}"#,
            "f.json:1:37: step 1: unknown event 'jump' (expected 'tap', 'finish', 'cancel', 'resync', 'switchSession', 'reorder')"
        ),
        (
            #"{"records": {"a": true}, "steps": [{"event": "tap", "record": "a"}]}"#,
            #"f.json:1:36: step 1: a tap step needs "value""#
        ),
        (
            #"{"records": {"a": true}, "steps": [{"event": "tap", "record": "a", "value": true, "as": "t"}, {"event": "finish", "ticket": "t", "outcome": "rejected", "value": true}]}"#,
            "f.json:1:162: step 2: a rejected outcome carries no server value"
        ),
        (
            #"{"records": {"a": true}, "steps": [{"event": "finish", "ticket": "t", "outcome": "confirmed"}]}"#,
            #"f.json:1:36: step 1: a confirmed outcome needs "value""#
        ),
        (
            #"{"records": {"a": true}, "steps": [{"expect": {"record": "a", "phase": "busy"}}]}"#,
            "f.json:1:72: step 1: unknown phase 'busy' (expected 'idle', 'saving', 'needsSync')"
        ),
        (
            #"{"records": {"a": true}, "steps": [{"expect": {"record": "a", "ignored": "late"}}]}"#,
            "f.json:1:74: step 1: unknown ignore reason 'late' (expected 'unknownRecord', 'busy', 'awaitingResync', 'earlierSession', 'duplicate', 'staleTicket', 'wrongTicketKind', 'unknownTicket', 'sessionNotNewer', 'duplicateRecord', 'notAPermutation')"
        ),
        (
            #"{"records": {"a": true}, "steps": [{"event": "tap", "record": "a", "value": true, "expect": {"result": "sendWrite", "ignored": "busy"}}]}"#,
            #"f.json:1:128: step 1: give either "result" or "ignored", not both"#
        ),
        (
            #"{"records": {"a": true}, "steps": [{"event": "reorder", "order": ["a", 3]}]}"#,
            #"f.json:1:72: step 1: a record ID in "order" must be a string, not a number"#
        ),
        (
            "{\"records\": {\"a\": true},\n \"steps\": [\n  {\"event\": \"resync\", \"ticket\": \"s\", \"value\": true}]}",
            "f.json:3: step 1: ticket 's' is not named by an earlier step (use \"as\" where it is minted)"
        ),
        (
            "{\"records\": {\"a\": true},\n \"steps\": [\n\n  {\"event\": \"tap\", \"record\": \"b\", \"value\": true}]}",
            "f.json:4: step 1: unknown record 'b'"
        ),
    ])
    func malformedScenariosAreDataErrorsNamingFileLineAndStep(text: String, message: String) {
        #expect(throws: CLIError.dataError(message)) { try ScenarioSource.parse(text: text, file: "f.json") }
    }

    /// Past the bytes a run keeps parsed, a scenario file is checked when it
    /// is loaded and read again when it runs, so that a run holds one such
    /// scenario at a time: a file another program broke in between fails
    /// its own case, naming what is wrong. Within them, it is kept.
    @Test func aScenarioFileIsReadAgainWhenItRuns() throws {
        let files = try DiffTestFiles()
        let text = #"{"name": "first", "records": {"a": true}, "steps": []}"#
        try files.write("s.json", text)
        let path = files.folder.appendingPathComponent("s.json").path
        var budget = text.utf8.count
        let kept = try ScenarioSource.load(path, budget: &budget)
        #expect(budget == 0)
        let source = try ScenarioSource.load(path, budget: &budget)
        #expect(source.title == "first")
        #expect(try source.scenario().name == "first")
        try files.write("s.json", #"{"records": {}, "steps": [{"event": "jump"}]}"#)
        let run = try SuiteRunner(console: .discarding).run([
            StateRunSuite.make(name: "state run", sources: [source], salt: 1)
        ])
        let cases = run.results.flatMap(\.cases)
        #expect(cases.map(\.name) == ["first"])
        guard case .error(let message, let type, _) = cases.first?.outcome else {
            Issue.record("expected an error case: \(cases)")
            return
        }
        #expect(type == "scenario")
        #expect(message.hasPrefix("\(path):1:37: step 1: unknown event 'jump'"), "\(message)")
        #expect(try kept.scenario().name == "first")
    }
}
