/// A kept item that the diff moves: from its old path to its new path.
public struct PlannedMove: Sendable, Hashable, CustomStringConvertible {
    /// The item's path in the old snapshot.
    public var from: ItemPath
    /// The item's path in the new snapshot.
    public var to: ItemPath

    /// Creates a move.
    public init(from: ItemPath, to: ItemPath) {
        self.from = from
        self.to = to
    }

    /// `[0, 2] → [0, 0]`.
    public var description: String { "\(from) → \(to)" }
}
