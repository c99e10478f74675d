extension SnapshotDiff {
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
}
