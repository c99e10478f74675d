/// A kept item whose content changed: its old and new paths, and whether
/// the diff also moves it (see ``MovedAndChangedPolicy``).
public struct PlannedRefresh: Sendable, Hashable, CustomStringConvertible {
    /// The item's path in the old snapshot.
    public var from: ItemPath
    /// The item's path in the new snapshot.
    public var to: ItemPath
    /// Whether the item is also one of the diff's moves.
    public var isMoved: Bool

    /// Creates a refresh.
    public init(from: ItemPath, to: ItemPath, isMoved: Bool) {
        self.from = from
        self.to = to
        self.isMoved = isMoved
    }

    /// `[0, 0] → [0, 1]` or `[0, 2] → [0, 0] (moved)`.
    public var description: String { "\(from) → \(to)" + (isMoved ? " (moved)" : "") }
}
