import Foundation
import JUnitReporter
import OptimisticState
import StateExplorer

/// An exploration as a JUnit suite: one case per invariant (failed with the
/// shortest counterexample and its scenario file) and one for the fixed
/// point (skipped when a depth limit stopped the search first).
package enum StateExploreJUnit {
    /// The number of cases of one exploration: seven invariants and the fixed point.
    package static let caseCount = Invariant.allCases.count + 1

    /// `state.explore.r2v2`: the class name of a configuration's cases.
    package static func className(_ configuration: ExplorerConfiguration) -> String {
        "state.explore.r\(configuration.records)v\(configuration.values)"
    }

    /// The cases of `report`, invariants in number order, then the fixed
    /// point, which carries the exploration's `seconds`.
    package static func cases(_ report: ExplorationReport, seconds: Double) -> [JUnitTestCase] {
        let className = className(report.configuration)
        var cases = Invariant.allCases.map { invariant in
            let name = "invariant \(invariant.rawValue) \(invariant.name)"
            guard let found = report.counterexample(for: invariant) else {
                return JUnitTestCase(name: name, className: className)
            }
            return JUnitTestCase(
                name: name, className: className,
                outcome: .failure(
                    message: found.violation.description, type: "invariant",
                    details: found.description + "\n\nScenario file (replay with 'updatecheck state run <file>'):\n"
                        + found.scenarioFile))
        }
        let fixedPoint = "fixed point"
        cases.append(
            report.reachedFixedPoint
                ? JUnitTestCase(name: fixedPoint, className: className, time: seconds)
                : JUnitTestCase(
                    name: fixedPoint, className: className, time: seconds,
                    outcome: .skipped(message: "stopped at depth \(report.depth) by the depth limit")))
        return cases
    }

    /// The suite of `report`: its cases and the exploration's figures as properties.
    package static func suite(_ report: ExplorationReport, seconds: Double, timestamp: Date) -> JUnitTestSuite {
        let configuration = report.configuration
        var properties = [
            JUnitProperty(name: "records", value: String(configuration.records)),
            JUnitProperty(name: "values", value: String(configuration.values)),
        ]
        if let maxDepth = configuration.maxDepth {
            properties.append(JUnitProperty(name: "max-depth", value: String(maxDepth)))
        }
        properties += [
            JUnitProperty(name: "states", value: String(report.states)),
            JUnitProperty(name: "transitions", value: String(report.transitions)),
            JUnitProperty(name: "depth", value: String(report.depth)),
            JUnitProperty(name: "fixed-point", value: String(report.reachedFixedPoint)),
        ]
        return JUnitTestSuite(
            name: "state explore", timestamp: timestamp, properties: properties,
            cases: cases(report, seconds: seconds))
    }
}
