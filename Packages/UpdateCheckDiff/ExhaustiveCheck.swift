import UpdateCheckSupport

/// Verifies every ordered pair of snapshots within a bound: flat lists of up
/// to *k* distinct IDs, or sectioned lists of up to *s* sections and *k*
/// items.
///
/// Flat snapshots are every ordered selection of the IDs `a`, `b`, …: k = 4
/// gives 65 snapshots and 4,225 pairs, k = 5 gives 326 and 106,276, k = 6
/// gives 1,957 and 3,829,849, k = 7 gives 13,700 and 187,690,000. Sectioned
/// snapshots take up to *s* sections from `S`, `T`, … in every order and up
/// to *k* items in every order, distributed over the sections in every way:
/// over *m* sections and *l* items, (ordered choices of *m* sections) ×
/// (ordered choices of *l* items) × (ways to cut *l* items into *m* runs,
/// C(*l* + *m* − 1, *m* − 1)), and the empty snapshot with no section. Two
/// sections and three items give 131 snapshots and 17,161 pairs; two and
/// four give 653 and 426,409; three and three give 979 and 958,441.
///
/// Every pair is diffed and fully proven without heap allocation per pair:
/// forward, inverse, minimal moves, and deletions and insertions of only
/// what the other side lacks. A flat run keeps the flat engine's own path
/// (``PairVerifier``); a sectioned one reads every snapshot from one packed
/// layout (``SectionedPairVerifier``). An evenly spread, deterministic subset
/// of pairs is checked again by a second, independent route (see
/// ``crossCheckStride``). Rows (old snapshots) run in parallel on every core
/// (`ParallelLoop`); the report does not depend on the number of cores, and
/// shards split the old snapshots.
public struct ExhaustiveCheck: Sendable {
    /// The number of section IDs, *s*, of a sectioned run; `nil` for flat lists.
    public let sectionCount: Int?
    /// The number of distinct IDs, *k* (item IDs in a sectioned run).
    public let idCount: Int
    /// The part of the run to do.
    public let shard: Shard
    /// The second route checks again the pairs whose index (old position ×
    /// snapshot count + new position) is a multiple of this; 1 means every
    /// pair.
    ///
    /// In a flat run the second route is the standard library's
    /// `applying`; in a sectioned one, ``SectionedDiff/verify(from:to:)``,
    /// which builds whole snapshots and runs the flat engine on their flat
    /// forms. The pairs it checks are counted in each row's
    /// ``ExhaustiveRow/crossCheckedCount``.
    public let crossCheckStride: Int

    /// The largest supported *k* of a flat run (8 gives 109,601 snapshots, 12 billion pairs).
    public static let maximumIDCount = 8
    /// The largest supported *s*.
    public static let maximumSectionCount = 3
    /// The largest supported *k* of a sectioned run.
    public static let maximumSectionedIDCount = 5

    /// Creates a run over `idCount` IDs, flat unless `sectionCount` is given.
    ///
    /// - Parameters:
    ///   - sectionCount: the number of section IDs, *s* (0 …
    ///     ``maximumSectionCount``), or `nil` for flat lists.
    ///   - idCount: the number of distinct IDs, *k*: 0 … ``maximumIDCount``
    ///     flat, 0 … ``maximumSectionedIDCount`` sectioned.
    ///   - shard: the part of the run to do; the whole run by default.
    ///   - crossCheckStride: see ``crossCheckStride``; `nil` for the
    ///     default (``defaultCrossCheckStride(sectionCount:idCount:)``), 1
    ///     for every pair.
    public init(sectionCount: Int? = nil, idCount: Int, shard: Shard = .whole, crossCheckStride: Int? = nil) {
        if let sectionCount {
            precondition(
                (0...Self.maximumSectionCount).contains(sectionCount),
                "sectionCount must be 0…\(Self.maximumSectionCount)")
        }
        let maximum = sectionCount == nil ? Self.maximumIDCount : Self.maximumSectionedIDCount
        precondition((0...maximum).contains(idCount), "idCount must be 0…\(maximum)")
        self.sectionCount = sectionCount
        self.idCount = idCount
        self.shard = shard
        self.crossCheckStride = max(
            1, crossCheckStride ?? Self.defaultCrossCheckStride(sectionCount: sectionCount, idCount: idCount))
    }

    /// The default stride.
    ///
    /// Flat: every pair up to 16,384 pairs (k ≤ 4), then about 16,384
    /// evenly spread pairs (the standard library needs tens of microseconds
    /// a pair, the fast verifier about one). Sectioned: one pair in 1,024
    /// (the general verification needs tens of microseconds a pair, the fast
    /// one well under one); 17 pairs of 2 sections × 3 items, 936 of 3 × 3.
    public static func defaultCrossCheckStride(sectionCount: Int? = nil, idCount: Int) -> Int {
        guard sectionCount == nil else { return 1_024 }
        let snapshots = snapshotCount(idCount: idCount)
        return max(1, (snapshots * snapshots + 16_383) / 16_384)
    }

    /// The number of snapshots of a run, without building them.
    public static func snapshotCount(sectionCount: Int? = nil, idCount: Int) -> Int {
        func arrangements(_ n: Int, _ r: Int) -> Int { (0..<r).reduce(1) { $0 * (n - $1) } }
        guard let sectionCount else {
            return (0...max(idCount, 0)).reduce(0) { $0 + arrangements(idCount, $1) }
        }
        func choose(_ n: Int, _ r: Int) -> Int {
            guard r >= 0, r <= n else { return 0 }
            return (0..<r).reduce(1) { $0 * (n - $1) / ($1 + 1) }
        }
        var total = 1
        for sections in stride(from: 1, through: sectionCount, by: 1) {
            for items in 0...idCount {
                total +=
                    arrangements(sectionCount, sections) * arrangements(idCount, items)
                    * choose(items + sections - 1, sections - 1)
            }
        }
        return total
    }

    /// The IDs of a run of *k* IDs: `a`, `b`, … .
    public static func ids(count: Int) -> [ExhaustiveID] {
        (0..<count).map { ExhaustiveID(UInt8($0)) }
    }

    /// Every flat snapshot of a run of `idCount` IDs, in the order of
    /// ``orderedSelections(of:)``: a flat run's snapshots as they are diffed.
    public static func flatSnapshots(idCount: Int) -> [[ExhaustiveID]] {
        orderedSelections(of: ids(count: idCount))
    }

    /// Every snapshot of the run, a flat run's as one section `S` each.
    ///
    /// Sectioned: section orders as ``orderedSelections(of:)``, then item
    /// orders likewise, then the cuts of the items into sections (the first
    /// section's share ascending). Flat: ``flatSnapshots(idCount:)``, in
    /// their order.
    public var snapshots: [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>] {
        typealias Section = SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>.Section
        let itemOrders = Self.flatSnapshots(idCount: idCount)
        guard let sectionCount else {
            return itemOrders.map { SectionedSnapshot([Section(id: ExhaustiveSectionID(0), items: $0)]) }
        }
        var result: [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>] = []
        for sections in orderedSelections(of: (0..<sectionCount).map { ExhaustiveSectionID(UInt8($0)) }) {
            guard !sections.isEmpty else {
                result.append([])
                continue
            }
            for items in itemOrders {
                for cut in Self.cuts(total: items.count, parts: sections.count) {
                    var start = 0
                    var built: [Section] = []
                    for (section, size) in zip(sections, cut) {
                        built.append(Section(id: section, items: Array(items[start..<(start + size)])))
                        start += size
                    }
                    result.append(SectionedSnapshot(built))
                }
            }
        }
        return result
    }

    /// Every way to write `total` as `parts` ordered sizes of zero or more.
    static func cuts(total: Int, parts: Int) -> [[Int]] {
        guard parts > 1 else { return [[total]] }
        return (0...total).flatMap { first in cuts(total: total - first, parts: parts - 1).map { [first] + $0 } }
    }

    /// Runs the shard with UpdateCheckDiff's engine.
    public func run() -> ExhaustiveReport {
        sectionCount == nil ? runFlat(engine: nil) : runSectioned(engine: nil)
    }
}
