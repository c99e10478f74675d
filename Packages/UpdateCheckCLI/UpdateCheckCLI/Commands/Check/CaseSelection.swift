import ListDiff

/// The cases of one suite that a shard of `updatecheck check` runs.
///
/// Every case of the run has a global index: its position in the ordered
/// list of all cases of all selected suites. Shard *i* of *n* runs the cases
/// whose global index leaves remainder *i* − 1 when divided by *n*. A suite
/// whose first case has global index ``offset`` therefore runs its local
/// positions *p* with (offset + *p*) mod *n* = *i* − 1. The shards of one *n*
/// are disjoint and cover every case, whatever the suites.
package struct CaseSelection: Sendable, Equatable {
    /// The shard of the whole run.
    package var shard: Shard
    /// The global index of the suite's first case.
    package var offset: Int

    /// Creates the selection of a suite starting at global index `offset`.
    package init(shard: Shard, offset: Int) {
        self.shard = shard
        self.offset = offset
    }

    /// Every case of a suite: the selection of an unsharded run.
    package static let all = CaseSelection(shard: .whole, offset: 0)

    /// Whether the case at local position `position` (from 0) is selected.
    package func contains(_ position: Int) -> Bool {
        (offset + position) % shard.count == shard.index - 1
    }

    /// The selected local positions among `count` cases, ascending.
    package func positions(among count: Int) -> [Int] {
        Array(localShard.positions(among: count))
    }

    /// The selection as a shard of the suite's own positions, for engines
    /// that split by position modulo *n* themselves (the exhaustive diff, the
    /// conformance kit): position *p* is selected exactly when the returned
    /// shard contains it.
    package var localShard: Shard {
        let count = shard.count
        let remainder = ((shard.index - 1 - offset) % count + count) % count
        return Shard(index: remainder + 1, count: count)!
    }
}
