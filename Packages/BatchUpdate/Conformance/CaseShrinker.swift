/// Reduces a failing (old, new, changed) case to a small one that still
/// fails: removes IDs from both snapshots in ever smaller chunks while the
/// case keeps failing, then drops changed marks one by one, then renames
/// the IDs 0, 1, 2, … in order of appearance.
@usableFromInline
struct CaseShrinker {
    /// Whether a case still fails (any problem counts).
    @usableFromInline let fails: (RandomPairs.Case) -> Bool
    /// The most cases to try before settling for the current one.
    @usableFromInline var budget = 20_000

    /// A shrinker judging cases with `fails`.
    @inlinable
    init(fails: @escaping (RandomPairs.Case) -> Bool) { self.fails = fails }

    /// The reduced case (the input itself if nothing smaller fails).
    @inlinable
    mutating func shrink(_ failing: RandomPairs.Case) -> RandomPairs.Case {
        var current = failing
        var ids: [Int] = current.old
        let inOld = Set(current.old)
        ids += current.new.filter { !inOld.contains($0) }
        var chunk = max(1, ids.count / 2)
        while budget > 0, !ids.isEmpty {
            var removedAny = false
            var start = 0
            while start < ids.count, budget > 0 {
                let end = min(start + chunk, ids.count)
                let removing = Set(ids[start..<end])
                let candidate = RandomPairs.Case(
                    old: current.old.filter { !removing.contains($0) },
                    new: current.new.filter { !removing.contains($0) },
                    changed: current.changed.filter { !removing.contains($0) })
                budget -= 1
                if fails(candidate) {
                    current = candidate
                    ids.removeSubrange(start..<end)
                    removedAny = true
                } else {
                    start = end
                }
            }
            if !removedAny {
                if chunk == 1 { break }
                chunk = max(1, chunk / 2)
            }
        }
        var index = 0
        while index < current.changed.count, budget > 0 {
            var candidate = current
            candidate.changed.remove(at: index)
            budget -= 1
            if fails(candidate) { current = candidate } else { index += 1 }
        }
        var names: [Int: Int] = [:]
        for id in current.old + current.new where names[id] == nil { names[id] = names.count }
        let renamed = RandomPairs.Case(
            old: current.old.map { names[$0]! }, new: current.new.map { names[$0]! },
            changed: current.changed.map { names[$0]! })
        return fails(renamed) ? renamed : current
    }
}
