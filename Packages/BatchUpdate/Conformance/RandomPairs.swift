/// The random (old, new, changed) cases of the conformance kit: pair *i* of
/// a seed is always the same, whatever ran before it, so a failing pair can
/// be named by seed and number and run again alone.
///
/// Pairs mix every kind of change at varying rates: deletions, insertions,
/// moves of single items, content changes, and now and then a reversal, a
/// shuffle, an empty side or a pair of identical snapshots.
///
/// The generator is public so that a case named in a report (`random pair
/// 17 of seed 42`) can be rebuilt anywhere, and so that tools in other
/// languages can be fed exactly the kit's cases:
///
/// ```swift
/// let pair = RandomPairs.pair(17, seed: 42, maxItems: 1000)
/// let failure = try ConformanceKit.check(MyAdapter<Int>(), old: pair.old, new: pair.new, changed: pair.changed)
/// ```
///
/// Sectioned pairs (``sectionedPair(_:seed:maxItems:)``) come from a
/// generator of their own, over up to eight sections.
///
/// The sequence is fixed by ``SplitMix64`` and the steps below; changing
/// either changes every seed's pairs.
public enum RandomPairs {
    /// One random case: two snapshots of unique `Int` IDs and the kept IDs
    /// whose content changed (in new order).
    public struct Case: Sendable, Hashable {
        /// The old snapshot.
        public var old: [Int]
        /// The new snapshot.
        public var new: [Int]
        /// The kept IDs marked content-changed, in new order.
        public var changed: [Int]

        /// Creates a case.
        @inlinable
        public init(old: [Int], new: [Int], changed: [Int]) {
            self.old = old
            self.new = new
            self.changed = changed
        }
    }

    /// Pair `index` of `seed`, with snapshots of at most `maxItems` items.
    ///
    /// The old snapshot is a shuffle of `0 ..< n`; inserted IDs are `n`,
    /// `n + 1`, …; so IDs are unique and every changed ID is kept.
    ///
    /// - Complexity: O(`maxItems` × √`maxItems`) at worst: the single-item
    ///   moves and insertions edit the list in chunks, each costing a chunk
    ///   (in one array they cost O(`maxItems`²): 4.2 s for 100,000 items).
    public static func pair(_ index: Int, seed: UInt64, maxItems: Int) -> Case {
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
            var edited = ChunkedRows(old.filter { _ in Double.random(in: 0..<1, using: &random) >= deleteRate })
            let moves = Int(Double(edited.count) * moveRate)
            for _ in 0..<moves where edited.count > 1 {
                let item = edited.remove(at: Int.random(in: 0..<edited.count, using: &random))
                edited.insert(item, at: Int.random(in: 0...edited.count, using: &random))
            }
            let room = limit - edited.count
            let inserts = room > 0 ? Int.random(in: 0...min(room, oldCount / 2 + 8), using: &random) : 0
            for offset in 0..<inserts {
                edited.insert(oldCount + offset, at: Int.random(in: 0...edited.count, using: &random))
            }
            new = edited.elements
        }
        let changeRate = Double.random(in: 0...0.5, using: &random)
        let changed = new.filter { $0 < oldCount && Double.random(in: 0..<1, using: &random) < changeRate }
        return Case(old: old, new: new, changed: changed)
    }
}
