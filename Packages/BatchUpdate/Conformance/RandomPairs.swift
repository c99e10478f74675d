/// The random (old, new, changed) cases of the conformance kit: pair *i* of
/// a seed is always the same, whatever ran before it, so a failing pair can
/// be named by seed and number and run again alone.
///
/// Pairs mix every kind of change at varying rates: deletions, insertions,
/// moves of single items, content changes, and now and then a reversal, a
/// shuffle, an empty side or a pair of identical snapshots.
@usableFromInline
enum RandomPairs {
    /// One random case.
    @usableFromInline
    struct Case: Sendable, Hashable {
        @usableFromInline var old: [Int]
        @usableFromInline var new: [Int]
        @usableFromInline var changed: [Int]

        @usableFromInline
        init(old: [Int], new: [Int], changed: [Int]) {
            self.old = old
            self.new = new
            self.changed = changed
        }
    }

    /// Pair `index` of `seed`, with snapshots of at most `maxItems` items.
    @usableFromInline
    static func pair(_ index: Int, seed: UInt64, maxItems: Int) -> Case {
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        _ = random.next()
        let limit = max(0, maxItems)
        let oldCount = Int.random(in: 0...limit, using: &random)
        var old = Array(0..<oldCount)
        old.shuffle(using: &random)
        var new: [Int]
        switch random.next() % 16 {
        case 0:
            new = old.reversed()
        case 1:
            new = old.shuffled(using: &random)
        case 2:
            new = []
        case 3:
            new = old
        default:
            let deleteRate = Double.random(in: 0...0.5, using: &random)
            let moveRate = Double.random(in: 0...0.3, using: &random)
            new = old.filter { _ in Double.random(in: 0..<1, using: &random) >= deleteRate }
            let moves = Int(Double(new.count) * moveRate)
            for _ in 0..<moves where new.count > 1 {
                let item = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                new.insert(item, at: Int.random(in: 0...new.count, using: &random))
            }
            let room = limit - new.count
            let inserts = room > 0 ? Int.random(in: 0...min(room, oldCount / 2 + 8), using: &random) : 0
            for offset in 0..<inserts {
                new.insert(oldCount + offset, at: Int.random(in: 0...new.count, using: &random))
            }
        }
        let changeRate = Double.random(in: 0...0.5, using: &random)
        let changed = new.filter { $0 < oldCount && Double.random(in: 0..<1, using: &random) < changeRate }
        return Case(old: old, new: new, changed: changed)
    }
}
