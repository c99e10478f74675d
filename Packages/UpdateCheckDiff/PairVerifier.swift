/// Diffs and verifies many pairs, reusing the storage of its diff and
/// checking in scratch space on the stack (on the heap only for large
/// pairs), so that small pairs cost no heap allocation once it has warmed up.
///
/// For each pair it proves:
/// 1. applying the diff to `old` gives exactly `new`, every slot of the
///    result compared with `new`;
/// 2. applying it as removals then insertions with moves paired (the
///    semantics of the standard library's `applying`) gives exactly `new`:
///    given step 1, this holds exactly when its insertions and its move
///    destinations are each in ascending offset order, which is checked;
/// 3. applying its inverse to `new` gives exactly `old`: by roles, the
///    inverse needs the very conditions step 1 checks (the same offsets in
///    range and used once, the same IDs at them, the same counts, the same
///    pairing of the IDs that stay, read from the other side), so step 1
///    proves it;
/// 4. the number of moves is the kept count minus the longest increasing run
///    of the kept IDs' old offsets, computed independently of the engine
///    from the correspondence step 1 proved (an ID both deleted and inserted
///    counts as kept).
///
/// Step 1 takes linear time with a small constant, step 2 a pass over the
/// arrivals and step 4 adds a logarithmic factor for the run, as the diff
/// does, so verification costs less than the diff itself. Snapshots are
/// assumed to hold unique IDs, as ``diff(from:to:)->SnapshotDiff<ID>`` requires.
///
/// With ``crossChecksStandardLibrary`` (the default) steps 2 and 3 are also
/// done in full by the standard library's `applying(_:)` of ``SnapshotDiff/collectionDifference``
/// and its `inverse()` for pairs of up to ``standardLibraryLimit`` IDs; that
/// costs a few microseconds and allocations a pair, and far more for large
/// pairs, so raise the limit to cross-check those too.
public struct PairVerifier<ID: Hashable & Sendable> {
    /// Whether the standard library's `applying` cross-checks pairs of up to
    /// ``standardLibraryLimit`` IDs.
    public var crossChecksStandardLibrary: Bool
    /// The largest pair (old plus new count) the standard library
    /// cross-checks; `Int.max` for every pair.
    public var standardLibraryLimit: Int
    /// The diff of the last pair given to ``verify(from:to:)``.
    @inlinable
    public var diff: SnapshotDiff<ID> { lastDiff }
    @usableFromInline var lastDiff: SnapshotDiff<ID>
    @usableFromInline var work: [ID] = []
    @usableFromInline var offsets: [Int] = []

    /// The default ``standardLibraryLimit``: pairs of up to 128 IDs in all.
    @inlinable
    public static var defaultStandardLibraryLimit: Int { 128 }

    /// Creates a verifier.
    ///
    /// - Parameters:
    ///   - crossChecksStandardLibrary: see ``crossChecksStandardLibrary``.
    ///   - standardLibraryLimit: see ``standardLibraryLimit``.
    public init(
        crossChecksStandardLibrary: Bool = true, standardLibraryLimit: Int = defaultStandardLibraryLimit
    ) {
        self.crossChecksStandardLibrary = crossChecksStandardLibrary
        self.standardLibraryLimit = standardLibraryLimit
        self.lastDiff = SnapshotDiff(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
    }

    /// Diffs (`old`, `new`) into ``diff`` and verifies it.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate
    ///   IDs; ``ListDiffError/verificationFailed(_:)`` naming the pair and the
    ///   first check that failed.
    /// - Complexity: O(*n*) expected hashing plus O(*n* log *n*) for the runs.
    @inlinable
    public mutating func verify(from old: [ID], to new: [ID]) throws(ListDiffError) {
        try lastDiff.formDiff(from: old, to: new)
        let current = takeDiff()
        defer { lastDiff = current }
        try check(current, from: old, to: new)
    }

    /// Diffs and verifies a pair held in buffers, without array traffic:
    /// the exhaustive run's inner loop.
    ///
    /// - Throws: as ``verify(from:to:)``.
    @inlinable
    package mutating func verify(_ old: UnsafeBufferPointer<ID>, _ new: UnsafeBufferPointer<ID>)
        throws(ListDiffError)
    {
        if old.count <= SnapshotDiff<ID>.smallSnapshotLimit && new.count <= SnapshotDiff<ID>.smallSnapshotLimit {
            lastDiff.clear()
            if let side = lastDiff.formSmallDiff(old: old, new: new) {
                lastDiff.clear()
                throw IDMatching.duplicates(in: Array(side == .old ? old : new), side: side)
            }
        } else {
            try lastDiff.formDiff(from: Array(old), to: Array(new))
        }
        let current = takeDiff()
        defer { lastDiff = current }
        try check(current, old, new)
    }

    /// Moves ``diff`` out (leaving an empty one) for checking against this
    /// verifier's scratch space, without copying its arrays: put back, they
    /// stay uniquely referenced, so the next pair reuses their storage
    /// without reference counting.
    @inlinable
    mutating func takeDiff() -> SnapshotDiff<ID> {
        var taken = SnapshotDiff<ID>(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
        swap(&taken, &lastDiff)
        return taken
    }

    /// Verifies a given diff for the pair (`old`, `new`).
    ///
    /// - Throws: ``ListDiffError/verificationFailed(_:)`` naming the pair and
    ///   the first check that failed.
    /// - Complexity: O(*n* log *n*), linear with a small constant for most pairs.
    @inlinable
    public mutating func check(_ diff: SnapshotDiff<ID>, from old: [ID], to new: [ID]) throws(ListDiffError) {
        let failure = old.withUnsafeBufferPointer { oldIDs in
            new.withUnsafeBufferPointer { newIDs in firstFailure(diff, oldIDs, newIDs, original: (old, new)) }
        }
        if let failure { throw report(failure, diff, old, new) }
    }

    /// Verifies a given diff for a pair held in buffers.
    ///
    /// - Throws: as ``check(_:from:to:)``.
    @inlinable
    package mutating func check(
        _ diff: SnapshotDiff<ID>, _ old: UnsafeBufferPointer<ID>, _ new: UnsafeBufferPointer<ID>
    )
        throws(ListDiffError)
    {
        if let failure = firstFailure(diff, old, new, original: nil) {
            throw report(failure, diff, Array(old), Array(new))
        }
    }

    /// The first check a diff fails, in the order of the list above.
    @usableFromInline
    enum Failure {
        /// Step 1.
        case reachesNew
        /// Step 2, by the emulation or (`standardLibrary`) the standard library.
        case pairedMoves(standardLibrary: Bool)
        /// Step 3, found by the standard library (step 1 proves it for UpdateCheckDiff).
        case inverse
        /// Step 4, with the minimum.
        case moves(minimum: Int)
    }

    /// Runs the checks; `original` holds the pair as arrays when the caller
    /// has them (`nil`: they are copied from the buffers for the standard library).
    @inlinable
    mutating func firstFailure(
        _ diff: SnapshotDiff<ID>, _ old: UnsafeBufferPointer<ID>, _ new: UnsafeBufferPointer<ID>,
        original: (old: [ID], new: [ID])?
    ) -> Failure? {
        guard old.count == diff.oldCount && new.count == diff.newCount else { return .reachesNew }
        let tableCapacity = PairProof.tableCapacity(deletions: diff.deletions.count, insertions: diff.insertions.count)
        // Scratch space on the stack for small pairs (on the heap for large
        // ones), uninitialized: each check initializes what it reads.
        let fast = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: old.count) { leaves in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 &* new.count) { offsets in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: tableCapacity) { table in
                    diff.deletions.withUnsafeBufferPointer { deletions in
                        diff.insertions.withUnsafeBufferPointer { insertions in
                            diff.moves.withUnsafeBufferPointer { moves -> Failure? in
                                let mapping = UnsafeMutableBufferPointer(rebasing: offsets[0..<new.count])
                                guard
                                    PairProof.applies(
                                        old: old, new: new, deletions: deletions, insertions: insertions,
                                        moves: moves, leaves: leaves, slots: mapping)
                                else { return .reachesNew }
                                guard PairProof.arrivesInOffsetOrder(insertions: insertions, moves: moves) else {
                                    return .pairedMoves(standardLibrary: false)
                                }
                                let minimum = PairProof.minimumMoveCount(
                                    old: old, new: new, deletions: deletions, insertions: insertions,
                                    mapping: mapping,
                                    tails: UnsafeMutableBufferPointer(rebasing: offsets[new.count...]),
                                    table: table)
                                return moves.count == minimum ? nil : .moves(minimum: minimum)
                            }
                        }
                    }
                }
            }
        }
        if let fast, case .reachesNew = fast { return fast }
        if let fast, case .pairedMoves = fast { return fast }
        if crossChecksStandardLibrary && old.count + new.count <= standardLibraryLimit {
            let (oldArray, newArray) = original ?? (Array(old), Array(new))
            // The fast checks passed, so the offsets are distinct and in range.
            guard let difference = diff.collectionDifference, oldArray.applying(difference) == newArray else {
                return .pairedMoves(standardLibrary: true)
            }
            guard newArray.applying(difference.inverse()) == oldArray else {
                return .inverse
            }
        }
        return fast
    }

    /// The error for `failure`, with the arrays the failing step produced
    /// (recomputed on this slow path, only taken for a wrong diff).
    @usableFromInline
    mutating func report(_ failure: Failure, _ diff: SnapshotDiff<ID>, _ old: [ID], _ new: [ID]) -> ListDiffError {
        var leaves: [Bool] = []
        var slots: [ID?] = []
        switch failure {
        case .reachesNew:
            do {
                try diff.place(old, backward: false, leaves: &leaves, slots: &slots)
                return Self.failure(
                    old, new, .reachesNew, expected: Self.text(new), actual: Self.text(slots.map { $0! }))
            } catch {
                return Self.failure(old, new, .reachesNew, expected: Self.text(new), actual: "an error: \(error)")
            }
        case .pairedMoves(let standardLibrary):
            if standardLibrary {
                return Self.failure(
                    old, new, .pairedMovesReachNew, expected: Self.text(new),
                    actual: diff.collectionDifference.flatMap { old.applying($0) }.map(Self.text) ?? "no result"
                        + " (standard library)")
            }
            return Self.failure(
                old, new, .pairedMovesReachNew, expected: Self.text(new),
                actual: applyPaired(diff, to: old)
                    ? Self.text(work) : "no result (an offset is out of range, repeated or out of order)")
        case .inverse:
            return Self.failure(
                old, new, .inverseRestoresOld, expected: Self.text(old),
                actual: diff.collectionDifference.flatMap { new.applying($0.inverse()) }.map(Self.text) ?? "no result"
                    + " (standard library)")
        case .moves(let minimum):
            return Self.failure(
                old, new, .minimalMoves, expected: "\(minimum) moves", actual: "\(diff.moves.count) moves")
        }
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
