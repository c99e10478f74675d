/// Diffs a sectioned pair and proves the diff right; see
/// ``SectionedDiff/verify(from:to:)``.
///
/// - Returns: the verified diff.
/// - Throws: the duplicate-ID errors of ``SectionedDiff/init(from:to:)``, or
///   ``ListDiffError/verificationFailed(_:)`` naming the pair and the check
///   that failed.
@inlinable
public func verifiedDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>(
    from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
) throws(ListDiffError) -> SectionedDiff<SectionID, ItemID> {
    let result = try SectionedDiff(from: old, to: new)
    try result.verify(from: old, to: new)
    return result
}

extension SectionedDiff {
    /// Proves this diff right for the pair (`old`, `new`) by comparing whole
    /// snapshots:
    ///
    /// 1. applying it to `old` gives exactly `new`;
    /// 2. its inverse applied to `new` gives exactly `old`;
    /// 3. section moves are the kept sections minus their longest increasing
    ///    run, and item moves are the items that change section plus, per
    ///    kept section, the items staying in it minus their longest
    ///    increasing run — both computed independently of the engine;
    /// 4. in flat form (sections as markers) it has exactly the deletions and
    ///    insertions of the flat engine, reaches the new flat form, and needs
    ///    no fewer moves than the flat engine finds.
    ///
    /// This is the reference and the one home of the failure texts:
    /// ``SectionedPairVerifier`` proves the same properties of many pairs
    /// without building snapshots or hash tables, and reports a failing pair
    /// through this method.
    ///
    /// - Throws: ``ListDiffError/verificationFailed(_:)`` for the first check
    ///   that fails, naming the pair (as `S: a b` per section), the check,
    ///   and expected against actual.
    /// - Complexity: O(*n* log *n*) for *n* sections and items, plus
    ///   expected linear hashing.
    @inlinable
    public func verify(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        func failure(_ check: VerificationCheck, expected: String, actual: String) -> ListDiffError {
            .verificationFailed(
                VerificationFailure(
                    old: old.sectionTexts, new: new.sectionTexts, check: check, expected: expected, actual: actual))
        }
        let reached: SectionedSnapshot<SectionID, ItemID>
        do {
            reached = try apply(to: old)
        } catch {
            throw failure(.reachesNew, expected: new.description, actual: "an error: \(error)")
        }
        guard reached == new else {
            throw failure(.reachesNew, expected: new.description, actual: reached.description)
        }
        let restored: SectionedSnapshot<SectionID, ItemID>
        do {
            restored = try inverse().apply(to: new)
        } catch {
            throw failure(.inverseRestoresOld, expected: old.description, actual: "an error: \(error)")
        }
        guard restored == old else {
            throw failure(.inverseRestoresOld, expected: old.description, actual: restored.description)
        }
        let minimum = Self.minimumMoves(from: old, to: new)
        guard sections.moves.count == minimum.sections else {
            throw failure(
                .minimalMoves, expected: "\(minimum.sections) section moves", actual: "\(sections.moves.count)")
        }
        guard itemMoves.count == minimum.items else {
            throw failure(.minimalMoves, expected: "\(minimum.items) item moves", actual: "\(itemMoves.count)")
        }
        try checkAgainstFlatEngine(from: old, to: new, failure: failure)
    }

    /// Check 4 of ``verify(from:to:)``.
    @inlinable
    func checkAgainstFlatEngine(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>,
        failure: (VerificationCheck, String, String) -> ListDiffError
    ) throws(ListDiffError) {
        let flatOld = old.flattened
        let flatNew = new.flattened
        let flat: SnapshotDiff<SectionedEntry<SectionID, ItemID>>
        let ours: SnapshotDiff<SectionedEntry<SectionID, ItemID>>
        do {
            flat = try SnapshotDiff(from: flatOld, to: flatNew)
            ours = try flattened(old: old)
        } catch {
            throw failure(.agreesWithFlatEngine, "a flat diff", "an error: \(error)")
        }
        guard ours.deletions == flat.deletions else {
            throw failure(
                .agreesWithFlatEngine, "deletions \(flat.deletions.map { "\($0.id)@\($0.offset)" })",
                "\(ours.deletions.map { "\($0.id)@\($0.offset)" })")
        }
        guard ours.insertions == flat.insertions else {
            throw failure(
                .agreesWithFlatEngine, "insertions \(flat.insertions.map { "\($0.id)@\($0.offset)" })",
                "\(ours.insertions.map { "\($0.id)@\($0.offset)" })")
        }
        let reached: [SectionedEntry<SectionID, ItemID>]
        do {
            reached = try ours.apply(to: flatOld)
        } catch {
            throw failure(
                .agreesWithFlatEngine, VerificationFailure.format(flatNew.map(\.description)), "an error: \(error)")
        }
        guard reached == flatNew else {
            throw failure(
                .agreesWithFlatEngine, VerificationFailure.format(flatNew.map(\.description)),
                VerificationFailure.format(reached.map(\.description)))
        }
        guard flat.moves.count <= ours.moves.count else {
            throw failure(
                .agreesWithFlatEngine, "at least \(flat.moves.count) flat moves", "\(ours.moves.count)")
        }
    }

    /// The fewest section moves and item moves for the pair, computed by
    /// longest increasing runs (``LongestIncreasingRun/count(_:tails:)``),
    /// apart from the engine.
    @inlinable
    static func minimumMoves(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) -> (sections: Int, items: Int) {
        var oldSectionOffsets: [SectionID: Int] = [:]
        for (offset, id) in old.sectionIDs.enumerated() where oldSectionOffsets[id] == nil {
            oldSectionOffsets[id] = offset
        }
        let keptSectionOffsets = new.sectionIDs.compactMap { oldSectionOffsets[$0] }
        let sectionMoves = keptSectionOffsets.count - longestIncreasingLength(keptSectionOffsets)
        var oldPlace: [ItemID: (section: SectionID, item: Int)] = [:]
        for section in old.sections {
            for (offset, item) in section.items.enumerated() { oldPlace[item] = (section.id, offset) }
        }
        var itemMoves = 0
        for section in new.sections {
            var staying: [Int] = []
            for item in section.items {
                guard let place = oldPlace[item] else { continue }
                if place.section == section.id { staying.append(place.item) } else { itemMoves += 1 }
            }
            itemMoves += staying.count - longestIncreasingLength(staying)
        }
        return (sectionMoves, itemMoves)
    }

    /// The length of the longest strictly increasing subsequence of
    /// `values` (offsets, none negative), counted as the flat verifier
    /// counts it (``LongestIncreasingRun/count(_:tails:)``).
    ///
    /// - Complexity: O(*n* log *n*).
    @inlinable
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        guard !values.isEmpty else { return 0 }
        let offsets = values.map { Int32(truncatingIfNeeded: $0) }
        return offsets.withUnsafeBufferPointer { offsets in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: offsets.count) { tails in
                LongestIncreasingRun.count(offsets, tails: tails).run
            }
        }
    }
}
