import UpdateCheckDiff
import UpdateCheckSupport

extension ConformanceKit {
    /// Every pair from `old` to each of `selections`, with its changed subsets.
    @inlinable
    static func exhaustiveGroup<Adapter: UpdateAdapter>(
        _ adapter: Adapter, old: [Int], selections: [[Int]], options: ConformanceOptions
    ) -> ConformanceGroup where Adapter.Plan == UpdatePlan<Int> {
        let watch = Stopwatch()
        var smallest = SmallestFailures<UpdatePlan<Int>>(capacity: options.failuresPerGroup)
        var plans: [UpdatePlan<Int>] = []
        var kept: [Int] = []
        var subset: [Int] = []
        for new in selections {
            let base: UpdatePlan<Int>
            do {
                base = try UpdatePlan(unique: old, new: new, diff: diff(from: old, to: new), changed: [])
            } catch {
                preconditionFailure("ordered selections have unique IDs: \(error)")
            }
            kept.removeAll(keepingCapacity: true)
            for index in new.indices where base.oldIndex(ofNew: index) != nil { kept.append(index) }
            for mask in changedMasks(plan: base, kept: kept, limit: options.changedSubsetLimit) {
                subset.removeAll(keepingCapacity: true)
                for bit in kept.indices where mask & (1 << bit) != 0 { subset.append(kept[bit]) }
                plans.append(mask == 0 ? base : base.replacingChanged(with: subset))
            }
        }
        var failed = 0
        for (plan, batches) in zip(plans, adapter.batches(forEach: plans))
        where problem(of: adapter, plan: plan, batches: batches, label: label) != nil {
            failed += 1
            smallest.offer(
                plan, key: [max(plan.old.count, plan.new.count), plan.old.count + plan.new.count, plan.changedCount])
        }
        let checked = plans.count
        let failures = smallest.sorted.compactMap { failure(of: adapter, plan: $0, origin: nil, label: label) }
        return ConformanceGroup(
            kind: .exhaustive(old: old.map(label)), casesChecked: checked, failureCount: failed,
            failures: failures, seconds: watch.seconds)
    }

    /// The changed subsets of a pair, as bit masks over `kept` (kept new
    /// offsets in order): all of them up to `limit` kept items, otherwise
    /// none, all, the moved ones and the ones that stay put.
    @usableFromInline
    static func changedMasks(plan: UpdatePlan<Int>, kept: [Int], limit: Int) -> [Int] {
        if kept.count <= limit { return Array(0..<(1 << kept.count)) }
        var moved = 0
        for (bit, index) in kept.enumerated() where plan.isMoved(new: index) { moved |= 1 << bit }
        let all = (1 << kept.count) - 1
        var masks: [Int] = []
        for mask in [0, all, moved, all & ~moved] where !masks.contains(mask) { masks.append(mask) }
        return masks
    }
}
