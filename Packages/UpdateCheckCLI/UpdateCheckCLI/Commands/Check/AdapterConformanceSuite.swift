import BatchUpdate
import Foundation
import JUnitReporter

/// One built-in adapter's conformance as a suite of `updatecheck check`: the
/// conformance kit's groups (one per old snapshot of `--ids` IDs, then one
/// per hundred random pairs from `--seed`) as cases, exactly as
/// `updatecheck adapters check --junit` reports them.
///
/// A failing case also gets a picture of its smallest failing pair, written
/// next to the JUnit report and linked from the case's `system-out` as
/// `[[ATTACHMENT|path]]`, which GitLab shows with the test.
package enum AdapterConformanceSuite {
    /// How many random pairs each adapter is checked on, of up to
    /// ``randomItems`` items each.
    package static let randomPairs = 1000
    /// The largest snapshot of a random pair.
    package static let randomItems = 1000

    /// The kit's options for `ids` IDs, `seed` and `randomPairs` random pairs, before sharding.
    package static func options(ids: Int, seed: UInt64, randomPairs: Int = randomPairs) -> ConformanceOptions {
        ConformanceOptions(ids: ids, randomPairs: randomPairs, maxRandomItems: randomItems, seed: seed)
    }

    /// The suite proving `adapter` on `randomPairs` random pairs after the
    /// exhaustive ones; pictures of failing cases go to `pictures` when given
    /// (see ``PictureFolder``).
    package static func make(
        _ adapter: AdapterEntry, ids: Int, seed: UInt64, randomPairs: Int = randomPairs, pictures: PictureFolder?
    ) -> CheckSuite {
        let base = options(ids: ids, seed: seed, randomPairs: randomPairs)
        return CheckSuite(
            name: "adapters \(adapter.name)", area: .adapters, caseCount: ConformanceKit.groupCount(options: base),
            properties: [
                JUnitProperty(name: "adapter", value: adapter.name),
                JUnitProperty(name: "moved-and-changed", value: adapter.policy.movedAndChanged.rawValue),
                JUnitProperty(name: "refresh", value: adapter.policy.refresh.rawValue),
                JUnitProperty(name: "random-pairs", value: String(base.randomPairs)),
                JUnitProperty(name: "max-items", value: String(base.maxRandomItems)),
            ]
        ) { selection throws(CLIError) in
            var options = base
            options.shard = selection.localShard
            let report = adapter.prove(options)
            return try cases(
                for: report, positions: selection.positions(among: ConformanceKit.groupCount(options: base)),
                pictures: pictures)
        }
    }

    /// The report's cases (in group order, at the suite's local `positions`),
    /// each failing one with its picture attached when `pictures` is given.
    ///
    /// - Throws: exit 73 when a picture cannot be written.
    package static func cases(for report: ConformanceReport, positions: [Int], pictures: PictureFolder?)
        throws(CLIError) -> [JUnitTestCase]
    {
        var cases = ConformanceJUnit.cases(for: report)
        guard let pictures else { return cases }
        for (index, group) in report.groups.enumerated() {
            guard let smallest = group.failures.first else { continue }
            let position = positions.count == report.groups.count ? positions[index] : index
            let path = try pictures.write(
                PlanPicture(adapter: report.adapter, failure: smallest), named: "\(report.adapter)-\(position + 1)")
            cases[index].systemOut = "[[ATTACHMENT|\(path)]]"
        }
        return cases
    }
}
