/// An ID that one side of a diff holds and the other lacks: a deletion (its
/// position in the old snapshot) or an insertion (its position in the new).
///
/// Flat and sectioned diffs share these parts and differ only in their
/// position: an offset (`Int`) in a ``SnapshotDiff``, an ``ItemPosition`` in
/// a ``SectionedDiff``. ``SnapshotDiff/Deletion`` and
/// ``SectionedDiff/ItemDeletion`` name the two.
public struct DiffDeletion<Position: Hashable & Sendable, ID: Hashable & Sendable>: Sendable, Hashable {
    /// Its position in the old snapshot.
    public var position: Position
    /// The deleted ID.
    public var id: ID

    /// Creates a deletion.
    @inlinable
    public init(position: Position, id: ID) {
        self.position = position
        self.id = id
    }
}

/// An ID only in the new snapshot of a diff, at its position there.
///
/// See ``DiffDeletion`` for the positions of flat and sectioned diffs.
public struct DiffInsertion<Position: Hashable & Sendable, ID: Hashable & Sendable>: Sendable, Hashable {
    /// Its position in the new snapshot.
    public var position: Position
    /// The inserted ID.
    public var id: ID

    /// Creates an insertion.
    @inlinable
    public init(position: Position, id: ID) {
        self.position = position
        self.id = id
    }
}

/// A kept ID that a diff moves: from its position in the old snapshot to its
/// position in the new one.
///
/// In a flat diff, a move changes the ID's order against the IDs that stay
/// put; in a sectioned one, it also takes an item to another section.
public struct DiffMove<Position: Hashable & Sendable, ID: Hashable & Sendable>: Sendable, Hashable {
    /// The moved ID.
    public var id: ID
    /// Its position in the old snapshot.
    public var from: Position
    /// Its position in the new snapshot.
    public var to: Position

    /// Creates a move.
    @inlinable
    public init(id: ID, from: Position, to: Position) {
        self.id = id
        self.from = from
        self.to = to
    }
}

extension DiffDeletion where Position == Int {
    /// The deleted ID's offset in the old flat snapshot.
    @inlinable
    public var offset: Int {
        get { position }
        set { position = newValue }
    }

    /// Creates the deletion of `id` at `offset` of a flat snapshot.
    @inlinable
    public init(offset: Int, id: ID) { self.init(position: offset, id: id) }
}

extension DiffInsertion where Position == Int {
    /// The inserted ID's offset in the new flat snapshot.
    @inlinable
    public var offset: Int {
        get { position }
        set { position = newValue }
    }

    /// Creates the insertion of `id` at `offset` of a flat snapshot.
    @inlinable
    public init(offset: Int, id: ID) { self.init(position: offset, id: id) }
}
