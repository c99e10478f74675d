import Foundation
import JUnitReporter
import OptimisticState

/// `updatecheck state run`: runs scenario files (and the built-in seed
/// scenario) on the real store, checking the invariants after every step.
package enum StateRun {
    /// The `state run` command.
    package static let command = Command(
        name: "run",
        abstract: "Run scenario files on the real state machine.",
        discussion: """
            Each scenario loads records, then plays events (tap, finish, cancel, resync,
            switchSession, reorder) and checks what it expects after each step. The seven
            invariants are checked after every event. A failure names the file, step, record,
            expected and actual value. The format is described in docs/scenario-format.md.
            """,
        arguments: [ArgumentSpec("file", help: "Scenario files (JSON).", isOptional: true, isRepeating: true)],
        options: [
            .flag("builtin", help: "Also run the built-in favourite-button scenario."),
            .flag("trace", help: "Print each scenario's trace (record IDs anonymised)."),
            .value("salt", name: "n", help: "Salt of the anonymised record IDs (default: random)."),
            JUnitOutput.option,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// Loads every scenario first (so a bad file fails before any output),
    /// runs them, prints a line per scenario and a summary, and writes the
    /// JUnit report when asked.
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let console = invocation.console
        guard !invocation.positionals.isEmpty || invocation.flag("builtin") else {
            throw .usage("Give at least one scenario file, or --builtin.")
        }
        let salt: UInt64
        if let text = invocation.value("salt") {
            guard let number = UInt64(text) else {
                throw .usage("Invalid value '\(text)' for '--salt': expected a whole number from 0 to \(UInt64.max).")
            }
            salt = number
        } else {
            salt = UInt64.random(in: 0...UInt64.max)
        }
        var sources: [ScenarioSource] = []
        if invocation.flag("builtin") { sources.append(try BuiltInScenarios.seedSource()) }
        for path in invocation.positionals {
            sources.append(ScenarioSource(name: path, scenario: try ScenarioFile.load(path)))
        }

        let started = Date()
        let (cases, failed) = execute(sources, salt: salt, console: console, printTrace: invocation.flag("trace"))
        if let path = invocation.value("junit") {
            let suite = JUnitTestSuite(
                name: "state run", timestamp: started,
                properties: [JUnitProperty(name: "trace-salt", value: String(salt))], cases: cases)
            try JUnitOutput.write(JUnitReport(name: "updatecheck state run", suites: [suite]), to: path)
        }
        return failed == 0 ? .success : .checkFailed
    }

    /// Runs `sources` on the real store in order, printing a `PASS`/`FAIL`
    /// line per scenario (and its trace when `printTrace`) and a summary on
    /// `console`.
    ///
    /// - Returns: one JUnit case per scenario (class name `state.run`) and
    ///   the number of scenarios that failed.
    package static func execute(
        _ sources: [ScenarioSource], salt: UInt64, console: Console, printTrace: Bool
    ) -> (cases: [JUnitTestCase], failed: Int) {
        var cases: [JUnitTestCase] = []
        var failed = 0
        for source in sources {
            let clock = ContinuousClock.now
            let report = ScenarioRunner.run(source.scenario, salt: salt)
            let seconds = Self.seconds(ContinuousClock.now - clock)
            let steps = report.stepCount == 1 ? "1 step" : "\(report.stepCount) steps"
            if report.passed {
                console.line("PASS \(source.name): \(steps)")
            } else {
                failed += 1
                console.line("FAIL \(source.name): \(report.failures[0])")
                for failure in report.failures.dropFirst() { console.line("  \(failure)") }
            }
            if printTrace {
                for entry in report.trace.entries { console.line("  trace \(entry)") }
            }
            cases.append(testCase(source, report, seconds: seconds))
        }
        let passed = sources.count - failed
        let noun = sources.count == 1 ? "scenario" : "scenarios"
        console.line("\(sources.count) \(noun): \(passed) passed, \(failed) failed")
        return (cases, failed)
    }

    /// The JUnit case of one scenario: the failures and the anonymised trace.
    static func testCase(_ source: ScenarioSource, _ report: ScenarioReport, seconds: Double) -> JUnitTestCase {
        guard let first = report.failures.first else {
            return JUnitTestCase(name: source.name, className: "state.run", time: seconds)
        }
        var details = report.failures.map(\.description).joined(separator: "\n")
        details += "\n\nTrace (record IDs anonymised):\n" + report.trace.description
        return JUnitTestCase(
            name: source.name, className: "state.run", time: seconds,
            outcome: .failure(
                message: first.description, type: first.invariant == nil ? "expectation" : "invariant",
                details: details))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
