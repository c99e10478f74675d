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
            let selections = options.ids > 0 ? orderedSelections(of: Array(0..<options.ids)) : []
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
            let snapshots = SectionedExhaustiveCheck(sectionCount: bound.sections, idCount: bound.ids).snapshots
            return positions.map { "old \(snapshots[$0])" }
        }
    }

    /// The properties of `check`'s suite on this scope, after the adapter's
    /// name and policy: the random pairs and their size (the exhaustive
    /// pairs' `ids` is `check`'s own), or the bound's `sections` and `items`.
    package var checkProperties: [SuiteProperty] {
        switch self {
        case .flat(let options):
            [
                SuiteProperty(name: "random-pairs", value: String(options.randomPairs)),
                SuiteProperty(name: "max-items", value: String(options.maxRandomItems)),
            ]
        case .sectioned(let bound):
            [
                SuiteProperty(name: "sections", value: String(bound.sections)),
                SuiteProperty(name: "items", value: String(bound.ids)),
            ]
        }
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
        case .sectioned:
            checkProperties + [SuiteProperty(name: "shard", value: shard.description)]
        }
    }
}

extension ConformanceGroup.Kind {
    /// The group's name: `old [a, b]`, or `random pairs 100-199`.
    var name: String { ConformanceGroup(kind: self, casesChecked: 0, failureCount: 0, failures: [], seconds: 0).name }
}

/// The bound of a sectioned conformance run: every pair of snapshots of up
/// to ``sections`` sections and ``ids`` items.
package struct SectionedBound: Sendable, Equatable, CustomStringConvertible {
    /// The sections, *s* (1 to 3).
    package var sections: Int
    /// The items, *k* (1 to 5).
    package var ids: Int

    /// Creates a bound.
    package init(sections: Int, ids: Int) {
        self.sections = sections
        self.ids = ids
    }

    /// The number of old snapshots, each a group (a JUnit case) of the run.
    package var groupCount: Int { ConformanceKit.groupCount(sectionCount: sections, idCount: ids) }

    /// `every pair of up to 2 sections and 3 items`.
    package var description: String { "every pair of up to \(sections) sections and \(ids) items" }
}
