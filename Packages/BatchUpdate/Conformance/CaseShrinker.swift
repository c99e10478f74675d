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

/// Keeps the few smallest of many failing cases by an ordering key, without
/// building a report entry for the others.
@usableFromInline
struct SmallestFailures<Case> {
    @usableFromInline var entries: [(key: [Int], order: Int, value: Case)] = []
    @usableFromInline var offered = 0
    @usableFromInline let capacity: Int

    /// Keeps at most `capacity` cases.
    @inlinable
    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// Offers a failing case; earlier cases win ties.
    @inlinable
    mutating func offer(_ value: Case, key: [Int]) {
        defer { offered += 1 }
        guard capacity > 0 else { return }
        if entries.count == capacity {
            guard let last = entries.last, key.lexicographicallyPrecedes(last.key) else { return }
            entries.removeLast()
        }
        let position =
            entries.firstIndex { key.lexicographicallyPrecedes($0.key) } ?? entries.endIndex
        entries.insert((key, offered, value), at: position)
    }

    /// The kept cases, smallest first.
    @inlinable
    var sorted: [Case] { entries.map(\.value) }
}
