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
