import JUnitReporter

/// One suite of `updatecheck check`: a named group of JUnit cases that is
/// counted before it runs, so that shards can split the run case by case.
///
/// A suite runs through the same library calls as the command it mirrors
/// (`state run`, `diff exhaustive`, …); it never reimplements a check.
package struct CheckSuite: Sendable {
    /// The `<testsuite name>` and the row of the summary table; the same in every shard.
    package var name: String
    /// The part of the suite it belongs to, for `--only`.
    package var area: CheckArea
    /// How many cases the suite has in an unsharded run.
    package var caseCount: Int
    /// Suite-specific `<property>` elements (after the run-wide ones).
    package var properties: [JUnitProperty]
    /// Runs the selected cases and returns them in ascending local position.
    package var run: @Sendable (CaseSelection) throws(CLIError) -> [JUnitTestCase]

    /// Creates a suite.
    package init(
        name: String, area: CheckArea, caseCount: Int, properties: [JUnitProperty] = [],
        run: @escaping @Sendable (CaseSelection) throws(CLIError) -> [JUnitTestCase]
    ) {
        self.name = name
        self.area = area
        self.caseCount = caseCount
        self.properties = properties
        self.run = run
    }
}
