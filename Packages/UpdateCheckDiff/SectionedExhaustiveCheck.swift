import UpdateCheckSupport

/// One of the section IDs of a sectioned exhaustive run, shown as a capital
/// letter from `S` (`S`, `T`, `U`).
public struct ExhaustiveSectionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The ID's number, from 0.
    public var number: UInt8

    /// Creates the section ID numbered `number` (0 is `S`).
    @inlinable
    public init(_ number: UInt8) { self.number = number }

    /// The letter: `S` for 0, `T` for 1, `U` for 2.
    public var description: String { String(UnicodeScalar(UInt8(ascii: "S") &+ number)) }

    /// Orders IDs by number.
    @inlinable
    public static func < (lhs: ExhaustiveSectionID, rhs: ExhaustiveSectionID) -> Bool { lhs.number < rhs.number }
}

/// Verifies every ordered pair of sectioned snapshots within a bound: up to
/// *s* sections from `S`, `T`, … in every order, and up to *k* items from
/// `a`, `b`, … in every order, distributed over the sections in every way.
///
/// The number of snapshots is the sum, over *m* sections and *l* items, of
/// (ordered choices of *m* sections) × (ordered choices of *l* items) × (ways
/// to cut *l* items into *m* runs, C(*l* + *m* − 1, *m* − 1)); with no
/// section there is only the empty snapshot. Two sections and three items give
/// 131 snapshots and 17,161 pairs; two and four give 653 and 426,409; three
/// and three give 979 and 958,441. Every pair is diffed and proven by a
/// ``SectionedPairVerifier`` (one per row, reused over its pairs, without
/// heap allocation per pair): forward, inverse, minimal section and item
/// moves, and deletions and insertions of only what the other side lacks.
/// ``SectionedDiff/verify(from:to:)``, which also checks the diff's flat
/// form against the flat engine on the flat forms, checks an
/// evenly spread, deterministic subset of the pairs again (see
/// ``crossCheckStride``), as the standard library does for
/// ``ExhaustiveCheck``. Shards split the old snapshots as for
/// ``ExhaustiveCheck``.
public struct SectionedExhaustiveCheck: Sendable {
    /// The number of section IDs, *s*.
    public let sectionCount: Int
    /// The number of item IDs, *k*.
    public let idCount: Int
    /// The part of the run to do.
    public let shard: Shard
    /// ``SectionedDiff/verify(from:to:)`` checks again the pairs whose index
    /// (old position × snapshot count + new position) is a multiple of this.
    ///
    /// Every pair is proved by a ``SectionedPairVerifier``; the general
    /// verification, which builds whole snapshots and runs the flat engine
    /// on their flat forms, cross-checks an evenly spread, deterministic
    /// subset, counted in each row's ``ExhaustiveRow/crossCheckedCount``.
    /// 1 means every pair.
    public let crossCheckStride: Int

    /// The default ``crossCheckStride``: one pair in 1,024, evenly spread
    /// (the general verification needs tens of microseconds a pair, the
    /// fast one well under one); 17 pairs of 2 sections × 3 items, 936 of
    /// 3 × 3.
    public static let defaultCrossCheckStride = 1_024

    /// The largest supported *s*.
    public static let maximumSectionCount = 3
    /// The largest supported *k*.
    public static let maximumIDCount = 5

    /// Creates a run over `sectionCount` sections (0 … ``maximumSectionCount``)
    /// and `idCount` items (0 … ``maximumIDCount``).
    ///
    /// - Parameters:
    ///   - sectionCount: the number of section IDs, *s*.
    ///   - idCount: the number of item IDs, *k*.
    ///   - shard: the part of the run to do; the whole run by default.
    ///   - crossCheckStride: see ``crossCheckStride``; `nil` for the
    ///     default, 1 for every pair.
    public init(sectionCount: Int, idCount: Int, shard: Shard = .whole, crossCheckStride: Int? = nil) {
        precondition(
            (0...Self.maximumSectionCount).contains(sectionCount),
            "sectionCount must be 0…\(Self.maximumSectionCount)")
        precondition((0...Self.maximumIDCount).contains(idCount), "idCount must be 0…\(Self.maximumIDCount)")
        self.sectionCount = sectionCount
        self.idCount = idCount
        self.shard = shard
        self.crossCheckStride = max(1, crossCheckStride ?? Self.defaultCrossCheckStride)
    }

    /// The number of snapshots of a run, without building them.
    public static func snapshotCount(sectionCount: Int, idCount: Int) -> Int {
        func arrangements(_ n: Int, _ r: Int) -> Int { (0..<r).reduce(1) { $0 * (n - $1) } }
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

    /// Every snapshot of the run: section orders as ``orderedSelections(of:)``,
    /// then item orders likewise, then the cuts of the items into sections
    /// (the first section's share ascending).
    public var snapshots: [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>] {
        let sectionOrders = orderedSelections(of: (0..<sectionCount).map { ExhaustiveSectionID(UInt8($0)) })
        let itemOrders = orderedSelections(of: ExhaustiveCheck.ids(count: idCount))
        var result: [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>] = []
        for sections in sectionOrders {
            guard !sections.isEmpty else {
                result.append([])
                continue
            }
            for items in itemOrders {
                for cut in Self.cuts(total: items.count, parts: sections.count) {
                    var start = 0
                    var built: [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>.Section] = []
                    for (section, size) in zip(sections, cut) {
                        built.append(.init(id: section, items: Array(items[start..<(start + size)])))
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
        run(engine: nil)
    }

    /// Runs the shard with `engine` in place of UpdateCheckDiff's (to prove the
    /// verification catches a broken engine), or UpdateCheckDiff's when `nil`.
    package func run(
        engine: (
            @Sendable (
                SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>,
                SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>
            )
                throws(ListDiffError) -> SectionedDiff<ExhaustiveSectionID, ExhaustiveID>
        )?
    ) -> ExhaustiveReport {
        let snapshots = self.snapshots
        let positions = Array(shard.positions(among: snapshots.count))
        let stride = crossCheckStride
        let packed = PackedLayouts(snapshots)
        let rows = ParallelLoop.map(count: positions.count) { index in
            packed.withLayouts { layouts in
                SectionedDiffScratch.with(capacity: SectionedDiff<ExhaustiveSectionID, ExhaustiveID>.smallSnapshotLimit)
                {
                    scratch in
                    let started = WallClock.seconds()
                    let position = positions[index]
                    let old = snapshots[position]
                    let oldLayout = layouts.layout(position)
                    let oldFlat = layouts.flat(position)
                    let oldUnique = layouts.unique[position]
                    // The flat engine runs on the cross-checked pairs only, in `verify(from:to:)`.
                    var verifier = SectionedPairVerifier<ExhaustiveSectionID, ExhaustiveID>(
                        crossChecksFlatEngine: false)
                    var failures: [VerificationFailure] = []
                    var crossChecked = 0
                    // The pair index modulo the stride, counted along (no division per pair).
                    var phase = (position * snapshots.count) % stride
                    for newPosition in 0..<snapshots.count {
                        let crossChecks = phase == 0
                        phase += 1
                        if phase == stride { phase = 0 }
                        do throws(ListDiffError) {
                            if let engine {
                                let new = snapshots[newPosition]
                                let result = try engine(old, new)
                                try verifier.check(result, from: old, to: new)
                                if crossChecks { try result.verify(from: old, to: new) }
                            } else {
                                // The snapshots are only read on failure (autoclosures), so
                                // that the loop does not touch reference counts every core shares.
                                try verifier.verify(
                                    from: old, to: snapshots[newPosition], oldLayout: oldLayout,
                                    newLayout: layouts.layout(newPosition), oldFlat: oldFlat,
                                    newFlat: layouts.flat(newPosition),
                                    knownUnique: oldUnique && layouts.unique[newPosition], into: &scratch)
                                if crossChecks { try scratch.diff.verify(from: old, to: snapshots[newPosition]) }
                            }
                            if crossChecks { crossChecked += 1 }
                        } catch {
                            let new = snapshots[newPosition]
                            if case .verificationFailed(let failure) = error {
                                failures.append(failure)
                            } else {
                                failures.append(
                                    VerificationFailure(
                                        old: old.sectionTexts, new: new.sectionTexts, check: .reachesNew,
                                        expected: "a diff", actual: "an error: \(error)"))
                            }
                        }
                    }
                    return ExhaustiveRow(
                        position: position, old: old.sectionTexts, pairCount: snapshots.count,
                        crossCheckedCount: crossChecked, failures: failures, seconds: WallClock.seconds() - started)
                }
            }
        }
        return ExhaustiveReport(
            sectionCount: sectionCount, idCount: idCount, shard: shard, snapshotCount: snapshots.count,
            rows: rows)
    }
}

/// Every snapshot of a run laid out back to back, once, for the run's
/// inner loop: section IDs, items, and each snapshot's item starts and
/// sections of items as ``SectionedLayout`` reads them, and its flat form as
/// ``SectionedFlatLayout`` reads it.
struct PackedLayouts: Sendable {
    var sectionIDs: [ExhaustiveSectionID] = []
    var items: [ExhaustiveID] = []
    /// Per snapshot, its sections' item starts then its item count.
    var starts: [Int32] = []
    /// Per snapshot, the section of each of its items.
    var sectionOf: [Int32] = []
    /// Per snapshot, its flat form.
    var entries: [SectionedEntry<ExhaustiveSectionID, ExhaustiveID>] = []
    /// Per snapshot, the flat offsets of its section markers then its entry count.
    var flatStarts: [Int] = []
    /// Where each snapshot begins in ``sectionIDs`` and ``items``, then the totals.
    var firstSection: [Int] = [0]
    var firstItem: [Int] = [0]
    /// Per snapshot, whether its section IDs and item IDs are free of
    /// duplicates, checked once here for all of its pairs.
    var unique: [Bool] = []

    /// Lays out `snapshots`.
    ///
    /// - Complexity: O(*n*) for *n* sections and items in all.
    init(_ snapshots: [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>]) {
        for snapshot in snapshots {
            var next: Int32 = 0
            for (offset, section) in snapshot.sections.enumerated() {
                sectionIDs.append(section.id)
                starts.append(next)
                flatStarts.append(Int(next) + offset)
                entries.append(.section(section.id))
                for item in section.items {
                    items.append(item)
                    sectionOf.append(Int32(offset))
                    entries.append(.item(item))
                    next += 1
                }
            }
            starts.append(next)
            flatStarts.append(Int(next) + snapshot.sections.count)
            firstSection.append(sectionIDs.count)
            firstItem.append(items.count)
        }
        unique = withLayouts { layouts in
            (0..<snapshots.count).map { !layouts.layout($0).hasDuplicates }
        }
    }

    /// The packed layouts as buffers, valid during ``withLayouts(_:)``.
    struct Buffers {
        let sectionIDs: UnsafeBufferPointer<ExhaustiveSectionID>
        let items: UnsafeBufferPointer<ExhaustiveID>
        let starts: UnsafeBufferPointer<Int32>
        let sectionOf: UnsafeBufferPointer<Int32>
        let entries: UnsafeBufferPointer<SectionedEntry<ExhaustiveSectionID, ExhaustiveID>>
        let flatStarts: UnsafeBufferPointer<Int>
        let firstSection: UnsafeBufferPointer<Int>
        let firstItem: UnsafeBufferPointer<Int>
        let unique: UnsafeBufferPointer<Bool>

        /// The layout of snapshot `index`.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        func layout(_ index: Int) -> SectionedLayout<ExhaustiveSectionID, ExhaustiveID> {
            let sections = firstSection[index]..<firstSection[index + 1]
            let itemRange = firstItem[index]..<firstItem[index + 1]
            // Each snapshot has one start more than it has sections.
            let startRange = (sections.lowerBound + index)...(sections.upperBound + index)
            return SectionedLayout(
                sectionIDs: UnsafeBufferPointer(rebasing: sectionIDs[sections]),
                items: UnsafeBufferPointer(rebasing: items[itemRange]),
                starts: UnsafeBufferPointer(rebasing: starts[startRange]),
                sectionOf: UnsafeBufferPointer(rebasing: sectionOf[itemRange]))
        }

        /// The flat form of snapshot `index`.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        func flat(_ index: Int) -> SectionedFlatLayout<ExhaustiveSectionID, ExhaustiveID> {
            let first = firstSection[index] + firstItem[index]
            let end = firstSection[index + 1] + firstItem[index + 1]
            let startRange = (firstSection[index] + index)...(firstSection[index + 1] + index)
            return SectionedFlatLayout(
                entries: UnsafeBufferPointer(rebasing: entries[first..<end]),
                starts: UnsafeBufferPointer(rebasing: flatStarts[startRange]))
        }
    }

    /// Calls `body` with the layouts as buffers, valid during the call.
    func withLayouts<Result>(_ body: (Buffers) -> Result) -> Result {
        sectionIDs.withUnsafeBufferPointer { sectionIDs in
            items.withUnsafeBufferPointer { items in
                starts.withUnsafeBufferPointer { starts in
                    sectionOf.withUnsafeBufferPointer { sectionOf in
                        entries.withUnsafeBufferPointer { entries in
                            flatStarts.withUnsafeBufferPointer { flatStarts in
                                firstSection.withUnsafeBufferPointer { firstSection in
                                    firstItem.withUnsafeBufferPointer { firstItem in
                                        unique.withUnsafeBufferPointer { unique in
                                            body(
                                                Buffers(
                                                    sectionIDs: sectionIDs, items: items, starts: starts,
                                                    sectionOf: sectionOf, entries: entries, flatStarts: flatStarts,
                                                    firstSection: firstSection, firstItem: firstItem, unique: unique))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
