import ListDiff

/// An exhaustive diff run as a suite of `updatecheck check`: one case per old
/// snapshot, exactly the cases of `updatecheck diff exhaustive --junit`.
package enum DiffExhaustiveSuite {
    /// The suite verifying every pair of ordered selections of `idCount` IDs.
    ///
    /// - Parameters:
    ///   - name: the suite's name in reports.
    ///   - crossCheckStride: see `ExhaustiveCheck.crossCheckStride`; `nil` for its default.
    package static func make(name: String, idCount: Int, crossCheckStride: Int? = nil) -> CheckSuite {
        let snapshots = ExhaustiveCheck.snapshotCount(idCount: idCount)
        let pairs = snapshots * snapshots
        return CheckSuite(
            name: name, area: .diff, caseCount: snapshots,
            properties: [
                .init(name: "ids", value: String(idCount)),
                .init(name: "snapshots", value: String(snapshots)),
                .init(name: "pairs", value: String(pairs)),
            ]
        ) { selection in
            let check = ExhaustiveCheck(
                idCount: idCount, shard: selection.localShard, crossCheckStride: crossCheckStride)
            return DiffExhaustiveJUnit.report(for: check.run()).suites[0].cases
        }
    }
}
