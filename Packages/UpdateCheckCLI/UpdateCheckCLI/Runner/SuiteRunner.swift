import Foundation
import UpdateCheckDiff
import UpdateCheckSupport

/// Runs suites: the one way any check of `updatecheck` runs.
///
/// The runner numbers the cases of its suites (by default across all of
/// them, in order) and runs those of its shard (see ``CaseSelection``),
/// times each suite and the whole run on the wall clock (a suite's time is
/// its own wall-clock time, not the sum of cases that ran in parallel), and
/// reports progress on the console. A suite none of whose
/// cases is selected is not run and gives no result. What the results look
/// like afterwards is for the sinks: ``SuiteSummary`` (the table),
/// ``SuiteReport`` (the JUnit report) and ``PictureFolder`` (the pictures).
package struct SuiteRunner: Sendable {
    /// How the runner shows progress while suites run.
    package enum Progress: Sendable, Equatable {
        /// Nothing: the command prints its own lines.
        case none
        /// On a terminal, `[2/9] state explore: 16 cases…` redrawn on
        /// standard error while a suite runs; elsewhere (CI logs, pipes) one
        /// plain line on standard output as each suite finishes:
        /// `[2/9] state explore: 16 cases, 0 failed, 3.52 s`.
        case perSuite
    }

    /// How cases are numbered for sharding.
    package enum Numbering: Sendable, Equatable {
        /// One numbering over all suites in order (`check`): the shards of
        /// one *n* are balanced over the whole run.
        case acrossSuites
        /// Each suite numbered from 0 (`adapters check`): shard *i* of *n*
        /// takes the same positions of every suite.
        case withinEachSuite
    }

    /// The part of the run to do.
    package var shard: Shard
    /// How cases are numbered for ``shard``.
    package var numbering: Numbering
    /// Where progress goes.
    package var console: Console
    /// How progress is shown.
    package var progress: Progress

    /// Creates a runner.
    package init(
        shard: Shard = .whole, numbering: Numbering = .acrossSuites, console: Console, progress: Progress = .none
    ) {
        self.shard = shard
        self.numbering = numbering
        self.console = console
        self.progress = progress
    }

    /// Runs the selected cases of `suites`, in order.
    ///
    /// - Returns: one result per suite that ran, in suite order, with the
    ///   wall-clock time of each suite and of the whole run.
    /// - Throws: the first error a suite throws.
    package func run(_ suites: [CheckSuite]) throws(CLIError) -> SuiteRun {
        let timestamp = Date()
        let watch = Stopwatch()
        var results: [SuiteResult] = []
        var offset = 0
        for (number, suite) in suites.enumerated() {
            let selection = CaseSelection(shard: shard, offset: offset)
            if numbering == .acrossSuites { offset += suite.caseCount }
            let selected = selection.positions(among: suite.caseCount).count
            guard selected > 0 else { continue }
            if progress == .perSuite, console.showsProgress {
                let noun = selected == 1 ? "case" : "cases"
                console.progress("[\(number + 1)/\(suites.count)] \(suite.name): \(selected) \(noun)…")
            }
            let started = Date()
            let suiteWatch = Stopwatch()
            let output = try suite.run(selection)
            var result = SuiteResult(
                name: suite.name, area: suite.area, timestamp: started, seconds: suiteWatch.seconds,
                properties: suite.properties + output.properties, cases: output.cases)
            result.positions = selection.positions(among: suite.caseCount)
            results.append(result)
            if progress == .perSuite, !console.showsProgress {
                let noun = result.cases.count == 1 ? "case" : "cases"
                console.line(
                    "[\(number + 1)/\(suites.count)] \(suite.name): \(result.cases.count) \(noun), "
                        + "\(result.failureCount) failed, \(SuiteSummary.fixed(result.seconds)) s")
            }
        }
        if progress == .perSuite, console.showsProgress { console.clearProgress() }
        return SuiteRun(results: results, timestamp: timestamp, seconds: watch.seconds)
    }

    /// Runs one suite, whole: what the single-suite commands do.
    ///
    /// - Throws: the error the suite throws.
    package func run(_ suite: CheckSuite) throws(CLIError) -> SuiteRun {
        try run([suite])
    }
}

/// What the suites of one run produced, and how long the run took.
package struct SuiteRun: Sendable, Equatable {
    /// One result per suite that ran, in suite order.
    package var results: [SuiteResult]
    /// When the run started.
    package var timestamp: Date
    /// Wall-clock seconds of the whole run.
    package var seconds: Double

    /// Creates a run.
    package init(results: [SuiteResult], timestamp: Date, seconds: Double) {
        self.results = results
        self.timestamp = timestamp
        self.seconds = seconds
    }

    /// The number of cases that ran.
    package var caseCount: Int { results.reduce(0) { $0 + $1.cases.count } }

    /// The number of cases that failed or erred.
    package var failureCount: Int { results.reduce(0) { $0 + $1.failureCount } }

    /// Whether every case passed (or was skipped).
    package var passed: Bool { failureCount == 0 }

    /// Exit 0 when every case passed, 1 otherwise.
    package var exitCode: ExitCode { passed ? .success : .checkFailed }
}

/// What one suite produced in a run (or shard).
package struct SuiteResult: Sendable, Equatable {
    /// The suite's name.
    package var name: String
    /// The suite's area.
    package var area: CheckArea
    /// When the suite started.
    package var timestamp: Date
    /// Wall-clock seconds the suite took.
    package var seconds: Double
    /// The suite's declared properties, then those its run measured.
    package var properties: [SuiteProperty]
    /// The cases that ran, in order.
    package var cases: [CheckCase]
    /// The local position of each case in the whole suite (whatever the
    /// shard), when the suite returned one case per selected position:
    /// what names a case's picture.
    package var positions: [Int] = []

    /// Creates a result.
    package init(
        name: String, area: CheckArea, timestamp: Date, seconds: Double, properties: [SuiteProperty],
        cases: [CheckCase]
    ) {
        self.name = name
        self.area = area
        self.timestamp = timestamp
        self.seconds = seconds
        self.properties = properties
        self.cases = cases
    }

    /// How many cases did not pass: failures and errors (a skipped case is not one).
    package var failureCount: Int { cases.reduce(0) { $0 + ($1.isFailure ? 1 : 0) } }
}
