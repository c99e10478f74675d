import UpdateCheckSupport

/// Diffs two snapshots of unique IDs: `new` against `old`.
///
/// Deletion offsets refer to `old`, insertion offsets to `new`; kept IDs off
/// the longest increasing run become moves, so the number of moves is the
/// minimum possible.
///
///     let changes = try diff(from: ["a", "b", "c"], to: ["c", "a", "d"])
///     // deletions [(1, b)], insertions [(2, d)], moves [(c, from: 2, to: 0)]
///
/// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` when either
///   snapshot holds an ID twice, naming every duplicate and its offsets.
/// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for the *k* kept IDs.
@inlinable
public func diff<ID: Hashable & Sendable>(from old: [ID], to new: [ID]) throws(ListDiffError) -> SnapshotDiff<ID> {
    try SnapshotDiff(from: old, to: new)
}

extension SnapshotDiff {
    /// Diffs `new` against `old`; see ``diff(from:to:)->SnapshotDiff<ID>``.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate IDs.
    /// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for the *k* kept IDs.
    @inlinable
    public init(from old: [ID], to new: [ID]) throws(ListDiffError) {
        self.init(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
        try formDiff(from: old, to: new)
    }

    /// Replaces this diff with the diff of (`old`, `new`), reusing its storage.
    ///
    /// Small snapshots (up to ``smallSnapshotLimit`` IDs each) are matched by
    /// comparison in stack scratch space, so diffing many small pairs into one
    /// value allocates nothing once its arrays have grown; larger ones hash.
    /// On error the diff is left empty.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate IDs.
    /// - Complexity: O(*n*) expected hashing plus O(*k* log *k*); for small
    ///   snapshots O(*n*²) comparisons of at most 16 × 16 IDs.
    @inlinable
    public mutating func formDiff(from old: [ID], to new: [ID]) throws(ListDiffError) {
        clear()
        if old.count <= Self.smallSnapshotLimit && new.count <= Self.smallSnapshotLimit {
            let side = old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in formSmallDiff(old: old, new: new) }
            }
            if let side {
                clear()
                throw IDMatching.duplicates(in: side == .old ? old : new, side: side)
            }
        } else {
            let matching = try IDMatching.match(old: old, new: new)
            formDiff(old: old, new: new, matching: matching)
        }
    }

    /// Empties this diff, keeping the storage of its parts.
    @inlinable
    mutating func clear() {
        oldCount = 0
        newCount = 0
        Self.empty(&deletions)
        Self.empty(&insertions)
        Self.empty(&moves)
    }

    /// Empties `list`, keeping its storage: element by element when it is
    /// short (`removeAll(keepingCapacity:)` takes a general path that costs
    /// more than the few elements of a small diff).
    @inlinable @inline(__always)
    static func empty<Element>(_ list: inout [Element]) {
        if list.count > Self.smallSnapshotLimit {
            list.removeAll(keepingCapacity: true)
        } else {
            while list.popLast() != nil {}
        }
    }

    /// The largest snapshot size diffed by comparison instead of hashing.
    @inlinable
    public static var smallSnapshotLimit: Int { 16 }

    /// Builds the diff of a matched pair of any size.
    @inlinable
    init(old: [ID], new: [ID], matching: IDMatching) {
        self.init(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
        formDiff(old: old, new: new, matching: matching)
    }

    /// Fills this (empty) diff from a hashed matching.
    @inlinable
    mutating func formDiff(old: [ID], new: [ID], matching: IDMatching) {
        let keptCount = matching.keptCount
        var onRun = [Bool](repeating: false, count: new.count)
        // Scratch for patience sorting, left uninitialized: tails and their
        // offsets are written before they are read, and so is the predecessor
        // of every kept ID (the only ones read); a run of a shuffle touches
        // just the first few pages of the tails.
        let runLength = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 &* keptCount &+ new.count) {
            scratch in
            matching.oldOffsetOfNew.withUnsafeBufferPointer { values in
                onRun.withUnsafeMutableBufferPointer { onRun in
                    LongestIncreasingRun.mark(
                        values, tails: UnsafeMutableBufferPointer(rebasing: scratch[0..<keptCount]),
                        tailOffsets: UnsafeMutableBufferPointer(rebasing: scratch[keptCount..<(2 &* keptCount)]),
                        predecessor: UnsafeMutableBufferPointer(rebasing: scratch[(2 &* keptCount)...]), onRun: onRun)
                }
            }
        }
        matching.oldOffsetOfNew.withUnsafeBufferPointer { mapping in
            matching.isKept.withUnsafeBufferPointer { kept in
                onRun.withUnsafeBufferPointer { onRun in
                    fill(
                        old: old, new: new, mapping: mapping, kept: kept, onRun: onRun, keptCount: keptCount,
                        runLength: runLength)
                }
            }
        }
    }

    /// Diffs two small snapshots by comparison, in stack scratch space.
    ///
    /// - Returns: the side with a duplicate ID, or `nil` when the diff was formed.
    @inlinable
    mutating func formSmallDiff(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) -> SnapshotSide? {
        Self.formSmallDiff(old: old, new: new, into: &self)
    }

    /// Diffs two small snapshots by comparison, in stack scratch space, into
    /// `output` (empty on entry).
    ///
    /// - Returns: the side with a duplicate ID, or `nil` when the diff was formed.
    /// - Complexity: O(*n*²) comparisons of at most 16 × 16 IDs.
    @inlinable
    static func formSmallDiff<Output: SnapshotDiffOutput>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, into output: inout Output
    ) -> SnapshotSide? where Output.ID == ID {
        let oldCount = old.count
        let newCount = new.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 &* newCount &+ 1) { offsets in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: oldCount &+ newCount &+ 1) { flags in
                let mapping = UnsafeMutableBufferPointer(rebasing: offsets[0..<newCount])
                let kept = UnsafeMutableBufferPointer(rebasing: flags[0..<oldCount])
                let onRun = UnsafeMutableBufferPointer(rebasing: flags[oldCount..<(oldCount &+ newCount)])
                flags.initialize(repeating: false)
                for offset in 1..<max(oldCount, 1) {
                    for earlier in 0..<offset where old[earlier] == old[offset] { return .old }
                }
                var keptCount = 0
                for offset in 0..<newCount {
                    let id = new[offset]
                    var found: Int32 = -1
                    for candidate in 0..<oldCount where old[candidate] == id {
                        found = Int32(truncatingIfNeeded: candidate)
                        break
                    }
                    if found >= 0 {
                        if kept[Int(found)] { return .new }
                        kept[Int(found)] = true
                        keptCount &+= 1
                    } else {
                        for earlier in 0..<offset where mapping[earlier] < 0 && new[earlier] == id {
                            return .new
                        }
                    }
                    mapping[offset] = found
                }
                let runLength = LongestIncreasingRun.mark(
                    UnsafeBufferPointer(mapping),
                    tails: UnsafeMutableBufferPointer(rebasing: offsets[newCount..<(2 &* newCount)]),
                    tailOffsets: UnsafeMutableBufferPointer(
                        rebasing: offsets[(2 &* newCount)..<(3 &* newCount)]),
                    predecessor: UnsafeMutableBufferPointer(
                        rebasing: offsets[(3 &* newCount)..<(4 &* newCount)]),
                    onRun: onRun)
                fillFromBuffers(
                    old: old, new: new, mapping: UnsafeBufferPointer(mapping), kept: UnsafeBufferPointer(kept),
                    onRun: UnsafeBufferPointer(onRun), keptCount: keptCount, runLength: runLength, into: &output)
                return nil
            }
        }
    }

    /// Appends the deletions, insertions and moves of a matched pair; large
    /// pairs are written by every core (copying IDs is most of the work).
    @inlinable
    mutating func fill(
        old: [ID], new: [ID], mapping: UnsafeBufferPointer<Int32>, kept: UnsafeBufferPointer<Bool>,
        onRun: UnsafeBufferPointer<Bool>, keptCount: Int, runLength: Int
    ) {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                if max(old.count, new.count) >= ParallelLoop.parallelThreshold {
                    fillInParallel(old: old, new: new, mapping: mapping, kept: kept, onRun: onRun)
                } else {
                    Self.fillFromBuffers(
                        old: old, new: new, mapping: mapping, kept: kept, onRun: onRun, keptCount: keptCount,
                        runLength: runLength, into: &self)
                }
            }
        }
    }

    /// Writes the parts of a large matched pair on every core: each chunk
    /// counts its deletions, insertions and moves, a prefix sum gives each
    /// chunk its place, and each chunk writes its own slice of the results.
    @inlinable
    mutating func fillInParallel(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, mapping: UnsafeBufferPointer<Int32>,
        kept: UnsafeBufferPointer<Bool>, onRun: UnsafeBufferPointer<Bool>
    ) {
        oldCount = old.count
        newCount = new.count
        let inputs = SharedPointer((old: old, new: new, mapping: mapping, kept: kept, onRun: onRun))
        let oldChunks = ParallelLoop.chunkCount(for: old.count)
        let newChunks = ParallelLoop.chunkCount(for: new.count)
        // Per chunk: deletions starting at [c], then insertions and moves at [2c], [2c + 1].
        var deletionStarts = [Int](repeating: 0, count: oldChunks + 1)
        var arrivalStarts = [Int](repeating: 0, count: 2 * newChunks + 2)
        deletionStarts.withUnsafeMutableBufferPointer { starts in
            let counts = SharedPointer(starts)
            ParallelLoop.forEachChunk(count: old.count) { chunk, range in
                var deleted = 0
                for offset in range where !inputs.pointer.kept[offset] { deleted &+= 1 }
                counts.pointer[chunk + 1] = deleted
            }
            for chunk in 0..<oldChunks { starts[chunk + 1] += starts[chunk] }
        }
        arrivalStarts.withUnsafeMutableBufferPointer { starts in
            let counts = SharedPointer(starts)
            ParallelLoop.forEachChunk(count: new.count) { chunk, range in
                var inserted = 0
                var moved = 0
                for offset in range {
                    if inputs.pointer.mapping[offset] < 0 {
                        inserted &+= 1
                    } else if !inputs.pointer.onRun[offset] {
                        moved &+= 1
                    }
                }
                counts.pointer[2 * chunk + 2] = inserted
                counts.pointer[2 * chunk + 3] = moved
            }
            for index in 2..<starts.count { starts[index] += starts[index - 2] }
        }
        let deletionOffsets = deletionStarts
        deletions = [Deletion](uninitializedCount: deletionStarts[oldChunks]) { buffer in
            let output = SharedPointer(buffer)
            ParallelLoop.forEachChunk(count: inputs.pointer.old.count) { chunk, range in
                var next = deletionOffsets[chunk]
                for offset in range where !inputs.pointer.kept[offset] {
                    (output.pointer.baseAddress! + next).initialize(
                        to: Deletion(offset: offset, id: inputs.pointer.old[offset]))
                    next &+= 1
                }
            }
        }
        let arrivalOffsets = arrivalStarts
        let insertionTotal = arrivalStarts[2 * newChunks]
        let moveTotal = arrivalStarts[2 * newChunks + 1]
        insertions = [Insertion](uninitializedCount: insertionTotal) { insertionBuffer in
            moves = [Move](uninitializedCount: moveTotal) { moveBuffer in
                let output = SharedPointer((insertions: insertionBuffer, moves: moveBuffer))
                ParallelLoop.forEachChunk(count: inputs.pointer.new.count) { chunk, range in
                    var nextInsertion = arrivalOffsets[2 * chunk]
                    var nextMove = arrivalOffsets[2 * chunk + 1]
                    let (_, new, mapping, _, onRun) = inputs.pointer
                    for offset in range {
                        let from = mapping[offset]
                        if from < 0 {
                            (output.pointer.insertions.baseAddress! + nextInsertion).initialize(
                                to: Insertion(offset: offset, id: new[offset]))
                            nextInsertion &+= 1
                        } else if !onRun[offset] {
                            (output.pointer.moves.baseAddress! + nextMove).initialize(
                                to: Move(id: new[offset], from: Int(from), to: offset))
                            nextMove &+= 1
                        }
                    }
                }
            }
        }
    }

    /// Appends the deletions, insertions and moves of a matched pair, from
    /// buffers, to `output`.
    @inlinable
    static func fillFromBuffers<Output: SnapshotDiffOutput>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, mapping: UnsafeBufferPointer<Int32>,
        kept: UnsafeBufferPointer<Bool>, onRun: UnsafeBufferPointer<Bool>, keptCount: Int, runLength: Int,
        into output: inout Output
    ) where Output.ID == ID {
        output.begin(oldCount: old.count, newCount: new.count, deletions: old.count &- keptCount)
        for offset in 0..<old.count where !kept[offset] {
            output.append(Deletion(offset: offset, id: old[offset]))
        }
        output.reserve(insertions: new.count &- keptCount, moves: keptCount &- runLength)
        for offset in 0..<new.count {
            let from = mapping[offset]
            if from < 0 {
                output.append(Insertion(offset: offset, id: new[offset]))
            } else if !onRun[offset] {
                output.append(Move(id: new[offset], from: Int(from), to: offset))
            }
        }
    }
}
