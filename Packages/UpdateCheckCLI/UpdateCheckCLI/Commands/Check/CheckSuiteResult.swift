import Foundation
import JUnitReporter

/// What one suite of `updatecheck check` produced in this run (or shard).
package struct CheckSuiteResult: Sendable, Equatable {
    /// The suite's name.
    package var name: String
    /// The suite's area.
    package var area: CheckArea
    /// When the suite started.
    package var timestamp: Date
    /// Wall-clock seconds the suite took.
    package var seconds: Double
    /// The suite's own properties.
    package var properties: [JUnitProperty]
    /// The cases that ran, in order.
    package var cases: [JUnitTestCase]

    /// Creates a result.
    package init(
        name: String, area: CheckArea, timestamp: Date, seconds: Double, properties: [JUnitProperty],
        cases: [JUnitTestCase]
    ) {
        self.name = name
        self.area = area
        self.timestamp = timestamp
        self.seconds = seconds
        self.properties = properties
        self.cases = cases
    }

    /// How many cases did not pass: failures and errors (a skipped case is not one).
    package var failureCount: Int {
        cases.reduce(0) { count, testCase in
            switch testCase.outcome {
            case .failure, .error: count + 1
            case .passed, .skipped: count
            }
        }
    }
}
