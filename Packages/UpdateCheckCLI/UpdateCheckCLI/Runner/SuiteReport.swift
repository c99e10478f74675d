import JUnitReporter

/// The JUnit report of a run of suites: the JUnit sink, the one mapping from
/// the runner's results (``CheckCase``s) to JUnit, shared by every check command.
///
/// One `<testsuite>` per suite that ran, named as the suite (never after the
/// shard in `check`, so the merged reports of all shards hold the same
/// suites' cases as one run), with the run-wide properties first and then
/// the suite's own. Times mean what they say: a suite's `time` is its
/// wall-clock time and the root's the wall-clock time of the whole run, as
/// in the summary table; a case's is its own, so cases that ran in parallel
/// may add up to more than their suite.
package enum SuiteReport {
    /// The report of `run`, named `name`.
    ///
    /// - Parameter common: properties every suite carries first (the options
    ///   that replay the run); a suite's own property of the same name is
    ///   then left out.
    package static func junit(_ run: SuiteRun, name: String, common: [SuiteProperty] = []) -> JUnitReport {
        let suites = run.results.map { result in
            let own = result.properties.filter { property in !common.contains { $0.name == property.name } }
            return JUnitTestSuite(
                name: result.name, timestamp: result.timestamp, properties: (common + own).map(junit),
                cases: result.cases.map(junit), time: result.seconds)
        }
        return JUnitReport(name: name, suites: suites, time: run.seconds)
    }

    /// Writes the report of `run` atomically to `path` (see ``junit(_:name:common:)``).
    ///
    /// - Throws: exit 73 naming the file and the reason; a previous file at
    ///   `path` is then left untouched.
    package static func write(_ run: SuiteRun, name: String, common: [SuiteProperty] = [], to path: String)
        throws(CLIError)
    {
        try JUnitOutput.write(junit(run, name: name, common: common), to: path)
    }

    /// A case as JUnit's `<testcase>`: its verdict as `<failure>`, `<error>`
    /// or `<skipped>`, its output as `<system-out>`.
    static func junit(_ testCase: CheckCase) -> JUnitTestCase {
        let outcome: JUnitTestCase.Outcome =
            switch testCase.outcome {
            case .passed: .passed
            case .failure(let message, let type, let details): .failure(message: message, type: type, details: details)
            case .error(let message, let type, let details): .error(message: message, type: type, details: details)
            case .skipped(let message): .skipped(message: message)
            }
        return JUnitTestCase(
            name: testCase.name, className: testCase.className, time: testCase.time, outcome: outcome,
            systemOut: testCase.systemOut)
    }

    /// A property as JUnit's `<property name value>`.
    static func junit(_ property: SuiteProperty) -> JUnitProperty {
        JUnitProperty(name: property.name, value: property.value)
    }
}
