import UpdateCheckDiff
import UpdateCheckSupport

extension RandomPairs {
    /// The most sections of a random sectioned snapshot: `S` to `Z`.
    public static let maximumSections = 8
    /// The most items of a random sectioned snapshot: the item IDs are bytes.
    public static let maximumSectionedItems = 255

    /// One random sectioned case: two snapshots of unique section and item
    /// IDs, and the kept items and sections whose content changed.
    public struct SectionedCase: Sendable, Equatable {
        /// The old snapshot.
        public var old: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>
        /// The new snapshot.
        public var new: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>
        /// The kept items marked content-changed.
        public var changedItems: Set<ExhaustiveID>
        /// The kept sections marked content-changed.
        public var changedSections: Set<ExhaustiveSectionID>

        /// Creates a case.
        public init(
            old: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>,
            new: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, changedItems: Set<ExhaustiveID>,
            changedSections: Set<ExhaustiveSectionID>
        ) {
            self.old = old
            self.new = new
            self.changedItems = changedItems
            self.changedSections = changedSections
        }
    }

    /// Sectioned pair `index` of `seed`, with snapshots of at most
    /// `maxItems` items (at most ``maximumSectionedItems``) in at most
    /// ``maximumSections`` sections: the kit's random sectioned cases, long
    /// lists that the exhaustive bound (a few sections of a few items)
    /// cannot reach.
    ///
    /// As for flat pairs, pair *i* of a seed is always the same, whatever ran
    /// before it, so a failing pair can be named by seed and number and run
    /// again alone. Each pair mixes the changes at rates drawn per pair:
    /// sections deleted (their items deleted or moved to a kept section),
    /// inserted and moved; items deleted, inserted, and moved within and
    /// across sections; kept items and sections marked changed. Now and then
    /// both sides are equal, or one is empty.
    ///
    /// ```swift
    /// let pair = RandomPairs.sectionedPair(17, seed: 42, maxItems: 200)
    /// let plan = try SectionedUpdatePlan(
    ///     old: pair.old, new: pair.new, changedItems: pair.changedItems, changedSections: pair.changedSections)
    /// ```
    ///
    /// The sequence is fixed by ``SplitMix64`` and the steps below; changing
    /// either changes every seed's pairs.
    ///
    /// - Complexity: O(`maxItems`²) in the worst case (moves in arrays).
    public static func sectionedPair(_ index: Int, seed: UInt64, maxItems: Int) -> SectionedCase {
        typealias Section = SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>.Section
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        _ = random.next()
        let limit = min(max(0, maxItems), maximumSectionedItems)
        // The old side: some of the eight section IDs in a random order, the
        // items 0 ..< n shuffled and dealt to them.
        var sectionNumbers = Array(0..<maximumSections).shuffled(using: &random)
        let oldSectionCount = Int.random(in: 0...maximumSections, using: &random)
        let itemCount = oldSectionCount == 0 ? 0 : Int.random(in: 0...limit, using: &random)
        var oldItems = [[ExhaustiveID]](repeating: [], count: oldSectionCount)
        for item in Array(0..<itemCount).shuffled(using: &random) {
            oldItems[Int.random(in: 0..<oldSectionCount, using: &random)].append(ExhaustiveID(UInt8(item)))
        }
        let oldIDs = sectionNumbers.prefix(oldSectionCount).map { ExhaustiveSectionID(UInt8($0)) }
        let old = SectionedSnapshot(zip(oldIDs, oldItems).map { Section(id: $0, items: $1) })
        sectionNumbers.removeFirst(oldSectionCount)

        var new: [Section]
        switch random.next() % 12 {
        case 0: new = old.sections
        case 1: new = []
        default:
            let deleteRate = Double.random(in: 0...0.4, using: &random)
            let moveRate = Double.random(in: 0...0.3, using: &random)
            new = old.sections.filter { _ in Double.random(in: 0..<1, using: &random) >= deleteRate }
            let kept = Set(new.map(\.id))
            var homeless: [ExhaustiveID] = []
            for section in old.sections where !kept.contains(section.id) { homeless += section.items }
            // New sections, at random places.
            let inserts = Int.random(in: 0...min(sectionNumbers.count, 3), using: &random)
            for number in sectionNumbers.prefix(inserts) {
                new.insert(
                    Section(id: ExhaustiveSectionID(UInt8(number)), items: []),
                    at: Int.random(in: 0...new.count, using: &random))
            }
            // Section moves.
            for _ in 0..<Int(Double(new.count) * moveRate) where new.count > 1 {
                let section = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                new.insert(section, at: Int.random(in: 0...new.count, using: &random))
            }
            if !new.isEmpty {
                // Items of deleted sections: deleted, or moved to a kept one.
                for item in homeless where Double.random(in: 0..<1, using: &random) < 0.5 {
                    insert(item, into: &new, using: &random)
                }
                // Item deletions and moves, within and across sections.
                for index in new.indices {
                    new[index].items = new[index].items.filter { _ in
                        Double.random(in: 0..<1, using: &random) >= deleteRate
                    }
                }
                let itemTotal = new.reduce(0) { $0 + $1.items.count }
                for _ in 0..<Int(Double(itemTotal) * moveRate) {
                    let from = Int.random(in: 0..<new.count, using: &random)
                    guard !new[from].items.isEmpty else { continue }
                    let item = new[from].items.remove(at: Int.random(in: 0..<new[from].items.count, using: &random))
                    insert(item, into: &new, using: &random)
                }
                // Item insertions: the next numbers.
                let room = limit - new.reduce(0) { $0 + $1.items.count }
                let added =
                    room > 0 ? Int.random(in: 0...min(room, limit - itemCount, itemCount / 2 + 8), using: &random) : 0
                for offset in 0..<max(0, added) {
                    insert(ExhaustiveID(UInt8(itemCount + offset)), into: &new, using: &random)
                }
            }
        }
        let newSnapshot = SectionedSnapshot(new)
        let changeRate = Double.random(in: 0...0.5, using: &random)
        let oldItemSet = Set(old.sections.flatMap(\.items))
        let oldSectionSet = Set(oldIDs)
        var changedItems: Set<ExhaustiveID> = []
        var changedSections: Set<ExhaustiveSectionID> = []
        for section in new {
            if oldSectionSet.contains(section.id), Double.random(in: 0..<1, using: &random) < changeRate / 2 {
                changedSections.insert(section.id)
            }
            for item in section.items
            where oldItemSet.contains(item) && Double.random(in: 0..<1, using: &random) < changeRate {
                changedItems.insert(item)
            }
        }
        return SectionedCase(old: old, new: newSnapshot, changedItems: changedItems, changedSections: changedSections)
    }

    /// Puts `item` at a random place of a random section of `sections`.
    static func insert(
        _ item: ExhaustiveID, into sections: inout [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>.Section],
        using random: inout SplitMix64
    ) {
        let section = Int.random(in: 0..<sections.count, using: &random)
        sections[section].items.insert(item, at: Int.random(in: 0...sections[section].items.count, using: &random))
    }
}
