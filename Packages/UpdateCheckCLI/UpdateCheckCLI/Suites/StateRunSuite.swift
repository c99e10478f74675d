import OptimisticScenario
import OptimisticState
import UpdateCheckSupport

/// Scenarios run on the real store as a suite: one case per scenario, named
/// by the scenario's title (its `"name"`, the file name when it has none),
/// class name `state.run`, with the file it came from in the case's output,
/// failed with every failure and the anonymised trace.
///
/// `updatecheck state run` runs the files it is given; `updatecheck check`
/// runs the built-in favourite-button scenario as its `state seed` suite.
package enum StateRunSuite {
    /// The name of the built-in scenario's suite in `updatecheck check`.
    package static let seedName = "state seed"

    /// The suite running `sources` in order with trace salt `salt`.
    ///
    /// - Parameter observe: called with each scenario's report as soon as it
    ///   has run, for commands that print as they go.
    /// - Parameter driver: the store the scenarios run on (a store program);
    ///   `nil` for the built-in store. A driver that fails makes the
    ///   scenario's case an error carrying what went wrong.
    /// - Parameter failed: called with what went wrong when a scenario
    ///   could not run: its store program failed, or its file, read again,
    ///   no longer holds a valid scenario.
    package static func make(
        name: String, sources: [ScenarioSource], salt: UInt64, driver: (any StoreDriver)? = nil,
        observe: (@Sendable (ScenarioSource, ScenarioReport) -> Void)? = nil,
        failed: (@Sendable (ScenarioSource, String) -> Void)? = nil
    ) -> CheckSuite {
        CheckSuite(
            name: name, area: .state, caseCount: sources.count,
            properties: [SuiteProperty(name: "trace-salt", value: String(salt))]
        ) { selection in
            let cases = selection.positions(among: sources.count).map { position in
                let source = sources[position]
                let watch = Stopwatch()
                func errorCase(_ message: String, type: String) -> CheckCase {
                    failed?(source, message)
                    var testCase = CheckCase(
                        name: source.title, className: "state.run", time: watch.seconds,
                        outcome: .error(message: message, type: type, details: message))
                    testCase.systemOut = "scenario file: \(source.name)"
                    return testCase
                }
                let scenario: Scenario
                do throws(CLIError) { scenario = try source.scenario() } catch {
                    return errorCase(error.message, type: "scenario")
                }
                let report: ScenarioReport
                if let driver {
                    do throws(OptimisticScenarioError) {
                        report = try ScenarioRunner.run(scenario, driver: driver)
                    } catch {
                        return errorCase(error.description, type: "store")
                    }
                } else {
                    report = ScenarioRunner.run(scenario, salt: salt)
                }
                let seconds = watch.seconds
                observe?(source, report)
                return testCase(source, report, seconds: seconds)
            }
            return SuiteOutput(cases: cases)
        }
    }

    /// The `state seed` suite of `updatecheck check`: the built-in scenario,
    /// with the run's seed as trace salt so that a failure's trace replays.
    ///
    /// - Throws: exit 65 if the embedded scenario were malformed (a test proves it is not).
    package static func seed(salt: UInt64) throws(CLIError) -> CheckSuite {
        make(name: seedName, sources: [try BuiltInScenarios.seedSource()], salt: salt)
    }

    /// The case of one scenario: its title, the file it came from (as
    /// `scenario file: …` in the case's output), its failures and the
    /// anonymised trace.
    static func testCase(_ source: ScenarioSource, _ report: ScenarioReport, seconds: Double) -> CheckCase {
        var testCase = CheckCase(name: source.title, className: "state.run", time: seconds)
        testCase.systemOut = "scenario file: \(source.name)"
        guard let first = report.failures.first else { return testCase }
        var details = report.failures.map(\.description).joined(separator: "\n")
        details += "\n\nTrace (record IDs anonymised):\n" + report.trace.description
        testCase.outcome = .failure(
            message: first.description, type: first.invariant == nil ? "expectation" : "invariant", details: details)
        return testCase
    }
}
