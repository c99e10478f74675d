import BatchUpdate
import UpdateCheckDiff

/// The cases an adapter is proven on, flat or sectioned: the conformance
/// kit's options, or a sectioned bound (every pair of it, three variants each).
///
/// A scope knows what a run of it is before it runs: how many groups (CI
/// cases) it has, what each is named, and the properties that replay it.
package enum ConformanceScope: Sendable, Equatable {
    /// The flat kit: every pair over the options' IDs, then random pairs.
    case flat(ConformanceOptions)
    /// The sectioned kit: every pair of the bound.
    case sectioned(SectionedBound)

    /// The shape of the adapters the scope proves.
    package var shape: AdapterEntry.Shape {
        switch self {
        case .flat: .flat
        case .sectioned: .sectioned
        }
    }

    /// The number of groups of an unsharded run.
    package var groupCount: Int {
        switch self {
        case .flat(let options): ConformanceKit.groupCount(options: options)
        case .sectioned(let bound): bound.groupCount
        }
    }

    /// The names of the groups at `positions` of an unsharded run, as the
    /// kit names them (`old [a, b]`, `random pairs 0-99`, `old [S: a | T:]`).
    package func groupNames(at positions: [Int]) -> [String] {
        switch self {
        case .flat(let options):
            let selections = ConformanceKit.oldSnapshots(options: options)
            let size = max(1, options.randomGroupSize)
            return positions.map { position in
                if position < selections.count {
                    return ConformanceGroup.Kind.exhaustive(old: selections[position].map(ConformanceKit.label))
                        .name
                }
                let first = (position - selections.count) * size
                return ConformanceGroup.Kind.random(first: first, count: min(size, options.randomPairs - first)).name
            }
        case .sectioned(let bound):
            let snapshots = ConformanceKit.sectionedOldSnapshots(options: bound.options(shard: .whole))
            let size = ConformanceOptions().randomGroupSize
            return positions.map { position in
                if position < snapshots.count { return "old \(snapshots[position])" }
                let first = (position - snapshots.count) * size
                return ConformanceGroup.Kind.random(first: first, count: min(size, bound.randomPairs - first)).name
            }
        }
    }

    /// The properties of `check`'s suite on this scope, after the adapter's
    /// name and policy: the random pairs and their size (the exhaustive
    /// pairs' `ids` is `check`'s own), or the bound's `sections` and `items`;
    /// then `old-snapshots` `one per renaming` when the exhaustive pairs
    /// start from one old snapshot per renaming of its IDs.
    package var checkProperties: [SuiteProperty] {
        switch self {
        case .flat(let options):
            [
                SuiteProperty(name: "random-pairs", value: String(options.randomPairs)),
                SuiteProperty(name: "max-items", value: String(options.maxRandomItems)),
            ] + Self.renamingProperties(options.oldSnapshotsUpToRenaming)
        case .sectioned(let bound):
            [
                SuiteProperty(name: "sections", value: String(bound.sections)),
                SuiteProperty(name: "items", value: String(bound.ids)),
            ]
                + Self.renamingProperties(bound.upToRenaming)
                + (bound.randomPairs > 0
                    ? [
                        SuiteProperty(name: "random-pairs", value: String(bound.randomPairs)),
                        SuiteProperty(name: "max-items", value: String(bound.maxItems)),
                    ] : [])
        }
    }

    /// `old-snapshots` `one per renaming` when `upToRenaming`, else nothing.
    static func renamingProperties(_ upToRenaming: Bool) -> [SuiteProperty] {
        upToRenaming ? [SuiteProperty(name: "old-snapshots", value: "one per renaming")] : []
    }

    /// The properties of `adapters check`'s suite on this scope and
    /// `shard`: every option that replays it.
    package func commandProperties(shard: Shard) -> [SuiteProperty] {
        switch self {
        case .flat(let options):
            [
                SuiteProperty(name: "ids", value: String(options.ids)),
                SuiteProperty(name: "changed-subset-limit", value: String(options.changedSubsetLimit)),
                SuiteProperty(name: "random-pairs", value: String(options.randomPairs)),
                SuiteProperty(name: "max-items", value: String(options.maxRandomItems)),
                SuiteProperty(name: "seed", value: String(options.seed)),
                SuiteProperty(name: "shard", value: shard.description),
            ]
        case .sectioned(let bound):
            checkProperties + (bound.randomPairs > 0 ? [SuiteProperty(name: "seed", value: String(bound.seed))] : [])
                + [SuiteProperty(name: "shard", value: shard.description)]
        }
    }
}

extension ConformanceGroup.Kind {
    /// The group's name: `old [a, b]`, or `random pairs 100-199`.
    var name: String { ConformanceGroup(kind: self, casesChecked: 0, failureCount: 0, failures: [], seconds: 0).name }
}

/// What the sectioned kit proves an adapter on: every pair of up to
/// ``sections`` sections and ``ids`` items, then ``randomPairs`` random
/// sectioned pairs of up to ``maxItems`` items from ``seed``.
package struct SectionedBound: Sendable, Equatable, CustomStringConvertible {
    /// The most sections of an exhaustive snapshot.
    package var sections: Int
    /// The most items of an exhaustive snapshot.
    package var ids: Int
    /// How many random sectioned pairs follow (0: none).
    package var randomPairs: Int
    /// The most items of a random snapshot (at most 255).
    package var maxItems: Int
    /// The seed of the random pairs.
    package var seed: UInt64
    /// Whether the exhaustive pairs start from one old snapshot per
    /// renaming of its IDs (`ConformanceOptions.oldSnapshotsUpToRenaming`).
    package var upToRenaming: Bool

    /// Creates a bound.
    package init(
        sections: Int, ids: Int, randomPairs: Int = 0, maxItems: Int = 200, seed: UInt64 = 1,
        upToRenaming: Bool = false
    ) {
        self.sections = sections
        self.ids = ids
        self.randomPairs = randomPairs
        self.maxItems = maxItems
        self.seed = seed
        self.upToRenaming = upToRenaming
    }

    /// The kit's options for this bound, on the groups of `shard`.
    package func options(shard: Shard) -> ConformanceOptions {
        ConformanceOptions(
            sections: sections, sectionedIDs: ids, randomPairs: randomPairs, maxRandomItems: maxItems, seed: seed,
            shard: shard, oldSnapshotsUpToRenaming: upToRenaming)
    }

    /// The number of groups (JUnit cases) of the run: one per old
    /// snapshot, then one per hundred random pairs.
    package var groupCount: Int {
        ConformanceKit.groupCount(
            sectionCount: sections, idCount: ids, randomPairs: randomPairs, upToRenaming: upToRenaming)
    }

    /// `every pair of up to 2 sections and 3 items`, then ` up to renaming`
    /// when it is so, then `, 100 random pairs of up to 200 items (seed 1)`
    /// when there are random pairs.
    package var description: String {
        "every pair of up to \(sections) sections and \(ids) items" + (upToRenaming ? " up to renaming" : "")
            + (randomPairs > 0 ? ", \(randomPairs) random pairs of up to \(maxItems) items (seed \(seed))" : "")
    }
}
