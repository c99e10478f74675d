/// The suites of `updatecheck check`, in the order they run and are numbered
/// for sharding.
package enum BuiltInSuites {
    /// Every built-in suite of the areas in `options`, in order: the state
    /// seed scenario and the exploration of `--records` records; the diff seed pairs, the seed's 65 × 65 run (every
    /// pair cross-checked by the standard library), the exhaustive run of
    /// `--ids` IDs (when that is not the seed's 4), the sectioned run of
    /// 2 sections and up to 4 of those IDs (``sectionedDiffIDs(ids:)``) and
    /// the one of 3 sections and up to 3 of them
    /// (``threeSectionDiffIDs(ids:)``), where a case can delete one section,
    /// insert another and keep a third; the
    /// conformance kit for each of the four built-in adapters (every pair
    /// over `--ids` IDs, from one old snapshot per renaming), then the
    /// sectioned kit for every built-in sectioned adapter on 3 sections and up
    /// to 3 of the IDs (``sectionedAdapterBound(ids:seed:)``), then the bridges to
    /// UIKit, AppKit and diffable data sources (`BuiltInAdapters.bridges`),
    /// each on its recording view (``bridgeSuites(options:)``).
    ///
    /// - Throws: exit 65 if an embedded input were malformed.
    package static func make(_ options: CheckOptions) throws(CLIError) -> [CheckSuite] {
        var suites: [CheckSuite] = []
        for area in options.areas {
            switch area {
            case .state:
                suites.append(try StateRunSuite.seed(salt: options.seed))
                suites.append(try StateExploreSuite.make(records: options.records))
            case .diff:
                suites.append(DiffSeedSuite.make())
                suites.append(DiffExhaustiveSuite.make(name: "diff seed k=4", idCount: 4, crossCheckStride: 1))
                if options.ids != 4 {
                    suites.append(
                        DiffExhaustiveSuite.make(name: "diff exhaustive k=\(options.ids)", idCount: options.ids))
                }
                let sectionedIDs = sectionedDiffIDs(ids: options.ids)
                suites.append(
                    DiffExhaustiveSuite.make(
                        name: "diff sections s=\(sectionCount) k=\(sectionedIDs)", sectionCount: sectionCount,
                        idCount: sectionedIDs))
                let threeSectionIDs = threeSectionDiffIDs(ids: options.ids)
                suites.append(
                    DiffExhaustiveSuite.make(
                        name: "diff sections s=3 k=\(threeSectionIDs)", sectionCount: 3, idCount: threeSectionIDs))
            case .adapters:
                suites += adapterSuites(
                    BuiltInAdapters.defaults + BuiltInAdapters.sectioned, options: options, upToRenaming: true)
                suites += bridgeSuites(options: options)
            }
        }
        return suites
    }

    /// The suites of `check` proving `adapters`, in order: a flat adapter on
    /// every pair over `--ids` IDs and `randomPairs` random pairs from
    /// `--seed`, a sectioned one on ``sectionedAdapterBound(ids:seed:)``,
    /// or on ``teamSectionedAdapterBound(ids:seed:)`` unless `upToRenaming`.
    ///
    /// `upToRenaming` (the built-in adapters, generic over their IDs) starts
    /// the exhaustive pairs from one old snapshot per renaming of its IDs
    /// (`ConformanceOptions.oldSnapshotsUpToRenaming`). A team's adapters
    /// and programs get every old snapshot: a program may answer by the names
    /// it sees.
    package static func adapterSuites(
        _ adapters: [AdapterEntry], options: CheckOptions, randomPairs: Int = AdapterConformanceSuite.randomPairs,
        upToRenaming: Bool = false
    ) -> [CheckSuite] {
        var flatOptions = AdapterConformanceSuite.options(
            ids: options.ids, seed: options.seed, randomPairs: randomPairs)
        flatOptions.oldSnapshotsUpToRenaming = upToRenaming
        let bound =
            upToRenaming
            ? sectionedAdapterBound(ids: options.ids, seed: options.seed)
            : teamSectionedAdapterBound(ids: options.ids, seed: options.seed)
        return suites(adapters, flat: .flat(flatOptions), sectioned: .sectioned(bound))
    }

    /// One suite per adapter, on `flat` or `sectioned` as its shape says.
    static func suites(_ adapters: [AdapterEntry], flat: ConformanceScope, sectioned: ConformanceScope) -> [CheckSuite]
    {
        adapters.map { AdapterConformanceSuite.make($0, scope: $0.shape == .flat ? flat : sectioned) }
    }

    /// The suites of `check` proving the bridges (`BuiltInAdapters.bridges`),
    /// each on its recording view: a flat one on every pair over up to 4 of
    /// `--ids` IDs and ``bridgeRandomPairs`` random pairs, a sectioned one on
    /// 2 sections and up to 2 items. A bridge's work is per batch, whatever
    /// the list, and these bounds reach every kind of batch its adapter makes
    /// (the three staged batches of a sectioned plan need one item), so the
    /// seven bridges add about 0.3 s to `check` on two cores.
    package static func bridgeSuites(options: CheckOptions) -> [CheckSuite] {
        let flat = ConformanceScope.flat(
            AdapterConformanceSuite.options(
                ids: min(options.ids, 4), seed: options.seed, randomPairs: bridgeRandomPairs))
        let sectioned = ConformanceScope.sectioned(SectionedBound(sections: sectionCount, ids: min(options.ids, 2)))
        return suites(BuiltInAdapters.bridges, flat: flat, sectioned: sectioned)
    }

    /// How many random pairs `check` proves each flat bridge on: 100.
    package static let bridgeRandomPairs = 100

    /// The sections of the sectioned suites: 2 (S, T).
    package static let sectionCount = 2

    /// The items of the sectioned diff suite: `ids`, at most 4 (653
    /// snapshots, 426,409 pairs).
    package static func sectionedDiffIDs(ids: Int) -> Int { min(ids, 4) }

    /// The items of the three-section diff suite: `ids`, at most 3 (979
    /// snapshots, 958,441 pairs).
    package static func threeSectionDiffIDs(ids: Int) -> Int { min(ids, 3) }

    /// The bound of the built-in sectioned adapter suites: 3 sections and
    /// `ids` items, at most 3, from one old snapshot per renaming (35 old
    /// snapshots, 98,070 cases per adapter, standing for all 979 and
    /// 2,802,244), then ``sectionedRandomPairs`` random sectioned pairs of
    /// up to ``sectionedRandomItems`` items in up to 8 sections, from `seed`.
    /// Only a third section lets one update delete a section, insert another
    /// and keep one, where section indexes shift under item moves.
    package static func sectionedAdapterBound(ids: Int, seed: UInt64) -> SectionedBound {
        SectionedBound(
            sections: 3, ids: min(ids, 3), randomPairs: sectionedRandomPairs, maxItems: sectionedRandomItems,
            seed: seed, upToRenaming: true)
    }

    /// The bound of a team's sectioned adapters and programs: 2 sections
    /// and `ids` items, at most 3, every old snapshot (131, 48,633 cases),
    /// then the random pairs of ``sectionedAdapterBound(ids:seed:)``.
    package static func teamSectionedAdapterBound(ids: Int, seed: UInt64) -> SectionedBound {
        SectionedBound(
            sections: sectionCount, ids: min(ids, 3), randomPairs: sectionedRandomPairs, maxItems: sectionedRandomItems,
            seed: seed)
    }

    /// How many random sectioned pairs `check` proves each sectioned adapter on: 100.
    package static let sectionedRandomPairs = 100
    /// The largest random sectioned snapshot of `check`: 200 items.
    package static let sectionedRandomItems = 200
}
