import BatchUpdate
import JUnitReporter
import ListDiff

/// One adapter's conformance as a suite, flat or sectioned alike: its kit's
/// groups (one per old snapshot, then for a flat scope one per hundred
/// random pairs) as cases, a failing one naming its smallest failing case.
///
/// `updatecheck check` proves each default adapter on every pair over
/// `--ids` IDs and ``randomPairs`` random pairs, and each built-in sectioned
/// adapter on `BuiltInSuites.sectionedAdapterBound(ids:)`
/// (``make(_:scope:pictures:)``); `updatecheck adapters check` proves the
/// adapters it is given with its own options
/// (``command(_:scope:shard:observe:)``). A failing case can also get a
/// picture of its smallest failing pair, written next to the JUnit report
/// and linked from the case's `system-out` as `[[ATTACHMENT|path]]`, which
/// GitLab shows with the test.
package enum AdapterConformanceSuite {
    /// How many random pairs `check` proves each flat adapter on, of up to
    /// ``randomItems`` items each.
    package static let randomPairs = 1000
    /// The largest snapshot of a random pair in `check`.
    package static let randomItems = 1000

    /// The kit's options for `ids` IDs, `seed` and `randomPairs` random pairs, before sharding.
    package static func options(ids: Int, seed: UInt64, randomPairs: Int = randomPairs) -> ConformanceOptions {
        ConformanceOptions(ids: ids, randomPairs: randomPairs, maxRandomItems: randomItems, seed: seed)
    }

    /// The suite of `updatecheck check` proving `adapter` on `scope`, named
    /// `adapters <name>`; pictures of failing cases go to `pictures` when
    /// given (see ``PictureFolder``).
    package static func make(_ adapter: AdapterEntry, scope: ConformanceScope, pictures: PictureFolder?) -> CheckSuite {
        make(
            adapter, name: "adapters \(adapter.name)", scope: scope,
            properties: policyProperties(adapter) + scope.checkProperties, pictures: pictures, observe: nil)
    }

    /// The suite of `updatecheck adapters check`: `adapter` proved on
    /// `scope`, named after `shard` (the runner's shard selects the groups),
    /// every option a property, each report handed to `observe`.
    package static func command(
        _ adapter: AdapterEntry, scope: ConformanceScope, shard: Shard,
        observe: @escaping @Sendable (Result<AdapterReport, CLIError>) -> Void
    ) -> CheckSuite {
        make(
            adapter, name: "adapter \(adapter.name) shard \(shard)", scope: scope,
            properties: policyProperties(adapter) + scope.commandProperties(shard: shard), pictures: nil,
            observe: observe)
    }

    /// The adapter's name and policy, the first properties of its suites.
    static func policyProperties(_ adapter: AdapterEntry) -> [JUnitProperty] {
        [
            JUnitProperty(name: "adapter", value: adapter.name),
            JUnitProperty(name: "moved-and-changed", value: adapter.policy.movedAndChanged.rawValue),
            JUnitProperty(name: "refresh", value: adapter.policy.refresh.rawValue),
        ]
    }

    private static func make(
        _ adapter: AdapterEntry, name: String, scope: ConformanceScope, properties: [JUnitProperty],
        pictures: PictureFolder?, observe: (@Sendable (Result<AdapterReport, CLIError>) -> Void)?
    ) -> CheckSuite {
        let count = scope.groupCount
        return CheckSuite(name: name, area: .adapters, caseCount: count, properties: properties) {
            selection throws(CLIError) in
            let positions = selection.positions(among: count)
            let report: AdapterReport
            do throws(CLIError) {
                report = try adapter.prove(scope, selection.localShard)
            } catch {
                observe?(.failure(error))
                return SuiteOutput(cases: unavailable(adapter.name, error, scope: scope, positions: positions))
            }
            observe?(.success(report))
            return SuiteOutput(
                cases: try cases(for: report, positions: positions, pictures: pictures),
                properties: report.measured.map { JUnitProperty(name: $0.name, value: $0.value) })
        }
    }

    /// The cases of an adapter that could not run at all (`error`): the
    /// groups at `positions`, named as a run would name them, each an error
    /// carrying the message, so a broken plug-in fails its own suite and
    /// the run goes on.
    static func unavailable(_ adapter: String, _ error: CLIError, scope: ConformanceScope, positions: [Int])
        -> [JUnitTestCase]
    {
        scope.groupNames(at: positions).map { name in
            JUnitTestCase(
                name: name, className: ConformanceTestCase.className(adapter: adapter),
                outcome: .error(message: error.message, type: "UpdateCheck.AdapterUnavailable", details: error.message))
        }
    }

    /// One case per group of `report`, in its order: BatchUpdate's
    /// `ConformanceTestCase` mapping (class `BatchUpdate.conformance.<adapter>`,
    /// a failing group naming its smallest failing case), as JUnit cases.
    package static func cases(for report: AdapterReport) -> [JUnitTestCase] {
        ConformanceCases.junit(report.testCases)
    }

    /// The cases of `report`, whose groups sit at the suite's local
    /// `positions` (one each, in order), each failing one with a picture of
    /// its smallest pair attached when `pictures` is given; a picture is
    /// named by the case's position in the whole suite, whatever the shard.
    ///
    /// - Throws: exit 73 when a picture cannot be written.
    package static func cases(for report: AdapterReport, positions: [Int], pictures: PictureFolder?)
        throws(CLIError) -> [JUnitTestCase]
    {
        try ConformanceCases.junit(
            report.testCases, adapter: report.adapter, positions: positions, pictures: pictures,
            smallest: report.picture(ofGroup:))
    }
}
