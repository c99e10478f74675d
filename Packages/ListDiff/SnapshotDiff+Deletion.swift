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
}
