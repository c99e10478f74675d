import BatchUpdate

/// One notification to an Android `RecyclerView.Adapter`, as a
/// `ListUpdateCallback` receives it (`DiffUtil.DiffResult.dispatchUpdatesTo`).
///
/// Each notification is applied at once: every position refers to the list
/// left by the notifications before it. RecyclerView has no sections, so
/// positions are plain indexes.
public enum RecyclerViewCall: ToolkitCall, Hashable {
    /// `onInserted(position, count)` / `notifyItemRangeInserted`: the new items
    /// end up at `position ..< position + count`.
    case inserted(position: Int, count: Int)
    /// `onRemoved(position, count)` / `notifyItemRangeRemoved`.
    case removed(position: Int, count: Int)
    /// `onMoved(fromPosition, toPosition)` / `notifyItemMoved`: the item is
    /// taken out and put back so that it ends up at `to`.
    case moved(from: Int, to: Int)
    /// `onChanged(position, count, payload)` / `notifyItemRangeChanged`: with
    /// a payload the existing view holder is bound again; without one the
    /// item animator swaps in a new view holder.
    case changed(position: Int, count: Int, payload: String?)

    /// The call as data, named after the `ListUpdateCallback` method.
    public var record: CallRecord {
        switch self {
        case .inserted(let position, let count):
            CallRecord(
                method: "onInserted",
                arguments: [CallArgument("position", .integer(position)), CallArgument("count", .integer(count))])
        case .removed(let position, let count):
            CallRecord(
                method: "onRemoved",
                arguments: [CallArgument("position", .integer(position)), CallArgument("count", .integer(count))])
        case .moved(let from, let to):
            CallRecord(
                method: "onMoved",
                arguments: [CallArgument("fromPosition", .integer(from)), CallArgument("toPosition", .integer(to))])
        case .changed(let position, let count, let payload):
            CallRecord(
                method: "onChanged",
                arguments: [
                    CallArgument("position", .integer(position)), CallArgument("count", .integer(count)),
                    CallArgument("payload", payload.map { .text($0) } ?? .null),
                ])
        }
    }
}
