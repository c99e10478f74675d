import BatchUpdate
import JUnitReporter
import ListDiff

/// One sectioned adapter's conformance as a suite: the sectioned kit's
/// groups (one per old snapshot of the bound) as cases, a failing one naming
/// its smallest failing case of each kind.
///
/// `updatecheck check` proves each built-in sectioned adapter on
/// `BuiltInSuites.sectionedAdapterBound(ids:)` (``make(_:bound:pictures:)``); `updatecheck adapters check
/// --sections s` proves the adapters it is given on its own bound
/// (``command(_:bound:shard:observe:)``). A failing case of `check` also
/// gets a picture of its smallest failing pair, as the flat suites do.
package enum SectionedConformanceSuite {
    /// The suite of `updatecheck check` proving `adapter` on every pair of
    /// `bound`, named `adapters <name>`; pictures of failing cases
    /// go to `pictures` when given (see ``PictureFolder``).
    package static func make(_ adapter: SectionedAdapterEntry, bound: SectionedBound, pictures: PictureFolder?)
        -> CheckSuite
    {
        make(
            adapter, name: "adapters \(adapter.name)", bound: bound,
            properties: properties(adapter, bound: bound), pictures: pictures, observe: nil)
    }

    /// The suite of `updatecheck adapters check --sections`: `adapter` proved
    /// on `bound`, named after `shard` (the runner's shard selects the
    /// groups), each report handed to `observe`.
    package static func command(
        _ adapter: SectionedAdapterEntry, bound: SectionedBound, shard: Shard,
        observe: @escaping @Sendable (Result<SectionedConformanceReport, CLIError>) -> Void
    ) -> CheckSuite {
        make(
            adapter, name: "adapter \(adapter.name) shard \(shard)", bound: bound,
            properties: properties(adapter, bound: bound) + [
                JUnitProperty(name: "shard", value: shard.description)
            ], pictures: nil, observe: observe)
    }

    /// The adapter's name and policy, then the bound (`sections`, `items`:
    /// not `ids`, which `check` gives every suite as its `--ids`).
    static func properties(_ adapter: SectionedAdapterEntry, bound: SectionedBound) -> [JUnitProperty] {
        [
            JUnitProperty(name: "adapter", value: adapter.name),
            JUnitProperty(name: "moved-and-changed", value: adapter.policy.movedAndChanged.rawValue),
            JUnitProperty(name: "refresh", value: adapter.policy.refresh.rawValue),
            JUnitProperty(name: "sections", value: String(bound.sections)),
            JUnitProperty(name: "items", value: String(bound.ids)),
        ]
    }

    private static func make(
        _ adapter: SectionedAdapterEntry, name: String, bound: SectionedBound, properties: [JUnitProperty],
        pictures: PictureFolder?, observe: (@Sendable (Result<SectionedConformanceReport, CLIError>) -> Void)?
    ) -> CheckSuite {
        CheckSuite(name: name, area: .adapters, caseCount: bound.groupCount, properties: properties) {
            selection throws(CLIError) in
            let positions = selection.positions(among: bound.groupCount)
            let report: SectionedConformanceReport
            do throws(CLIError) {
                report = try adapter.prove(bound, selection.localShard)
            } catch {
                observe?(.failure(error))
                return SuiteOutput(cases: unavailable(adapter.name, error, bound: bound, positions: positions))
            }
            observe?(.success(report))
            return SuiteOutput(
                cases: try cases(for: report, positions: positions, pictures: pictures),
                properties: [JUnitProperty(name: "cases", value: String(report.casesChecked))])
        }
    }

    /// The cases of an adapter that could not run at all: the groups at
    /// `positions`, named as a run names them, each an error with the message.
    static func unavailable(_ adapter: String, _ error: CLIError, bound: SectionedBound, positions: [Int])
        -> [JUnitTestCase]
    {
        let snapshots = SectionedExhaustiveCheck(sectionCount: bound.sections, idCount: bound.ids).snapshots
        return positions.map { position in
            JUnitTestCase(
                name: "old \(snapshots[position])", className: ConformanceTestCase.className(adapter: adapter),
                outcome: .error(message: error.message, type: "UpdateCheck.AdapterUnavailable", details: error.message))
        }
    }

    /// One case per group of `report`, in its order (class
    /// `BatchUpdate.conformance.<adapter>`).
    package static func cases(for report: SectionedConformanceReport) -> [JUnitTestCase] {
        ConformanceCases.junit(report.testCases)
    }

    /// The cases of `report`, whose groups sit at the suite's local
    /// `positions`, each failing one with a picture of its smallest failing
    /// case attached when `pictures` is given, named by the case's position
    /// in the whole suite.
    ///
    /// - Throws: exit 73 when a picture cannot be written.
    package static func cases(
        for report: SectionedConformanceReport, positions: [Int], pictures: PictureFolder?
    ) throws(CLIError) -> [JUnitTestCase] {
        try ConformanceCases.junit(
            report.testCases, adapter: report.adapter, positions: positions, pictures: pictures
        ) { index in
            report.groups[index].failures.first.map { PlanPicture(adapter: report.adapter, failure: $0) }
        }
    }
}
