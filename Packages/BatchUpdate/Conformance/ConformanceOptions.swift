import UpdateCheckDiff

/// What the conformance kit runs: the exhaustive pairs, how content changes
/// are varied, and the random large pairs.
///
/// A sectioned adapter is proven on every pair of snapshots of up to
/// ``sections`` sections and ``sectionedIDs`` items (see
/// `ExhaustiveCheck(sectionCount:idCount:)` for the counts), each with no content change,
/// every kept item changed and every kept section changed; of the other
/// options it takes ``shard`` and ``runsInParallel``.
///
/// The defaults are those of `updatecheck adapters check` without options:
/// every pair over 5 IDs, no random pairs, seed 1; sectioned, 2 sections of
/// up to 3 items. `updatecheck check` adds 1,000 random pairs of up to
/// 1,000 items (`ConformanceOptions(randomPairs: 1000)`): they find what only
/// long lists show and cost seconds per adapter, so the quick loop of
/// writing an adapter leaves them to the main job.
public struct ConformanceOptions: Sendable, Hashable {
    /// *k*: every ordered pair of flat snapshots drawn from up to *k*
    /// distinct IDs is checked (*k* = 4: 4,225 pairs; 5: 106,276; 6:
    /// 3,829,849). 0 skips them.
    public var ids: Int
    /// *s*: a sectioned run's most sections (1 to 3); a flat list is one
    /// section and ignores it.
    public var sections: Int
    /// A sectioned run's most items, drawn from this many item IDs (1 to 5);
    /// a flat run ignores it.
    public var sectionedIDs: Int
    /// Pairs with at most this many kept items are checked with every subset
    /// of their kept items marked content-changed; pairs with more with four
    /// subsets: none, all, the moved ones, the ones that stay put.
    public var changedSubsetLimit: Int
    /// How many random pairs to check.
    public var randomPairs: Int
    /// The largest snapshot a random pair may have.
    public var maxRandomItems: Int
    /// The seed of the random pairs; pair *i* of a seed is always the same pair.
    public var seed: UInt64
    /// How many random pairs make one group (one JUnit case).
    public var randomGroupSize: Int
    /// How many failing cases each group keeps, smallest first.
    public var failuresPerGroup: Int
    /// The groups to run, for CI matrices: shard *i* of *n* runs the groups
    /// whose number (see ``ConformanceKit/groupCount(options:)``) leaves
    /// remainder *i* − 1 when divided by *n*; the shards of one *n* together
    /// cover every group.
    public var shard: Shard
    /// Whether groups run in parallel on every core.
    public var runsInParallel: Bool
    /// Whether the exhaustive pairs start from one old snapshot per
    /// renaming of its IDs, against every new snapshot (see
    /// ``ConformanceKit/oldSnapshots(options:)``): 6 old snapshots instead
    /// of 326 for 5 IDs, 35 instead of 979 for 3 sections of 3 items. Every
    /// pair is then checked up to the names of its IDs, which is every pair
    /// for an adapter whose calls do not depend on what its IDs are called.
    /// Off by default; `updatecheck check` turns it on for the built-in
    /// adapters.
    public var oldSnapshotsUpToRenaming: Bool

    /// Creates options; the defaults are `updatecheck adapters check`'s:
    /// every pair of up to 5 IDs, no random pairs, seed 1, and sectioned
    /// every pair of up to 2 sections and 3 items.
    public init(
        ids: Int = 5, sections: Int = 2, sectionedIDs: Int = 3, changedSubsetLimit: Int = 4, randomPairs: Int = 0,
        maxRandomItems: Int = 1000, seed: UInt64 = 1, randomGroupSize: Int = 100, failuresPerGroup: Int = 3,
        shard: Shard = .whole, runsInParallel: Bool = true, oldSnapshotsUpToRenaming: Bool = false
    ) {
        self.ids = ids
        self.sections = sections
        self.sectionedIDs = sectionedIDs
        self.changedSubsetLimit = changedSubsetLimit
        self.randomPairs = randomPairs
        self.maxRandomItems = maxRandomItems
        self.seed = seed
        self.randomGroupSize = randomGroupSize
        self.failuresPerGroup = failuresPerGroup
        self.shard = shard
        self.runsInParallel = runsInParallel
        self.oldSnapshotsUpToRenaming = oldSnapshotsUpToRenaming
    }
}
