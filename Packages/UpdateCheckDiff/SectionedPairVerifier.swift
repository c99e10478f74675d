/// Diffs and verifies many sectioned pairs, reusing the storage of its diff
/// and checking in scratch space on the stack, so that small pairs cost no
/// heap allocation once it has warmed up: the sectioned ``PairVerifier``.
///
/// For each pair it proves the four properties that
/// ``SectionedDiff/verify(from:to:)`` documents, reading the snapshots laid
/// out in scratch buffers instead of building snapshots and hash tables:
///
/// 1. applying the diff to `old` gives exactly `new`: the section diff is
///    applied by roles to the section IDs, every slot compared with `new`'s
///    (as ``PairVerifier`` does); the item counts must be `old`'s and
///    `new`'s; item deletions and move sources must leave `old` once each
///    and name the item there; insertions and move destinations must arrive
///    in range, once each, and name the item `new` has in that slot; in each
///    kept section the items that stay fill the remaining slots in their old
///    order, each compared with `new`; every item of a deleted section must
///    leave and every slot of an inserted one must be arrived in. So every
///    slot of the result is compared with `new`.
/// 2. applying its inverse to `new` gives exactly `old`: proved by step 1.
///    The inverse swaps deletions and insertions, turns moves around and
///    swaps the item counts, so applied by roles it needs the very
///    conditions step 1 checks, read from the other side: the section
///    inverse is the flat case (``PairVerifier``'s argument); the counts are
///    `new`'s and `old`'s; the positions that leave `new` are the ones step 1
///    saw arrive, each once and holding the ID it names, and the positions
///    that arrive in `old` are the ones it saw leave, each once, in range and
///    holding the ID; the items that stay are paired in order between the
///    same old and new section as step 1 paired them, compared for equality;
///    a section the inverse deletes is one step 1 saw inserted, every slot of
///    it arrived in (so every item leaves), and one it inserts is one step 1
///    saw deleted, every item of it gone (so every slot is arrived in).
/// 3. the section moves are the kept sections minus the longest increasing
///    run of their old offsets, and the item moves the items that change
///    section plus, per new section, the items staying in it minus their
///    longest increasing run: counted from the origins of the new sections
///    and items in `old` (a longest-increasing-run count of its own), apart
///    from the engine. An origin is the old entry step 1 matched (it
///    compared their IDs, and IDs are unique), or, for an entry the diff
///    inserts, the one of the same ID `old` has, looked up by comparing IDs,
///    so a kept entry is counted as kept whatever the diff says.
/// 4. it deletes and inserts only what the other side lacks: its section
///    deletions are exactly the old sections `new` lacks, its item
///    deletions exactly the old items `new` lacks (those of deleted sections
///    among them), and likewise for insertions, so nothing kept is deleted
///    and inserted again (which steps 1 to 3 allow: an item that stays in
///    place may be deleted and inserted back without changing the move
///    count). Step 1 proved that each names a distinct entry and that every
///    other entry is matched to one of the same ID, so comparing their
///    numbers with step 3's count of kept entries makes it exact.
///
/// With ``crossChecksFlatEngine`` (the default) step 4 also builds the
/// diff's flat form (``SectionedDiff/flattened(old:)``, by the same code,
/// into reused storage), checks that it reaches the new flat form (every
/// slot compared), and runs the flat engine on the two flat forms (into
/// reused storage too): the flat form must have exactly its deletions and
/// insertions and no fewer moves, as ``SectionedDiff/verify(from:to:)``
/// checks. That cross-checks the flat form and the two engines; it is not
/// needed for the proof, and costs more than the rest of the verification,
/// so the exhaustive run does it on its cross-checked pairs only, as the
/// flat run does with the standard library (``PairVerifier``).
///
/// A pair that fails is verified again by ``SectionedDiff/verify(from:to:)``,
/// which throws the failure it documents; each check has that one home for
/// its message. Should it accept the pair, the verifier and it disagree, and
/// the failure says so.
///
/// Pairs with more than ``SectionedDiff/smallSnapshotLimit`` sections and
/// items on a side are verified by ``SectionedDiff/verify(from:to:)`` alone.
/// Snapshots are assumed to hold unique IDs, as the sectioned
/// `diff(from:to:)` requires (``verify(from:to:)`` checks it).
public struct SectionedPairVerifier<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// Whether step 4 also compares the flat form with the flat engine's
    /// diff of the flat forms.
    public var crossChecksFlatEngine: Bool
    /// The diff of the last pair given to ``verify(from:to:)``.
    ///
    /// Empty before the first pair and after a pair with duplicate IDs;
    /// its storage is reused by the next pair.
    /// - Complexity: O(1).
    @inlinable
    public var diff: SectionedDiff<SectionID, ItemID> { lastDiff }
    @usableFromInline var lastDiff: SectionedDiff<SectionID, ItemID>
    /// The flat engine's diff of the flat forms (step 4).
    @usableFromInline var flatDiff: SnapshotDiff<SectionedEntry<SectionID, ItemID>>
    /// The diff's own flat form (step 4).
    @usableFromInline var flatForm: SnapshotDiff<SectionedEntry<SectionID, ItemID>>
    /// The flat forms of a pair, given when step 4 cross-checks the flat engine.
    @usableFromInline typealias FlatForms = (
        old: SectionedFlatLayout<SectionID, ItemID>, new: SectionedFlatLayout<SectionID, ItemID>
    )

    /// Creates a verifier.
    ///
    /// - Parameter crossChecksFlatEngine: see ``crossChecksFlatEngine``.
    /// - Complexity: O(1).
    @inlinable
    public init(crossChecksFlatEngine: Bool = true) {
        self.crossChecksFlatEngine = crossChecksFlatEngine
        lastDiff = SectionedDiff(
            sections: SnapshotDiff(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: []),
            oldItemCounts: [], newItemCounts: [], itemDeletions: [], itemInsertions: [], itemMoves: [])
        flatDiff = SnapshotDiff(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
        flatForm = flatDiff
    }

    /// Diffs (`old`, `new`) into ``diff`` and verifies it.
    ///
    /// - Throws: ``ListDiffError/duplicateSectionIDs(in:duplicates:)`` or
    ///   ``ListDiffError/duplicateItemIDs(in:duplicates:)`` on duplicate
    ///   IDs, as the sectioned `diff(from:to:)`;
    ///   ``ListDiffError/verificationFailed(_:)`` naming the pair and the
    ///   first check that failed, as ``SectionedDiff/verify(from:to:)``.
    /// - Complexity: O(*n*²) comparisons for small pairs (at most 16 × 16
    ///   IDs); for larger ones as ``SectionedDiff/verify(from:to:)``.
    @inlinable
    public mutating func verify(
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        try lastDiff.formDiff(from: old, to: new)
        var current = SectionedDiff<SectionID, ItemID>(
            sections: SnapshotDiff(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: []),
            oldItemCounts: [], newItemCounts: [], itemDeletions: [], itemInsertions: [], itemMoves: [])
        // Moved out and back without copying, so its arrays stay uniquely
        // referenced and the next pair reuses their storage.
        swap(&current, &lastDiff)
        defer { swap(&current, &lastDiff) }
        try check(current, from: old, to: new)
    }

    /// Diffs and verifies a small pair already laid out, flat forms too,
    /// into `scratch` and without array traffic: the exhaustive run's inner
    /// loop, which lays every snapshot out once. `oldLayout` and `newLayout`
    /// must be `old` and `new`, and `oldFlat` and `newFlat` their flat forms,
    /// read only when ``crossChecksFlatEngine`` is set; `scratch` must hold
    /// ``SectionedDiff/smallSnapshotLimit`` parts of each kind, and holds the
    /// diff afterwards (``diff`` is left as it was). The snapshots are taken
    /// only to report an error (so the loop does not touch the reference
    /// counts of snapshots every core shares); `knownUnique` says both were
    /// found free of duplicate IDs beforehand.
    ///
    /// - Throws: as ``verify(from:to:)``.
    /// - Complexity: O(*n*²) comparisons for *n* sections and items a side.
    @inlinable
    mutating func verify(
        from old: @autoclosure () -> SectionedSnapshot<SectionID, ItemID>,
        to new: @autoclosure () -> SectionedSnapshot<SectionID, ItemID>,
        oldLayout: SectionedLayout<SectionID, ItemID>, newLayout: SectionedLayout<SectionID, ItemID>,
        oldFlat: @autoclosure () -> SectionedFlatLayout<SectionID, ItemID>,
        newFlat: @autoclosure () -> SectionedFlatLayout<SectionID, ItemID>, knownUnique: Bool = false,
        into scratch: inout SectionedDiffScratch<SectionID, ItemID>
    ) throws(ListDiffError) {
        scratch.removeAll()
        guard SectionedDiff.formSmallDiff(oldLayout, newLayout, knownUnique: knownUnique, into: &scratch) else {
            scratch.removeAll()
            // Refused only for a duplicate ID, which the hashed path names.
            try lastDiff.formDiffByHashing(from: old(), to: new())
            preconditionFailure("the small-pair engine refused a pair free of duplicate IDs")
        }
        let failed = Self.firstFailure(
            scratch.parts, oldLayout, newLayout, flatForms: crossChecksFlatEngine ? (oldFlat(), newFlat()) : nil,
            flat: &flatDiff, form: &flatForm)
        if failed != nil { try Self.report(failed, scratch.diff, from: old(), to: new()) }
    }

    /// Verifies a given diff for the pair (`old`, `new`).
    ///
    /// - Throws: ``ListDiffError/verificationFailed(_:)`` naming the pair and
    ///   the first check that failed, as ``SectionedDiff/verify(from:to:)``.
    /// - Complexity: O(*n*²) comparisons for small pairs (at most 16 × 16
    ///   IDs); for larger ones as ``SectionedDiff/verify(from:to:)``.
    @inlinable
    public mutating func check(
        _ diff: SectionedDiff<SectionID, ItemID>, from old: SectionedSnapshot<SectionID, ItemID>,
        to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        guard SectionedDiff<SectionID, ItemID>.isSmall(old) && SectionedDiff<SectionID, ItemID>.isSmall(new) else {
            try diff.verify(from: old, to: new)
            return
        }
        let failed = SectionedLayout.with(old) { oldLayout in
            SectionedLayout.with(new) { newLayout in firstFailure(diff, oldLayout, newLayout) }
        }
        try Self.report(failed, diff, from: old, to: new)
    }

    /// The first of the four checks `diff` fails for a laid-out pair, or
    /// `nil`, its flat forms laid out here when ``crossChecksFlatEngine``
    /// needs them.
    @inlinable
    mutating func firstFailure(
        _ diff: SectionedDiff<SectionID, ItemID>, _ oldLayout: SectionedLayout<SectionID, ItemID>,
        _ newLayout: SectionedLayout<SectionID, ItemID>
    ) -> VerificationCheck? {
        guard crossChecksFlatEngine else {
            return Self.firstFailure(diff, oldLayout, newLayout, flatForms: nil, flat: &flatDiff, form: &flatForm)
        }
        return SectionedFlatLayout.with(oldLayout) { oldFlat in
            SectionedFlatLayout.with(newLayout) { newFlat in
                Self.firstFailure(
                    diff, oldLayout, newLayout, flatForms: (oldFlat, newFlat), flat: &flatDiff, form: &flatForm)
            }
        }
    }

    /// The first of the four checks `diff` fails for a laid-out pair, or
    /// `nil`, with `flat` and `form` as the storage of the flat diffs (a
    /// verifier's, reused); the flat engine runs when `flatForms` are given.
    @inlinable
    static func firstFailure(
        _ diff: SectionedDiff<SectionID, ItemID>, _ oldLayout: SectionedLayout<SectionID, ItemID>,
        _ newLayout: SectionedLayout<SectionID, ItemID>, flatForms: FlatForms?,
        flat: inout SnapshotDiff<SectionedEntry<SectionID, ItemID>>,
        form: inout SnapshotDiff<SectionedEntry<SectionID, ItemID>>
    ) -> VerificationCheck? {
        SectionedDiffParts.with(diff) { parts in
            firstFailure(parts, oldLayout, newLayout, flatForms: flatForms, flat: &flat, form: &form)
        }
    }

    /// Throws the failure of a pair whose diff failed `check`: the one
    /// ``SectionedDiff/verify(from:to:)`` reports, or, should it accept the
    /// diff, one saying that the two disagree.
    @inlinable
    static func report(
        _ check: VerificationCheck?, _ diff: SectionedDiff<SectionID, ItemID>,
        from old: SectionedSnapshot<SectionID, ItemID>, to new: SectionedSnapshot<SectionID, ItemID>
    ) throws(ListDiffError) {
        guard let check else { return }
        try diff.verify(from: old, to: new)
        throw .verificationFailed(
            VerificationFailure(
                old: old.sectionTexts, new: new.sectionTexts, check: check,
                expected: "verify(from:to:) to refuse the diff too", actual: "it accepts it"))
    }

    /// The first of the four checks the diff fails, or `nil`; the flat
    /// engine runs when `flatForms` are given.
    @inlinable
    static func firstFailure(
        _ diff: SectionedDiffParts<SectionID, ItemID>, _ oldLayout: SectionedLayout<SectionID, ItemID>,
        _ newLayout: SectionedLayout<SectionID, ItemID>, flatForms: FlatForms?,
        flat: inout SnapshotDiff<SectionedEntry<SectionID, ItemID>>,
        form: inout SnapshotDiff<SectionedEntry<SectionID, ItemID>>
    ) -> VerificationCheck? {
        let oldSections = oldLayout.sectionIDs.count
        let newSections = newLayout.sectionIDs.count
        let oldItems = oldLayout.items.count
        let newItems = newLayout.items.count
        // Flat-form scratch only for the cross-check.
        let oldCount = flatForms?.old.entries.count ?? 0
        let newCount = flatForms?.new.entries.count ?? 0
        // Uninitialized: each check initializes what it reads.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: oldSections &+ oldItems &+ oldCount) {
            flags in
            withUnsafeTemporaryAllocation(
                of: Int32.self, capacity: 2 &* newSections &+ 3 &* newItems &+ oldSections &+ newCount
            ) { offsets -> VerificationCheck? in
                // The offsets, cut by running sums (no closure over a
                // mutable rest, which would check exclusivity at run time).
                let mappingEnd = newSections
                let slotsEnd = mappingEnd &+ newItems
                let oldToNewEnd = slotsEnd &+ oldSections
                let valuesEnd = oldToNewEnd &+ newItems
                let tailsEnd = valuesEnd &+ newItems
                let sectionTailsEnd = tailsEnd &+ newSections
                let sectionMapping = UnsafeMutableBufferPointer(rebasing: offsets[0..<mappingEnd])
                // What step 3 counts and step 4 reuses: the new sections and
                // items whose IDs `old` has.
                var kept = (sections: 0, items: 0)
                guard
                    reachesNew(
                        diff, oldLayout, newLayout,
                        sectionLeaves: UnsafeMutableBufferPointer(rebasing: flags[0..<oldSections]),
                        sectionMapping: sectionMapping,
                        leaves: UnsafeMutableBufferPointer(
                            rebasing: flags[oldSections..<(oldSections &+ oldItems)]),
                        slots: UnsafeMutableBufferPointer(rebasing: offsets[mappingEnd..<slotsEnd]),
                        oldToNew: UnsafeMutableBufferPointer(rebasing: offsets[slotsEnd..<oldToNewEnd]))
                else { return .reachesNew }
                guard
                    movesAreMinimal(
                        diff, oldLayout, newLayout,
                        matched: UnsafeBufferPointer(rebasing: offsets[mappingEnd..<slotsEnd]),
                        values: UnsafeMutableBufferPointer(rebasing: offsets[oldToNewEnd..<valuesEnd]),
                        tails: UnsafeMutableBufferPointer(rebasing: offsets[valuesEnd..<tailsEnd]),
                        sectionValues: sectionMapping,
                        sectionTails: UnsafeMutableBufferPointer(rebasing: offsets[tailsEnd..<sectionTailsEnd]),
                        kept: &kept)
                else { return .minimalMoves }
                guard
                    agreesWithFlatEngine(
                        diff, oldLayout, newLayout, flatForms: flatForms, kept: kept, flat: &flat, form: &form,
                        leaves: UnsafeMutableBufferPointer(rebasing: flags[(oldSections &+ oldItems)...]),
                        slots: UnsafeMutableBufferPointer(
                            rebasing: offsets[sectionTailsEnd..<(sectionTailsEnd &+ newCount)]))
                else { return .agreesWithFlatEngine }
                return nil
            }
        }
    }

    /// Step 1 (which proves step 2): the diff applied by roles to `old`,
    /// every slot compared with `new`.
    ///
    /// - Parameters:
    ///   - sectionLeaves: one flag per old section (overwritten).
    ///   - sectionMapping: one entry per new section (overwritten): the old
    ///     offset of its section, or -1 where the diff inserts it.
    ///   - leaves: one flag per old item (overwritten).
    ///   - slots: one entry per new item (overwritten).
    ///   - oldToNew: one entry per old section (overwritten).
    /// - Complexity: O(*n*) for *n* sections and items.
    @inlinable
    static func reachesNew(
        _ diff: SectionedDiffParts<SectionID, ItemID>, _ old: SectionedLayout<SectionID, ItemID>,
        _ new: SectionedLayout<SectionID, ItemID>, sectionLeaves: UnsafeMutableBufferPointer<UInt8>,
        sectionMapping: UnsafeMutableBufferPointer<Int32>, leaves: UnsafeMutableBufferPointer<UInt8>,
        slots: UnsafeMutableBufferPointer<Int32>, oldToNew: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        let oldSections = old.sectionIDs.count
        let newSections = new.sectionIDs.count
        guard diff.sectionCounts.old == oldSections && diff.sectionCounts.new == newSections else { return false }
        guard
            PairProof.applies(
                old: old.sectionIDs, new: new.sectionIDs, deletions: diff.sectionDeletions,
                insertions: diff.sectionInsertions, moves: diff.sectionMoves, leaves: sectionLeaves,
                slots: sectionMapping)
        else { return false }
        guard diff.oldItemCounts.count == oldSections && diff.newItemCounts.count == newSections else { return false }
        for section in 0..<oldSections
        where diff.oldItemCounts[section] != Int(old.starts[section &+ 1] &- old.starts[section]) {
            return false
        }
        for section in 0..<newSections
        where diff.newItemCounts[section] != Int(new.starts[section &+ 1] &- new.starts[section]) {
            return false
        }
        leaves.initialize(repeating: 0)
        slots.initialize(repeating: PairProof.unset)
        @inline(__always) func leave(_ position: ItemPosition, _ id: ItemID) -> Bool {
            let index = old.itemIndex(at: position)
            guard index >= 0 && leaves[index] == 0 && old.items[index] == id else { return false }
            leaves[index] = 1
            return true
        }
        @inline(__always) func arrive(_ position: ItemPosition, _ id: ItemID, from origin: Int) -> Bool {
            let index = new.itemIndex(at: position)
            guard index >= 0 && slots[index] == PairProof.unset && new.items[index] == id else { return false }
            slots[index] = Int32(truncatingIfNeeded: origin)
            return true
        }
        for deletion in diff.itemDeletions where !leave(deletion.position, deletion.id) { return false }
        for move in diff.itemMoves where !leave(move.from, move.id) { return false }
        for insertion in diff.itemInsertions where !arrive(insertion.position, insertion.id, from: -1) {
            return false
        }
        for move in diff.itemMoves where !arrive(move.to, move.id, from: old.itemIndex(at: move.from)) {
            return false
        }
        oldToNew.initialize(repeating: -1)
        for section in 0..<newSections where sectionMapping[section] >= 0 {
            oldToNew[Int(sectionMapping[section])] = Int32(truncatingIfNeeded: section)
        }
        for section in 0..<oldSections {
            var next = Int(old.starts[section])
            let end = Int(old.starts[section &+ 1])
            let target = Int(oldToNew[section])
            if target >= 0 {
                for slot in Int(new.starts[target])..<Int(new.starts[target &+ 1]) where slots[slot] == PairProof.unset
                {
                    while next < end && leaves[next] != 0 { next &+= 1 }
                    guard next < end && old.items[next] == new.items[slot] else { return false }
                    slots[slot] = Int32(truncatingIfNeeded: next)
                    next &+= 1
                }
            }
            while next < end {
                guard leaves[next] != 0 else { return false }
                next &+= 1
            }
        }
        for section in 0..<newSections where sectionMapping[section] < 0 {
            for slot in Int(new.starts[section])..<Int(new.starts[section &+ 1]) where slots[slot] == PairProof.unset {
                return false
            }
        }
        return true
    }

    /// Step 3: the diff's section and item moves are the fewest possible,
    /// counted from `old` and `new`.
    ///
    /// Each new section and item needs its origin in `old`, the offset or
    /// index of the one with its ID, or -1. Where step 1 matched it to an old
    /// one (`sectionMapping`, `matched`), that one is its origin: step 1
    /// compared their IDs, and IDs are unique. Only those step 1 saw
    /// inserted are looked up in `old` by ID, so an inserted one that `old`
    /// has is counted as kept, as it is, whatever the diff says.
    ///
    /// - Parameters:
    ///   - matched: step 1's `slots`: for each new item, the index of the
    ///     old item it was matched to, or -1 where the diff inserts it.
    ///   - values, tails: one entry per new item (overwritten).
    ///   - sectionValues, sectionTails: one entry per new section; on entry
    ///     step 1's `sectionMapping` (overwritten).
    ///   - kept: set to the number of new sections and of new items whose
    ///     IDs `old` has (once the section moves are found minimal).
    /// - Complexity: O(*n* + *i* × *n*) comparisons for *i* inserted sections
    ///   and items, plus O(*n* log *n*) for the runs.
    @inlinable
    static func movesAreMinimal(
        _ diff: SectionedDiffParts<SectionID, ItemID>, _ old: SectionedLayout<SectionID, ItemID>,
        _ new: SectionedLayout<SectionID, ItemID>, matched: UnsafeBufferPointer<Int32>,
        values: UnsafeMutableBufferPointer<Int32>, tails: UnsafeMutableBufferPointer<Int32>,
        sectionValues: UnsafeMutableBufferPointer<Int32>, sectionTails: UnsafeMutableBufferPointer<Int32>,
        kept: inout (sections: Int, items: Int)
    ) -> Bool {
        for section in 0..<new.sectionIDs.count where sectionValues[section] < 0 {
            sectionValues[section] = Int32(truncatingIfNeeded: old.sectionOffset(of: new.sectionIDs[section]))
        }
        let sectionRun = LongestIncreasingRun.count(UnsafeBufferPointer(sectionValues), tails: sectionTails)
        guard diff.sectionMoves.count == sectionRun.kept &- sectionRun.run else { return false }
        kept.sections = sectionRun.kept
        var minimum = 0
        var keptItems = 0
        for section in 0..<new.sectionIDs.count {
            let start = Int(new.starts[section])
            let staying = UnsafeMutableBufferPointer(rebasing: values[start..<Int(new.starts[section &+ 1])])
            // While the staying items keep their order, none of them moves.
            var increasing = true
            var last: Int32 = -1
            for offset in 0..<staying.count {
                var origin = Int(matched[start &+ offset])
                if origin < 0 { origin = old.itemIndex(of: new.items[start &+ offset]) }
                staying[offset] = -1
                guard origin >= 0 else { continue }
                keptItems &+= 1
                let home = Int(old.sectionOf[origin])
                if old.sectionIDs[home] == new.sectionIDs[section] {
                    let value = Int32(truncatingIfNeeded: origin) &- old.starts[home]
                    increasing = increasing && last < value
                    last = value
                    staying[offset] = value
                } else {
                    minimum &+= 1
                }
            }
            if !increasing {
                let run = LongestIncreasingRun.count(UnsafeBufferPointer(staying), tails: tails)
                minimum &+= run.kept &- run.run
            }
        }
        kept.items = keptItems
        return diff.itemMoves.count == minimum
    }

    /// Step 4: the diff deletes and inserts only what the other side lacks;
    /// given `flatForms`, its flat form also reaches the new flat form and
    /// agrees with the flat engine on the flat forms.
    ///
    /// - Parameters:
    ///   - flatForms: the flat forms of `old` and `new`, to cross-check the
    ///     flat engine; `nil` not to.
    ///   - kept: the new sections and items whose IDs `old` has (step 3's count).
    ///   - flat, form: reused storage for the flat engine's diff and the
    ///     diff's flat form (overwritten).
    ///   - leaves: one flag per old flat entry (overwritten).
    ///   - slots: one entry per new flat entry (overwritten).
    /// - Complexity: O(*n*²) comparisons for *n* sections and items.
    @inlinable
    static func agreesWithFlatEngine(
        _ diff: SectionedDiffParts<SectionID, ItemID>,
        _ old: SectionedLayout<SectionID, ItemID>, _ new: SectionedLayout<SectionID, ItemID>,
        flatForms: FlatForms?, kept: (sections: Int, items: Int),
        flat: inout SnapshotDiff<SectionedEntry<SectionID, ItemID>>,
        form: inout SnapshotDiff<SectionedEntry<SectionID, ItemID>>, leaves: UnsafeMutableBufferPointer<UInt8>,
        slots: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        guard deletesAndInsertsOnlyTheAbsent(diff, old, new, kept: kept) else { return false }
        guard let flatForms else { return true }
        let (oldFlat, newFlat) = flatForms
        let sectionMoves = diff.sectionMoves
        let sectionInsertions = diff.sectionInsertions
        let itemMoves = diff.itemMoves
        SectionedDiff<SectionID, ItemID>.formFlattened(
            diff, into: &form, new: new, oldStarts: oldFlat.starts, newStarts: newFlat.starts,
            oldSectionOffset: { id in
                let offset = old.sectionOffset(of: id)
                return offset >= 0 ? offset : nil
            },
            oldPosition: { id in
                let index = old.itemIndex(of: id)
                return index >= 0 ? old.position(ofItem: index) : nil
            },
            movesSection: { id in sectionMoves.contains { $0.id == id } },
            movesItem: { id in itemMoves.contains { $0.id == id } },
            insertsSection: { offset in sectionInsertions.contains { $0.offset == offset } })
        flat.clear()
        guard flat.formSmallDiff(old: oldFlat.entries, new: newFlat.entries) == nil else { return false }
        guard form.deletions == flat.deletions && form.insertions == flat.insertions else { return false }
        guard form.oldCount == oldFlat.entries.count && form.newCount == newFlat.entries.count else { return false }
        let reaches = form.deletions.withUnsafeBufferPointer { deletions in
            form.insertions.withUnsafeBufferPointer { insertions in
                form.moves.withUnsafeBufferPointer { moves in
                    PairProof.applies(
                        old: oldFlat.entries, new: newFlat.entries, deletions: deletions, insertions: insertions,
                        moves: moves, leaves: leaves, slots: slots)
                }
            }
        }
        return reaches && flat.moves.count <= form.moves.count
    }

    /// Whether the diff's section and item deletions are exactly the old
    /// sections and items `new` lacks, and its insertions exactly the new
    /// ones `old` lacks, given `kept`, the number of new sections and items
    /// whose IDs `old` has: by counts alone.
    ///
    /// Step 1 proved that each insertion fills a distinct new slot and that
    /// every other new slot holds an old entry of the same ID, so the new
    /// entries whose IDs `old` has are at least *count* − *insertions*, and
    /// exactly that many when no insertion names an ID `old` has. Likewise
    /// each deletion empties a distinct old slot and every other old entry
    /// reaches a new slot of the same ID; with unique IDs the old entries
    /// whose IDs `new` has are as many as *kept*, so *count* − *deletions* =
    /// *kept* exactly when no deletion names an ID `new` has.
    ///
    /// - Complexity: O(1).
    @inlinable
    static func deletesAndInsertsOnlyTheAbsent(
        _ diff: SectionedDiffParts<SectionID, ItemID>, _ old: SectionedLayout<SectionID, ItemID>,
        _ new: SectionedLayout<SectionID, ItemID>, kept: (sections: Int, items: Int)
    ) -> Bool {
        diff.sectionDeletions.count == old.sectionIDs.count &- kept.sections
            && diff.sectionInsertions.count == new.sectionIDs.count &- kept.sections
            && diff.itemDeletions.count == old.items.count &- kept.items
            && diff.itemInsertions.count == new.items.count &- kept.items
    }
}
