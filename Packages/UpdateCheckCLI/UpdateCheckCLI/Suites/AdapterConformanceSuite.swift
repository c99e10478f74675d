import BatchUpdate
import UpdateCheckDiff

/// One adapter's conformance as a suite, flat or sectioned alike: its kit's
/// groups (one per old snapshot, then for a flat scope one per hundred
/// random pairs) as cases, a failing one naming its smallest failing case.
///
/// `updatecheck check` proves each default adapter on every pair over
/// `--ids` IDs and ``randomPairs`` random pairs, and each built-in sectioned
/// adapter on `BuiltInSuites.sectionedAdapterBound(ids:seed:)`
/// (``make(_:scope:)``); `updatecheck adapters check` proves the adapters it
/// is given with its own options (``command(_:scope:shard:observe:)``). A
/// failing case carries a picture of its smallest failing pair, which
/// `check`'s pictures sink (``PictureFolder``) writes next to the JUnit report.
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
    /// `adapters <name>`.
    package static func make(_ adapter: AdapterEntry, scope: ConformanceScope) -> CheckSuite {
        make(
            adapter, name: "adapters \(adapter.name)", scope: scope,
            properties: policyProperties(adapter) + scope.checkProperties, observe: nil)
    }

    /// The suite of `updatecheck adapters check`: `adapter` proved on
    /// `scope`, named after `shard` (the runner's shard selects the groups),
    /// every option a property, each report handed to `observe`.
    package static func command(
        _ adapter: AdapterEntry, scope: ConformanceScope, shard: Shard,
        observe: @escaping @Sendable (Result<ConformanceReport, CLIError>) -> Void
    ) -> CheckSuite {
        make(
            adapter, name: "adapter \(adapter.name) shard \(shard)", scope: scope,
            properties: policyProperties(adapter) + scope.commandProperties(shard: shard), observe: observe)
    }

    /// The adapter's name and policy, the first properties of its suites.
    static func policyProperties(_ adapter: AdapterEntry) -> [SuiteProperty] {
        [
            SuiteProperty(name: "adapter", value: adapter.name),
            SuiteProperty(name: "moved-and-changed", value: adapter.policy.movedAndChanged.rawValue),
            SuiteProperty(name: "refresh", value: adapter.policy.refresh.rawValue),
        ]
    }

    private static func make(
        _ adapter: AdapterEntry, name: String, scope: ConformanceScope, properties: [SuiteProperty],
        observe: (@Sendable (Result<ConformanceReport, CLIError>) -> Void)?
    ) -> CheckSuite {
        let count = scope.groupCount
        return CheckSuite(name: name, area: .adapters, caseCount: count, properties: properties) {
            selection throws(CLIError) in
            let positions = selection.positions(among: count)
            let report: ConformanceReport
            do throws(CLIError) {
                report = try adapter.prove(scope, selection.localShard)
            } catch {
                observe?(.failure(error))
                return SuiteOutput(cases: unavailable(adapter.name, error, scope: scope, positions: positions))
            }
            observe?(.success(report))
            precondition(
                report.testCases.count == positions.count,
                "the kit ran \(report.testCases.count) groups, not \(positions.count)")
            return SuiteOutput(cases: cases(for: report), properties: report.measured)
        }
    }

    /// The cases of an adapter that could not run at all (`error`): the
    /// groups at `positions`, named as a run would name them, each an error
    /// carrying the message, so a broken plug-in fails its own suite and
    /// the run goes on.
    static func unavailable(_ adapter: String, _ error: CLIError, scope: ConformanceScope, positions: [Int])
        -> [CheckCase]
    {
        scope.groupNames(at: positions).map { name in
            CheckCase(
                name: name, className: ConformanceTestCase.className(adapter: adapter),
                outcome: .error(message: error.message, type: "UpdateCheck.AdapterUnavailable", details: error.message))
        }
    }

    /// One case per group of `report`, in its order: BatchUpdate's
    /// `ConformanceTestCase` mapping (class `BatchUpdate.conformance.<adapter>`,
    /// a failing group naming its smallest failing case), each failing one
    /// carrying the picture of its smallest failing case for the pictures
    /// sink (named after the adapter).
    package static func cases(for report: ConformanceReport) -> [CheckCase] {
        report.testCases.enumerated().map { index, testCase in
            CheckCase(
                name: testCase.name, className: testCase.className, time: testCase.seconds,
                outcome: testCase.failure.map { .failure(message: $0.message, type: $0.type, details: $0.details) }
                    ?? .passed,
                picture: testCase.failure == nil
                    ? nil : report.picture(ofGroup: index).map { CasePicture(name: report.adapter, picture: $0) })
        }
    }
}
