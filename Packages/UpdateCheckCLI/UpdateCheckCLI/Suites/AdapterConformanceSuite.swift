import BatchUpdate
import JUnitReporter
import ListDiff

/// One adapter's conformance as a suite: the conformance kit's groups (one
/// per old snapshot of `--ids` IDs, then one per hundred random pairs from
/// `--seed`) as cases, a failing one naming its smallest failing case.
///
/// `updatecheck check` proves each default adapter on ``randomPairs`` random
/// pairs (``make(_:ids:seed:randomPairs:pictures:)``); `updatecheck adapters
/// check` proves the adapters it is given with its own options
/// (``command(_:options:observe:)``). A failing case can also get a picture
/// of its smallest failing pair, written next to the JUnit report and linked
/// from the case's `system-out` as `[[ATTACHMENT|path]]`, which GitLab shows
/// with the test.
package enum AdapterConformanceSuite {
    /// How many random pairs `check` proves each adapter on, of up to
    /// ``randomItems`` items each.
    package static let randomPairs = 1000
    /// The largest snapshot of a random pair in `check`.
    package static let randomItems = 1000

    /// The kit's options for `ids` IDs, `seed` and `randomPairs` random pairs, before sharding.
    package static func options(ids: Int, seed: UInt64, randomPairs: Int = randomPairs) -> ConformanceOptions {
        ConformanceOptions(ids: ids, randomPairs: randomPairs, maxRandomItems: randomItems, seed: seed)
    }

    /// The suite of `updatecheck check` proving `adapter` on every pair over
    /// `ids` IDs, then `randomPairs` random pairs from `seed`; pictures of
    /// failing cases go to `pictures` when given (see ``PictureFolder``).
    package static func make(
        _ adapter: AdapterEntry, ids: Int, seed: UInt64, randomPairs: Int = randomPairs, pictures: PictureFolder?
    ) -> CheckSuite {
        let base = options(ids: ids, seed: seed, randomPairs: randomPairs)
        return make(
            adapter, name: "adapters \(adapter.name)", options: base,
            properties: policyProperties(adapter) + [
                JUnitProperty(name: "random-pairs", value: String(base.randomPairs)),
                JUnitProperty(name: "max-items", value: String(base.maxRandomItems)),
            ], pictures: pictures, observe: nil)
    }

    /// The adapter's name and policy, the first properties of its suites.
    static func policyProperties(_ adapter: AdapterEntry) -> [JUnitProperty] {
        [
            JUnitProperty(name: "adapter", value: adapter.name),
            JUnitProperty(name: "moved-and-changed", value: adapter.policy.movedAndChanged.rawValue),
            JUnitProperty(name: "refresh", value: adapter.policy.refresh.rawValue),
        ]
    }

    /// The suite of `updatecheck adapters check`: `adapter` proved with
    /// `options` (whose shard names the suite; the runner's shard selects
    /// the groups), every option a property, each report handed to `observe`.
    package static func command(
        _ adapter: AdapterEntry, options: ConformanceOptions,
        observe: @escaping @Sendable (Result<ConformanceReport, CLIError>) -> Void
    ) -> CheckSuite {
        var base = options
        base.shard = .whole
        return make(
            adapter, name: "adapter \(adapter.name) shard \(options.shard)", options: base,
            properties: policyProperties(adapter) + [
                JUnitProperty(name: "ids", value: String(options.ids)),
                JUnitProperty(name: "changed-subset-limit", value: String(options.changedSubsetLimit)),
                JUnitProperty(name: "random-pairs", value: String(options.randomPairs)),
                JUnitProperty(name: "max-items", value: String(options.maxRandomItems)),
                JUnitProperty(name: "seed", value: String(options.seed)),
                JUnitProperty(name: "shard", value: options.shard.description),
            ], pictures: nil, observe: observe)
    }

    private static func make(
        _ adapter: AdapterEntry, name: String, options base: ConformanceOptions, properties: [JUnitProperty],
        pictures: PictureFolder?, observe: (@Sendable (Result<ConformanceReport, CLIError>) -> Void)?
    ) -> CheckSuite {
        let count = ConformanceKit.groupCount(options: base)
        return CheckSuite(name: name, area: .adapters, caseCount: count, properties: properties) {
            selection throws(CLIError) in
            var options = base
            options.shard = selection.localShard
            let positions = selection.positions(among: count)
            let report: ConformanceReport
            do throws(CLIError) {
                report = try adapter.prove(options)
            } catch {
                observe?(.failure(error))
                return SuiteOutput(cases: unavailable(adapter.name, error, positions: positions, options: base))
            }
            observe?(.success(report))
            return SuiteOutput(cases: try cases(for: report, positions: positions, pictures: pictures))
        }
    }

    /// The cases of an adapter that could not run at all (`error`): the
    /// groups at `positions`, named as a run would name them, each an error
    /// carrying the message, so a broken plug-in fails its own suite and
    /// the run goes on.
    static func unavailable(_ adapter: String, _ error: CLIError, positions: [Int], options: ConformanceOptions)
        -> [JUnitTestCase]
    {
        let selections = options.ids > 0 ? orderedSelections(of: Array(0..<options.ids)) : []
        let size = max(1, options.randomGroupSize)
        return positions.map { position in
            let kind: ConformanceGroup.Kind
            if position < selections.count {
                kind = .exhaustive(old: selections[position].map(ConformanceKit.label))
            } else {
                let first = (position - selections.count) * size
                kind = .random(first: first, count: min(size, options.randomPairs - first))
            }
            let group = ConformanceGroup(kind: kind, casesChecked: 0, failureCount: 0, failures: [], seconds: 0)
            return JUnitTestCase(
                name: group.name, className: ConformanceTestCase.className(adapter: adapter),
                outcome: .error(message: error.message, type: "UpdateCheck.AdapterUnavailable", details: error.message))
        }
    }

    /// One case per group of `report`, in its order: BatchUpdate's
    /// `ConformanceTestCase` mapping (class `BatchUpdate.conformance.<adapter>`,
    /// a failing group naming its smallest failing case), as JUnit cases.
    package static func cases(for report: ConformanceReport) -> [JUnitTestCase] {
        ConformanceCases.junit(report.testCases)
    }

    /// The cases of `report`, whose groups sit at the suite's local
    /// `positions` (one each, in order), each failing one with a picture of
    /// its smallest pair attached when `pictures` is given; a picture is
    /// named by the case's position in the whole suite, whatever the shard.
    ///
    /// - Throws: exit 73 when a picture cannot be written.
    package static func cases(for report: ConformanceReport, positions: [Int], pictures: PictureFolder?)
        throws(CLIError) -> [JUnitTestCase]
    {
        try ConformanceCases.junit(
            report.testCases, adapter: report.adapter, positions: positions, pictures: pictures
        ) { index in
            report.groups[index].failures.first.map { PlanPicture(adapter: report.adapter, failure: $0) }
        }
    }
}
