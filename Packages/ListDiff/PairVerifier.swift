/// Diffs and verifies many pairs, reusing its scratch storage so that small
/// pairs cost no heap allocation once it has warmed up.
///
/// For each pair it proves, by comparing whole arrays:
/// 1. applying the diff to `old` gives exactly `new`;
/// 2. applying it as removals then insertions with moves paired (the
///    semantics of the standard library's `applying`) gives exactly `new`;
/// 3. applying its inverse to `new` gives exactly `old`;
/// 4. the number of moves is the kept count minus the longest increasing run,
///    computed independently of the engine (by dynamic programming for up to
///    64 kept IDs).
///
/// With ``crossChecksStandardLibrary`` (the default) steps 2 and 3 are also
/// done by the standard library's `applying(_:)` of ``SnapshotDiff/collectionDifference``
/// and its `inverse()`; that costs a few microseconds and allocations a pair.
public struct PairVerifier<ID: Hashable & Sendable> {
    /// Whether the standard library's `applying` cross-checks each pair.
    public var crossChecksStandardLibrary: Bool
    /// The diff of the last pair given to ``verify(from:to:)``.
    @inlinable
    public var diff: SnapshotDiff<ID> { lastDiff }
    @usableFromInline var lastDiff: SnapshotDiff<ID>
    @usableFromInline var leaves: [Bool] = []
    @usableFromInline var slots: [ID?] = []
    @usableFromInline var work: [ID] = []
    @usableFromInline var offsets: [Int] = []
    @usableFromInline var lengths: [Int] = []

    /// The largest pair (old plus new count) whose paired-moves check is
    /// emulated in place; larger pairs always use the standard library.
    @inlinable
    public static var emulationLimit: Int { 128 }

    /// Creates a verifier.
    public init(crossChecksStandardLibrary: Bool = true) {
        self.crossChecksStandardLibrary = crossChecksStandardLibrary
        self.lastDiff = SnapshotDiff(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
    }

    /// Diffs (`old`, `new`) into ``diff`` and verifies it.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate
    ///   IDs; ``ListDiffError/verificationFailed(_:)`` naming the pair and the
    ///   first check that failed.
    @inlinable
    public mutating func verify(from old: [ID], to new: [ID]) throws(ListDiffError) {
        try lastDiff.formDiff(from: old, to: new)
        let current = lastDiff
        try check(current, from: old, to: new)
    }

    /// Verifies a given diff for the pair (`old`, `new`).
    ///
    /// - Throws: ``ListDiffError/verificationFailed(_:)`` naming the pair and
    ///   the first check that failed.
    @inlinable
    public mutating func check(_ diff: SnapshotDiff<ID>, from old: [ID], to new: [ID]) throws(ListDiffError) {
        do {
            try diff.place(old, backward: false, leaves: &leaves, slots: &slots)
        } catch {
            throw Self.failure(old, new, .reachesNew, expected: Self.text(new), actual: "an error: \(error)")
        }
        guard slotsEqual(new) else {
            throw Self.failure(old, new, .reachesNew, expected: Self.text(new), actual: Self.text(slots.map { $0! }))
        }
        let emulates = old.count + new.count <= Self.emulationLimit
        if emulates {
            guard applyPaired(diff, to: old), work == new else {
                throw Self.failure(
                    old, new, .pairedMovesReachNew, expected: Self.text(new), actual: Self.text(work))
            }
        }
        var difference: CollectionDifference<ID>?
        if crossChecksStandardLibrary || !emulates {
            difference = diff.collectionDifference
            let standard = old.applying(difference!)
            guard standard == new else {
                throw Self.failure(
                    old, new, .pairedMovesReachNew, expected: Self.text(new),
                    actual: Self.text(standard) + " (standard library)")
            }
        }
        do {
            try diff.place(new, backward: true, leaves: &leaves, slots: &slots)
        } catch {
            throw Self.failure(old, new, .inverseRestoresOld, expected: Self.text(old), actual: "an error: \(error)")
        }
        guard slotsEqual(old) else {
            throw Self.failure(
                old, new, .inverseRestoresOld, expected: Self.text(old), actual: Self.text(slots.map { $0! }))
        }
        if crossChecksStandardLibrary {
            let standard = new.applying((difference ?? diff.collectionDifference).inverse())
            guard standard == old else {
                throw Self.failure(
                    old, new, .inverseRestoresOld, expected: Self.text(old),
                    actual: Self.text(standard) + " (standard library)")
            }
        }
        let minimum = minimumMoveCount(from: old, to: new)
        guard diff.moves.count == minimum else {
            throw Self.failure(
                old, new, .minimalMoves, expected: "\(minimum) moves", actual: "\(diff.moves.count) moves")
        }
    }

    /// Whether the filled slots hold exactly `ids`.
    @inlinable
    func slotsEqual(_ ids: [ID]) -> Bool {
        guard slots.count == ids.count else { return false }
        for offset in 0..<ids.count where slots[offset] != ids[offset] { return false }
        return true
    }

    /// Applies `diff` to `old` into ``work`` the way a `CollectionDifference`
    /// is applied: remove at old offsets from the highest down, then insert
    /// at new offsets from the lowest up, each move as one removal and one
    /// insertion. Returns `false` when an offset is out of range or repeated.
    @inlinable
    mutating func applyPaired(_ diff: SnapshotDiff<ID>, to old: [ID]) -> Bool {
        work.removeAll(keepingCapacity: true)
        work.append(contentsOf: old)
        offsets.removeAll(keepingCapacity: true)
        for deletion in diff.deletions { offsets.append(deletion.offset) }
        for move in diff.moves { offsets.append(move.from) }
        // Insertion sort, highest first: the lists are short and sorting must not allocate.
        for end in 1..<max(offsets.count, 1) {
            let value = offsets[end]
            var position = end
            while position > 0 && offsets[position - 1] < value {
                offsets[position] = offsets[position - 1]
                position -= 1
            }
            offsets[position] = value
        }
        var previous = Int.max
        for offset in offsets {
            guard offset < previous, offset >= 0, offset < work.count else { return false }
            work.remove(at: offset)
            previous = offset
        }
        var nextInsertion = 0
        var nextMove = 0
        let insertions = diff.insertions
        let moves = diff.moves
        while nextInsertion < insertions.count || nextMove < moves.count {
            let offset: Int
            let id: ID
            if nextMove == moves.count
                || (nextInsertion < insertions.count && insertions[nextInsertion].offset < moves[nextMove].to)
            {
                offset = insertions[nextInsertion].offset
                id = insertions[nextInsertion].id
                nextInsertion += 1
            } else {
                offset = moves[nextMove].to
                id = moves[nextMove].id
                nextMove += 1
            }
            guard offset >= 0, offset <= work.count else { return false }
            work.insert(id, at: offset)
        }
        return true
    }

    /// The fewest moves any diff of the pair can have: kept IDs minus the
    /// longest increasing run of their old offsets in new order, computed
    /// without the engine (linear search and a quadratic dynamic programme
    /// for small pairs; a dictionary and a length-only patience pass above).
    @inlinable
    mutating func minimumMoveCount(from old: [ID], to new: [ID]) -> Int {
        offsets.removeAll(keepingCapacity: true)
        if old.count <= 64 && new.count <= 64 {
            for id in new {
                for candidate in 0..<old.count where old[candidate] == id {
                    offsets.append(candidate)
                    break
                }
            }
            lengths.removeAll(keepingCapacity: true)
            var longest = 0
            for end in 0..<offsets.count {
                var best = 1
                for start in 0..<end where offsets[start] < offsets[end] && lengths[start] >= best {
                    best = lengths[start] + 1
                }
                lengths.append(best)
                longest = max(longest, best)
            }
            return offsets.count - longest
        }
        var oldOffset: [ID: Int] = [:]
        for (offset, id) in old.enumerated() { oldOffset[id] = offset }
        var tails: [Int] = []
        var kept = 0
        for id in new {
            guard let value = oldOffset[id] else { continue }
            kept += 1
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return kept - tails.count
    }

    /// A verification failure for the pair, with IDs as text.
    @usableFromInline
    static func failure(_ old: [ID], _ new: [ID], _ check: VerificationCheck, expected: String, actual: String)
        -> ListDiffError
    {
        .verificationFailed(
            VerificationFailure(
                old: old.map { String(describing: $0) }, new: new.map { String(describing: $0) }, check: check,
                expected: expected, actual: actual))
    }

    /// `[a, b]`, or a note when the standard library refused the difference.
    @usableFromInline
    static func text(_ ids: [ID]?) -> String {
        guard let ids else { return "no result" }
        return VerificationFailure.format(ids.map { String(describing: $0) })
    }
}
