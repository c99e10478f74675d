import UpdateCheckDiff

/// The old snapshots of an exhaustive run, all of them or one per renaming.
///
/// Two cases that differ only in the names of their IDs (the same pair
/// with `a` and `c` swapped, or sections `S` and `U`) are the same case to
/// an adapter that treats IDs only as equal or not, as every adapter
/// generic over `Hashable` IDs does unless its calls depend on hash order
/// (which the standard library seeds afresh in each process). With
/// ``ConformanceOptions/oldSnapshotsUpToRenaming`` the kit checks only the
/// old snapshots whose IDs appear in the order of their pool (`[]`, `[a]`,
/// `[a, b]`, …; `[S: a | T: b, c]`, …), each against every new snapshot of
/// the bound. Every pair of the bound is a renaming of one of those pairs:
/// rename the old snapshot's IDs into pool order, and the new snapshot
/// with the same renaming (completed on the IDs the old one does not use)
/// is again a snapshot of the bound. So the reduced run passes exactly when
/// the whole run would, and it finds every kind of failure the whole run
/// finds, at a size no larger. Each old snapshot stands for
/// ``renamingCount(sections:items:sectionCount:idCount:)`` old snapshots
/// of the whole run.
extension ConformanceKit {
    /// The old snapshots of the flat run of `options`, in group order:
    /// every ordered selection of up to ``ConformanceOptions/ids`` IDs, or
    /// with ``ConformanceOptions/oldSnapshotsUpToRenaming`` the `ids + 1`
    /// selections `[]`, `[0]`, `[0, 1]`, ….
    ///
    /// - Complexity: O(*s*(*k*) · *k*) for *s*(*k*) selections of *k* IDs.
    public static func oldSnapshots(options: ConformanceOptions) -> [[Int]] {
        guard options.ids > 0 else { return [] }
        if options.oldSnapshotsUpToRenaming { return (0...options.ids).map { Array(0..<$0) } }
        return orderedSelections(of: Array(0..<options.ids))
    }

    /// The old snapshots of the sectioned run of `options`, in group order:
    /// every snapshot of the bound (`ExhaustiveCheck.snapshots`),
    /// or with ``ConformanceOptions/oldSnapshotsUpToRenaming`` those whose
    /// sections are `S`, `T`, … and whose items read `a`, `b`, … in order.
    ///
    /// - Complexity: O(*n*) for the *n* snapshots of the bound.
    public static func sectionedOldSnapshots(
        options: ConformanceOptions
    ) -> [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>] {
        let snapshots = ExhaustiveCheck(sectionCount: options.sections, idCount: options.sectionedIDs)
            .snapshots
        guard options.oldSnapshotsUpToRenaming else { return snapshots }
        return snapshots.filter(isNamedInPoolOrder)
    }

    /// Whether `snapshot`'s sections are `S`, `T`, … and its items, read
    /// section after section, `a`, `b`, …: the one snapshot of its renamings
    /// that a reduced run keeps.
    @inlinable
    public static func isNamedInPoolOrder(_ snapshot: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>) -> Bool {
        var nextItem: UInt8 = 0
        for (index, section) in snapshot.sections.enumerated() {
            guard section.id.number == index else { return false }
            for item in section.items {
                guard item.number == nextItem else { return false }
                nextItem += 1
            }
        }
        return true
    }

    /// How many old snapshots of the whole run one old snapshot of a
    /// reduced run stands for: the ways to name its `sections` sections
    /// from `sectionCount` IDs and its `items` items from `idCount`, in
    /// order, (*s*)ₘ · (*k*)ₗ.
    public static func renamingCount(sections: Int, items: Int, sectionCount: Int, idCount: Int) -> Int {
        func arrangements(_ n: Int, _ r: Int) -> Int { (0..<r).reduce(1) { $0 * (n - $1) } }
        return arrangements(sectionCount, sections) * arrangements(idCount, items)
    }

    /// The number of old snapshots (exhaustive groups) of a sectioned run
    /// of up to `sectionCount` sections and `idCount` items: all of them, or
    /// `upToRenaming` one per renaming, 1 + Σ C(*l* + *m* − 1, *m* − 1) over
    /// *m* = 1…*s* sections and *l* = 0…*k* items (35 for 3 sections of 3
    /// items, against 979).
    public static func oldSnapshotCount(sectionCount: Int, idCount: Int, upToRenaming: Bool) -> Int {
        guard upToRenaming else {
            return ExhaustiveCheck.snapshotCount(sectionCount: sectionCount, idCount: idCount)
        }
        func choose(_ n: Int, _ r: Int) -> Int { (0..<r).reduce(1) { $0 * (n - $1) / ($1 + 1) } }
        var total = 1
        for sections in stride(from: 1, through: sectionCount, by: 1) {
            for items in 0...idCount { total += choose(items + sections - 1, sections - 1) }
        }
        return total
    }
}
