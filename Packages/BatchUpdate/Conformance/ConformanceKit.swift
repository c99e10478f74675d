import UpdateCheckDiff
import UpdateCheckSupport

/// Proves an adapter against its toolkit model, in one call.
///
/// For every ordered pair of snapshots over up to ``ConformanceOptions/ids``
/// IDs (with the changed subsets described in ``ConformanceOptions``), and
/// for random large pairs from a seed, the kit plans the update, asks the
/// adapter for its batches, replays them on the adapter's model and checks
/// that:
/// - the model raises no toolkit error;
/// - the rows shown are exactly the new snapshot;
/// - every content-changed item is refreshed, and no other kept item is;
/// - every kept item keeps its cell, or gets a new one, exactly as the
///   adapter's ``AdapterPolicy`` says (see ``AdapterPolicy/expectation(isMoved:isChanged:)``);
/// - no inserted item is shown in a cell that showed another item.
///
/// ```swift
/// let report = ConformanceKit.check(MyAdapter<Int>(), options: ConformanceOptions(ids: 5, randomPairs: 1000))
/// #expect(report.passed, "\(report)")
/// ```
///
/// A failure names the smallest failing (old, new, changed) case and the
/// calls the adapter made (random failures are first reduced to a small
/// case that still fails). Groups run in parallel on every core.
///
/// The same call proves a sectioned adapter (one of ``SectionedUpdatePlan``): on every pair of a
/// bound of ``ConformanceOptions/sections`` sections and
/// ``ConformanceOptions/ids`` items (every pair of `ExhaustiveCheck(sectionCount:idCount:)`),
/// into the same ``ConformanceReport``. A flat adapter keeps the kit's
/// specialised flat loop, measurably faster than the sectioned one on a
/// list of one section.
public enum ConformanceKit {
    /// Runs every exhaustive and random case of `options` against `adapter`.
    ///
    /// - Complexity: one plan and one model replay per case; about 0.9 million
    ///   cases for `ids: 5`, spread over every core.
    @inlinable
    public static func check<Adapter: UpdateAdapter>(
        _ adapter: Adapter, options: ConformanceOptions = ConformanceOptions()
    ) -> ConformanceReport where Adapter.Plan == UpdatePlan<Int> {
        let watch = Stopwatch()
        let selections = options.ids > 0 ? orderedSelections(of: Array(0..<options.ids)) : []
        let olds = oldSnapshots(options: options)
        let randomGroupSize = max(1, options.randomGroupSize)
        let selected = Array(options.shard.positions(among: groupCount(options: options)))
        // The random groups, the largest, start first, so that no core is
        // left with one at the end; the report keeps the groups' order.
        let schedule =
            selected.indices.filter { selected[$0] >= olds.count }
            + selected.indices.filter { selected[$0] < olds.count }
        let scheduled = ParallelLoop.map(count: schedule.count, inParallel: options.runsInParallel) { turn in
            let group = selected[schedule[turn]]
            if group < olds.count {
                return exhaustiveGroup(adapter, old: olds[group], selections: selections, options: options)
            }
            let first = (group - olds.count) * randomGroupSize
            return randomGroup(
                adapter, pairs: first..<min(first + randomGroupSize, options.randomPairs), options: options)
        }
        var groups = scheduled
        for (turn, index) in schedule.enumerated() { groups[index] = scheduled[turn] }
        return ConformanceReport(
            adapter: adapter.name, policy: adapter.policy, options: options, groups: groups,
            seconds: watch.seconds)
    }

    /// The number of groups of an unsharded run of `options`: one per old
    /// snapshot (1,957 for 6 IDs, 326 for 5, 65 for 4; *k* + 1 up to
    /// renaming, see ``oldSnapshots(options:)``), then one per
    /// ``ConformanceOptions/randomGroupSize`` random pairs.
    ///
    /// Groups are numbered in that order from 0; shard *i* of *n* runs the
    /// groups whose number leaves remainder *i* − 1 when divided by *n*.
    public static func groupCount(options: ConformanceOptions) -> Int {
        let size = max(1, options.randomGroupSize)
        let olds =
            options.oldSnapshotsUpToRenaming && options.ids > 0 ? options.ids + 1 : snapshotCount(ids: options.ids)
        return olds + (max(0, options.randomPairs) + size - 1) / size
    }

    /// The number of ordered selections of up to `ids` distinct IDs; 0 when
    /// `ids` is 0, which skips the exhaustive pairs.
    public static func snapshotCount(ids: Int) -> Int {
        guard ids > 0 else { return 0 }
        // s(k) = 1 + k · s(k − 1): the empty snapshot, or a first ID followed
        // by a selection of the others.
        var count = 1
        for k in 1...ids { count = 1 + k * count }
        return count
    }

    /// The display name of a kit ID: `a` … `z`, then `x26`, `x27`, ….
    public static func label(_ id: Int) -> String {
        id >= 0 && id < 26 ? String(UnicodeScalar(UInt8(97 + id))) : "x\(id)"
    }
}
