import UpdateCheckSupport

extension ConformanceKit {
    /// The random pairs `pairs` of the options' seed.
    @inlinable
    static func randomGroup<Adapter: UpdateAdapter>(
        _ adapter: Adapter, pairs range: Range<Int>, options: ConformanceOptions
    ) -> ConformanceGroup where Adapter.Plan == UpdatePlan<Int> {
        let watch = Stopwatch()
        var smallest = SmallestFailures<(index: Int, case: RandomPairs.Case)>(capacity: options.failuresPerGroup)
        var failed = 0
        let pairs = range.map {
            (index: $0, case: RandomPairs.pair($0, seed: options.seed, maxItems: options.maxRandomItems))
        }
        let plans = pairs.map { plan($0.case) }
        for ((index, pair), (plan, batches)) in zip(pairs, zip(plans, adapter.batches(forEach: plans)))
        where problem(of: adapter, plan: plan, batches: batches, label: label) != nil {
            failed += 1
            smallest.offer(
                (index, pair),
                key: [max(pair.old.count, pair.new.count), pair.old.count + pair.new.count, pair.changed.count])
        }
        var failures: [ConformanceFailure] = []
        for (index, pair) in smallest.sorted {
            var shrinker = CaseShrinker { fails(adapter, $0) }
            let small = shrinker.shrink(pair)
            let origin =
                "random pair \(index) of seed \(options.seed), reduced from \(pair.old.count) → \(pair.new.count) items"
            if let failure = failure(of: adapter, plan: plan(small), origin: origin, label: label) {
                failures.append(failure)
            }
        }
        failures.sort { $0.sizeKey.lexicographicallyPrecedes($1.sizeKey) }
        return ConformanceGroup(
            kind: .random(first: range.lowerBound, count: range.count), casesChecked: range.count,
            failureCount: failed, failures: failures, seconds: watch.seconds)
    }

    /// Whether `adapter` fails on a random case.
    @inlinable
    static func fails<Adapter: UpdateAdapter>(_ adapter: Adapter, _ pair: RandomPairs.Case) -> Bool
    where Adapter.Plan == UpdatePlan<Int> {
        let plan = plan(pair)
        return problem(of: adapter, plan: plan, batches: adapter.batches(for: plan), label: label) != nil
    }

    /// The plan of a random case (its IDs are unique and its changed IDs kept by construction).
    @usableFromInline
    static func plan(_ pair: RandomPairs.Case) -> UpdatePlan<Int> {
        do {
            return try UpdatePlan(from: pair.old, to: pair.new, changed: pair.changed)
        } catch {
            preconditionFailure("random pairs are valid by construction: \(error)")
        }
    }
}
