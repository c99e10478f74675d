/// The structural difference between two snapshots of unique IDs.
///
/// Offsets never share one coordinate system: deletions and move sources are
/// offsets in the old snapshot, insertions and move destinations are offsets
/// in the new one. Kept IDs on the longest increasing run stay put; every
/// other kept ID is a move, so `moves.count` is the minimum possible
/// (kept count minus the length of the longest increasing subsequence).
///
/// A diff belongs to one pair of snapshots. ``apply(to:)`` checks that it fits
/// the snapshot it is given, but fitting is no proof the snapshot is the one
/// it was computed from — see ``VersionedList`` for that.
public struct SnapshotDiff<ID: Hashable & Sendable>: Sendable, Equatable {
    /// The number of IDs in the old snapshot.
    public var oldCount: Int
    /// The number of IDs in the new snapshot.
    public var newCount: Int
    /// IDs only in the old snapshot, by ascending old offset.
    public var deletions: [Deletion]
    /// IDs only in the new snapshot, by ascending new offset.
    public var insertions: [Insertion]
    /// Kept IDs that change their relative order, by ascending new offset.
    public var moves: [Move]

    /// Creates a diff from its parts, as given (no checks; ``apply(to:)`` and
    /// ``verify(from:to:)`` check a diff against snapshots).
    @inlinable
    public init(oldCount: Int, newCount: Int, deletions: [Deletion], insertions: [Insertion], moves: [Move]) {
        self.oldCount = oldCount
        self.newCount = newCount
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
    }

    /// Whether the two snapshots hold the same IDs in the same order.
    @inlinable
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty }

    /// The number of IDs present in both snapshots (for a diff that fits
    /// its snapshots; wrapping, never trapping, for counts that do not).
    @inlinable
    public var keptCount: Int { oldCount &- deletions.count }
}

extension SnapshotDiff: CustomStringConvertible {
    /// `deletions [1: b], insertions [2: d], moves [c: 2 -> 0]`: deletions at
    /// old offsets, insertions at new offsets, moves from old to new offset;
    /// `no changes` when the snapshots are equal.
    ///
    /// Complexity: O(*d* + *i* + *m*), the number of parts.
    public var description: String {
        if isEmpty { return "no changes" }
        let deleted = deletions.map { "\($0.offset): \($0.id)" }.joined(separator: ", ")
        let inserted = insertions.map { "\($0.offset): \($0.id)" }.joined(separator: ", ")
        let moved = moves.map { "\($0.id): \($0.from) -> \($0.to)" }.joined(separator: ", ")
        return "deletions [\(deleted)], insertions [\(inserted)], moves [\(moved)]"
    }
}

// The parts of a flat diff keep their offsets as `Int` fields rather than
// sharing one generic type with the sectioned parts (generic over the
// position): the array that holds a diff's parts is destroyed through the
// element's value witness, and a generic position field costs a call per
// element there, which made the flat diff of 10,000 String IDs reversed
// (every part a move) about 12% slower (`Scripts/bench-diff repeat`).
extension SnapshotDiff {
    /// An ID present only in the old snapshot.
    public struct Deletion: Sendable, Equatable, Hashable {
        /// Its offset in the old snapshot.
        public var offset: Int
        /// The deleted ID.
        public var id: ID

        /// Creates a deletion.
        @inlinable
        public init(offset: Int, id: ID) {
            self.offset = offset
            self.id = id
        }
    }

    /// An ID present only in the new snapshot.
    public struct Insertion: Sendable, Equatable, Hashable {
        /// Its offset in the new snapshot.
        public var offset: Int
        /// The inserted ID.
        public var id: ID

        /// Creates an insertion.
        @inlinable
        public init(offset: Int, id: ID) {
            self.offset = offset
            self.id = id
        }
    }

    /// A kept ID that changes its position relative to the IDs that stay put.
    public struct Move: Sendable, Equatable, Hashable {
        /// The moved ID.
        public var id: ID
        /// Its offset in the old snapshot.
        public var from: Int
        /// Its offset in the new snapshot.
        public var to: Int

        /// Creates a move.
        @inlinable
        public init(id: ID, from: Int, to: Int) {
            self.id = id
            self.from = from
            self.to = to
        }
    }
}

/// Which of the two snapshots of a diff something refers to.
public enum SnapshotSide: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The snapshot before the change (deletions and move sources refer to it).
    case old
    /// The snapshot after the change (insertions and move destinations refer to it).
    case new
}
