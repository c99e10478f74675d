import UpdateCheckDiff

/// An exhaustive diff run as a suite: one case per old snapshot, every
/// failing pair from it in the failure text.
///
/// `updatecheck check` runs the seed's k = 4 and `--ids` (``make(name:idCount:crossCheckStride:)``);
/// `updatecheck diff exhaustive` runs one (``command(idCount:shard:crossCheckStride:observe:)``).
package enum DiffExhaustiveSuite {
    /// The suite verifying every pair of ordered selections of `idCount` IDs,
    /// named `name`, with its size as properties.
    ///
    /// - Parameter crossCheckStride: see `ExhaustiveCheck.crossCheckStride`; `nil` for its default.
    package static func make(name: String, idCount: Int, crossCheckStride: Int? = nil) -> CheckSuite {
        let snapshots = ExhaustiveCheck.snapshotCount(idCount: idCount)
        return CheckSuite(
            name: name, area: .diff, caseCount: snapshots,
            properties: [
                SuiteProperty(name: "ids", value: String(idCount)),
                SuiteProperty(name: "snapshots", value: String(snapshots)),
                SuiteProperty(name: "pairs", value: String(snapshots * snapshots)),
            ]
        ) { selection in
            let check = ExhaustiveCheck(
                idCount: idCount, shard: selection.localShard, crossCheckStride: crossCheckStride)
            return SuiteOutput(cases: cases(for: check.run()))
        }
    }

    /// The suite of `updatecheck diff exhaustive --shard shard`: named after
    /// the shard, with the pairs it verified and cross-checked as measured
    /// properties, handing its report to `observe`.
    package static func command(
        idCount: Int, shard: Shard, crossCheckStride: Int?, observe: @escaping @Sendable (ExhaustiveReport) -> Void
    ) -> CheckSuite {
        CheckSuite(
            name: "diff exhaustive k=\(idCount) shard \(shard)", area: .diff,
            caseCount: ExhaustiveCheck.snapshotCount(idCount: idCount),
            properties: [
                SuiteProperty(name: "ids", value: String(idCount)),
                SuiteProperty(name: "shard", value: shard.description),
            ]
        ) { selection in
            let check = ExhaustiveCheck(
                idCount: idCount, shard: selection.localShard, crossCheckStride: crossCheckStride)
            let report = check.run()
            observe(report)
            return SuiteOutput(
                cases: cases(for: report),
                properties: [
                    SuiteProperty(name: "snapshots", value: String(report.snapshotCount)),
                    SuiteProperty(name: "pairs", value: String(report.pairCount)),
                    SuiteProperty(name: "standard-library-cross-checks", value: String(report.crossCheckedCount)),
                ])
        }
    }

    /// One case per old snapshot of `report`, flat or sectioned (class
    /// `UpdateCheckDiff.exhaustive.k<k>` or `UpdateCheckDiff.exhaustive.s<s>k<k>`),
    /// every failing pair from it in the failure text.
    package static func cases(for report: ExhaustiveReport) -> [CheckCase] {
        let className =
            "UpdateCheckDiff.exhaustive." + (report.sectionCount.map { "s\($0)" } ?? "") + "k\(report.idCount)"
        return report.rows.map { row in
            let old =
                report.sectionCount == nil
                ? DiffSeedSuite.text(row.old) : "[" + row.old.joined(separator: " | ") + "]"
            let name = "old \(old)"
            guard !row.failures.isEmpty else {
                return CheckCase(name: name, className: className, time: row.seconds)
            }
            return CheckCase(
                name: name, className: className, time: row.seconds,
                outcome: .failure(
                    message: "\(row.failures.count) of \(row.pairCount) pairs from \(old) failed",
                    type: "UpdateCheckDiff.VerificationFailure",
                    details: row.failures.map(\.description).joined(separator: "\n")))
        }
    }

    /// The suite of `updatecheck diff exhaustive --sections s`: every pair of
    /// sectioned snapshots of up to `sectionCount` sections and `idCount`
    /// items, one case per old snapshot (class `UpdateCheckDiff.exhaustive.s<s>k<k>`),
    /// handing its report to `observe`.
    package static func sectioned(
        sectionCount: Int, idCount: Int, name: String,
        observe: @escaping @Sendable (ExhaustiveReport) -> Void = { _ in }
    ) -> CheckSuite {
        let snapshots = SectionedExhaustiveCheck.snapshotCount(sectionCount: sectionCount, idCount: idCount)
        return CheckSuite(
            name: name, area: .diff, caseCount: snapshots,
            properties: [
                SuiteProperty(name: "sections", value: String(sectionCount)),
                SuiteProperty(name: "items", value: String(idCount)),
                SuiteProperty(name: "snapshots", value: String(snapshots)),
            ]
        ) { selection in
            let check = SectionedExhaustiveCheck(
                sectionCount: sectionCount, idCount: idCount, shard: selection.localShard)
            let report = check.run()
            observe(report)
            return SuiteOutput(
                cases: cases(for: report),
                properties: [SuiteProperty(name: "pairs", value: String(report.pairCount))])
        }
    }
}
