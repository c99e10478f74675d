/// An ID present in both snapshots whose content differs: refresh its row
/// in place (never delete and re-insert it).
public struct ContentUpdate<ID: Hashable & Sendable>: Sendable, Equatable, Hashable {
    /// The ID whose content changed.
    public var id: ID
    /// Its offset in the old snapshot.
    public var oldOffset: Int
    /// Its offset in the new snapshot.
    public var newOffset: Int

    /// Creates a content update.
    @inlinable
    public init(id: ID, oldOffset: Int, newOffset: Int) {
        self.id = id
        self.oldOffset = oldOffset
        self.newOffset = newOffset
    }
}
