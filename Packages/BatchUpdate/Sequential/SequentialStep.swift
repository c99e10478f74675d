/// One step of an update for a toolkit that applies every call at once
/// (NSTableView, RecyclerView): each position refers to the list left by
/// the steps before it.
public enum SequentialStep: Sendable, Hashable, CustomStringConvertible {
    /// Remove `count` items starting at `position`.
    case remove(position: Int, count: Int)
    /// Insert `count` items so that they end up at `position` ..< `position + count`.
    case insert(position: Int, count: Int)
    /// Take the item at `from` out and put it back so that it ends up at `to`.
    case move(from: Int, to: Int)
    /// Refresh the `count` items starting at `position`.
    case change(position: Int, count: Int)

    /// `remove 1 (count 2)`, `move 3 → 0`.
    public var description: String {
        switch self {
        case .remove(let position, let count): "remove \(position) (count \(count))"
        case .insert(let position, let count): "insert \(position) (count \(count))"
        case .move(let from, let to): "move \(from) → \(to)"
        case .change(let position, let count): "change \(position) (count \(count))"
        }
    }
}
