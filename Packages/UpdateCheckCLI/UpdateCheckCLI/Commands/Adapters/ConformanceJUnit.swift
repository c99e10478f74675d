import BatchUpdate
import Foundation
import JUnitReporter

/// Conformance reports as JUnit: one suite per adapter, one test case per
/// group (per old snapshot, per chunk of random pairs), the failing cases in
/// the failure text.
///
/// A check runner that shards case by case gets the same cases for a part
/// of the run: the adapter has `ConformanceKit.groupCount(options:)` cases,
/// and a shard of them is
///
///     var part = options
///     part.shard = selection.localShard
///     let cases = ConformanceJUnit.cases(for: entry.prove(part))
package enum ConformanceJUnit {
    /// The report of `updatecheck adapters check`; `timestamp` defaults to now.
    package static func report(for reports: [ConformanceReport], timestamp: Date = Date()) -> JUnitReport {
        JUnitReport(
            name: "updatecheck adapters check", suites: reports.map { suite(for: $0, timestamp: timestamp) })
    }

    /// One adapter's suite, with the run's options as properties.
    package static func suite(for report: ConformanceReport, timestamp: Date = Date()) -> JUnitTestSuite {
        let options = report.options
        return JUnitTestSuite(
            name: "adapter \(report.adapter) shard \(options.shard)", timestamp: timestamp,
            properties: [
                JUnitProperty(name: "adapter", value: report.adapter),
                JUnitProperty(name: "moved-and-changed", value: report.policy.movedAndChanged.rawValue),
                JUnitProperty(name: "refresh", value: report.policy.refresh.rawValue),
                JUnitProperty(name: "ids", value: "\(options.ids)"),
                JUnitProperty(name: "changed-subset-limit", value: "\(options.changedSubsetLimit)"),
                JUnitProperty(name: "random-pairs", value: "\(options.randomPairs)"),
                JUnitProperty(name: "max-items", value: "\(options.maxRandomItems)"),
                JUnitProperty(name: "seed", value: "\(options.seed)"),
                JUnitProperty(name: "shard", value: options.shard.description),
            ],
            cases: cases(for: report))
    }

    /// One case per group, in the report's order; a failing group's message
    /// names its smallest failing case and its text lists the kept ones.
    package static func cases(for report: ConformanceReport) -> [JUnitTestCase] {
        let className = "BatchUpdate.conformance.\(report.adapter)"
        return report.groups.map { group in
            guard let smallest = group.failures.first else {
                return JUnitTestCase(name: group.name, className: className, time: group.seconds)
            }
            var details = group.failures.map(\.description)
            if group.failureCount > group.failures.count {
                details.append("… and \(group.failureCount - group.failures.count) more failing cases")
            }
            return JUnitTestCase(
                name: group.name, className: className, time: group.seconds,
                outcome: .failure(
                    message: "\(group.failureCount) of \(group.casesChecked) cases failed; smallest: "
                        + "\(smallest.pair): \(smallest.problem)",
                    type: "BatchUpdate.ConformanceFailure", details: details.joined(separator: "\n")))
        }
    }
}
