import JUnitReporter
import OptimisticState
import StateExplorer

/// The exhaustive exploration of the state machine as a suite of
/// `updatecheck check`: every interleaving of events on the real store, to a
/// fixed point, with the seven invariants checked on every transition.
///
/// One case per configuration: `--records` records with two values, then one
/// record with three values. A case fails with the shortest counterexample to
/// each broken invariant and the scenario file that replays it, or when the
/// search stopped before a fixed point. Each configuration is one case, so a
/// shard runs an exploration only when it holds that case.
package enum StateExploreSuite {
    /// The suite's name in reports.
    package static let name = "state explore"
    /// The JUnit class name of its cases.
    package static let className = "StateExplorer.explore"

    /// The configurations explored for `records` records, in case order.
    package static func configurations(records: Int) -> [ExplorerConfiguration] {
        [ExplorerConfiguration(records: records, values: 2), ExplorerConfiguration(records: 1, values: 3)]
    }

    /// The suite exploring `records` records (1 to 3) with two values, and one record with three.
    ///
    /// - Throws: exit 64 when the explorer does not support `records`.
    package static func make(records: Int) throws(CLIError) -> CheckSuite {
        var explorers: [Explorer] = []
        for configuration in configurations(records: records) {
            do {
                explorers.append(try Explorer(configuration))
            } catch {
                throw .usage("Invalid value '\(records)' for '--records': \(error)")
            }
        }
        let all = explorers
        return CheckSuite(name: name, area: .state, caseCount: all.count) { selection in
            selection.positions(among: all.count).map { position in
                let clock = ContinuousClock.now
                let report = all[position].run()
                return testCase(report, seconds: CheckClock.seconds(since: clock))
            }
        }
    }

    /// The case of one exploration: its size in the output, every
    /// counterexample (with its scenario file) in the failure text.
    package static func testCase(_ report: ExplorationReport, seconds: Double) -> JUnitTestCase {
        let name = "\(report.configuration): the seven invariants to a fixed point"
        let size =
            "\(report.states) states, \(report.transitions) transitions "
            + "(\(report.appliedTransitions) applied), depth \(report.depth)"
        if report.passed, report.reachedFixedPoint {
            return JUnitTestCase(name: name, className: className, time: seconds, systemOut: size)
        }
        var problems: [String] = []
        var details: [String] = []
        if !report.reachedFixedPoint { problems.append("the search stopped before a fixed point") }
        for found in report.counterexamples {
            problems.append("\(found.invariant) broken after \(found.length) events")
            details.append(
                found.description + "\nScenario file (replay with 'updatecheck state run FILE'):\n"
                    + found.scenarioFile)
        }
        return JUnitTestCase(
            name: name, className: className, time: seconds,
            outcome: .failure(
                message: problems.joined(separator: "; "), type: "StateExplorer.Counterexample",
                details: ([size] + details).joined(separator: "\n\n")),
            systemOut: size)
    }
}
