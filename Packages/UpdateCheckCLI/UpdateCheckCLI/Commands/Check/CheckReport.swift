import JUnitReporter

/// The JUnit report of `updatecheck check`: one `<testsuite>` per suite that
/// ran, each carrying the run's options as properties so a run can be replayed.
package enum CheckReport {
    /// The `<testsuites name>`.
    package static let name = "updatecheck check"

    /// The run-wide properties every suite carries: seed, shard, ids, records (and only, when given).
    package static func properties(_ options: CheckOptions) -> [JUnitProperty] {
        var properties = [
            JUnitProperty(name: "seed", value: String(options.seed)),
            JUnitProperty(name: "shard", value: options.shard.description),
            JUnitProperty(name: "ids", value: String(options.ids)),
            JUnitProperty(name: "records", value: String(options.records)),
        ]
        if options.areas != CheckArea.allCases {
            properties.append(JUnitProperty(name: "only", value: options.areas.map(\.rawValue).joined(separator: ",")))
        }
        return properties
    }

    /// The report of `results`. Suite names do not mention the shard, so the
    /// merged reports of all shards hold the same suites' cases as one run.
    package static func report(_ results: [CheckSuiteResult], options: CheckOptions) -> JUnitReport {
        let common = properties(options)
        let suites = results.map { result in
            let own = result.properties.filter { property in !common.contains { $0.name == property.name } }
            return JUnitTestSuite(
                name: result.name, timestamp: result.timestamp, properties: common + own, cases: result.cases)
        }
        return JUnitReport(name: name, suites: suites)
    }
}
