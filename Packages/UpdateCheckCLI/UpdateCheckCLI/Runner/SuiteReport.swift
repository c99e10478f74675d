import JUnitReporter

/// The JUnit report of a run of suites: the one mapping from the runner's
/// results to JUnit, shared by every check command.
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
    package static func junit(_ run: SuiteRun, name: String, common: [JUnitProperty] = []) -> JUnitReport {
        let suites = run.results.map { result in
            let own = result.properties.filter { property in !common.contains { $0.name == property.name } }
            return JUnitTestSuite(
                name: result.name, timestamp: result.timestamp, properties: common + own, cases: result.cases,
                time: result.seconds)
        }
        return JUnitReport(name: name, suites: suites, time: run.seconds)
    }

    /// Writes the report of `run` atomically to `path` (see ``junit(_:name:common:)``).
    ///
    /// - Throws: exit 73 naming the file and the reason; a previous file at
    ///   `path` is then left untouched.
    package static func write(_ run: SuiteRun, name: String, common: [JUnitProperty] = [], to path: String)
        throws(CLIError)
    {
        try JUnitOutput.write(junit(run, name: name, common: common), to: path)
    }
}
