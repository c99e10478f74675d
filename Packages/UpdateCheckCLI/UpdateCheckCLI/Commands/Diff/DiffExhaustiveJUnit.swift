import Foundation
import JUnitReporter
import ListDiff

/// The JUnit report of `updatecheck diff exhaustive`: one suite per run, one
/// test case per old snapshot, every failing pair in the failure text.
package enum DiffExhaustiveJUnit {
    /// Builds the report; `timestamp` defaults to now.
    package static func report(for run: ExhaustiveReport, timestamp: Date = Date()) -> JUnitReport {
        let className = "ListDiff.exhaustive.k\(run.idCount)"
        let cases = run.rows.map { row -> JUnitTestCase in
            let name = "old \(VerificationFailureText.snapshot(row.old))"
            guard !row.failures.isEmpty else {
                return JUnitTestCase(name: name, className: className, time: row.seconds)
            }
            return JUnitTestCase(
                name: name, className: className, time: row.seconds,
                outcome: .failure(
                    message:
                        "\(row.failures.count) of \(row.pairCount) pairs from \(VerificationFailureText.snapshot(row.old)) failed",
                    type: "ListDiff.VerificationFailure",
                    details: row.failures.map(\.description).joined(separator: "\n")))
        }
        let suite = JUnitTestSuite(
            name: "diff exhaustive k=\(run.idCount) shard \(run.shard)", timestamp: timestamp,
            properties: [
                JUnitProperty(name: "ids", value: "\(run.idCount)"),
                JUnitProperty(name: "shard", value: run.shard.description),
                JUnitProperty(name: "snapshots", value: "\(run.snapshotCount)"),
                JUnitProperty(name: "pairs", value: "\(run.pairCount)"),
                JUnitProperty(name: "standard-library-cross-checks", value: "\(run.crossCheckedCount)"),
            ],
            cases: cases)
        return JUnitReport(name: "updatecheck diff exhaustive", suites: [suite])
    }
}
