extension SnapshotDiff {
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
