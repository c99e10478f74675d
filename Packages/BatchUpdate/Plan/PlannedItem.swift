/// The fate of one item in an ``UpdatePlan``.
public enum PlannedItem<ID: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The item is only in the old snapshot, at `from`.
    case deleted(ID, from: ItemPath)
    /// The item is only in the new snapshot, at `at`.
    case inserted(ID, at: ItemPath)
    /// The item is in both snapshots: it goes from `from` to `to`, is one of
    /// the diff's moves or not, and has changed content or not.
    case kept(ID, from: ItemPath, to: ItemPath, isMoved: Bool, isChanged: Bool)

    /// The item's ID.
    public var id: ID {
        switch self {
        case .deleted(let id, _), .inserted(let id, _), .kept(let id, _, _, _, _): id
        }
    }

    /// `delete a at [0, 1]`, `insert d at [0, 2]`, `keep c [0, 2] → [0, 0] (moved, changed)`.
    public var description: String {
        switch self {
        case .deleted(let id, let from): return "delete \(id) at \(from)"
        case .inserted(let id, let at): return "insert \(id) at \(at)"
        case .kept(let id, let from, let to, let isMoved, let isChanged):
            let notes = [isMoved ? "moved" : nil, isChanged ? "changed" : nil].compactMap { $0 }
            return "keep \(id) \(from) → \(to)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
        }
    }
}

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
