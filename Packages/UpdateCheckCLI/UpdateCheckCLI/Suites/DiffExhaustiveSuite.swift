import UpdateCheckDiff

/// An exhaustive diff run, flat or sectioned, as a suite: one case per old
/// snapshot, every failing pair from it in the failure text.
///
/// `updatecheck check` runs the seed's k = 4, `--ids` and the sectioned
/// bounds (``make(name:sectionCount:idCount:crossCheckStride:)``);
/// `updatecheck diff exhaustive` runs one shard of one
/// (``command(sectionCount:idCount:shard:crossCheckStride:observe:)``).
package enum DiffExhaustiveSuite {
    /// The suite verifying every pair of `check`'s shape and size, named
    /// `name`, with its size as properties: the IDs, snapshots and pairs of
    /// a flat run, the sections, items and snapshots of a sectioned one,
    /// whose pairs are measured.
    ///
    /// - Parameter crossCheckStride: see `ExhaustiveCheck.crossCheckStride`; `nil` for its default.
    package static func make(
        name: String, sectionCount: Int? = nil, idCount: Int, crossCheckStride: Int? = nil
    ) -> CheckSuite {
        let snapshots = ExhaustiveCheck.snapshotCount(sectionCount: sectionCount, idCount: idCount)
        guard let sectionCount else {
            return suite(
                name: name, sectionCount: nil, idCount: idCount, crossCheckStride: crossCheckStride,
                properties: [
                    SuiteProperty(name: "ids", value: String(idCount)),
                    SuiteProperty(name: "snapshots", value: String(snapshots)),
                    SuiteProperty(name: "pairs", value: String(snapshots * snapshots)),
                ])
        }
        return suite(
            name: name, sectionCount: sectionCount, idCount: idCount, crossCheckStride: crossCheckStride,
            properties: sectionedProperties(sectionCount: sectionCount, idCount: idCount),
            measured: { [SuiteProperty(name: "pairs", value: String($0.pairCount))] })
    }

    /// The suite of `updatecheck diff exhaustive --shard shard`, handing its
    /// report to `observe`: named after the shape, size and shard.
    ///
    /// A flat run has the IDs and the shard as properties, and the
    /// snapshots, pairs and standard-library cross-checks it did as measured
    /// ones; a sectioned run the properties of
    /// ``make(name:sectionCount:idCount:crossCheckStride:)``.
    package static func command(
        sectionCount: Int?, idCount: Int, shard: Shard, crossCheckStride: Int?,
        observe: @escaping @Sendable (ExhaustiveReport) -> Void
    ) -> CheckSuite {
        guard let sectionCount else {
            return suite(
                name: "diff exhaustive k=\(idCount) shard \(shard)", sectionCount: nil, idCount: idCount,
                crossCheckStride: crossCheckStride,
                properties: [
                    SuiteProperty(name: "ids", value: String(idCount)),
                    SuiteProperty(name: "shard", value: shard.description),
                ],
                measured: { report in
                    [
                        SuiteProperty(name: "snapshots", value: String(report.snapshotCount)),
                        SuiteProperty(name: "pairs", value: String(report.pairCount)),
                        SuiteProperty(name: "standard-library-cross-checks", value: String(report.crossCheckedCount)),
                    ]
                }, observe: observe)
        }
        return suite(
            name: "diff exhaustive s=\(sectionCount) k=\(idCount) shard \(shard)", sectionCount: sectionCount,
            idCount: idCount, crossCheckStride: crossCheckStride,
            properties: sectionedProperties(sectionCount: sectionCount, idCount: idCount),
            measured: { [SuiteProperty(name: "pairs", value: String($0.pairCount))] }, observe: observe)
    }

    /// The suite running the runner's shard of the check, with `properties`
    /// and, once run, the `measured` ones of its report.
    static func suite(
        name: String, sectionCount: Int?, idCount: Int, crossCheckStride: Int?, properties: [SuiteProperty],
        measured: @escaping @Sendable (ExhaustiveReport) -> [SuiteProperty] = { _ in [] },
        observe: @escaping @Sendable (ExhaustiveReport) -> Void = { _ in }
    ) -> CheckSuite {
        CheckSuite(
            name: name, area: .diff,
            caseCount: ExhaustiveCheck.snapshotCount(sectionCount: sectionCount, idCount: idCount),
            properties: properties
        ) { selection in
            let check = ExhaustiveCheck(
                sectionCount: sectionCount, idCount: idCount, shard: selection.localShard,
                crossCheckStride: crossCheckStride)
            let report = check.run()
            observe(report)
            return SuiteOutput(cases: cases(for: report), properties: measured(report))
        }
    }

    /// The size of a sectioned run as suite properties.
    static func sectionedProperties(sectionCount: Int, idCount: Int) -> [SuiteProperty] {
        [
            SuiteProperty(name: "sections", value: String(sectionCount)),
            SuiteProperty(name: "items", value: String(idCount)),
            SuiteProperty(
                name: "snapshots",
                value: String(ExhaustiveCheck.snapshotCount(sectionCount: sectionCount, idCount: idCount))),
        ]
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
}
